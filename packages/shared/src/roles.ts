import * as z from './z.js'

/**
 * Roles and grants (000 §2.2, §6; 001 §2.6, §7.3, §7.4). A role belongs to the tenant (built-in ones, org null)
 * or to the org that made it; an admin manages the roles of their own org and grants only codes they hold.
 */
const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
}
const roleName = z.line({ message: '请输入角色名称' }).trim().min(1, '请输入角色名称').max(30, '角色名称不能超过30个字符')
const userType = z.union([z.literal(1002), z.literal(1003), z.literal(1004)]).optional().nullable()

export const RoleMsg = {
  NOT_FOUND: '角色不存在',
  BUILTIN: '内置角色不能修改或删除',
  NAME_TAKEN: '已存在同名角色',
  BEYOND_OWN: '不能授予自己没有的权限',
  UNKNOWN_CODE: '权限编码不存在',
  /** The escalation guard (docs/roles.md): the role holds a code the caller lacks. */
  ABOVE_OWN: '无权操作权限高于自己的角色',
  OWN_ROLE: '不能停用或删除自己所在的角色',
  GRANTED: '授权成功',
} as const

export const roleAddItem = z.object({ name: roleName, userType, remark: z.string().trim().max(200).optional().nullable() })
export const roleAddBatchBody = z.object({ roles: z.array(roleAddItem).min(1, '请填写角色').max(50, '一次最多新增50个角色') })
export type RoleAddBatchBody = z.infer<typeof roleAddBatchBody>
export const roleUpdateBody = roleAddItem.extend({ id: z.coerce.number().int(), status: z.coerce.number().int().min(0).max(1).optional() })
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>
export const rolePageBody = z.object({ keyword: z.string().trim().max(30).optional().nullable(), userType: z.coerce.number().int().optional().nullable(), ...paging })
export type RolePageBody = z.infer<typeof rolePageBody>
export const roleRow = z.object({
  id: z.number(), orgId: z.number().nullable(), code: z.string(), name: z.string(), builtin: z.boolean(), userType: z.number().nullable(),
  status: z.number(), memberCount: z.number(), permissionCount: z.number(),
})
export type RoleRow = z.infer<typeof roleRow>
export const roleIdsBody = z.object({ ids: z.array(z.coerce.number().int()).min(1, '请选择角色').max(200) })

/** The checkable tree: every catalogue node the caller may grant, with whether the role holds it. */
export interface PermissionTreeNode { code: string; name: string; kind: string; hasPermission: boolean; children: PermissionTreeNode[] }
export const permissionTreeNode: z.ZodType<PermissionTreeNode> = z.lazy(() => z.object({
  code: z.string(), name: z.string(), kind: z.string(), hasPermission: z.boolean(), children: z.array(permissionTreeNode),
}))
export const associatePermissionBody = z.object({
  roleId: z.coerce.number().int(),
  /** The role's whole grant after saving. */
  codes: z.array(z.string().max(80)).max(2000),
})
export type AssociatePermissionBody = z.infer<typeof associatePermissionBody>

export const roleMembersBody = z.object({ roleId: z.coerce.number().int(), keyword: z.string().trim().max(30).optional().nullable(), ...paging })
export type RoleMembersBody = z.infer<typeof roleMembersBody>
export const roleMemberRow = z.object({
  userInfoId: z.number(), trueName: z.string(), userName: z.string(), userType: z.number(), orgId: z.number(), orgName: z.string(),
})
export type RoleMemberRow = z.infer<typeof roleMemberRow>
export const associateAccountBody = z.object({ roleId: z.coerce.number().int(), userInfoIds: z.array(z.coerce.number().int()).min(1, '请选择人员').max(500) })
export type AssociateAccountBody = z.infer<typeof associateAccountBody>

/** Who holds any of these codes (权限用户查询), and which roles grant them. */
export const byPermissionsBody = z.object({
  codes: z.array(z.string().max(80)).min(1, '请选择权限').max(200),
  keyword: z.string().trim().max(30).optional().nullable(),
  ...paging,
})
export type ByPermissionsBody = z.infer<typeof byPermissionsBody>
export const userSearchBody = z.object({
  keyword: z.string().trim().max(30).optional().nullable(),
  userType: z.coerce.number().int().optional().nullable(),
  ...paging,
})
export type UserSearchBody = z.infer<typeof userSearchBody>

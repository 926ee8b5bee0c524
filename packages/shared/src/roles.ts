import * as z from './z.js'
import { UserType } from './constants.js'

/**
 * Roles and grants (000 §2.2, §6; 001 §2.6, §7.3, §7.4). A role belongs to the tenant (built-in ones, org null)
 * or to the org that made it; an admin manages the roles of their own org and grants only codes they hold.
 */
const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
}
const roleName = z
  .line({ message: '请输入角色名称' })
  .trim()
  .min(1, '请输入角色名称')
  .max(30, '角色名称不能超过30个字符')
const userType = z
  .union([z.literal(1002), z.literal(1003), z.literal(1004)])
  .optional()
  .nullable()

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
  /** associatedPermission / getPermission* with an orgId other than the role's own org. */
  ORG_MISMATCH: '机构与角色不匹配',
} as const

export const roleAddItem = z.object({
  name: roleName,
  userType,
  remark: z.string().trim().max(200).optional().nullable(),
})
export const roleAddBatchBody = z.object({
  roles: z.array(roleAddItem).min(1, '请填写角色').max(50, '一次最多新增50个角色'),
})
export type RoleAddBatchBody = z.infer<typeof roleAddBatchBody>
export const roleUpdateBody = roleAddItem.extend({
  id: z.id(),
  status: z.coerce.number().int().min(0).max(1).optional(),
})
export type RoleUpdateBody = z.infer<typeof roleUpdateBody>
export const rolePageBody = z.object({
  keyword: z.string().trim().max(30).optional().nullable(),
  userType: z.coerce.number().int().optional().nullable(),
  ...paging,
})
export type RolePageBody = z.infer<typeof rolePageBody>
export const roleRow = z.object({
  id: z.number(),
  orgId: z.number().nullable(),
  code: z.string(),
  name: z.string(),
  builtin: z.boolean(),
  userType: z.number().nullable(),
  status: z.number(),
  memberCount: z.number(),
  permissionCount: z.number(),
})
export type RoleRow = z.infer<typeof roleRow>
export const roleIdsBody = z.object({ ids: z.array(z.id()).min(1, '请选择角色').max(200) })

/**
 * appType of a permission list (001 §6): 12 student, 7 public portal, 3 otherwise. The role screen loads two lists,
 * 公共门户应用 (always 7) and 机构内应用 (12 when its user-type selector says 学生 1003, else 3; inOrgAppTypeFor).
 */
export const PermissionAppType = { IN_ORG: 3, PUBLIC_PORTAL: 7, STUDENT: 12 } as const
export type PermissionAppType = (typeof PermissionAppType)[keyof typeof PermissionAppType]
export const permissionAppType = z.union([
  z.literal(PermissionAppType.IN_ORG),
  z.literal(PermissionAppType.PUBLIC_PORTAL),
  z.literal(PermissionAppType.STUDENT),
])
/** The 机构内应用 list's appType for the selector's user type: students 12; all (null), staff and parents 3. */
export const inOrgAppTypeFor = (userType: number | null | undefined): PermissionAppType =>
  userType === UserType.STUDENT ? PermissionAppType.STUDENT : PermissionAppType.IN_ORG

/**
 * Which list each top-level node of the shared catalogue belongs to (the catalogue itself carries no appType):
 * 统一门户 (the portal's homes, its maintenance and news) is the portal every org shares, so 公共门户应用 (7); every
 * other built-in system is an org's own (机构内应用, 3). No built-in system serves students (12). A tenant's own
 * codes (机构应用, registered apps) take the appType of the app naming them: 7 → 7, 12 → 12, any other → 3.
 */
export const CATALOGUE_APP_TYPES: Readonly<Record<string, PermissionAppType>> = {
  sc_menhu_app: PermissionAppType.PUBLIC_PORTAL,
  permission_app: PermissionAppType.IN_ORG,
  base_app: PermissionAppType.IN_ORG,
  alliance_app: PermissionAppType.IN_ORG,
  iot_ysgw_dev: PermissionAppType.IN_ORG,
}
/** The list a registered app's code joins, from the app's own appType. */
export const permissionAppTypeOfApp = (appType: number): PermissionAppType =>
  appType === PermissionAppType.PUBLIC_PORTAL || appType === PermissionAppType.STUDENT
    ? appType
    : PermissionAppType.IN_ORG

/**
 * A permission group (001 §3): a catalogue node the caller may grant (or one above such a node), tree key `name`
 * (the permission code), title `desc`. `roleId` is the role asked for (null without one), `hasPermission` whether
 * that role holds this code, `permissionCounts` how many codes the node's subtree holds (itself included) and
 * `grantedCounts` (ours, for the left list's granted/total) how many of those the role holds.
 */
export interface PermissionGroup {
  name: string
  desc: string
  roleId: number | null
  hasPermission: boolean
  permissionCounts: number
  grantedCounts: number
  children: PermissionGroup[]
}
export const permissionGroup: z.ZodType<PermissionGroup> = z.lazy(() =>
  z.object({
    name: z.string(),
    desc: z.string(),
    roleId: z.number().nullable(),
    hasPermission: z.boolean(),
    permissionCounts: z.number().int(),
    grantedCounts: z.number().int(),
    children: z.array(permissionGroup),
  }),
)
const id = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)
/** getPermissionTree: appType left out answers every list; orgId must be one the caller manages (the role's own). */
export const permissionTreeQuery = z.object({
  roleId: id.optional(),
  orgId: id.optional(),
  appType: z.coerce.number().pipe(permissionAppType).optional(),
})
export type PermissionTreeQuery = z.infer<typeof permissionTreeQuery>
export const permissionsOfRoleQuery = z.object({ roleId: id, orgId: id.optional() })
export type PermissionsOfRoleQuery = z.infer<typeof permissionsOfRoleQuery>
const permissionName = z.line({ message: '权限编码有误' }).min(1, '权限编码有误').max(80, '权限编码有误')
export const associatePermissionBody = z.object({
  roleId: id,
  /** The role's org: must be the org the role belongs to (机构与角色不匹配 otherwise). */
  orgId: id,
  /** The role's whole grant after saving: permission names (codes). */
  names: z.array(permissionName).max(2000, '权限过多'),
})
export type AssociatePermissionBody = z.infer<typeof associatePermissionBody>

export const roleMembersBody = z.object({
  roleId: z.id(),
  keyword: z.string().trim().max(30).optional().nullable(),
  ...paging,
})
export type RoleMembersBody = z.infer<typeof roleMembersBody>
export const roleMemberRow = z.object({
  userInfoId: z.number(),
  trueName: z.string(),
  userName: z.string(),
  userType: z.number(),
  orgId: z.number(),
  orgName: z.string(),
})
export type RoleMemberRow = z.infer<typeof roleMemberRow>
export const associateAccountBody = z.object({
  roleId: z.id(),
  userInfoIds: z.array(z.id()).min(1, '请选择人员').max(500),
})
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

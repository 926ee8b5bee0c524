import * as z from './z.js'

/**
 * Sub-organisation associations (001 §7.4 sub/org/*, 000 §7.3, docs/roles.md): an org with sub-orgs (a bureau)
 * delegates one of its own roles to chosen sub-orgs, and then to people of those sub-orgs. A delegated person
 * holds the role's codes in their own org, read per request like every grant.
 */
const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
}
const id = z.id()
const keyword = z.string().trim().max(30).optional().nullable()

export const SubOrgMsg = {
  ORG_NOT_FOUND: '下级机构不存在',
  NOT_ASSOCIATED: '该机构未关联此角色',
  NOT_DELEGABLE: '内置角色或其他机构的角色不能下放给下级机构',
  PERSON_NOT_FOUND: '人员不存在或不属于该机构',
  ASSOCIATED: '关联成功',
  DISSOCIATED: '取消关联成功',
} as const

/** findAssociatedSubOrg: associated (true, the default), not-yet-associated (false) or all (null) sub-orgs of the caller's tree. */
export const subOrgPageBody = z.object({
  roleId: id,
  keyword,
  associated: z.boolean().nullable().optional().default(true),
  ...paging,
})
export type SubOrgPageBody = z.infer<typeof subOrgPageBody>
export const subOrgRow = z.object({
  orgId: z.number(),
  orgName: z.string(),
  parentName: z.string().nullable(),
  unitAttr: z.number(),
  associated: z.boolean(),
  /** People of the org given the delegated role. */
  memberCount: z.number(),
})
export type SubOrgRow = z.infer<typeof subOrgRow>
export const subOrgAssociateBody = z.object({ roleId: id, orgIds: z.array(id).min(1, '请选择机构').max(500) })
export type SubOrgAssociateBody = z.infer<typeof subOrgAssociateBody>

export const subOrgUserPageBody = z.object({
  roleId: id,
  orgId: id,
  keyword,
  userType: z.coerce.number().int().optional().nullable(),
  ...paging,
})
export type SubOrgUserPageBody = z.infer<typeof subOrgUserPageBody>
export const subOrgUserBody = z.object({
  roleId: id,
  orgId: id,
  userInfoIds: z.array(id).min(1, '请选择人员').max(500),
})
export type SubOrgUserBody = z.infer<typeof subOrgUserBody>

/** sub/org/permission/current/user: per org of the signed-in account, the codes its delegated roles give there. */
export const subOrgPermission = z.object({
  orgId: z.number(),
  orgName: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
})
export type SubOrgPermission = z.infer<typeof subOrgPermission>

/** The role user import's template (docs/roles.md): one person and one or more role names a row. */
export const ROLE_IMPORT_COLUMNS = [
  // Often a phone: an import's error file masks it like one (the importer still has the file they sent).
  { header: '登录名/手机号*', key: 'login', width: 20, personal: 'phone' },
  { header: '姓名', key: 'trueName', width: 14 },
  { header: '角色名称*', key: 'roles', width: 30 },
] as const
/** Role names of one cell: 、 ， , ; ； or a line break between them. */
export const splitRoleNames = (cell: string): string[] => [
  ...new Set(
    cell
      .split(/[、,，;；\n]/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
]

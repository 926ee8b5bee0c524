import type {
  AssociateAccountBody, AssociatePermissionBody, ByPermissionsBody, LogPageBody, LogRow, PermissionGroup, PermissionsOfRoleQuery, PermissionTreeQuery, RoleAddBatchBody,
  RoleMemberRow, RoleMembersBody, RolePageBody, RoleRow, RoleUpdateBody, SubOrgAssociateBody, SubOrgPageBody, SubOrgPermission, SubOrgRow,
  SubOrgUserBody, SubOrgUserPageBody, UserSearchBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'
import type { PageResult } from '../../components/crud'

const A = '/base/api/account'

/**
 * Query groups of this area. Every write refreshes the groups it changes through useWrite (a grant changes the
 * role list's counts, a membership change its member count).
 */
export const RoleKeys = { roles: 'roles', members: 'roleMembers', opLog: 'operationLog', subOrgs: 'roleSubOrgs', subOrgUsers: 'roleSubOrgUsers' } as const

/** Role management (001 §7.4, docs/roles.md): all under permission_role. */
export const roleApi = {
  page: (q: Partial<RolePageBody>) => request<PageResult<RoleRow>>(`${A}/queryRole`, { body: q }),
  all: () => request<RoleRow[]>(`${A}/queryRoleNoPage`, { body: {} }),
  get: (id: number) => request<RoleRow>(`${A}/getRoleById`, { params: { id } }),
  add: (b: RoleAddBatchBody) => requestEnvelope<number[]>(`${A}/addRole/batch`, { body: b }),
  update: (b: RoleUpdateBody) => requestEnvelope<null>(`${A}/updateRole`, { body: b }),
  remove: (ids: number[]) => requestEnvelope<null>(`${A}/delRoleBatch`, { body: { ids } }),
  /** One permission list (appType 12 / 7 / 3) of the org, flagged and counted with the role's grant. */
  tree: (q: PermissionTreeQuery) => request<PermissionGroup[]>(`${A}/getPermissionTree`, { params: q }),
  /** The names (codes) the role holds. */
  grant: (q: PermissionsOfRoleQuery) => request<string[]>(`${A}/getPermissionByRoleId`, { params: q }),
  saveGrant: (b: AssociatePermissionBody) => requestEnvelope<null>(`${A}/associatedPermission`, { body: b }),
  members: (q: RoleMembersBody) => request<PageResult<RoleMemberRow>>(`${A}/findUserAssociated`, { body: q }),
  nonMembers: (q: RoleMembersBody) => request<PageResult<RoleMemberRow>>(`${A}/findUserNotAssociated`, { body: q }),
  addMembers: (b: AssociateAccountBody) => requestEnvelope<null>(`${A}/associatedAccount`, { body: b }),
  removeMembers: (b: AssociateAccountBody) => requestEnvelope<null>(`${A}/delAssociatedAccount`, { body: b }),
}

/**
 * 下级机构 (sub/org/*, docs/roles.md): the caller's org delegates one of its own roles to sub-orgs of its tree, then
 * to people of those sub-orgs; they hold the role's codes in their own org.
 */
export const subOrgApi = {
  orgs: (q: Partial<SubOrgPageBody> & { roleId: number }) => request<PageResult<SubOrgRow>>(`${A}/sub/org/findAssociatedSubOrg`, { body: q }),
  addOrgs: (b: SubOrgAssociateBody) => requestEnvelope<null>(`${A}/sub/org/associatedAccount`, { body: b }),
  removeOrgs: (b: SubOrgAssociateBody) => requestEnvelope<null>(`${A}/sub/org/delAssociatedAccount`, { body: b }),
  people: (q: SubOrgUserPageBody) => request<PageResult<RoleMemberRow>>(`${A}/sub/org/user/findUserAssociated`, { body: q }),
  nonPeople: (q: SubOrgUserPageBody) => request<PageResult<RoleMemberRow>>(`${A}/sub/org/user/findUserNotAssociated`, { body: q }),
  addPeople: (b: SubOrgUserBody) => requestEnvelope<null>(`${A}/sub/org/user/associatedAccount`, { body: b }),
  removePeople: (b: SubOrgUserBody) => requestEnvelope<null>(`${A}/sub/org/user/delAssociatedAccount`, { body: b }),
  /** The signed-in account's delegated roles and codes, per org. */
  mine: () => request<SubOrgPermission[]>(`${A}/sub/org/permission/current/user`),
}

/** 角色人员导入: template and upload (a roleUser job of commonImportLog). */
export const roleImportUrls = { template: `${A}/downloadExcelTemplate`, upload: `${A}/import` } as const

/** 权限用户查询 (permission_f_user): who holds any of some codes, and which roles grant them. */
export const permissionUserApi = {
  people: (q: ByPermissionsBody) => request<PageResult<RoleMemberRow>>(`${A}/getAccountInfoByPermissions`, { body: q }),
  roles: (q: ByPermissionsBody) => request<PageResult<RoleRow>>(`${A}/getRoleInfoByPermissions`, { body: q }),
}

/** 用户权限查询 (permission_f_p): people of the caller's org and below, and one person's roles and codes. */
export const userPermissionApi = {
  search: (q: UserSearchBody) => request<PageResult<RoleMemberRow>>(`${A}/userSearch/page`, { body: q }),
  ofPerson: (userInfoId: number) => request<{ roles: string[]; permissions: string[] }>(`${A}/getPermissionsByAccountId`, { params: { userInfoId } }),
}

/** 操作日志 (permission_operation_log): every admin write of the caller's org and below, with before/after. */
export const operationLogApi = {
  page: (q: LogPageBody) => request<PageResult<LogRow>>(`${A}/operationLogPage`, { body: q }),
  orgs: () => request<{ orgId: number; orgName: string }[]>(`${A}/getOperationOrgList`),
}

/** Every role the caller sees (built-in first), for pickers. */
export function useAllRoles(enabled = true) {
  return useQuery({ queryKey: [RoleKeys.roles, 'all'], queryFn: roleApi.all, staleTime: 10_000, enabled })
}

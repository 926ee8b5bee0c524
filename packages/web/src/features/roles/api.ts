import {
  operationLogContracts as L,
  permissionQueryContracts as Q,
  roleContracts as R,
  roleImportContracts as I,
  subOrgContracts as S,
  type AssociateAccountBody,
  type AssociatePermissionBody,
  type ByPermissionsBody,
  type LogPageBody,
  type PermissionsOfRoleQuery,
  type PermissionTreeQuery,
  type RoleAddBatchBody,
  type RoleMembersBody,
  type RolePageBody,
  type RoleUpdateBody,
  type SubOrgAssociateBody,
  type SubOrgPageBody,
  type SubOrgUserBody,
  type SubOrgUserPageBody,
  type UserSearchBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope, download } from '../../api/call'

/**
 * Query groups of this area. Every write refreshes the groups it changes through useWrite (a grant changes the
 * role list's counts, a membership change its member count).
 */
export const RoleKeys = {
  roles: 'roles',
  members: 'roleMembers',
  opLog: 'operationLog',
  subOrgs: 'roleSubOrgs',
  subOrgUsers: 'roleSubOrgUsers',
} as const

/** Role management (001 §7.4, docs/roles.md): all under permission_role. */
export const roleApi = {
  page: (q: Partial<RolePageBody>) => call(R.page, q),
  all: () => call(R.all),
  get: (id: number) => call(R.get, { id }),
  add: (b: RoleAddBatchBody) => callEnvelope(R.addBatch, b),
  update: (b: RoleUpdateBody) => callEnvelope(R.update, b),
  remove: (ids: number[]) => callEnvelope(R.deleteBatch, { ids }),
  /** One permission list (appType 12 / 7 / 3) of the org, flagged and counted with the role's grant. */
  tree: (q: PermissionTreeQuery) => call(R.permissionTree, q),
  /** The names (codes) the role holds. */
  grant: (q: PermissionsOfRoleQuery) => call(R.permissionsOfRole, q),
  saveGrant: (b: AssociatePermissionBody) => callEnvelope(R.associatePermission, b),
  members: (q: RoleMembersBody) => call(R.members, q),
  nonMembers: (q: RoleMembersBody) => call(R.nonMembers, q),
  addMembers: (b: AssociateAccountBody) => callEnvelope(R.addMembers, b),
  removeMembers: (b: AssociateAccountBody) => callEnvelope(R.removeMembers, b),
}

/**
 * 下级机构 (sub/org/*, docs/roles.md): the caller's org delegates one of its own roles to sub-orgs of its tree, then
 * to people of those sub-orgs; they hold the role's codes in their own org.
 */
export const subOrgApi = {
  orgs: (q: Partial<SubOrgPageBody> & { roleId: number }) => call(S.orgs, q),
  addOrgs: (b: SubOrgAssociateBody) => callEnvelope(S.addOrgs, b),
  removeOrgs: (b: SubOrgAssociateBody) => callEnvelope(S.removeOrgs, b),
  people: (q: SubOrgUserPageBody) => call(S.people, q),
  nonPeople: (q: SubOrgUserPageBody) => call(S.nonPeople, q),
  addPeople: (b: SubOrgUserBody) => callEnvelope(S.addPeople, b),
  removePeople: (b: SubOrgUserBody) => callEnvelope(S.removePeople, b),
  /** The signed-in account's delegated roles and codes, per org. */
  mine: () => call(S.mine),
}

/** 角色人员导入: the template. */
export const downloadRoleTemplate = () => download(I.template, '角色人员导入模板.xlsx')

/** 权限用户查询 (permission_f_user): who holds any of some codes, and which roles grant them. */
export const permissionUserApi = {
  people: (q: ByPermissionsBody) => call(Q.peopleByPermissions, q),
  roles: (q: ByPermissionsBody) => call(Q.rolesByPermissions, q),
}

/** 用户权限查询 (permission_f_p): people of the caller's org and below, and one person's roles and codes. */
export const userPermissionApi = {
  search: (q: UserSearchBody) => call(Q.userSearch, q),
  ofPerson: (userInfoId: number) => call(Q.ofPerson, { userInfoId }),
}

/** 操作日志 (permission_operation_log): every admin write of the caller's org and below, with before/after. */
export const operationLogApi = {
  page: (q: LogPageBody) => call(L.page, q),
  orgs: () => call(L.orgs),
}

/** Every role the caller sees (built-in first), for pickers. */
export function useAllRoles(enabled = true) {
  return useQuery({ queryKey: [RoleKeys.roles, 'all'], queryFn: roleApi.all, staleTime: 10_000, enabled })
}

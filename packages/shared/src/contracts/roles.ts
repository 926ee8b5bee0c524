/** /base/api/account role calls: role management, permission queries, sub-org delegation, the role user import and the operation log (001 §7.4). */
import { get, post } from '../contract.js'
import { importTask } from '../import-job.js'
import { pageOf } from '../organization.js'
import { logPageBody, logRow } from '../people.js'
import {
  subOrgAssociateBody,
  subOrgPageBody,
  subOrgPermission,
  subOrgRow,
  subOrgUserBody,
  subOrgUserPageBody,
} from '../role-sub-org.js'
import {
  associateAccountBody,
  associatePermissionBody,
  byPermissionsBody,
  permissionGroup,
  permissionsOfRoleQuery,
  permissionTreeQuery,
  roleAddBatchBody,
  roleIdsBody,
  roleMemberRow,
  roleMembersBody,
  rolePageBody,
  roleRow,
  roleUpdateBody,
  userSearchBody,
} from '../roles.js'
import * as z from '../z.js'

const A = '/base/api/account'
const tags = ['角色授权']
const manage = { permission: 'permission_role' }

/** Role management (/permission-role): all under permission_role. */
export const roleContracts = {
  page: post(`${A}/queryRole`, {
    ...manage,
    tags,
    summary: '角色分页（本机构角色与内置角色）',
    body: rolePageBody,
    data: pageOf(roleRow),
  }),
  all: post(`${A}/queryRoleNoPage`, { ...manage, tags, summary: '全部角色', data: z.array(roleRow) }),
  inner: get(`${A}/role/inner`, { ...manage, tags, summary: '内置角色', data: z.array(roleRow) }),
  get: get(`${A}/getRoleById`, {
    ...manage,
    tags,
    summary: '角色详情',
    query: z.object({ id: z.id() }),
    data: roleRow,
  }),
  addBatch: post(`${A}/addRole/batch`, {
    ...manage,
    tags,
    summary: '批量新增角色',
    body: roleAddBatchBody,
    data: z.array(z.number()),
  }),
  update: post(`${A}/updateRole`, { ...manage, tags, summary: '编辑角色（内置角色不可改）', body: roleUpdateBody }),
  deleteBatch: post(`${A}/delRoleBatch`, {
    ...manage,
    tags,
    summary: '批量删除角色（内置角色不可删）',
    body: roleIdsBody,
  }),
  permissionTree: get(`${A}/getPermissionTree`, {
    ...manage,
    tags,
    summary: '可授予的权限组（按 appType：12 学生、7 公共门户、3 其他；不超过自己的权限；带 roleId 时标出已授予）',
    query: permissionTreeQuery,
    data: z.array(permissionGroup),
  }),
  permissionsOfRole: get(`${A}/getPermissionByRoleId`, {
    ...manage,
    tags,
    summary: '角色已授予的权限名称（编码）',
    query: permissionsOfRoleQuery,
    data: z.array(z.string()),
  }),
  associatePermission: post(`${A}/associatedPermission`, {
    ...manage,
    tags,
    summary: '保存角色授权（names 整组替换；orgId 为角色所属机构；只能授予或收回自己拥有的权限）',
    body: associatePermissionBody,
  }),
  members: post(`${A}/findUserAssociated`, {
    ...manage,
    tags,
    summary: '角色已关联的人员',
    body: roleMembersBody,
    data: pageOf(roleMemberRow),
  }),
  nonMembers: post(`${A}/findUserNotAssociated`, {
    ...manage,
    tags,
    summary: '本机构及下级中未关联该角色的人员',
    body: roleMembersBody,
    data: pageOf(roleMemberRow),
  }),
  addMembers: post(`${A}/associatedAccount`, {
    ...manage,
    tags,
    summary: '关联人员到角色',
    body: associateAccountBody,
  }),
  removeMembers: post(`${A}/delAssociatedAccount`, {
    ...manage,
    tags,
    summary: '取消人员与角色的关联',
    body: associateAccountBody,
  }),
}

/** 权限用户查询 (permission_f_user) and 用户权限查询 (permission_f_p). */
export const permissionQueryContracts = {
  ofPerson: get(`${A}/getPermissionsByAccountId`, {
    permission: 'permission_f_p',
    tags,
    summary: '人员的角色与权限（用户权限查询）',
    query: z.object({ userInfoId: z.id() }),
    data: z.object({ roles: z.array(z.string()), permissions: z.array(z.string()) }),
  }),
  peopleByPermissions: post(`${A}/getAccountInfoByPermissions`, {
    permission: 'permission_f_user',
    tags,
    summary: '拥有任一权限的人员（本机构及下级）',
    body: byPermissionsBody,
    data: pageOf(roleMemberRow),
  }),
  rolesByPermissions: post(`${A}/getRoleInfoByPermissions`, {
    permission: 'permission_f_user',
    tags,
    summary: '授予任一权限的角色',
    body: byPermissionsBody,
    data: pageOf(roleRow),
  }),
  userSearch: post(`${A}/userSearch/page`, {
    permission: 'permission_f_p',
    tags,
    summary: '人员搜索（本机构及下级）',
    body: userSearchBody,
    data: pageOf(roleMemberRow),
  }),
}

const S = `${A}/sub/org`
/** sub/org/*: delegating a role to sub-orgs and their people, and the current user's delegated codes. */
export const subOrgContracts = {
  orgs: post(`${S}/findAssociatedSubOrg`, {
    ...manage,
    tags,
    summary: '角色关联的下级机构（associated=false 未关联，null 全部）',
    body: subOrgPageBody,
    data: pageOf(subOrgRow),
  }),
  addOrgs: post(`${S}/associatedAccount`, {
    ...manage,
    tags,
    summary: '把角色下放给下级机构',
    body: subOrgAssociateBody,
  }),
  removeOrgs: post(`${S}/delAssociatedAccount`, {
    ...manage,
    tags,
    summary: '取消下级机构的关联（同时移除该机构中被授予此角色的人员）',
    body: subOrgAssociateBody,
  }),
  people: post(`${S}/user/findUserAssociated`, {
    ...manage,
    tags,
    summary: '下级机构中被授予该角色的人员',
    body: subOrgUserPageBody,
    data: pageOf(roleMemberRow),
  }),
  nonPeople: post(`${S}/user/findUserNotAssociated`, {
    ...manage,
    tags,
    summary: '下级机构中未被授予该角色的人员',
    body: subOrgUserPageBody,
    data: pageOf(roleMemberRow),
  }),
  addPeople: post(`${S}/user/associatedAccount`, {
    ...manage,
    tags,
    summary: '授予下级机构人员该角色',
    body: subOrgUserBody,
  }),
  removePeople: post(`${S}/user/delAssociatedAccount`, {
    ...manage,
    tags,
    summary: '收回下级机构人员的该角色',
    body: subOrgUserBody,
  }),
  /** 000 §7.3: any signed-in user, about themselves. */
  mine: get(`${S}/permission/current/user`, {
    tags,
    summary: '当前用户在各机构由上级下放的角色与权限',
    data: z.array(subOrgPermission),
  }),
}

/** 角色人员导入: the template and the upload (a roleUser job of commonImportLog). */
export const roleImportContracts = {
  template: get(`${A}/downloadExcelTemplate`, {
    ...manage,
    tags,
    summary: '角色人员导入模板（xlsx：登录名/手机号、姓名、角色名称）',
    file: true,
  }),
  import: post(`${A}/import`, {
    ...manage,
    tags,
    summary: '导入角色人员（multipart 文件字段 file；创建导入任务，进度见 commonImportLog）',
    upload: true,
    data: importTask,
  }),
}

const logTags = ['操作日志']
const logs = { permission: 'permission_operation_log' }
/** Operation log (/roles-userOptionlog): every admin write of the caller's org and below. */
export const operationLogContracts = {
  page: post(`${A}/operationLogPage`, {
    ...logs,
    tags: logTags,
    summary: '操作日志分页（本机构及下级；含修改前后）',
    body: logPageBody,
    data: pageOf(logRow),
  }),
  orgs: get(`${A}/getOperationOrgList`, {
    ...logs,
    tags: logTags,
    summary: '有操作日志的机构（筛选用）',
    data: z.array(z.object({ orgId: z.number(), orgName: z.string() })),
  }),
  permissionChanges: get(`${A}/getUpdatePermissionOperationLog`, {
    ...logs,
    tags: logTags,
    summary: '权限变更日志（角色授权）',
    query: z.object({
      pageIndex: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(200).default(20),
    }),
    data: pageOf(logRow),
  }),
}

import {
  RoleMsg, associateAccountBody, byPermissionsBody, logPageBody, logRow, userSearchBody, associatePermissionBody, envelopeSchema, pageOf, permissionGroup, permissionTreeQuery, permissionsOfRoleQuery, roleAddBatchBody, roleIdsBody,
  roleMemberRow, roleMembersBody, rolePageBody, roleRow, roleUpdateBody, zId, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './service.js'
import { operationOrgs, pageOperationLog } from '../people/search-service.js'
import { subOrgRoutes } from './sub-org-routes.js'

const manage = { permission: 'permission_role' }

/** Role management under /base/api/account (001 §7.4). */
export function roleRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['角色授权']
    r.post('/queryRole', { config: manage, schema: { tags, summary: '角色分页（本机构角色与内置角色）', body: rolePageBody, response: { 200: envelopeSchema(pageOf(roleRow)) } } },
      async (req) => ok(await svc.pageRoles(ctx, req.auth!, req.body)))
    r.post('/queryRoleNoPage', { config: manage, schema: { tags, summary: '全部角色', response: { 200: envelopeSchema(z.array(roleRow)) } } },
      async (req) => ok(await svc.allRoles(ctx, req.auth!)))
    r.get('/role/inner', { config: manage, schema: { tags, summary: '内置角色', response: { 200: envelopeSchema(z.array(roleRow)) } } },
      async (req) => ok(await svc.allRoles(ctx, req.auth!, true)))
    r.get('/getRoleById', { config: manage, schema: { tags, summary: '角色详情', querystring: z.object({ id: zId() }), response: { 200: envelopeSchema(roleRow) } } },
      async (req) => ok(await svc.roleById(ctx, req.auth!, req.query.id)))
    r.post('/addRole/batch', { config: manage, schema: { tags, summary: '批量新增角色', body: roleAddBatchBody, response: { 200: envelopeSchema(z.array(z.number())) } } },
      async (req) => ok(await svc.addRoles(ctx, req.auth!, req.body), '新增成功'))
    r.post('/updateRole', { config: manage, schema: { tags, summary: '编辑角色（内置角色不可改）', body: roleUpdateBody } },
      async (req) => { await svc.updateRole(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.post('/delRoleBatch', { config: manage, schema: { tags, summary: '批量删除角色（内置角色不可删）', body: roleIdsBody } },
      async (req) => { await svc.deleteRoles(ctx, req.auth!, req.body.ids); return ok(null, '删除成功') })
    r.get('/getPermissionTree', { config: manage, schema: { tags, summary: '可授予的权限组（按 appType：12 学生、7 公共门户、3 其他；不超过自己的权限；带 roleId 时标出已授予）', querystring: permissionTreeQuery, response: { 200: envelopeSchema(z.array(permissionGroup)) } } },
      async (req) => ok(await svc.permissionTree(ctx, req.auth!, req.query)))
    r.get('/getPermissionByRoleId', { config: manage, schema: { tags, summary: '角色已授予的权限名称（编码）', querystring: permissionsOfRoleQuery, response: { 200: envelopeSchema(z.array(z.string())) } } },
      async (req) => ok(await svc.permissionsOfRole(ctx, req.auth!, req.query)))
    r.post('/associatedPermission', { config: manage, schema: { tags, summary: '保存角色授权（names 整组替换；orgId 为角色所属机构；只能授予或收回自己拥有的权限）', body: associatePermissionBody } },
      async (req) => { await svc.associatePermissions(ctx, req.auth!, req.body); return ok(null, RoleMsg.GRANTED) })
    r.post('/findUserAssociated', { config: manage, schema: { tags, summary: '角色已关联的人员', body: roleMembersBody, response: { 200: envelopeSchema(pageOf(roleMemberRow)) } } },
      async (req) => ok(await svc.roleMembers(ctx, req.auth!, req.body, true)))
    r.post('/findUserNotAssociated', { config: manage, schema: { tags, summary: '本机构及下级中未关联该角色的人员', body: roleMembersBody, response: { 200: envelopeSchema(pageOf(roleMemberRow)) } } },
      async (req) => ok(await svc.roleMembers(ctx, req.auth!, req.body, false)))
    r.post('/associatedAccount', { config: manage, schema: { tags, summary: '关联人员到角色', body: associateAccountBody } },
      async (req) => { await svc.setRoleMembers(ctx, req.auth!, req.body, true); return ok(null, '关联成功') })
    r.post('/delAssociatedAccount', { config: manage, schema: { tags, summary: '取消人员与角色的关联', body: associateAccountBody } },
      async (req) => { await svc.setRoleMembers(ctx, req.auth!, req.body, false); return ok(null, '取消关联成功') })
    r.get('/getPermissionsByAccountId', { config: { permission: 'permission_f_p' }, schema: { tags, summary: '人员的角色与权限（用户权限查询）', querystring: z.object({ userInfoId: zId() }) } },
      async (req) => ok(await svc.permissionsOfMember(ctx, req.auth!, req.query.userInfoId)))

    r.post('/getAccountInfoByPermissions', { config: { permission: 'permission_f_user' }, schema: { tags, summary: '拥有任一权限的人员（本机构及下级）', body: byPermissionsBody, response: { 200: envelopeSchema(pageOf(roleMemberRow)) } } },
      async (req) => ok(await svc.membersByPermissions(ctx, req.auth!, req.body)))
    r.post('/getRoleInfoByPermissions', { config: { permission: 'permission_f_user' }, schema: { tags, summary: '授予任一权限的角色', body: byPermissionsBody, response: { 200: envelopeSchema(pageOf(roleRow)) } } },
      async (req) => ok(await svc.rolesByPermissions(ctx, req.auth!, req.body)))
    r.post('/userSearch/page', { config: { permission: 'permission_f_p' }, schema: { tags, summary: '人员搜索（本机构及下级）', body: userSearchBody, response: { 200: envelopeSchema(pageOf(roleMemberRow)) } } },
      async (req) => ok(await svc.searchUsers(ctx, req.auth!, req.body)))

    subOrgRoutes(ctx, app)

    // Operation log (/roles-userOptionlog): every admin write of the caller's org and below.
    const logs = { permission: 'permission_operation_log' }
    r.post('/operationLogPage', { config: logs, schema: { tags: ['操作日志'], summary: '操作日志分页（本机构及下级；含修改前后）', body: logPageBody, response: { 200: envelopeSchema(pageOf(logRow)) } } },
      async (req) => ok(await pageOperationLog(ctx, req.auth!, req.body, false)))
    r.get('/getOperationOrgList', { config: logs, schema: { tags: ['操作日志'], summary: '有操作日志的机构（筛选用）', response: { 200: envelopeSchema(z.array(z.object({ orgId: z.number(), orgName: z.string() }))) } } },
      async (req) => ok(await operationOrgs(ctx, req.auth!)))
    r.get('/getUpdatePermissionOperationLog', { config: logs, schema: { tags: ['操作日志'], summary: '权限变更日志（角色授权）', querystring: z.object({ pageIndex: zNumber().int().min(1).default(1), pageSize: zNumber().int().min(1).max(200).default(20) }), response: { 200: envelopeSchema(pageOf(logRow)) } } },
      async (req) => ok(await pageOperationLog(ctx, req.auth!, { module: '角色授权', ...req.query }, false)))
  }
}

import { RoleMsg, operationLogContracts as L, permissionQueryContracts as Q, roleContracts as R } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './service.js'
import { operationOrgs, pageOperationLog } from '../people/search-service.js'

/** Role management under /base/api/account (001 §7.4). */
export const roleRoutes = (ctx: AppContext) => [
  handle(R.page, async (req) => ok(await svc.pageRoles(ctx, req.auth!, req.body))),
  handle(R.all, async (req) => ok(await svc.allRoles(ctx, req.auth!))),
  handle(R.inner, async (req) => ok(await svc.allRoles(ctx, req.auth!, true))),
  handle(R.get, async (req) => ok(await svc.roleById(ctx, req.auth!, req.query.id))),
  handle(R.addBatch, async (req) => ok(await svc.addRoles(ctx, req.auth!, req.body), '新增成功')),
  handle(R.update, async (req) => {
    await svc.updateRole(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  handle(R.deleteBatch, async (req) => {
    await svc.deleteRoles(ctx, req.auth!, req.body.ids)
    return ok(null, '删除成功')
  }),
  handle(R.permissionTree, async (req) => ok(await svc.permissionTree(ctx, req.auth!, req.query))),
  handle(R.permissionsOfRole, async (req) => ok(await svc.permissionsOfRole(ctx, req.auth!, req.query))),
  handle(R.associatePermission, async (req) => {
    await svc.associatePermissions(ctx, req.auth!, req.body)
    return ok(null, RoleMsg.GRANTED)
  }),
  handle(R.members, async (req) => ok(await svc.roleMembers(ctx, req.auth!, req.body, true))),
  handle(R.nonMembers, async (req) => ok(await svc.roleMembers(ctx, req.auth!, req.body, false))),
  handle(R.addMembers, async (req) => {
    await svc.setRoleMembers(ctx, req.auth!, req.body, true)
    return ok(null, '关联成功')
  }),
  handle(R.removeMembers, async (req) => {
    await svc.setRoleMembers(ctx, req.auth!, req.body, false)
    return ok(null, '取消关联成功')
  }),
]

/** 权限用户查询 and 用户权限查询: who holds which codes. */
export const permissionQueryRoutes = (ctx: AppContext) => [
  handle(Q.ofPerson, async (req) => ok(await svc.permissionsOfMember(ctx, req.auth!, req.query.userInfoId))),
  handle(Q.peopleByPermissions, async (req) => ok(await svc.membersByPermissions(ctx, req.auth!, req.body))),
  handle(Q.rolesByPermissions, async (req) => ok(await svc.rolesByPermissions(ctx, req.auth!, req.body))),
  handle(Q.userSearch, async (req) => ok(await svc.searchUsers(ctx, req.auth!, req.body))),
]

/** Operation log (/roles-userOptionlog): every admin write of the caller's org and below. */
export const operationLogRoutes = (ctx: AppContext) => [
  handle(L.page, async (req) => ok(await pageOperationLog(ctx, req.auth!, req.body, false))),
  handle(L.orgs, async (req) => ok(await operationOrgs(ctx, req.auth!))),
  handle(L.permissionChanges, async (req) =>
    ok(await pageOperationLog(ctx, req.auth!, { module: '角色授权', ...req.query }, false)),
  ),
]

import {
  appContracts as A,
  appGroupContracts as G,
  appLinkContracts as L,
  dynamicPermissionContracts,
  fallbackAppContracts,
  oftenUseContracts as O,
  onceTokenContracts as T,
} from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { clientIp } from '../../platform/request-meta.js'
import * as admin from './app-admin.js'
import * as groups from './groups.js'
import { issueOnceToken, swapOnceToken } from './once-token.js'
import * as user from './user-apps.js'

/** /base/mobileAppGroup (docs/apps.md); groups.ts checks the write code of the group's scope. */
export const appGroupRoutes = (ctx: AppContext) => [
  handle(G.list, async (req) => ok(await groups.groupList(ctx, req.auth!, req.query))),
  handle(G.save, async (req) => ok(await groups.saveGroup(ctx, req.auth!, req.body), '新增成功')),
  handle(G.update, async (req) => {
    await groups.updateGroup(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  handle(G.delete, async (req) => {
    await groups.deleteGroup(ctx, req.auth!, req.query.id)
    return ok(null, '删除成功')
  }),
  handle(G.reset, async (req) => {
    await groups.resetGroups(ctx, req.auth!, req.body.appType)
    return ok(null, '重置成功')
  }),
]

/** /base/mobileAppLink */
export const appLinkRoutes = (ctx: AppContext) => [
  handle(L.add, async (req) => {
    await groups.linkApps(ctx, req.auth!, req.body, true)
    return ok(null, '添加成功')
  }),
  handle(L.delete, async (req) => {
    await groups.linkApps(ctx, req.auth!, req.body, false)
    return ok(null, '移除成功')
  }),
  handle(L.reset, async (req) => {
    await groups.resetLinks(ctx, req.auth!, req.body.groupId)
    return ok(null, '重置成功')
  }),
]

/** /base/mobileApp */
export const appRoutes = (ctx: AppContext) => [
  handle(A.page, async (req) => ok(await admin.pageApps(ctx, req.auth!, req.body))),
  handle(A.save, async (req) => ok(await admin.saveApp(ctx, req.auth!, req.body), '注册成功')),
  handle(A.update, async (req) => {
    await admin.updateApp(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  handle(A.delete, async (req) => {
    await admin.deleteApp(ctx, req.auth!, req.query.id)
    return ok(null, '删除成功')
  }),
  handle(A.refreshInternal, async (req) => ok(await admin.refreshInternal(ctx, req.auth!), '刷新成功')),
  handle(A.hosted, async (req) => ok(await user.hostedApp(ctx, req.auth!, req.query.route))),
]

/** /base/oftenUse: the caller's own favourites. */
export const oftenUseRoutes = (ctx: AppContext) => [
  handle(O.list, async (req) => ok(await user.oftenUseList(ctx, req.auth!))),
  handle(O.add, async (req) => {
    await user.addOftenUse(ctx, req.auth!, req.query.appId)
    return ok(null, '已加入常用')
  }),
  handle(O.delete, async (req) => {
    await user.deleteOftenUse(ctx, req.auth!, req.query.appId)
    return ok(null, '已移出常用')
  }),
  handle(O.clear, async (req) => ok(await user.clearOftenUse(ctx, req.auth!), '已清空')),
]

/** /base/configMgr/permissions/dynamic (the rest of /base/configMgr is the portal config's). */
export const dynamicPermissionRoutes = (ctx: AppContext) => [
  handle(dynamicPermissionContracts.check, async (req) => ok(await user.dynamicPermissions(ctx, req.auth!, req.body))),
]

/** /base/api/tenant/getAppListById */
export const fallbackAppRoutes = (ctx: AppContext) => [
  handle(fallbackAppContracts.list, async (req) => ok(await user.fallbackList(ctx, req.auth!))),
]

/** /base/api/auth: once-token issue (signed in) and swap (public). */
export const onceTokenRoutes = (ctx: AppContext) => [
  handle(T.issue, async (req) => ok(await issueOnceToken(ctx, req.auth!))),
  handle(T.swap, async (req) =>
    ok({
      accessToken: await swapOnceToken(ctx, req.body.onceToken, {
        ip: clientIp(req),
        userAgent: req.headers['user-agent'],
      }),
    }),
  ),
]

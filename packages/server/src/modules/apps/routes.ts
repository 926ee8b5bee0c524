import {
  appGroup, appGroupListQuery, appGroupResetBody, appGroupSaveBody, appGroupUpdateBody, appIdQuery, appLinkBody, appLinkResetBody, appPageBody,
  appRow, appSaveBody, appUpdateBody, dynamicPermissionBody, envelopeSchema, fallbackAppRow, hostedApp, hostedAppQuery, idQuery, onceTokenResponse,
  pageOf, swapOnceTokenBody, swapOnceTokenResponse, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { clientIp } from '../../platform/request-meta.js'
import * as admin from './app-admin.js'
import * as groups from './groups.js'
import { issueOnceToken, swapOnceToken } from './once-token.js'
import * as user from './user-apps.js'

/** App registry, groups, links, favourites and hand-over calls (docs/portal-apps.md); admin writes need 应用管理. */
const manage = { permission: 'sc_menhu_app_mgr' }
/**
 * Group writes also serve the mobile scopes (teacher 0, parent 1, student 5) of /menhu-teacher and /menhu-parent:
 * the hook lets in any of these codes and groups.ts checks the one of the group's scope (assertScopeWrite).
 */
const groupWrite = (action: 'add' | 'edit' | 'delete') => ({ permission: ['sc_menhu_app_mgr', `sc_menhu_mobile_t_${action}`, `sc_menhu_mobile_p_${action}`] })
/** The app list the group screens pick from (read only). */
const appPicker = { permission: ['sc_menhu_app_mgr', 'sc_menhu_mobile_t', 'sc_menhu_mobile_p'] }
const tags = ['应用管理']

/** /base/mobileAppGroup */
export function appGroupRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.get('/getAppGroupList', { schema: { tags, summary: '本机构应用分组及应用（filter=1 只含可打开的应用；showDefaultGroup=true 附加其他应用）', querystring: appGroupListQuery, response: { 200: envelopeSchema(z.array(appGroup)) } } },
      async (req) => ok(await groups.groupList(ctx, req.auth!, req.query)))
    r.post('/save', { config: groupWrite('add'), schema: { tags, summary: '新增应用分组', body: appGroupSaveBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await groups.saveGroup(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config: groupWrite('edit'), schema: { tags, summary: '编辑应用分组', body: appGroupUpdateBody } },
      async (req) => { await groups.updateGroup(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.get('/delete', { config: groupWrite('delete'), schema: { tags, summary: '删除应用分组', querystring: idQuery } },
      async (req) => { await groups.deleteGroup(ctx, req.auth!, req.query.id); return ok(null, '删除成功') })
    r.post('/resetAppGroupList', { config: groupWrite('edit'), schema: { tags, summary: '恢复默认分组', body: appGroupResetBody } },
      async (req) => { await groups.resetGroups(ctx, req.auth!, req.body.appType); return ok(null, '重置成功') })
  }
}

/** /base/mobileAppLink */
export function appLinkRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.post('/addAppLinkToAppGroup', { config: groupWrite('edit'), schema: { tags, summary: '添加应用到分组', body: appLinkBody } },
      async (req) => { await groups.linkApps(ctx, req.auth!, req.body, true); return ok(null, '添加成功') })
    r.post('/deleteAppLinkToAppGroup', { config: groupWrite('edit'), schema: { tags, summary: '从分组移除应用', body: appLinkBody } },
      async (req) => { await groups.linkApps(ctx, req.auth!, req.body, false); return ok(null, '移除成功') })
    r.post('/resetAppLinkList', { config: groupWrite('edit'), schema: { tags, summary: '恢复分组的默认应用', body: appLinkResetBody } },
      async (req) => { await groups.resetLinks(ctx, req.auth!, req.body.groupId); return ok(null, '重置成功') })
  }
}

/** /base/mobileApp */
export function appRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.post('/getAppPage', { config: appPicker, schema: { tags, summary: '应用分页（内置与本机构及上级注册的应用）', body: appPageBody, response: { 200: envelopeSchema(pageOf(appRow)) } } },
      async (req) => ok(await admin.pageApps(ctx, req.auth!, req.body)))
    r.post('/save', { config: manage, schema: { tags, summary: '注册应用（新权限编码加入机构应用节点）', body: appSaveBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await admin.saveApp(ctx, req.auth!, req.body), '注册成功'))
    r.post('/update', { config: manage, schema: { tags, summary: '编辑应用（内置应用只改设置）', body: appUpdateBody } },
      async (req) => { await admin.updateApp(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.get('/delete', { config: manage, schema: { tags, summary: '删除注册的应用', querystring: idQuery } },
      async (req) => { await admin.deleteApp(ctx, req.auth!, req.query.id); return ok(null, '删除成功') })
    r.post('/refreshInternalApp', { config: manage, schema: { tags, summary: '刷新内置应用', response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await admin.refreshInternal(ctx, req.auth!), '刷新成功'))
    r.get('/hosted', { schema: { tags, summary: '子应用路由对应的已注册应用（宿主页用）', querystring: hostedAppQuery, response: { 200: envelopeSchema(hostedApp.nullable()) } } },
      async (req) => ok(await user.hostedApp(ctx, req.auth!, req.query.route)))
  }
}

/** /base/oftenUse: the caller's own favourites, so a session is all it needs. */
export function oftenUseRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const t = ['常用应用']
    r.get('/selectOftenUseAppList', { schema: { tags: t, summary: '我的常用应用', response: { 200: envelopeSchema(z.array(appRow)) } } },
      async (req) => ok(await user.oftenUseList(ctx, req.auth!)))
    r.get('/addOftenUseApp', { schema: { tags: t, summary: '加入常用', querystring: appIdQuery } },
      async (req) => { await user.addOftenUse(ctx, req.auth!, req.query.appId); return ok(null, '已加入常用') })
    r.get('/deleteOftenUseApp', { schema: { tags: t, summary: '移出常用', querystring: appIdQuery } },
      async (req) => { await user.deleteOftenUse(ctx, req.auth!, req.query.appId); return ok(null, '已移出常用') })
    r.get('/clearOftenUseApp', { schema: { tags: t, summary: '清空常用', response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await user.clearOftenUse(ctx, req.auth!), '已清空'))
  }
}

/** /base/configMgr/permissions/dynamic (the rest of /base/configMgr is the portal config's). */
export function dynamicPermissionRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.post('/permissions/dynamic', { schema: { tags: ['统一门户'], summary: '统一门户权限校验：返回用户拥有的 {appUniqueId, permission}', body: dynamicPermissionBody, response: { 200: envelopeSchema(dynamicPermissionBody) } } },
      async (req) => ok(await user.dynamicPermissions(ctx, req.auth!, req.body)))
  }
}

/** /base/api/tenant/getAppListById */
export function fallbackAppRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    // The spec's callers send id=0; the id picks nothing (every app the user may open is listed), so 0 is allowed.
    r.get('/getAppListById', { schema: { tags, summary: '备用应用列表（用户可打开的应用）', querystring: z.object({ id: zNumber().int().min(0).optional(), orgId: zNumber().int().optional() }), response: { 200: envelopeSchema(z.array(fallbackAppRow)) } } },
      async (req) => ok(await user.fallbackList(ctx, req.auth!)))
  }
}

/** /base/api/auth: once-token issue (signed in) and swap (public). */
export function onceTokenRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const t = ['认证']
    r.get('/once/token', { schema: { tags: t, summary: '签发一次性令牌（交给子应用，60 秒内一次有效）', response: { 200: envelopeSchema(onceTokenResponse) } } },
      async (req) => ok(await issueOnceToken(ctx, req.auth!)))
    r.post('/swap/once/token', { config: { public: true }, schema: { tags: t, summary: '用一次性令牌换取同账号同机构的会话', body: swapOnceTokenBody, response: { 200: envelopeSchema(swapOnceTokenResponse) } } },
      async (req) => ok({ accessToken: await swapOnceToken(ctx, req.body.onceToken, { ip: clientIp(req), userAgent: req.headers['user-agent'] }) }))
  }
}

import {
  messageContracts as M,
  messageTemplateContracts as T,
  MP_SCOPES,
  mpAppContracts,
  waipinContracts as W,
  type MpScope,
} from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import {
  bindWechat,
  deleteApp,
  deleteTemplate,
  eventOptions,
  getApp,
  getTemplate,
  keywordsOf,
  listApps,
  listMessages,
  markAllRead,
  markRead,
  pageTemplates,
  pushTypeOptions,
  saveApp,
  saveTemplate,
  unreadCount,
} from './service.js'
import { waipinCard } from './waipin.js'

/** /base/api/message: the caller's own in-app messages (any signed-in account). */
export const messageRoutes = (ctx: AppContext) => [
  handle(M.unreadCount, async (req) => ok(await unreadCount(ctx, req.auth!))),
  handle(M.queryPage, async (req) => ok(await listMessages(ctx, req.auth!, req.body))),
  handle(M.read, async (req) => {
    await markRead(ctx, req.auth!, req.body.id)
    return ok(null)
  }),
  handle(M.readAll, async (req) => ok(await markAllRead(ctx, req.auth!))),
  handle(M.bindWechat, async (req) => {
    await bindWechat(ctx, req.auth!, req.body.code, req.body.scope)
    return ok(null, '绑定成功')
  }),
]

/** /base/api/waipin: the external-hire mini-program's sign-in (public: the mini-program has no portal session). */
export const waipinRoutes = (ctx: AppContext) => [handle(W.card, async (req) => ok(await waipinCard(ctx, req.body)))]

/** /base/api/messagetemplate (001 §7): templates of the caller's org; payload names are ours (docs/messages.md). */
export const messageTemplateRoutes = (ctx: AppContext) => [
  handle(T.create, async (req) => ok(await saveTemplate(ctx, req.auth!, { ...req.body, id: undefined }), '新增成功')),
  handle(T.update, async (req) => {
    await saveTemplate(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  handle(T.delete, async (req) => {
    await deleteTemplate(ctx, req.auth!, req.body.id)
    return ok(null, '删除成功')
  }),
  handle(T.get, async (req) => ok(await getTemplate(ctx, req.auth!, req.query.id))),
  handle(T.queryPage, async (req) => ok(await pageTemplates(ctx, req.auth!, req.body))),
  handle(T.getPushType, async () => ok(pushTypeOptions())),
  handle(T.getTriggerEvent, async () => ok(eventOptions())),
  handle(T.getKeyword, async (req) => ok(keywordsOf(req.query.event))),
]

/** /base/api/mpApp/<scope>: one scope's WeChat / DingTalk app settings, under that scope's codes (contracts/messages.ts). */
function mpAppRoutes(ctx: AppContext, scope: MpScope) {
  const A = mpAppContracts[scope]
  return [
    handle(A.list, async (req) => ok(await listApps(ctx, req.auth!, scope, req.query.orgId))),
    handle(A.get, async (req) => ok(await getApp(ctx, req.auth!, req.query.id, scope))),
    handle(A.save, async (req) => ok(await saveApp(ctx, req.auth!, { ...req.body, scope }), '保存成功')),
    handle(A.delete, async (req) => {
      await deleteApp(ctx, req.auth!, req.body.id, scope)
      return ok(null, '删除成功')
    }),
  ]
}

/** Every scope's app settings (service account, external hire, teacher and parent terminals). */
export const allMpAppRoutes = (ctx: AppContext) => MP_SCOPES.flatMap((scope) => mpAppRoutes(ctx, scope))

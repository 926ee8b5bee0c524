import {
  envelopeSchema, keywordQuery, messageIdBody, messageListBody, messageRow, MP_SCOPE_CODES, mpAppBody, mpAppRow, mpIdBody, mpScopeQuery,
  optionRow, pageOf, TEMPLATE_WRITE_CODE, templateBody, templateIdQuery, templateUpdateBody, templatePageBody, templateRow, waipinCard as waipinCardSchema, waipinCardBody, wechatBindBody, type MpScope,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import {
  bindWechat, deleteApp, deleteTemplate, eventOptions, getApp, getTemplate, keywordsOf, listApps, listMessages, markAllRead, markRead,
  pageTemplates, pushTypeOptions, saveApp, saveTemplate, unreadCount,
} from './service.js'
import { waipinCard } from './waipin.js'

/** /base/api/message: the caller's own in-app messages (any signed-in account). */
export function messageRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['消息中心']
    r.get('/unreadCount', { schema: { tags, summary: '未读消息数', response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await unreadCount(ctx, req.auth!)))
    r.post('/queryPage', { schema: { tags, summary: '我的消息（新的在前）', body: messageListBody, response: { 200: envelopeSchema(pageOf(messageRow)) } } },
      async (req) => ok(await listMessages(ctx, req.auth!, req.body)))
    r.post('/read', { schema: { tags, summary: '标记一条已读', body: messageIdBody } },
      async (req) => { await markRead(ctx, req.auth!, req.body.id); return ok(null) })
    r.post('/readAll', { schema: { tags, summary: '全部标记已读', response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await markAllRead(ctx, req.auth!)))
    r.post('/bindWechat', { schema: { tags, summary: '用微信网页授权 code 绑定服务号（或教师/家长端公众号）的 openid', body: wechatBindBody } },
      async (req) => { await bindWechat(ctx, req.auth!, req.body.code, req.body.scope); return ok(null, '绑定成功') })
  }
}

const read = { permission: MP_SCOPE_CODES.service.page }
const write = { permission: TEMPLATE_WRITE_CODE }

/** /base/api/waipin: the external-hire mini-program's sign-in (public: the mini-program has no portal session). */
export function waipinRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.post('/card', { config: { public: true }, schema: { tags: ['外聘小程序'], summary: '小程序登录码换本人外聘工作证（微信手机号 code / 钉钉免登 authCode）', body: waipinCardBody, response: { 200: envelopeSchema(waipinCardSchema) } } },
      async (req) => ok(await waipinCard(ctx, req.body)))
  }
}

/** /base/api/messagetemplate (001 §7): templates of the caller's org; payload names are ours (docs/portal.md). */
export function messageTemplateRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['消息模板']
    r.post('/create', { config: write, schema: { tags, summary: '新增模板', body: templateBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await saveTemplate(ctx, req.auth!, { ...req.body, id: undefined }), '新增成功'))
    r.post('/update', { config: write, schema: { tags, summary: '编辑模板', body: templateUpdateBody } },
      async (req) => { await saveTemplate(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.post('/delete', { config: write, schema: { tags, summary: '删除模板', body: messageIdBody } },
      async (req) => { await deleteTemplate(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })
    r.get('/get', { config: read, schema: { tags, summary: '模板详情', querystring: templateIdQuery, response: { 200: envelopeSchema(templateRow) } } },
      async (req) => ok(await getTemplate(ctx, req.auth!, req.query.id)))
    r.post('/queryPage', { config: read, schema: { tags, summary: '模板列表（本机构）', body: templatePageBody, response: { 200: envelopeSchema(pageOf(templateRow)) } } },
      async (req) => ok(await pageTemplates(ctx, req.auth!, req.body)))
    r.get('/getPushType', { config: read, schema: { tags, summary: '推送方式', response: { 200: envelopeSchema(z.array(optionRow)) } } },
      async () => ok(pushTypeOptions()))
    r.get('/getTriggerEvent', { config: read, schema: { tags, summary: '触发事件', response: { 200: envelopeSchema(z.array(optionRow)) } } },
      async () => ok(eventOptions()))
    r.get('/getKeyword', { config: read, schema: { tags, summary: '事件可用的关键字', querystring: keywordQuery, response: { 200: envelopeSchema(z.array(z.string())) } } },
      async (req) => ok(keywordsOf(req.query.event)))
  }
}

/**
 * /base/api/mpApp/<scope>: WeChat / DingTalk app settings of the service account (service), the external-hire
 * mini-program (waipin) and the teacher / parent terminals — each scope under its own page and write codes.
 */
export function mpAppRoutes(ctx: AppContext, scope: MpScope) {
  const codes = MP_SCOPE_CODES[scope]
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['服务号与小程序']
    r.get('/list', { config: { permission: codes.page }, schema: { tags, summary: '配置列表（密钥从不返回）', querystring: mpScopeQuery, response: { 200: envelopeSchema(z.array(mpAppRow)) } } },
      async (req) => ok(await listApps(ctx, req.auth!, scope, req.query.orgId)))
    r.get('/get', { config: { permission: codes.page }, schema: { tags, summary: '配置详情（密钥从不返回）', querystring: templateIdQuery, response: { 200: envelopeSchema(mpAppRow) } } },
      async (req) => ok(await getApp(ctx, req.auth!, req.query.id, scope)))
    r.post('/save', { config: { permission: codes.write }, schema: { tags, summary: '新增或编辑（编辑时 AppSecret 留空则不变）', body: mpAppBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await saveApp(ctx, req.auth!, { ...req.body, scope }), '保存成功'))
    r.post('/delete', { config: { permission: codes.remove }, schema: { tags, summary: '删除配置', body: mpIdBody } },
      async (req) => { await deleteApp(ctx, req.auth!, req.body.id, scope); return ok(null, '删除成功') })
  }
}

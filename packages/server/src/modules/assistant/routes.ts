import {
  ASSISTANT_BUTTONS, ASSISTANT_END, ASSISTANT_EVENT, assistantConfigSave, assistantConfigView, assistantIdBody, assistantLogPage, AssistantMsg,
  assistantPageQuery, chatStreamBody, envelopeSchema, helpArticleBody, helpArticlePage, startOrEndBody, type AssistantEventData, type AssistantSource,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import {
  answer, deleteArticle, finishChat, getConfig, isEnabled, listArticles, listLog, prepareChat, saveArticle, saveConfig, startOrEnd,
} from './service.js'

const page = { permission: 'sc_menhu_pc' }

/** One server-sent event (the data is one line: JSON keeps line breaks of the answer inside the string). */
const event = (data: string) => `event: ${ASSISTANT_EVENT}\ndata: ${data}\n\n`

/**
 * The calls of 000 §7.5 on the AI host (this server, under ASSISTANT_API; docs/assistant.md). chat-stream is a POST
 * read as server-sent events with fetch, not an EventSource: an EventSource cannot send the Authorization header, and
 * this API never authenticates by cookie (platform/cors.ts), so "opened with credentials" means the bearer token.
 */
export function assistantChatRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['智能客服']
    r.get('/isEnableAssistant', { schema: { tags, summary: '本租户是否开启智能客服', response: { 200: envelopeSchema(z.boolean()) } } },
      async (req) => ok(await isEnabled(ctx, req.auth!)))
    r.post('/startOrEndToChat', { schema: { tags, summary: '开始（status 1）或结束（status 0）对话，只能是本人', body: startOrEndBody, response: { 200: envelopeSchema(z.number().nullable()) } } },
      async (req) => ok(await startOrEnd(ctx, req.auth!, req.body.userInfoId, req.body.status)))
    r.post('/chat-stream', {
      schema: { tags, summary: '提问，回答以 SSE 流返回（事件 assistant-event，结束标志 [end]）', body: chatStreamBody },
    }, async (req, reply) => {
      const auth = req.auth!
      // Refusals (not yours, off, rate limit) are envelopes; only an accepted question opens the stream.
      const p = await prepareChat(ctx, auth, req.body.userInfoId, req.body.content)
      const aborted = new AbortController()
      reply.raw.on('close', () => { if (!reply.raw.writableFinished) aborted.abort() })
      reply.hijack()
      // Headers hooks set on the reply (CORS, request id) would be lost with the hijack: copy them over.
      const kept = Object.fromEntries(Object.entries(reply.getHeaders()).filter((e): e is [string, string | number | string[]] => e[1] !== undefined))
      reply.raw.writeHead(200, {
        ...kept,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Proxies (nginx) would otherwise hold the pieces back until the answer is complete.
        'x-accel-buffering': 'no',
      })
      const sink: { text: string; source: AssistantSource; title: string | null } = { text: '', source: 'none', title: null }
      try {
        for await (const e of answer(p, req.body.content, aborted.signal, sink)) {
          if (aborted.signal.aborted) break
          reply.raw.write(event(JSON.stringify(e satisfies AssistantEventData)))
        }
      } catch (err) {
        req.log.error({ err }, 'assistant answer failed')
        if (!aborted.signal.aborted) reply.raw.write(event(JSON.stringify({ type: 'error', msg: AssistantMsg.MODEL_FAILED } satisfies AssistantEventData)))
      }
      try {
        await finishChat(ctx, auth, p, sink)
      } catch (err) {
        req.log.error({ err }, 'assistant log failed')
      }
      if (!reply.raw.destroyed) reply.raw.end(event(ASSISTANT_END))
    })
  }
}

/** The helper's maintenance (/menhu-port/assistant): articles, the model and the log, under the PC portal's codes. */
export function assistantAdminRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['智能客服配置']
    r.get('/config/get', { config: page, schema: { tags, summary: '智能客服配置（API Key 不返回）', response: { 200: envelopeSchema(assistantConfigView) } } },
      async (req) => ok(await getConfig(ctx, req.auth!)))
    r.post('/config/save', { config: { permission: ASSISTANT_BUTTONS.CONFIG, tenantWide: true }, schema: { tags, summary: '保存智能客服配置（顶级机构管理员）', body: assistantConfigSave } },
      async (req) => { await saveConfig(ctx, req.auth!, req.body); return ok(null, AssistantMsg.SAVED) })
    r.get('/article/page', { config: page, schema: { tags, summary: '帮助文档列表', querystring: assistantPageQuery, response: { 200: envelopeSchema(helpArticlePage) } } },
      async (req) => ok(await listArticles(ctx, req.auth!, req.query)))
    r.post('/article/add', { config: { permission: ASSISTANT_BUTTONS.ADD, tenantWide: true }, schema: { tags, summary: '新增帮助文档', body: helpArticleBody.omit({ id: true }), response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await saveArticle(ctx, req.auth!, { ...req.body, id: undefined }), AssistantMsg.ADDED))
    r.post('/article/update', { config: { permission: ASSISTANT_BUTTONS.EDIT, tenantWide: true }, schema: { tags, summary: '编辑帮助文档', body: helpArticleBody.required({ id: true }) } },
      async (req) => { await saveArticle(ctx, req.auth!, req.body); return ok(null, AssistantMsg.SAVED) })
    r.post('/article/delete', { config: { permission: ASSISTANT_BUTTONS.DELETE, tenantWide: true }, schema: { tags, summary: '删除帮助文档', body: assistantIdBody } },
      async (req) => { await deleteArticle(ctx, req.auth!, req.body.id); return ok(null, AssistantMsg.DELETED) })
    r.get('/log/page', { config: page, schema: { tags, summary: '对话记录（本机构及下级）', querystring: assistantPageQuery, response: { 200: envelopeSchema(assistantLogPage) } } },
      async (req) => ok(await listLog(ctx, req.auth!, req.query)))
  }
}

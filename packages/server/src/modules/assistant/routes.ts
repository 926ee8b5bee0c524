import {
  ASSISTANT_END,
  ASSISTANT_EVENT,
  assistantAdminContracts as A,
  assistantChatContracts as C,
  AssistantMsg,
  type AssistantEventData,
  type AssistantSource,
} from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import {
  answer,
  deleteArticle,
  finishChat,
  getConfig,
  isEnabled,
  listArticles,
  listLog,
  prepareChat,
  saveArticle,
  saveConfig,
  startOrEnd,
} from './service.js'

/** One server-sent event (the data is one line: JSON keeps line breaks of the answer inside the string). */
const event = (data: string) => `event: ${ASSISTANT_EVENT}\ndata: ${data}\n\n`

/**
 * The calls of 000 §7.5 on the AI host (this server, under ASSISTANT_API; docs/assistant.md). chat-stream is a POST
 * read as server-sent events with fetch, not an EventSource: an EventSource cannot send the Authorization header, and
 * this API never authenticates by cookie (platform/cors.ts), so "opened with credentials" means the bearer token.
 */
export const assistantChatRoutes = (ctx: AppContext) => [
  handle(C.isEnableAssistant, async (req) => ok(await isEnabled(ctx, req.auth!))),
  handle(C.startOrEndToChat, async (req) => ok(await startOrEnd(ctx, req.auth!, req.body.userInfoId, req.body.status))),
  handle(C.chatStream, async (req, reply) => {
    const auth = req.auth!
    // Refusals (not yours, off, rate limit) are envelopes; only an accepted question opens the stream.
    const p = await prepareChat(ctx, auth, req.body.userInfoId, req.body.content)
    const aborted = new AbortController()
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) aborted.abort()
    })
    reply.hijack()
    // Headers hooks set on the reply (CORS, request id) would be lost with the hijack: copy them over.
    const kept = Object.fromEntries(
      Object.entries(reply.getHeaders()).filter((e): e is [string, string | number | string[]] => e[1] !== undefined),
    )
    reply.raw.writeHead(200, {
      ...kept,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // Proxies (nginx) would otherwise hold the pieces back until the answer is complete.
      'x-accel-buffering': 'no',
    })
    const sink: { text: string; source: AssistantSource; title: string | null } = {
      text: '',
      source: 'none',
      title: null,
    }
    try {
      for await (const e of answer(p, req.body.content, aborted.signal, sink)) {
        if (aborted.signal.aborted) break
        reply.raw.write(event(JSON.stringify(e satisfies AssistantEventData)))
      }
    } catch (err) {
      req.log.error({ err }, 'assistant answer failed')
      if (!aborted.signal.aborted)
        reply.raw.write(
          event(JSON.stringify({ type: 'error', msg: AssistantMsg.MODEL_FAILED } satisfies AssistantEventData)),
        )
    }
    try {
      await finishChat(ctx, auth, p, sink)
    } catch (err) {
      req.log.error({ err }, 'assistant log failed')
    }
    if (!reply.raw.destroyed) reply.raw.end(event(ASSISTANT_END))
  }),
]

/** The helper's maintenance (/menhu-port/assistant): articles, the model and the log, under the PC portal's codes. */
export const assistantAdminRoutes = (ctx: AppContext) => [
  handle(A.getConfig, async (req) => ok(await getConfig(ctx, req.auth!))),
  handle(A.saveConfig, async (req) => {
    await saveConfig(ctx, req.auth!, req.body)
    return ok(null, AssistantMsg.SAVED)
  }),
  handle(A.articlePage, async (req) => ok(await listArticles(ctx, req.auth!, req.query))),
  handle(A.addArticle, async (req) =>
    ok(await saveArticle(ctx, req.auth!, { ...req.body, id: undefined }), AssistantMsg.ADDED),
  ),
  handle(A.updateArticle, async (req) => {
    await saveArticle(ctx, req.auth!, req.body)
    return ok(null, AssistantMsg.SAVED)
  }),
  handle(A.deleteArticle, async (req) => {
    await deleteArticle(ctx, req.auth!, req.body.id)
    return ok(null, AssistantMsg.DELETED)
  }),
  handle(A.logPage, async (req) => ok(await listLog(ctx, req.auth!, req.query))),
]

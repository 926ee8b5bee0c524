import {
  ASSISTANT_RATE_LIMIT,
  ASSISTANT_RATE_WINDOW_MS,
  AssistantErrorCode,
  AssistantMsg,
  ErrorCode,
  maskPersonalText,
  type AssistantConfigSave,
  type AssistantConfigView,
  type AssistantEventData,
  type AssistantLogRow,
  type AssistantPageQuery,
  type AssistantProviderType,
  type AssistantSource,
  type HelpArticleBody,
  type HelpArticleRow,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, badRequest, notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { subtreeIds } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { openAiChatProvider, type ChatMessage, type ChatProvider } from '../../platform/providers/ai-chat.js'
import { bestArticle, type FoundArticle } from './search.js'
import {
  countQuestionsSince,
  deleteArticleRow,
  endConversation,
  endOpenConversations,
  findConfig,
  findOpenConversation,
  findOrgParent,
  insertArticle,
  insertConversation,
  insertQuestion,
  lockUserQuestions,
  pageArticles,
  pageLog,
  storeAnswer,
  updateArticle,
  upsertConfig,
} from './queries.js'

const MODULE = '智能客服'
/** The built-in answerer sends an article in pieces of this many characters, so the page shows it arriving. */
const PIECE = 16

interface StoredConfig {
  enabled: boolean
  provider: AssistantProviderType
  baseUrl: string
  model: string
  sealedKey: string | null
}

async function readConfig(trx: Trx): Promise<StoredConfig> {
  const row = await findConfig(trx)
  // A tenant that never saved one has the helper on, answering from its help articles.
  const provider = row?.provider === 'openai' && row.api_key_sealed ? 'openai' : 'builtin'
  return {
    enabled: row?.enabled ?? true,
    provider,
    baseUrl: row?.base_url ?? '',
    model: row?.model ?? '',
    sealedKey: row?.api_key_sealed ?? null,
  }
}

const mine = (auth: AuthInfo, userInfoId: number) => {
  if (userInfoId !== auth.userInfoId) throw new AppError(ErrorCode.FORBIDDEN, AssistantMsg.NOT_YOURS, 403)
}

// ---- the calls of 000 §7.5 ----

export async function isEnabled(ctx: AppContext, auth: AuthInfo): Promise<boolean> {
  return ctx.db.tenant(auth.tenantId, async (trx) => (await readConfig(trx)).enabled)
}

/** status 1 starts a conversation (ending any the user left open), 0 ends the open one. */
export async function startOrEnd(
  ctx: AppContext,
  auth: AuthInfo,
  userInfoId: number,
  status: 0 | 1,
): Promise<number | null> {
  mine(auth, userInfoId)
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const now = ctx.clock.now()
    await endOpenConversations(trx, auth.userInfoId, now)
    if (status === 0) return null
    return insertConversation(trx, auth.userInfoId, now)
  })
}

/** A question accepted for answering: its log row and how to answer it. */
export interface PreparedChat {
  messageId: number
  conversationId: number
  article: FoundArticle | null
  provider: ChatProvider | null
}

/**
 * Checks and records a question before any byte of the stream is sent, so a refusal is an ordinary envelope: the
 * helper must be on and the user under the rate limit. The count and the insert run under a per-user advisory lock,
 * so two server processes cannot both let the 21st message through.
 */
export async function prepareChat(
  ctx: AppContext,
  auth: AuthInfo,
  userInfoId: number,
  question: string,
): Promise<PreparedChat> {
  mine(auth, userInfoId)
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const cfg = await readConfig(trx)
    if (!cfg.enabled) throw refused(AssistantErrorCode.DISABLED, AssistantMsg.DISABLED)
    await lockUserQuestions(trx, auth.tenantId, auth.userInfoId)
    const now = ctx.clock.now()
    const since = new Date(now.getTime() - ASSISTANT_RATE_WINDOW_MS)
    const n = await countQuestionsSince(trx, auth.userInfoId, since)
    if (n >= ASSISTANT_RATE_LIMIT) throw refused(AssistantErrorCode.RATE_LIMITED, AssistantMsg.RATE_LIMITED)
    // The open conversation, or a new one when the page did not start one (a second tab, a restart).
    const open = await findOpenConversation(trx, auth.userInfoId)
    const conversationId = open ? Number(open.id) : await insertConversation(trx, auth.userInfoId, now)
    const article = await bestArticle(trx, question)
    const id = await insertQuestion(trx, {
      conversation_id: conversationId,
      user_info_id: auth.userInfoId,
      org_id: auth.orgId,
      question,
      created_at: now,
    })
    const provider =
      cfg.provider === 'openai' && cfg.sealedKey
        ? openAiChatProvider({ baseUrl: cfg.baseUrl, model: cfg.model, apiKey: ctx.secrets.open(cfg.sealedKey) })
        : null
    return { messageId: id, conversationId, article, provider }
  })
}

function systemPrompt(article: FoundArticle | null): string {
  const base =
    '你是智校平台的智能客服，用简体中文简洁地回答老师、学生和家长关于平台使用的问题。只依据给出的帮助文档回答；文档中没有的内容，请说明不清楚并建议联系管理员。'
  return article ? `${base}\n\n帮助文档《${article.title}》：\n${article.body}` : base
}

/**
 * The events of one answer (000 §7.5's assistant-event data before `[end]`): where it comes from, then its text.
 * A model that fails mid-way ends with an error event; what it said so far is kept in the log.
 */
export async function* answer(
  p: PreparedChat,
  question: string,
  signal: AbortSignal,
  sink: { text: string; source: AssistantSource; title: string | null },
): AsyncIterable<AssistantEventData> {
  if (p.provider) {
    sink.source = 'model'
    sink.title = p.article?.title ?? null
    yield { type: 'source', source: 'model', title: sink.title }
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt(p.article) },
      { role: 'user', content: question },
    ]
    try {
      for await (const piece of p.provider.stream(messages, signal)) {
        sink.text += piece
        yield { type: 'delta', content: piece }
      }
    } catch {
      if (signal.aborted) return
      yield { type: 'error', msg: AssistantMsg.MODEL_FAILED }
    }
    return
  }
  if (!p.article) {
    sink.source = 'none'
    yield { type: 'source', source: 'none', title: null }
    sink.text = AssistantMsg.NO_ANSWER
    yield { type: 'delta', content: AssistantMsg.NO_ANSWER }
    return
  }
  sink.source = 'help'
  sink.title = p.article.title
  yield { type: 'source', source: 'help', title: p.article.title }
  const text = `【${p.article.title}】\n${p.article.body}`
  for (let i = 0; i < text.length; i += PIECE) {
    if (signal.aborted) return
    const piece = text.slice(i, i + PIECE)
    sink.text += piece
    yield { type: 'delta', content: piece }
  }
}

/** Stores the answer and ends the conversation: the spec's chat ends with the reply's end marker (000 §4). */
export async function finishChat(
  ctx: AppContext,
  auth: AuthInfo,
  p: PreparedChat,
  sink: { text: string; source: AssistantSource; title: string | null },
): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    await storeAnswer(trx, p.messageId, { answer: sink.text, source: sink.source, source_title: sink.title })
    await endConversation(trx, p.conversationId, ctx.clock.now())
  })
}

// ---- maintenance ----

export async function getConfig(ctx: AppContext, auth: AuthInfo): Promise<AssistantConfigView> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const c = await readConfig(trx)
    const top = await findOrgParent(trx, auth.orgId)
    return {
      enabled: c.enabled,
      provider: c.provider,
      baseUrl: c.baseUrl,
      model: c.model,
      hasKey: !!c.sealedKey,
      editable: !!top && top.parent_id === null,
    }
  })
}

/** An empty apiKey keeps the stored one; builtin deletes it. The new key is sealed before it is stored. */
export async function saveConfig(ctx: AppContext, auth: AuthInfo, b: AssistantConfigSave): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const old = await findConfig(trx)
    const builtin = b.provider === 'builtin'
    const key = builtin ? null : b.apiKey ? ctx.secrets.seal(b.apiKey) : (old?.api_key_sealed ?? null)
    if (!builtin && !key) throw badRequest(AssistantMsg.KEY_REQUIRED)
    const values = {
      enabled: b.enabled,
      provider: b.provider,
      base_url: builtin ? null : b.baseUrl,
      model: builtin ? null : b.model,
      api_key_sealed: key,
      updated_by: auth.userInfoId,
      updated_at: ctx.clock.now(),
    }
    await upsertConfig(trx, values)
    await recordOp(trx, auth, {
      module: MODULE,
      action: '保存配置',
      target: b.enabled ? '开启' : '关闭',
      detail: {
        provider: b.provider,
        baseUrl: values.base_url,
        model: values.model,
        keyChanged: !builtin && !!b.apiKey,
      },
    })
  })
}

const articleRow = (r: {
  id: number
  title: string
  keywords: string
  body: string
  enabled: boolean
  updated_at: Date
}): HelpArticleRow => ({
  id: Number(r.id),
  title: r.title,
  keywords: r.keywords,
  body: r.body,
  enabled: r.enabled,
  updatedAt: new Date(r.updated_at).toISOString(),
})

export async function listArticles(
  ctx: AppContext,
  auth: AuthInfo,
  q: AssistantPageQuery,
): Promise<Page<HelpArticleRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
    const page = await pageArticles(trx, like, q)
    return { ...page, list: page.list.map(articleRow) }
  })
}

export async function saveArticle(ctx: AppContext, auth: AuthInfo, b: HelpArticleBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const values = {
      title: b.title,
      keywords: b.keywords,
      body: b.body,
      enabled: b.enabled,
      updated_at: ctx.clock.now(),
    }
    let id: number
    if (b.id === undefined) {
      id = await insertArticle(trx, values)
    } else {
      const r = await updateArticle(trx, b.id, values)
      if (!r) throw notFound(AssistantMsg.ARTICLE_NOT_FOUND)
      id = b.id
    }
    await recordOp(trx, auth, {
      module: MODULE,
      action: b.id === undefined ? '新增帮助文档' : '编辑帮助文档',
      target: b.title,
    })
    return id
  })
}

export async function deleteArticle(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await deleteArticleRow(trx, id)
    if (!r) throw notFound(AssistantMsg.ARTICLE_NOT_FOUND)
    await recordOp(trx, auth, { module: MODULE, action: '删除帮助文档', target: r.title })
  })
}

/**
 * The conversation log of the caller's org and the orgs below it, newest first. A phone or ID number someone typed
 * into a question (or the assistant repeated) leaves masked by the field policy (issue 26 point 2): the log is for
 * improving the help articles, not a way to read people's numbers.
 */
export async function listLog(ctx: AppContext, auth: AuthInfo, q: AssistantPageQuery): Promise<Page<AssistantLogRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgs = await subtreeIds(trx, auth.orgId)
    const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
    const page = await pageLog(trx, orgs, like, q)
    return {
      ...page,
      list: page.list.map((r) => ({
        id: Number(r.id),
        userInfoId: Number(r.user_info_id),
        userName: r.true_name,
        orgName: r.org_name,
        question: maskPersonalText(r.question),
        answer: maskPersonalText(r.answer),
        source: r.source,
        sourceTitle: r.source_title,
        createdAt: new Date(r.created_at).toISOString(),
      })),
    }
  })
}

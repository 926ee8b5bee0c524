import { pageOf } from './organization.js'
import * as z from './z.js'

/**
 * The AI customer-service helper (000 §1, §3, §6, §7.5, §8, §9; docs/assistant.md). The spec names the three calls
 * (isEnableAssistant, startOrEndToChat, chat-stream) without a prefix, on "a separate configured AI host"; this server
 * is that host by default and serves them under ASSISTANT_API. Everything else here (help articles, the model
 * config, the conversation log) is ours: the spec does not show how the helper answers.
 */

/** SSE event name and end marker of chat-stream (000 §7.5, verbatim). */
export const ASSISTANT_EVENT = 'assistant-event'
export const ASSISTANT_END = '[end]'

/** 000 §9 and §8, verbatim. */
export const ASSISTANT_GREETING = '您好，有什么可以帮到您？'
export const ASSISTANT_QUICK_QUESTIONS = ['老师如何请假？', '学生如何请假？'] as const
export const ASSISTANT_DRAWER_WIDTH = 800
/** Auto-scroll follows the reply while the reader is within this many pixels of the bottom (000 §9). */
export const ASSISTANT_SCROLL_SLACK_PX = 100

/** Messages a user may send per minute, counted in the database so every server process agrees. */
export const ASSISTANT_RATE_LIMIT = 20
export const ASSISTANT_RATE_WINDOW_MS = 60_000
export const ASSISTANT_MAX_MESSAGE = 500

export const AssistantErrorCode = {
  RATE_LIMITED: 1901,
  DISABLED: 1902,
  MODEL_FAILED: 1903,
} as const

export const AssistantMsg = {
  /** 000 §8 / §9, verbatim. */
  BUSY: '正在对话中，请等待',
  ENDED: '对话已结束',
  STREAM_ERROR: '网络错误，请稍后再试！',
  TITLE: '智能客服',
  EMPTY: '请输入您的问题',
  TOO_LONG: `问题不能超过${ASSISTANT_MAX_MESSAGE}个字`,
  RATE_LIMITED: `提问太频繁，每分钟最多${ASSISTANT_RATE_LIMIT}条，请稍后再试`,
  NOT_YOURS: '只能以本人身份对话',
  DISABLED: '智能客服未开启',
  NO_ANSWER: '抱歉，帮助文档中没有找到相关内容，您可以换个说法，或联系管理员。',
  MODEL_FAILED: '智能客服暂不可用，请稍后再试',
  ARTICLE_NOT_FOUND: '帮助文档不存在',
  TITLE_REQUIRED: '请输入标题',
  TITLE_LONG: '标题不能超过60个字符',
  BODY_REQUIRED: '请输入正文',
  BODY_LONG: '正文不能超过5000个字符',
  KEYWORDS_LONG: '关键词不能超过200个字符',
  BASE_URL_BAD: '接口地址必须以https://或http://开头',
  MODEL_BAD: '模型名称只能包含字母、数字和 . _ : / -，且不超过100个字符',
  MODEL_REQUIRED: '使用大模型时请填写接口地址和模型名称',
  KEY_REQUIRED: '首次使用大模型时请填写API Key',
  KEY_BAD: 'API Key不能包含空白，且不超过200个字符',
  SAVED: '保存成功',
  ADDED: '新增成功',
  DELETED: '删除成功',
} as const

const userInfoId = z.coerce.number({ message: '用户编号不正确' }).int().positive('用户编号不正确')

/** POST startOrEndToChat (000 §7.5): status 1 starts a conversation, 0 ends it. */
export const startOrEndBody = z.object({
  userInfoId,
  status: z.union([z.literal(0), z.literal(1)], { message: '状态只能为0或1' }),
})

/** The question of one chat-stream call: not blank, at most ASSISTANT_MAX_MESSAGE characters. */
const assistantMessage = z
  .string({ message: AssistantMsg.EMPTY })
  .trim()
  .min(1, AssistantMsg.EMPTY)
  .max(ASSISTANT_MAX_MESSAGE, AssistantMsg.TOO_LONG)

/** chat-stream payload (000 §7.5: content, userInfoId). */
export const chatStreamBody = z.object({ content: assistantMessage, userInfoId })

/**
 * The data of one assistant-event (JSON), before the final `[end]`: the source of the answer first, then pieces of
 * text, or an error (then `[end]`).
 */
export type AssistantEventData =
  | { type: 'source'; source: AssistantSource; title: string | null }
  | { type: 'delta'; content: string }
  | { type: 'error'; msg: string }

export type AssistantSource = 'help' | 'model' | 'none'

// ---- maintenance: help articles ----

export const helpArticleBody = z.object({
  id: z.id().optional(),
  title: z
    .line({ message: AssistantMsg.TITLE_REQUIRED })
    .min(1, AssistantMsg.TITLE_REQUIRED)
    .max(60, AssistantMsg.TITLE_LONG),
  /** Extra words people may ask with (synonyms), searched with the title and body. */
  keywords: z.line().max(200, AssistantMsg.KEYWORDS_LONG).default(''),
  body: z
    .string({ message: AssistantMsg.BODY_REQUIRED })
    .trim()
    .min(1, AssistantMsg.BODY_REQUIRED)
    .max(5000, AssistantMsg.BODY_LONG),
  enabled: z.boolean().default(true),
})
export type HelpArticleBody = z.infer<typeof helpArticleBody>

const helpArticleRow = z.object({
  id: z.number(),
  title: z.string(),
  keywords: z.string(),
  body: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
})
export type HelpArticleRow = z.infer<typeof helpArticleRow>

export const assistantIdBody = z.object({ id: z.id() })

export const assistantPageQuery = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.line().max(30, '关键词不能超过30个字符').default(''),
})
export type AssistantPageQuery = z.infer<typeof assistantPageQuery>
export const helpArticlePage = pageOf(helpArticleRow)

// ---- maintenance: the model ----

export const ASSISTANT_PROVIDERS = ['builtin', 'openai'] as const
export type AssistantProviderType = (typeof ASSISTANT_PROVIDERS)[number]

/** The tenant's helper as the admin page reads it: the API key is never returned, only whether one is kept. */
export const assistantConfigView = z.object({
  enabled: z.boolean(),
  provider: z.enum(ASSISTANT_PROVIDERS),
  baseUrl: z.string(),
  model: z.string(),
  hasKey: z.boolean(),
  /** Only the top org's administrators change the tenant's helper. */
  editable: z.boolean(),
})
export type AssistantConfigView = z.infer<typeof assistantConfigView>

/** Saving: an empty apiKey keeps the stored one; switching to builtin deletes it. */
export const assistantConfigSave = z
  .object({
    enabled: z.boolean(),
    provider: z.enum(ASSISTANT_PROVIDERS),
    /** An OpenAI-compatible base, e.g. https://api.openai.com/v1 (chat/completions is appended). */
    baseUrl: z
      .line()
      .max(300, AssistantMsg.BASE_URL_BAD)
      .refine(
        (v) => v === '' || /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[\w.~%-]*)*\/?$/.test(v),
        AssistantMsg.BASE_URL_BAD,
      )
      .default(''),
    model: z
      .line()
      .max(100, AssistantMsg.MODEL_BAD)
      .refine((v) => v === '' || /^[\w.:/-]+$/.test(v), AssistantMsg.MODEL_BAD)
      .default(''),
    apiKey: z
      .line()
      .max(200, AssistantMsg.KEY_BAD)
      .refine((v) => !/\s/.test(v), AssistantMsg.KEY_BAD)
      .default(''),
  })
  .refine((v) => v.provider !== 'openai' || (v.baseUrl !== '' && v.model !== ''), {
    message: AssistantMsg.MODEL_REQUIRED,
    path: ['baseUrl'],
  })
export type AssistantConfigSave = z.infer<typeof assistantConfigSave>

// ---- the conversation log ----

const assistantLogRow = z.object({
  id: z.number(),
  userInfoId: z.number(),
  userName: z.string(),
  orgName: z.string(),
  question: z.string(),
  answer: z.string(),
  source: z.string(),
  sourceTitle: z.string().nullable(),
  createdAt: z.string(),
})
export type AssistantLogRow = z.infer<typeof assistantLogRow>
export const assistantLogPage = pageOf(assistantLogRow)

export const ASSISTANT_BUTTONS = {
  CONFIG: 'sc_menhu_pc_assistant_config',
  ADD: 'sc_menhu_pc_assistant_add',
  EDIT: 'sc_menhu_pc_assistant_edit',
  DELETE: 'sc_menhu_pc_assistant_delete',
} as const

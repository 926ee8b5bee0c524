import {
  ASSISTANT_API,
  ASSISTANT_END,
  assistantAdminContracts as A,
  assistantChatContracts as C,
  AssistantMsg,
  type AnyContract,
  type AssistantConfigSave,
  type AssistantEventData,
  type DataOf,
  type HelpArticleBody,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'
import { request, specHeaders } from '../../api/client'
import { appConfig } from '../../config'
import { getToken } from '../../stores/token'

/**
 * The AI host (000 §6, §7.1): the config centre's ai address (001 §2.4), else VITE_AI_URL when the build sets one
 * (an empty value switches the helper off), else this server's ASSISTANT_API (web/src/config.ts). The calls' names
 * are the spec's, appended to it. Read at each call: the config centre answers after the entry has loaded.
 */
export const aiUrl = (): string => (appConfig.ai ?? ASSISTANT_API).replace(/\/+$/, '')
/** A chat call's address on the AI host: the contract's path with its ASSISTANT_API prefix replaced by aiUrl(). */
const onAiHost = (c: AnyContract): string => `${aiUrl()}${c.path.slice(ASSISTANT_API.length)}`

export const AssistantKeys = {
  enabled: 'assistant-enabled',
  config: 'assistant-config',
  articles: 'assistant-articles',
  log: 'assistant-log',
} as const

type PageParams = { pageIndex: number; pageSize: number; keyword?: string }

export const assistantApi = {
  // On the AI host (possibly not this server), so by address rather than call(): see onAiHost.
  isEnabled: () =>
    request<DataOf<typeof C.isEnableAssistant>>(onAiHost(C.isEnableAssistant), {
      method: C.isEnableAssistant.method,
      showError: false,
      loginRedirect: false,
    }),
  startOrEnd: (userInfoId: number, status: 0 | 1) =>
    request<DataOf<typeof C.startOrEndToChat>>(onAiHost(C.startOrEndToChat), {
      method: C.startOrEndToChat.method,
      body: { userInfoId, status },
      showError: false,
      loginRedirect: false,
    }),

  config: () => call(A.getConfig),
  saveConfig: (body: AssistantConfigSave) => callEnvelope(A.saveConfig, body),
  articles: (params: PageParams) => call(A.articlePage, params),
  addArticle: (body: Omit<HelpArticleBody, 'id'>) => callEnvelope(A.addArticle, body),
  updateArticle: (body: HelpArticleBody & { id: number }) => callEnvelope(A.updateArticle, body),
  deleteArticle: (id: number) => callEnvelope(A.deleteArticle, { id }),
  log: (params: PageParams) => call(A.logPage, params),
}

export interface StreamHandlers {
  onEvent: (e: AssistantEventData) => void
}

/**
 * chat-stream (000 §7.5): POSTs {content, userInfoId} with the bearer token and reads the server-sent events from the
 * body. Not an EventSource: it cannot send the Authorization header, and the API never trusts a cookie. Resolves at
 * `[end]`; rejects with the message to show (a refusal's own message, or 网络错误，请稍后再试！).
 */
export async function streamChat(
  content: string,
  userInfoId: number,
  h: StreamHandlers,
  signal?: AbortSignal,
): Promise<void> {
  let res: Response
  try {
    res = await fetch(onAiHost(C.chatStream), {
      method: C.chatStream.method,
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        ...specHeaders(getToken()),
      },
      body: JSON.stringify({ content, userInfoId }),
      signal,
    })
  } catch {
    throw new Error(AssistantMsg.STREAM_ERROR)
  }
  if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream') || !res.body) {
    // A refusal (rate limit, too long, switched off) is an envelope with its own message.
    const env = (await res.json().catch(() => null)) as { msg?: string } | null
    throw new Error(env?.msg || AssistantMsg.STREAM_ERROR)
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buf = ''
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      buf += value
      let cut: number
      while ((cut = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, cut)
        buf = buf.slice(cut + 2)
        const data = block
          .split('\n')
          .filter((l) => l.startsWith('data:'))
          .map((l) => l.slice(5).replace(/^ /, ''))
          .join('\n')
        if (data === ASSISTANT_END) return
        if (data) h.onEvent(JSON.parse(data) as AssistantEventData)
      }
    }
  } catch {
    throw new Error(AssistantMsg.STREAM_ERROR)
  }
  // The stream closed without its end marker: the connection broke.
  throw new Error(AssistantMsg.STREAM_ERROR)
}

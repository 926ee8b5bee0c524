import {
  ASSISTANT_ADMIN_API, ASSISTANT_API, ASSISTANT_END, AssistantMsg, type AssistantConfigSave, type AssistantConfigView, type AssistantEventData,
  type AssistantLogRow, type HelpArticleBody, type HelpArticleRow,
} from '@zhixiao/shared'
import { request, requestEnvelope, specHeaders } from '../../api/client'
import { appConfig } from '../../config'
import { getToken } from '../../stores/token'

/**
 * The AI host (000 §6, §7.1): the config centre's ai address (001 §2.4), else VITE_AI_URL when the build sets one
 * (an empty value switches the helper off), else this server's ASSISTANT_API (web/src/config.ts). The calls' names
 * are the spec's, appended to it. Read at each call: the config centre answers after the entry has loaded.
 */
export const aiUrl = (): string => (appConfig.ai ?? ASSISTANT_API).replace(/\/+$/, '')

export const AssistantKeys = { enabled: 'assistant-enabled', config: 'assistant-config', articles: 'assistant-articles', log: 'assistant-log' } as const

export interface Page<T> { list: T[]; total: number; pageIndex: number; pageSize: number }
type PageParams = { pageIndex: number; pageSize: number; keyword?: string }

export const assistantApi = {
  isEnabled: () => request<boolean>(`${aiUrl()}/isEnableAssistant`, { showError: false, loginRedirect: false }),
  startOrEnd: (userInfoId: number, status: 0 | 1) =>
    request<number | null>(`${aiUrl()}/startOrEndToChat`, { body: { userInfoId, status }, showError: false, loginRedirect: false }),

  config: () => request<AssistantConfigView>(`${ASSISTANT_ADMIN_API}/config/get`),
  saveConfig: (body: AssistantConfigSave) => requestEnvelope<null>(`${ASSISTANT_ADMIN_API}/config/save`, { body }),
  articles: (params: PageParams) => request<Page<HelpArticleRow>>(`${ASSISTANT_ADMIN_API}/article/page`, { params }),
  addArticle: (body: Omit<HelpArticleBody, 'id'>) => requestEnvelope<number>(`${ASSISTANT_ADMIN_API}/article/add`, { body }),
  updateArticle: (body: HelpArticleBody & { id: number }) => requestEnvelope<null>(`${ASSISTANT_ADMIN_API}/article/update`, { body }),
  deleteArticle: (id: number) => requestEnvelope<null>(`${ASSISTANT_ADMIN_API}/article/delete`, { body: { id } }),
  log: (params: PageParams) => request<Page<AssistantLogRow>>(`${ASSISTANT_ADMIN_API}/log/page`, { params }),
}

export interface StreamHandlers {
  onEvent: (e: AssistantEventData) => void
}

/**
 * chat-stream (000 §7.5): POSTs {content, userInfoId} with the bearer token and reads the server-sent events from the
 * body. Not an EventSource: it cannot send the Authorization header, and the API never trusts a cookie. Resolves at
 * `[end]`; rejects with the message to show (a refusal's own message, or 网络错误，请稍后再试！).
 */
export async function streamChat(content: string, userInfoId: number, h: StreamHandlers, signal?: AbortSignal): Promise<void> {
  let res: Response
  try {
    res = await fetch(`${aiUrl()}/chat-stream`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json', Accept: 'text/event-stream', ...specHeaders(getToken()),
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
        const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).replace(/^ /, '')).join('\n')
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

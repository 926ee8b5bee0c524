import type { MessageRow, MpAppBody, MpAppRow, MpScope, TemplateBody, TemplateRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'
import type { PageResult } from '../../components/crud'
import { getToken } from '../../stores/token'

const M = '/base/api/message'

/** Query groups of the message centre: a read refreshes the list and the bell together. */
export const MessageKeys = { unread: 'messageUnread', list: 'messageList' } as const

/** /base/api/message (docs/portal.md, "Messages and service accounts"). */
export const messageApi = {
  /** Silent: the bell sits in every header and must render whatever happens. */
  unreadCount: () => request<number>(`${M}/unreadCount`, { showError: false, notFoundPage: false }),
  list: (pageIndex: number, pageSize: number, unreadOnly: boolean) =>
    request<PageResult<MessageRow>>(`${M}/queryPage`, { body: { pageIndex, pageSize, unreadOnly } }),
  read: (id: number) => requestEnvelope<null>(`${M}/read`, { body: { id } }),
  readAll: () => requestEnvelope<number>(`${M}/readAll`, { body: {} }),
}

/** The signed-in user's unread count; refreshed every minute while a page is open. */
export function useUnreadCount() {
  const signedIn = !!getToken()
  return useQuery({
    queryKey: [MessageKeys.unread],
    queryFn: () => messageApi.unreadCount().catch(() => 0),
    enabled: signedIn,
    refetchInterval: 60_000,
  })
}

// ---- Message templates and the WeChat / DingTalk app settings (admin pages) ----

const T = '/base/api/messagetemplate'
export const TemplateKeys = { list: 'messageTemplates', options: 'messageTemplateOptions' } as const
type Option = { value: string; label: string }
export const templateApi = {
  page: (q: { pageIndex: number; pageSize: number; event?: string; name?: string }) => request<PageResult<TemplateRow>>(`${T}/queryPage`, { body: q }),
  create: (b: TemplateBody) => requestEnvelope<number>(`${T}/create`, { body: b }),
  update: (b: TemplateBody) => requestEnvelope<null>(`${T}/update`, { body: b }),
  remove: (id: number) => requestEnvelope<null>(`${T}/delete`, { body: { id } }),
  pushTypes: () => request<Option[]>(`${T}/getPushType`),
  events: () => request<Option[]>(`${T}/getTriggerEvent`),
  keywords: (event: string) => request<string[]>(`${T}/getKeyword`, { params: { event } }),
}

const A = '/base/api/mpApp'
export const MpKeys = { list: 'mpApps' } as const
export const mpApi = {
  list: (scope: MpScope) => request<MpAppRow[]>(`${A}/${scope}/list`),
  get: (scope: MpScope, id: number) => request<MpAppRow>(`${A}/${scope}/get`, { params: { id } }),
  save: (scope: MpScope, b: MpAppBody) => requestEnvelope<number>(`${A}/${scope}/save`, { body: b }),
  remove: (scope: MpScope, id: number) => requestEnvelope<null>(`${A}/${scope}/delete`, { body: { id } }),
}

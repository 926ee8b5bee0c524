import {
  messageContracts as M,
  messageTemplateContracts as T,
  mpAppContracts,
  type MpAppBody,
  type MpScope,
  type TemplateBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'
import { getToken } from '../../stores/token'

/** Query groups of the message centre: a read refreshes the list and the bell together. */
export const MessageKeys = { unread: 'messageUnread', list: 'messageList' } as const

/** /base/api/message (docs/messages.md, "Messages and service accounts"). */
export const messageApi = {
  /** Silent: the bell sits in every header and must render whatever happens. */
  unreadCount: () => call(M.unreadCount, undefined, { showError: false, notFoundPage: false }),
  list: (pageIndex: number, pageSize: number, unreadOnly: boolean) =>
    call(M.queryPage, { pageIndex, pageSize, unreadOnly }),
  read: (id: number) => callEnvelope(M.read, { id }),
  readAll: () => callEnvelope(M.readAll),
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

export const TemplateKeys = { list: 'messageTemplates', options: 'messageTemplateOptions' } as const
export const templateApi = {
  page: (q: { pageIndex: number; pageSize: number; event?: TemplateBody['event']; name?: string }) =>
    call(T.queryPage, q),
  create: (b: TemplateBody) => callEnvelope(T.create, b),
  update: (b: TemplateBody & { id: number }) => callEnvelope(T.update, b),
  remove: (id: number) => callEnvelope(T.delete, { id }),
  pushTypes: () => call(T.getPushType),
  events: () => call(T.getTriggerEvent),
  keywords: (event: TemplateBody['event']) => call(T.getKeyword, { event }),
}

export const MpKeys = { list: 'mpApps' } as const
export const mpApi = {
  list: (scope: MpScope) => call(mpAppContracts[scope].list, {}),
  get: (scope: MpScope, id: number) => call(mpAppContracts[scope].get, { id }),
  save: (scope: MpScope, b: MpAppBody) => callEnvelope(mpAppContracts[scope].save, b),
  remove: (scope: MpScope, id: number) => callEnvelope(mpAppContracts[scope].delete, { id }),
}

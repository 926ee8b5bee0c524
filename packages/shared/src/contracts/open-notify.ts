/**
 * An app's messages and badges (docs/open-platform.md "Messages and badges"): calls of the app's server with its own
 * client-credentials token (`Authorization: Bearer`, scope `zx:notify`), not a portal session, so the contracts are
 * public and the handler checks the token — the same admission, rate limit and errors as the directory API.
 */
import { post, put } from '../contract.js'
import { openBadgesBody, openBadgesUpdated, openMessageBody, openMessageSent } from '../open-notify.js'

const tags = ['消息与待办（应用）']
const access = { public: true, tags } as const

export const openNotifyContracts = {
  messages: post('/open/v1/messages', {
    ...access,
    summary: '向本单位人员发送消息（需 zx:notify；站内信，已配置模板时推送短信、微信）',
    body: openMessageBody,
    data: openMessageSent,
  }),
  badges: put('/open/v1/badges', {
    ...access,
    summary: '设置人员在本应用的待办数（门户红点；0 清除）',
    body: openBadgesBody,
    data: openBadgesUpdated,
  }),
}

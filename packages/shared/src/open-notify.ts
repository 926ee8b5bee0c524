import * as z from './z.js'

/**
 * An app's messages and badges (docs/open-platform.md "Messages and badges"): with a client-credentials token carrying
 * `zx:notify`, the app's server sends messages to people of its district (the portal's message centre, and SMS /
 * WeChat where the district saved templates for 应用通知) and sets how many things wait for each person in the app
 * (the portal's red dot on it). People are named by the app's own subject ids (`sub`), as in its sign-ins.
 */
export const OpenNotifyMsg = {
  SCOPE_MISSING: '访问令牌未包含 zx:notify 授权范围',
  NOT_GRANTED: '应用未获授权发送消息与待办（zx:notify）',
  UNKNOWN_SUB: '接收人不存在：',
  TO_REQUIRED: '请至少指定一位接收人',
  TOO_MANY_TO: '接收人最多 1000 位',
  TITLE: '标题为 1–50 个字',
  CONTENT: '内容为 1–500 个字',
  LINK: '链接须为 http(s) 地址，最多 500 个字符',
  SUB: '接收人标识（sub）为 1–64 个字符',
  COUNTS_REQUIRED: '请至少提供一位人员的待办数',
  TOO_MANY_COUNTS: '一次最多设置 5000 位人员的待办数',
  COUNT: '待办数须为 0–9999 的整数',
} as const

const OPEN_NOTIFY_MAX_TO = 1000
const OPEN_BADGES_MAX = 5000

/** An app's subject id: a pairwise digest (32 characters) or a person's id (public apps). */
const sub = z.line({ message: OpenNotifyMsg.SUB }).min(1, OpenNotifyMsg.SUB).max(64, OpenNotifyMsg.SUB)

export const openMessageBody = z.object({
  to: z
    .array(sub, { message: OpenNotifyMsg.TO_REQUIRED })
    .min(1, OpenNotifyMsg.TO_REQUIRED)
    .max(OPEN_NOTIFY_MAX_TO, OpenNotifyMsg.TOO_MANY_TO),
  title: z.line({ message: OpenNotifyMsg.TITLE }).min(1, OpenNotifyMsg.TITLE).max(50, OpenNotifyMsg.TITLE),
  content: z
    .string({ message: OpenNotifyMsg.CONTENT })
    .trim()
    .min(1, OpenNotifyMsg.CONTENT)
    .max(500, OpenNotifyMsg.CONTENT),
  /** Where the message opens (the app's page of it); none: the app's entry address. */
  link: z.link('http', OpenNotifyMsg.LINK, 500).optional(),
})
export type OpenMessageBody = z.input<typeof openMessageBody>
export const openMessageSent = z.object({ sent: z.number() })

export const openBadgesBody = z.object({
  counts: z
    .array(
      z.object({
        sub,
        count: z
          .number({ message: OpenNotifyMsg.COUNT })
          .int(OpenNotifyMsg.COUNT)
          .min(0, OpenNotifyMsg.COUNT)
          .max(9999, OpenNotifyMsg.COUNT),
      }),
      { message: OpenNotifyMsg.COUNTS_REQUIRED },
    )
    .min(1, OpenNotifyMsg.COUNTS_REQUIRED)
    .max(OPEN_BADGES_MAX, OpenNotifyMsg.TOO_MANY_COUNTS),
})
export type OpenBadgesBody = z.input<typeof openBadgesBody>
export const openBadgesUpdated = z.object({ updated: z.number() })

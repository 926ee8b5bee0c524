/**
 * The consent ledger (issue 26 point 5; docs/privacy.md "Consent"): what a guardian sees and gives or withdraws for
 * each child, and what a school admin records from a paper form.
 */
import { CONSENT_CHANNELS, CONSENT_PURPOSE_KEYS } from './privacy/consent-purposes.js'
import * as z from './z.js'

export const ConsentMsg = {
  CHILD_NOT_FOUND: '孩子不存在',
  APP_REQUIRED: '请选择应用',
  APP_NOT_ALLOWED: '该用途不针对具体应用',
  APP_NOT_FOUND: '应用不存在或无需监护人同意',
  ALREADY_GIVEN: '已同意，无需重复操作',
  ALREADY_WITHDRAWN: '当前未同意，无需撤回',
  NOTICE_CHANGED: '告知书已更新，请阅读新版本后再确认',
  GUARDIAN_NOT_BOUND: '该家长未绑定这个孩子',
  GIVEN: '已同意',
  WITHDRAWN: '已撤回同意',
  RECORDED: '已录入纸质授权',
  FACE_NOT_GIVEN: '监护人未同意采集孩子的人脸信息，不能采集或保存',
} as const

const purpose = z.enum(CONSENT_PURPOSE_KEYS, { message: '授权用途不正确' })
const noticeVersion = z.line({ message: '请确认告知书版本' }).min(1, '请确认告知书版本').max(40, '告知书版本过长')

/** A guardian giving (given: true) or withdrawing consent for one child, purpose and (appRelease) app. */
export const consentSetBody = z.object({
  childId: z.id({ message: '请选择孩子' }),
  purpose,
  appId: z.id({ message: '请选择应用' }).optional().nullable(),
  given: z.boolean({ message: '请选择同意或撤回' }),
  /** The notice version the confirmation showed: a newer one on the server is refused (409), never silently taken. */
  noticeVersion,
  channel: z.enum(['pc', 'mobile'], { message: '渠道不正确' }),
})
export type ConsentSetBody = z.input<typeof consentSetBody>

/** A school admin entering a guardian's signed paper form (channel paper), with the guardian named. */
export const consentPaperBody = z.object({
  childId: z.id({ message: '请选择孩子' }),
  guardianId: z.id({ message: '请选择家长' }),
  purpose,
  appId: z.id({ message: '请选择应用' }).optional().nullable(),
  given: z.boolean({ message: '请选择同意或撤回' }),
  noticeVersion,
})
export type ConsentPaperBody = z.input<typeof consentPaperBody>

export const consentChildQuery = z.object({ childId: z.id({ message: '请选择孩子' }) })

/** One line of the ledger as the guardian's history shows it. */
export const consentLine = z.object({
  id: z.number(),
  at: z.string(),
  purpose,
  appId: z.number().nullable(),
  appName: z.string().nullable(),
  given: z.boolean(),
  noticeVersion: z.string(),
  guardianName: z.string(),
  relation: z.string().nullable(),
  channel: z.enum(CONSENT_CHANNELS),
})
export type ConsentLine = z.infer<typeof consentLine>

/** One thing that asks for consent (a purpose, or appRelease for one app) with its current state. */
export const consentItem = z.object({
  purpose,
  appId: z.number().nullable(),
  appName: z.string().nullable(),
  given: z.boolean(),
  /** The line that decided the state (null: never asked yet, i.e. not given). */
  at: z.string().nullable(),
  noticeVersion: z.string().nullable(),
})
export type ConsentItem = z.infer<typeof consentItem>

/** A guardian's view of one child: the notice version to confirm against, each purpose and app, and the history. */
export const myChildConsents = z.object({
  childId: z.number(),
  childName: z.string(),
  under14: z.boolean(),
  noticeVersion: z.string(),
  items: z.array(consentItem),
  history: z.array(consentLine),
})
export type MyChildConsents = z.infer<typeof myChildConsents>

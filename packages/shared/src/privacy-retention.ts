/**
 * Retention, legal hold and guardians' deletion and correction requests (issue 26 point 6; docs/privacy.md
 * "Retention and requests").
 */
import { idCardField } from './people.js'
import {
  maskIdCard,
  maskPhone,
  maskValue,
  PERSONAL_FIELD_KEYS,
  PERSONAL_FIELDS,
  type PersonalFieldKey,
} from './privacy/personal-fields.js'
import * as z from './z.js'

/**
 * The domains the scrub clears, each after its own number of days from the day a person left (毕业, 转出, 退学 …).
 * `identity` (ID number, birth date, ethnicity, political status) is not among them: it belongs to the 学籍 core,
 * which the school-record rules keep, as they keep the name, the student number, the school, the class and the
 * change records. `consent` is the consent ledger's domain (issue 26 point 5).
 */
export const SCRUB_DOMAINS = ['contact', 'family', 'media', 'health', 'consent'] as const
export type ScrubDomain = (typeof SCRUB_DOMAINS)[number]
export const SCRUB_DOMAIN_LABEL: Record<ScrubDomain, string> = {
  contact: '联系方式（手机号、邮箱、住址）',
  family: '亲属关系（家长绑定、加入申请中的孩子信息）',
  media: '照片与头像',
  health: '健康信息',
  consent: '同意记录',
}

/**
 * What the consent domain's scrub writes in place of a leaver's names on the consent ledger (consent_record: the
 * child, the guardian, the guardian as recorder). The ledger's trigger accepts exactly this value (migration
 * 202612010300), so it is written the same on both sides.
 */
export const CONSENT_SCRUBBED = '已清理'

/**
 * Days after leaving, by domain, when the tenant has set nothing. Contact and family: half a year, in which a school
 * still hands over diplomas and answers the receiving school of a transfer; photos: a month (nothing in school
 * duty needs a leaver's face); health: at once (sensitive, PIPL art. 28); consents: a year, because a consent record
 * is the proof that a past use was lawful and the annual audit (点 7) reads the whole year.
 */
export const RETENTION_DEFAULTS: Readonly<Record<ScrubDomain, number>> = {
  contact: 180,
  family: 180,
  media: 30,
  health: 0,
  consent: 365,
}
export const RETENTION_MAX_DAYS = 3650

/**
 * A guardian's request is answered within this many working days (Monday to Friday). PIPL art. 50 names no figure;
 * 《App违法违规收集使用个人信息行为认定方法》 (2019) caps a promised time for correction and deletion at 15 working
 * days, inside GB/T 35273-2020 §8.7's thirty days.
 */
export const PI_REQUEST_WORKING_DAYS = 15

/** What a domain scrub or a request may name, and which fields the 学籍 duty keeps whatever is asked. */
export const scrubDomainOf = (f: PersonalFieldKey): ScrubDomain | null => {
  const d = PERSONAL_FIELDS[f].retention
  return d === 'identity' ? null : d
}

/**
 * The school's view of a guardian's desired value: a single named field's own mask (phone 3+4, ID 6+2 …); otherwise
 * (several fields, or a field the policy withholds) the text with every run of six or more digits masked, which is
 * where phones and ID numbers hide in free text.
 */
export function maskDesired(fields: readonly PersonalFieldKey[], desired: string | null): string | null {
  if (desired === null) return null
  const only = fields.length === 1 ? fields[0]! : null
  if (only && PERSONAL_FIELDS[only].mask !== 'withhold') return maskValue(only, desired)
  return desired.replace(/\d{6,}[\dXx]?/g, (d) => (d.length >= 15 ? maskIdCard(d) : maskPhone(d)))
}

/** The fields a correction can set through the people module's update (the rest are answered by the school). */
export const CORRECTABLE_FIELDS = ['phone', 'idCard'] as const satisfies readonly PersonalFieldKey[]

export const RetentionMsg = {
  DAYS: `保留天数须为0-${RETENTION_MAX_DAYS}的整数`,
  REASON: '请填写原因（4-200个字）',
  PERSON_NOT_FOUND: '人员不存在',
  HOLD_EXISTS: '该人员已处于保全状态',
  HOLD_NOT_FOUND: '保全记录不存在或已解除',
  CHILD_NOT_FOUND: '孩子不存在',
  FIELDS: '请选择涉及的信息',
  PROBLEM: '请说明问题（4-500个字）',
  DESIRED: '更正请填写正确的内容（1-200个字）',
  REQUEST_NOT_FOUND: '申请不存在',
  REQUEST_DONE: '该申请已处理',
  REPLY: '请填写答复（2-500个字）',
  CORRECTION_NOT_ASKED: '只能更正申请中涉及的信息',
  REQUEST_PENDING: '该孩子已有同类申请正在处理',
  ID_CARD: '身份证号格式不正确',
  DESIRED_UNUSABLE: '家长提供的内容无法直接采用，请填写更正后的值',
} as const

const days = z.coerce.number({ message: RetentionMsg.DAYS }).int(RetentionMsg.DAYS).min(0, RetentionMsg.DAYS)
const daysField = days.max(RETENTION_MAX_DAYS, RetentionMsg.DAYS)
export const retentionPolicy = z.object({
  contact: daysField,
  family: daysField,
  media: daysField,
  health: daysField,
  consent: daysField,
})
export type RetentionPolicy = z.infer<typeof retentionPolicy>
export const retentionPolicyAnswer = z.object({
  policy: retentionPolicy,
  /** false while the tenant keeps the defaults. */
  custom: z.boolean(),
  updatedAt: z.string().nullable(),
})
export type RetentionPolicyAnswer = z.infer<typeof retentionPolicyAnswer>

export const scrubRunAnswer = z.object({ persons: z.number(), domains: z.number() })
export type ScrubRunAnswer = z.infer<typeof scrubRunAnswer>

const paging = {
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
}
const reason = z.line({ message: RetentionMsg.REASON }).min(4, RetentionMsg.REASON).max(200, RetentionMsg.REASON)

/** 离校人员: the archived members (graduated, transferred out, left) with their scrub state and hold. */
export const leaverPageBody = z.object({
  ...paging,
  keyword: z.line().max(50, '关键字不能超过50个字符').optional().nullable(),
})
export type LeaverPageBody = z.input<typeof leaverPageBody>
export const leaverRow = z.object({
  id: z.number(),
  trueName: z.string(),
  jobNo: z.string().nullable(),
  userType: z.number(),
  orgName: z.string().nullable(),
  leftAt: z.string(),
  scrubbed: z.array(z.enum(SCRUB_DOMAINS)),
  /** The next domain's due day, null when all are scrubbed. */
  nextDue: z.string().nullable(),
  holdId: z.number().nullable(),
  holdReason: z.string().nullable(),
})
export type LeaverRow = z.infer<typeof leaverRow>

export const holdAddBody = z.object({ userInfoId: z.id({ message: '请选择人员' }), reason })
export type HoldAddBody = z.infer<typeof holdAddBody>
export const holdReleaseBody = z.object({ id: z.id(), reason })
export type HoldReleaseBody = z.infer<typeof holdReleaseBody>
export const holdPageBody = z.object({ ...paging, active: z.boolean().optional().nullable() })
export type HoldPageBody = z.input<typeof holdPageBody>
export const holdRow = z.object({
  id: z.number(),
  userInfoId: z.number(),
  trueName: z.string(),
  orgName: z.string().nullable(),
  reason: z.string(),
  placedBy: z.string(),
  placedAt: z.string(),
  releasedBy: z.string().nullable(),
  releasedAt: z.string().nullable(),
  releaseReason: z.string().nullable(),
})
export type HoldRow = z.infer<typeof holdRow>

export const SCRUB_CAUSES = ['schedule', 'manual', 'request'] as const
export const SCRUB_CAUSE_LABEL: Record<(typeof SCRUB_CAUSES)[number], string> = {
  schedule: '定时清理',
  manual: '立即执行',
  request: '家长删除申请',
}
export const scrubJournalPageBody = z.object({ ...paging })
export type ScrubJournalPageBody = z.input<typeof scrubJournalPageBody>
export const scrubJournalRow = z.object({
  id: z.number(),
  userInfoId: z.number(),
  subjectName: z.string(),
  orgName: z.string().nullable(),
  domains: z.array(z.enum(SCRUB_DOMAINS)),
  cause: z.enum(SCRUB_CAUSES),
  at: z.string(),
})
export type ScrubJournalRow = z.infer<typeof scrubJournalRow>

/** Requests: a guardian asks the child's school to delete or correct the child's data. */
export const PI_REQUEST_KINDS = ['delete', 'correct'] as const
export type PiRequestKind = (typeof PI_REQUEST_KINDS)[number]
export const PI_REQUEST_KIND_LABEL: Record<PiRequestKind, string> = { delete: '删除', correct: '更正' }
export const PI_REQUEST_STATUSES = ['pending', 'done', 'refused'] as const
export type PiRequestStatus = (typeof PI_REQUEST_STATUSES)[number]
export const PI_REQUEST_STATUS_LABEL: Record<PiRequestStatus, string> = {
  pending: '待处理',
  done: '已处理',
  refused: '不予处理',
}

export const piRequestAddBody = z
  .object({
    childId: z.id({ message: '请选择孩子' }),
    kind: z.enum(PI_REQUEST_KINDS, { message: '请选择申请类型' }),
    fields: z
      .array(z.enum(PERSONAL_FIELD_KEYS, { message: RetentionMsg.FIELDS }), { message: RetentionMsg.FIELDS })
      .min(1, RetentionMsg.FIELDS)
      .max(PERSONAL_FIELD_KEYS.length, RetentionMsg.FIELDS)
      .transform((f) => [...new Set(f)]),
    problem: z
      .string({ message: RetentionMsg.PROBLEM })
      .trim()
      .min(4, RetentionMsg.PROBLEM)
      .max(500, RetentionMsg.PROBLEM),
    desired: z.line().max(200, RetentionMsg.DESIRED).optional().nullable(),
  })
  // A correction says what is right; a deletion has nothing to say there.
  .refine((b) => b.kind === 'delete' || !!b.desired, { message: RetentionMsg.DESIRED, path: ['desired'] })
  .transform((b) => ({ ...b, desired: b.kind === 'correct' ? (b.desired ?? null) : null }))
export type PiRequestAddBody = z.input<typeof piRequestAddBody>

export const piRequestRow = z.object({
  id: z.number(),
  childId: z.number(),
  childName: z.string(),
  orgName: z.string().nullable(),
  requesterName: z.string(),
  kind: z.enum(PI_REQUEST_KINDS),
  fields: z.array(z.enum(PERSONAL_FIELD_KEYS)),
  problem: z.string(),
  /**
   * The guardian's own words for a correction: in full to the guardian, masked to the school (by the named field's
   * rule, or with its digit runs masked). Cleared once the request is handled.
   */
  desired: z.string().nullable(),
  status: z.enum(PI_REQUEST_STATUSES),
  createdAt: z.string(),
  dueOn: z.string(),
  /** Working days left until dueOn (negative once overdue); null once handled. */
  daysLeft: z.number().nullable(),
  overdue: z.boolean(),
  handledAt: z.string().nullable(),
  handlerName: z.string().nullable(),
  reply: z.string().nullable(),
  /** What the system did: the domains scrubbed, what a hold or the 学籍 duty kept, the fields corrected. */
  result: z.string().nullable(),
})
export type PiRequestRow = z.infer<typeof piRequestRow>

export const piRequestPageBody = z.object({
  ...paging,
  status: z.enum(PI_REQUEST_STATUSES, { message: '状态不正确' }).optional().nullable(),
})
export type PiRequestPageBody = z.input<typeof piRequestPageBody>

export const piRequestHandleBody = z.object({
  id: z.id(),
  outcome: z.enum(['done', 'refused'], { message: '请选择处理结果' }),
  reply: z.string({ message: RetentionMsg.REPLY }).trim().min(2, RetentionMsg.REPLY).max(500, RetentionMsg.REPLY),
  /**
   * Apply the value the guardian gave to the one correctable field the request names: the school need not read it in
   * full (its list shows it masked), and it still passes the people module's checks.
   */
  useDesired: z.boolean({ message: '参数不正确' }).optional().nullable(),
  /** A correction's new values, applied through the people module's update (its checks apply). */
  correction: z
    .object({
      phone: z
        .string()
        .trim()
        .regex(/^1\d{10}$/, '手机号格式不正确')
        .optional(),
      idCard: idCardField.optional(),
    })
    .optional()
    .nullable(),
})
export type PiRequestHandleBody = z.input<typeof piRequestHandleBody>
export const piRequestHandleAnswer = z.object({ result: z.string() })

const DAY = 86_400_000
/** The calendar day in China (UTC+8, no daylight saving) of an instant, as YYYY-MM-DD. */
export const chinaDay = (at: Date): string => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay()
const plusDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10)

/** The day `n` working days (Monday to Friday; public holidays are not known to Zhixiao) after `day`. */
export function addWorkingDays(day: string, n: number): string {
  let d = day
  for (let left = n; left > 0;) {
    d = plusDays(d, 1)
    const w = weekday(d)
    if (w !== 0 && w !== 6) left--
  }
  return d
}

/** Working days from `today` to `due` (0 on the due day itself, negative once past it). */
export function workingDaysLeft(today: string, due: string): number {
  if (today === due) return 0
  const sign = today < due ? 1 : -1
  let n = 0
  for (let d = today; d !== due;) {
    d = plusDays(d, sign)
    const w = weekday(d)
    if (w !== 0 && w !== 6) n += sign
  }
  return n
}

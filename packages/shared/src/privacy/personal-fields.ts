/**
 * The one declaration of every personal field Zhixiao holds (issue 26 point 1, docs/privacy.md). Lists, details,
 * exports, import error files, logs, the directory API and the identity hub's claims read this policy instead of
 * deciding masks of their own; packages/server/test/personal-fields.test.ts fails when any database column is neither
 * declared here nor listed in NOT_PERSONAL (./not-personal.ts) or PERSONAL_CONTAINERS, or when a listed column no
 * longer exists.
 *
 * Pure data and string functions only: the server masks with them and the web shows the same masks.
 */

import { NOT_PERSONAL, notPersonalColumns, TABLE_REASON_PREFIX } from './not-personal.js'

export { NOT_PERSONAL, notPersonalColumns, TABLE_REASON_PREFIX }

/**
 * How sensitive a field is. `sensitive`: sensitive personal information for anyone (PIPL art. 28: identity numbers,
 * health, a face); `personal`: describes a person; `contact`: reaches a person. Every field of a child under 14 is
 * sensitive anyway (PIPL art. 28, 31); the class decides what an adult's record needs.
 */
export type PersonalFieldClass = 'sensitive' | 'personal' | 'contact'

/**
 * The retention domain a field is scrubbed with after graduation or transfer-out (issue 26 point 6, modelled on
 * Gibbon's per-domain data retention). The school-record (学籍) core is kept whatever the domain.
 */
export type RetentionDomain = 'contact' | 'identity' | 'family' | 'media' | 'health'

/** How a field leaves the server when it is not revealed. `withhold`: not at all (null). */
export type MaskRule = 'idCard' | 'phone' | 'address' | 'birthday' | 'email' | 'withhold'

/**
 * The permission code that may reveal a field (one field of one person, with a reason, logged: issue 26 point 2–3).
 * One code for every field while the catalogue has one people page. It joins the permission catalogue (a button of
 * 人员管理, 查看完整信息) together with the reveal route: the catalogue's button test (button-codes.test.ts) requires
 * every button to guard a real action, and the reveal is that action.
 */
export const PI_REVEAL_PERMISSION = 'base_user_account_reveal'
export const PI_REVEAL_PERMISSION_NAME = '查看完整信息'
/**
 * A catalogue code that may reveal a field. A field may name a stricter code of its own (say, health notes for the
 * school doctor only): the reveal route admits any code of PI_REVEAL_PERMISSIONS and the reveal then checks the
 * field's own (modules/privacy/reveal-service.ts).
 */
export type RevealPermission = string

export interface PersonalFieldPolicy {
  /** The field as the interface names it. */
  label: string
  class: PersonalFieldClass
  mask: MaskRule
  reveal: RevealPermission
  retention: RetentionDomain
  /** Every database column ('table.column') holding the field; empty while the schema has none yet. */
  columns: readonly string[]
}

/** The policy keys, in the order screens list them (a tuple, so `z.enum(PERSONAL_FIELD_KEYS)` works). */
export const PERSONAL_FIELD_KEYS = [
  'idCard',
  'phone',
  'address',
  'birthday',
  'photo',
  'nation',
  'email',
  'guardians',
  'health',
  'politicalStatus',
] as const
export type PersonalFieldKey = (typeof PERSONAL_FIELD_KEYS)[number]

const R = PI_REVEAL_PERMISSION

export const PERSONAL_FIELDS: Readonly<Record<PersonalFieldKey, PersonalFieldPolicy>> = {
  idCard: {
    label: '身份证号',
    class: 'sensitive',
    mask: 'idCard',
    reveal: R,
    retention: 'identity',
    // external_staff: 外聘人员 (guards, cooks) are adults, but their numbers are no less an identity.
    columns: ['person.id_card', 'external_staff.id_card'],
  },
  phone: {
    label: '手机号',
    class: 'contact',
    mask: 'phone',
    reveal: R,
    retention: 'contact',
    columns: [
      'account.phone',
      'user_info.phone',
      'external_staff.phone',
      'join_request.phone',
      'signup_record.phone',
      'signup_ticket.phone',
      'complaint.phone',
      // The SMS tables keep the number in clear to send and to count; their screens mask it (sms admin list).
      'sms_log.phone',
      'sms_code.phone',
      'sms_phone_quota.phone',
    ],
  },
  address: {
    label: '家庭住址',
    class: 'contact',
    mask: 'address',
    reveal: R,
    retention: 'contact',
    // No column yet: the person card has no home address. Declared so the first one cannot arrive undeclared.
    columns: [],
  },
  birthday: {
    label: '出生日期',
    class: 'personal',
    mask: 'birthday',
    reveal: R,
    retention: 'identity',
    columns: ['person.birthday'],
  },
  photo: {
    label: '照片',
    class: 'sensitive',
    mask: 'withhold',
    reveal: R,
    retention: 'media',
    columns: ['user_info.avatar_url'],
  },
  nation: {
    label: '民族',
    class: 'personal',
    mask: 'withhold',
    reveal: R,
    retention: 'identity',
    columns: ['person.nation'],
  },
  email: {
    label: '邮箱',
    class: 'contact',
    mask: 'email',
    reveal: R,
    retention: 'contact',
    columns: ['person.email'],
  },
  guardians: {
    label: '亲属关系',
    class: 'personal',
    mask: 'withhold',
    reveal: R,
    retention: 'family',
    // A parent's join request names the child and the relation it claims until an admin decides it.
    columns: [
      'parent_child.parent_id',
      'parent_child.child_id',
      'parent_child.relation',
      // The consent ledger names the child, the guardian who consented and their relation (append-only,
      // docs/privacy.md "Consent"). The scrub clears these with the `consent` scrub domain, a year after leaving
      // rather than with the bindings: the lines are the proof of consent (docs/privacy.md "Retention and requests").
      'consent_record.child_name',
      'consent_record.guardian_id',
      'consent_record.guardian_name',
      'consent_record.relation',
      'join_request.relation',
      'join_request.child_name',
      'join_request.child_no',
    ],
  },
  health: {
    label: '健康信息',
    class: 'sensitive',
    mask: 'withhold',
    reveal: R,
    retention: 'health',
    // No column yet (no health notes are kept); declared so the first one cannot arrive undeclared.
    columns: [],
  },
  politicalStatus: {
    label: '政治面貌',
    class: 'personal',
    mask: 'withhold',
    reveal: R,
    retention: 'identity',
    columns: ['person.political_status_id'],
  },
}

/** Every code some field's policy names to reveal it: the reveal route admits any of them (its contract). */
export const PI_REVEAL_PERMISSIONS: readonly string[] = [
  ...new Set(PERSONAL_FIELD_KEYS.map((k) => PERSONAL_FIELDS[k].reveal)),
]

/**
 * Columns that hold whole records (JSON, files, sealed text) which may carry personal fields inside. The column check
 * cannot see into them; each names where masking must happen before their content is shown (issue 26 point 2).
 */
export const PERSONAL_CONTAINERS: Readonly<Record<string, string>> = {
  'operation_log.detail': 'write log details: mask with maskValue before logging a personal field',
  'import_job.file': 'the uploaded import workbook (ID numbers, phones): kept for the job, never listed',
  'import_job_error.data': 'an import row that failed: the error file shows it to the importer, masked by policy',
  'webhook_delivery.payload': 'directory events sent to apps: only the fields the app may receive',
  'oidc_model.payload': "the identity hub's tokens and sessions: claims limited to granted scopes",
  'sms_log.content_sealed': 'the SMS text sealed (encrypted) for resending; never listed',
  'message_push.params': 'a template message’s parameters',
  'pi_request.problem':
    "a guardian's words about their child's data: shown only to them and the child's school, never logged",
  'pi_request.desired':
    'the value a correction asks for: shown only to the guardian and the school, cleared once handled',
  'pi_export_request.file':
    'an approved export file (full values when approved so): served only to its requester, dropped at expiry',
  'school_year_journal.before': 'row images a school-year rollover changed (memberships, classes), kept to undo it',
  'school_year_journal.after': 'row images a school-year rollover wrote, kept to undo it; never listed',
  'cms_image.data': 'a picture an org uploads for its portal (it may show pupils: the portalPhoto consent)',
  'assistant_message.question': 'what a member typed to the help assistant: shown to that member only',
}

/**
 * Column names that look personal. Not the classification (every column is listed, NOT_PERSONAL): a second net, so
 * that such a column cannot hide under a table's "holds no personal data" reason and needs a reason of its own.
 */
export const PERSONAL_COLUMN_PATTERNS: readonly RegExp[] = [
  /id_?card|id_?no|id_?num|identity|certificate|passport|sfz/,
  /phone|mobile|(^|_)tel(_|$)|contact|wechat|weixin|qq/,
  /address|(^|_)addr(_|$)|residence|domicile/,
  /birth|(^|_)dob(_|$)|(^|_)age$/,
  /photo|avatar|portrait|face|image/,
  /nation|ethnic/,
  /health|medical|allerg|blood|disease|disabilit|illness/,
  /e_?mail/,
  /guardian|relation|parent|child_(name|no)/,
  /native_place|hukou|household|census|emergency/,
  /political|religio/,
]
const LINK_TABLES = /^(parent_child|guardian[a-z_]*)$/
const BOOKKEEPING = /^(id|tenant_id|created_at|updated_at|created_by)$/

/** Whether a 'table.column' name looks like it holds a person's data. */
export function looksPersonal(column: string): boolean {
  const [table = '', name = ''] = column.split('.')
  if (LINK_TABLES.test(table) && !BOOKKEEPING.test(name)) return true
  return PERSONAL_COLUMN_PATTERNS.some((p) => p.test(name))
}

/** The policy key declaring a 'table.column', if any. */
export function personalFieldOfColumn(column: string): PersonalFieldKey | undefined {
  return PERSONAL_FIELD_KEYS.find((k) => PERSONAL_FIELDS[k].columns.includes(column))
}

export interface ColumnCheck {
  /** Columns of the schema no list classifies: neither a policy field, nor NOT_PERSONAL, nor a container. */
  undeclared: string[]
  /** Classified columns the schema no longer has. */
  stale: string[]
  /** Columns classified twice (a policy field and NOT_PERSONAL, or two policy fields): one answer per column. */
  twice: string[]
  /** Personal-looking columns covered only by their table's "holds no personal data" reason. */
  unexplained: string[]
}

/**
 * Checks a schema's columns ('table.column', every column of every table) against the classification: the policy's
 * columns, NOT_PERSONAL and PERSONAL_CONTAINERS. Classification is by listing: a column is known only if a list names
 * it, whatever its name looks like. `notPersonal`: NOT_PERSONAL as 'table.column' → reason (its own tests pass another).
 */
export function checkPersonalColumns(
  schema: readonly string[],
  notPersonal: ReadonlyMap<string, string> = notPersonalColumns(),
): ColumnCheck {
  const have = new Set(schema)
  const declared = [
    ...PERSONAL_FIELD_KEYS.flatMap((k) => PERSONAL_FIELDS[k].columns),
    ...notPersonal.keys(),
    ...Object.keys(PERSONAL_CONTAINERS),
  ]
  const known = new Set(declared)
  const seen = new Set<string>()
  const twice = new Set<string>()
  for (const c of declared) (seen.has(c) ? twice : seen).add(c)
  return {
    undeclared: schema.filter((c) => !known.has(c)).sort(),
    stale: [...known].filter((c) => !have.has(c)).sort(),
    twice: [...twice].sort(),
    unexplained: [...notPersonal]
      .filter(([c, reason]) => reason.startsWith(TABLE_REASON_PREFIX) && looksPersonal(c))
      .map(([c]) => c)
      .sort(),
  }
}

// ---- masks ----

const STARS = '****'

/** 110105**********12: an ID number keeps its first 6 (the region) and last 2; the length is kept. */
export function maskIdCard(v: string): string {
  return v.length > 8 ? `${v.slice(0, 6)}${'*'.repeat(v.length - 8)}${v.slice(-2)}` : STARS
}

/** 138****0001: a phone keeps its first 3 and last 4. Anything shorter than 7 is not shown at all. */
export function maskPhone(v: string): string
export function maskPhone(v: string | null): string | null
export function maskPhone(v: string | null): string | null {
  if (v === null) return null
  return v.length >= 7 ? `${v.slice(0, 3)}${STARS}${v.slice(-4)}` : STARS
}

// Province (省, 自治区), then prefecture (市, 自治州, 地区, 盟), then county (区, 县, 旗, 市). A segment may not
// contain digits or street words, so 某小区 in a street address is never taken for a district.
const PROVINCE = /^[^\d省市区县旗路街道号镇乡村巷弄]{1,8}?(?:省|自治区|特别行政区)/
const PREFECTURE = /^[^\d省市区县旗路街道号镇乡村巷弄]{1,10}?(?:市|自治州|地区|盟)/
const COUNTY = /^[^\d省市区县旗路街道号镇乡村巷弄]{1,8}?(?:区|县|旗|市)/

/** 北京市朝阳区****: an address keeps what is above the street (province, city, district); the rest is hidden. */
export function maskAddress(v: string): string {
  let kept = ''
  for (const part of [PROVINCE, PREFECTURE, COUNTY]) {
    const m = part.exec(v.slice(kept.length))
    if (m) kept += m[0]
  }
  return `${kept}${STARS}`
}

/** 2015-**-**: a birth date keeps its year (age and the under-14 status stay visible to the school's year). */
export function maskBirthday(v: string): string {
  const m = /^(\d{4})-\d{2}-\d{2}/.exec(v)
  return m ? `${m[1]}-**-**` : STARS
}

/** z***@example.com: an email keeps its first letter and its domain. */
export function maskEmail(v: string): string {
  const at = v.lastIndexOf('@')
  return at > 0 ? `${v[0]}***${v.slice(at)}` : STARS
}

const MASKS: Record<Exclude<MaskRule, 'withhold'>, (v: string) => string> = {
  idCard: maskIdCard,
  phone: maskPhone,
  address: maskAddress,
  birthday: maskBirthday,
  email: maskEmail,
}

/**
 * A field's value as it leaves the server unrevealed: masked by its policy's rule, null when the rule withholds it.
 * An empty value stays empty (null stays null, '' stays '') where the rule masks, so 未填写 still shows as such.
 */
export function maskValue(key: PersonalFieldKey, value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null
  const rule = PERSONAL_FIELDS[key].mask
  if (rule === 'withhold') return null
  return value === '' ? '' : MASKS[rule](value)
}

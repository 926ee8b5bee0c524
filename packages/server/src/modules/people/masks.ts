import {
  ErrorCode,
  PERSONAL_FIELDS,
  keepUnlessChanged,
  maskPersonalText,
  maskRecord,
  maskValue,
  type ChildParent,
  type ParentRow,
  type PersonalFieldKey,
  type PersonalMap,
  type SearchPersonRow,
  type StudentRow,
  type TeacherRow,
} from '@zhixiao/shared'
import { refused } from '../../platform/errors.js'

/**
 * Which personal field (policy key) each people row carries (issue 26 point 2, docs/privacy.md "Masking (people)").
 * Lists, details and exports pass their rows through these maps before they leave the server; the only unmasked
 * copy of a person's own record is their personal-details page (personal-details.ts).
 */
const STUDENT_MASK = { idCard: 'idCard', phone: 'phone' } as const satisfies PersonalMap<StudentRow>
const TEACHER_MASK = {
  idCard: 'idCard',
  phone: 'phone',
  email: 'email',
  politicalStatusId: 'politicalStatus',
} as const satisfies PersonalMap<TeacherRow>
const PARENT_MASK = { phone: 'phone' } as const satisfies PersonalMap<ParentRow>
const CHILD_PARENT_MASK = { phone: 'phone' } as const satisfies PersonalMap<ChildParent>
const SEARCH_MASK = { phone: 'phone' } as const satisfies PersonalMap<SearchPersonRow>

/**
 * A login name that is the phone (the default of teachers and parents added by phone) carries the phone: it is masked
 * like it. Checked before the phone is masked, against the stored value. A login name that is an ID number (the
 * default of a pupil the intake import admits without a 学籍号) or otherwise shaped like a mobile is masked by its
 * shape (`maskPersonalText`), since rows like 人员查询's carry no ID number to compare with.
 */
function withLoginName<T extends { userName?: string; phone?: string | null }>(masked: T, raw: T): T {
  if (raw.userName === undefined) return masked
  return raw.userName === raw.phone
    ? { ...masked, userName: maskValue('phone', raw.userName) ?? '' }
    : { ...masked, userName: maskPersonalText(raw.userName) }
}
const masker =
  <M extends object>(fields: M) =>
  <T extends { userName?: string; phone?: string | null }>(r: T): T =>
    withLoginName(maskRecord(r, fields as PersonalMap<T>), r)

// Generic over the rows: the export reads the same rows before the list's number fixes.
export const maskStudent = masker(STUDENT_MASK)
export const maskTeacher = masker(TEACHER_MASK)
export const maskParent = masker(PARENT_MASK)
export const maskChildParent = masker(CHILD_PARENT_MASK)
export const maskSearchRow = masker(SEARCH_MASK)

/** The mask character of every rule; a submitted value holding it was copied from a masked screen or typed to look so. */
const MASK_CHAR = '*'

/**
 * What an update stores for one personal field: the stored value when the edit form sent its mask back unchanged,
 * else the submitted value. A value that still holds the mask character and is not the stored value's mask (someone
 * typed 138****0000) is refused: storing it would destroy the real value.
 */
export function keptPersonal<V extends string | null | undefined>(
  field: PersonalFieldKey,
  submitted: V,
  stored: string | null | undefined,
): V | string | null {
  const kept = keepUnlessChanged(field, submitted, stored ?? null)
  if (typeof kept === 'string' && kept !== stored && kept.includes(MASK_CHAR)) {
    const label = PERSONAL_FIELDS[field].label
    throw refused(ErrorCode.BAD_REQUEST, `${label}含脱敏字符*且与原值不符，请输入完整的${label}或保留原值`)
  }
  return kept
}

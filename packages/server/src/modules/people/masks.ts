import {
  ErrorCode,
  PERSONAL_FIELDS,
  keepUnlessChanged,
  maskRecord,
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
export const STUDENT_MASK = { idCard: 'idCard', phone: 'phone' } as const satisfies PersonalMap<StudentRow>
export const TEACHER_MASK = {
  idCard: 'idCard',
  phone: 'phone',
  email: 'email',
  politicalStatusId: 'politicalStatus',
} as const satisfies PersonalMap<TeacherRow>
export const PARENT_MASK: PersonalMap<ParentRow> = { phone: 'phone' }
export const CHILD_PARENT_MASK: PersonalMap<ChildParent> = { phone: 'phone' }
export const SEARCH_MASK: PersonalMap<SearchPersonRow> = { phone: 'phone' }

// Generic over the masked properties: the export reads the same rows before the list's number fixes.
type Masked<R, M> = Pick<R, keyof M & keyof R>
export const maskStudent = <T extends Masked<StudentRow, typeof STUDENT_MASK>>(r: T): T =>
  maskRecord(r, STUDENT_MASK as PersonalMap<T>)
export const maskTeacher = <T extends Masked<TeacherRow, typeof TEACHER_MASK>>(r: T): T =>
  maskRecord(r, TEACHER_MASK as PersonalMap<T>)
export const maskChildParent = (r: ChildParent): ChildParent => maskRecord(r, CHILD_PARENT_MASK)

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

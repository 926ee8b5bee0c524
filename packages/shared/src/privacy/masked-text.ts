import { parseIdCard } from '../id-card.js'
import { maskValue, type PersonalFieldKey } from './personal-fields.js'

/**
 * Masks for values whose shape, not their column, says they are personal: a login name that is a phone number (the
 * default login name of a teacher or parent), a phone typed into a free text, the before/after values of an
 * operation log line. Each match is masked by the field policy's own rule (maskValue), so the result looks exactly
 * like a masked column.
 */

/** A mainland mobile number standing alone (not inside a longer run of letters or digits: an id, a token). */
const MOBILE = /(?<![0-9A-Za-z])1[3-9]\d{9}(?![0-9A-Za-z])/g
/** An 18-character resident ID number standing alone; only those passing the checksum are masked. */
const ID_CARD = /(?<![0-9A-Za-z])\d{17}[\dXx](?![0-9A-Za-z])/g

/** The text with every mobile number and every checksum-valid ID number in it masked by the field policy. */
export function maskPersonalText(text: string): string
export function maskPersonalText(text: string | null): string | null
export function maskPersonalText(text: string | null): string | null {
  if (!text) return text
  return text
    .replace(ID_CARD, (m) => (parseIdCard(m) ? maskValue('idCard', m.toUpperCase())! : m))
    .replace(MOBILE, (m) => maskValue('phone', m)!)
}

/**
 * The property names that hold a personal field in the free-form records this masks (operation log details, stored
 * payloads): the policy keys and the column names and aliases the code uses for them.
 */
const FIELD_OF_NAME: Readonly<Record<string, PersonalFieldKey>> = {
  idCard: 'idCard',
  id_card: 'idCard',
  phone: 'phone',
  mobile: 'phone',
  phoneNumber: 'phone',
  accountPhone: 'phone',
  infoPhone: 'phone',
  address: 'address',
  birthday: 'birthday',
  email: 'email',
  nation: 'nation',
  health: 'health',
  politicalStatus: 'politicalStatus',
  political_status_id: 'politicalStatus',
  politicalStatusId: 'politicalStatus',
  avatar_url: 'photo',
  avatarUrl: 'photo',
  photo: 'photo',
}

/**
 * A copy of a JSON-like value with every personal field masked: a property named for a field (phone, idCard,
 * birthday, …) by that field's rule, and every other string by maskPersonalText (a phone inside a sentence or under
 * an unexpected name). Numbers stay: a phone stored as a number is not a shape any writer here produces.
 */
export function maskPersonalDeep<T>(value: T, depth = 0): T {
  if (depth > 20) return value
  if (typeof value === 'string') return maskPersonalText(value) as T
  if (Array.isArray(value)) return value.map((v: unknown) => maskPersonalDeep(v, depth + 1)) as T
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const field = FIELD_OF_NAME[k]
    out[k] =
      field && (typeof v === 'string' || typeof v === 'number')
        ? maskValue(field, String(v))
        : maskPersonalDeep(v, depth + 1)
  }
  return out as T
}

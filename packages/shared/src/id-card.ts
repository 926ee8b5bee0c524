/**
 * Chinese resident ID cards (001 §5): 18 digits (the last may be X, a checksum) or the old 15-digit form.
 * The birthday sits at positions 7–14 (18) or 7–12 with a 19 prefix (15); the sex digit is the 17th (18) or the
 * 15th (15): odd is male. Sex is reported as the spec codes it: male 0, female 1.
 */
export interface IdCardInfo {
  birthday: string
  sex: 0 | 1
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]
const CHECK = '10X98765432'

export function parseIdCard(raw: string | null | undefined): IdCardInfo | null {
  const id = (raw ?? '').trim().toUpperCase()
  let birth: string
  let sexDigit: number
  if (/^\d{17}[\dX]$/.test(id)) {
    const sum = WEIGHTS.reduce((s, w, i) => s + w * Number(id[i]), 0)
    if (CHECK[sum % 11] !== id[17]) return null
    birth = id.slice(6, 14)
    sexDigit = Number(id[16])
  } else if (/^\d{15}$/.test(id)) {
    birth = `19${id.slice(6, 12)}`
    sexDigit = Number(id[14])
  } else {
    return null
  }
  const y = Number(birth.slice(0, 4)),
    m = Number(birth.slice(4, 6)),
    d = Number(birth.slice(6, 8))
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900) return null
  return { birthday: `${birth.slice(0, 4)}-${birth.slice(4, 6)}-${birth.slice(6, 8)}`, sex: sexDigit % 2 === 1 ? 0 : 1 }
}

export const SEX_LABEL: Record<number, string> = { 0: '男', 1: '女' }

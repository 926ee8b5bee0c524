import { maskValue, type PersonalFieldKey } from './personal-fields.js'

/**
 * One way to mask a row and one way to take an edit back, so every list, detail and export masks alike and no edit
 * form writes a mask over the stored value.
 */

/** Which personal field each property of a row holds (the properties not named are not personal). */
export type PersonalMap<T> = { readonly [K in keyof T]?: PersonalFieldKey }

/** The row with every named property masked by the field policy (withheld fields become null). */
export function maskRecord<T extends object>(row: T, fields: PersonalMap<T>): T {
  const out = { ...row }
  for (const key of Object.keys(fields) as (keyof T)[]) {
    const field = fields[key]
    const value = out[key]
    if (field === undefined || value === undefined) continue
    out[key] = maskValue(field, typeof value === 'string' ? value : value === null ? null : String(value)) as T[keyof T]
  }
  return out
}

/** True when `submitted` is exactly what the stored value looks like masked: an edit form sent the mask back unchanged. */
export function isUnchangedMask(
  field: PersonalFieldKey,
  submitted: string | null | undefined,
  stored: string | null,
): boolean {
  if (submitted === null || submitted === undefined || stored === null || stored === '') return false
  const masked = maskValue(field, stored)
  return masked !== null && masked !== stored && submitted === masked
}

/** What an update stores: the stored value when the form sent its mask back, else what was submitted. */
export function keepUnlessChanged<V extends string | null | undefined>(
  field: PersonalFieldKey,
  submitted: V,
  stored: string | null,
): V | string | null {
  return isUnchangedMask(field, submitted, stored) ? stored : submitted
}

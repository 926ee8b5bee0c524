import { UNIT_ATTR_SCHOOL_THRESHOLD } from '@zhixiao/shared'

/** The current org's unit attribute lives in session storage (001 §2.3), per browser tab. */
const KEY = 'unitAttr'

export function setUnitAttr(unitAttr: number): void {
  sessionStorage.setItem(KEY, String(unitAttr))
}

export function getUnitAttr(fallback: number = UNIT_ATTR_SCHOOL_THRESHOLD): number {
  const v = Number(sessionStorage.getItem(KEY))
  return sessionStorage.getItem(KEY) !== null && Number.isFinite(v) ? v : fallback
}

import { describe, expect, it } from 'vitest'
import { ageOn, CONSENT_PURPOSE_KEYS, CONSENT_PURPOSES, isMinor, isUnder14 } from '../src/privacy/consent-purposes.js'

/** Under-14 and minor status from a birth date (docs/privacy.md "Consent"), and the purpose declaration. */
describe('age from a birth date', () => {
  it('counts whole years, turning on the birthday itself', () => {
    expect(ageOn('2012-06-01', '2026-05-31')).toBe(13)
    expect(ageOn('2012-06-01', '2026-06-01')).toBe(14)
    expect(isUnder14('2012-06-01', '2026-05-31')).toBe(true)
    expect(isUnder14('2012-06-01', '2026-06-01')).toBe(false)
    expect(isMinor('2008-11-28', '2026-11-27')).toBe(true)
    expect(isMinor('2008-11-27', '2026-11-27')).toBe(false)
  })

  it('treats a missing or unusable birth date as under 14 and a minor (the safe side)', () => {
    for (const b of [null, undefined, '', 'unknown', '2030-01-01']) {
      expect(isUnder14(b, '2026-11-27')).toBe(true)
      expect(isMinor(b, '2026-11-27')).toBe(true)
    }
  })
})

describe('the purposes', () => {
  it('asks per app only for releasing a child to a third-party app, and states a legal basis for each', () => {
    expect(CONSENT_PURPOSE_KEYS.filter((k) => CONSENT_PURPOSES[k].perApp)).toEqual(['appRelease'])
    for (const k of CONSENT_PURPOSE_KEYS) {
      expect(CONSENT_PURPOSES[k].legalBasis).toMatch(/个人信息保护法/)
      expect(CONSENT_PURPOSES[k].ifRefused.length).toBeGreaterThan(0)
    }
  })
})

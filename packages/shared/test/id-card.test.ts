import { describe, expect, it } from 'vitest'
import { parseIdCard } from '../src/index.js'

describe('parseIdCard (001 §5: sex from the ID card, male 0 / female 1)', () => {
  it('reads the birthday and sex of an 18-digit card and checks its checksum', () => {
    expect(parseIdCard('11010519491231002X')).toEqual({ birthday: '1949-12-31', sex: 1 })
    expect(parseIdCard('11010519491231002x')).toEqual({ birthday: '1949-12-31', sex: 1 })
    expect(parseIdCard('110105194912310021')).toBeNull()
    expect(parseIdCard('440524198001010013')).toEqual({ birthday: '1980-01-01', sex: 0 })
  })
  it('reads a 15-digit card with its shorter birthday (19YYMMDD) and its last digit as the sex digit', () => {
    expect(parseIdCard('110105491231002')).toEqual({ birthday: '1949-12-31', sex: 1 })
    expect(parseIdCard('110105491231001')).toEqual({ birthday: '1949-12-31', sex: 0 })
  })
  it('refuses impossible dates and wrong lengths', () => {
    expect(parseIdCard('110105490231001')).toBeNull()
    expect(parseIdCard('1101054912310')).toBeNull()
    expect(parseIdCard('')).toBeNull()
    expect(parseIdCard(null)).toBeNull()
  })
})

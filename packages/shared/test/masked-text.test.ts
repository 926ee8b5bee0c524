import { describe, expect, it } from 'vitest'
import { maskPersonalDeep, maskPersonalText } from '../src/privacy/masked-text.js'

describe('maskPersonalText', () => {
  it('masks mobiles and checksum-valid ID numbers wherever they stand, by the policy masks', () => {
    expect(maskPersonalText('13800000001')).toBe('138****0001')
    expect(maskPersonalText('请回电13800000001，身份证11010519491231002x')).toBe(
      '请回电138****0001，身份证110105**********2X',
    )
    expect(maskPersonalText(null)).toBeNull()
    expect(maskPersonalText('')).toBe('')
  })

  it('leaves what only looks like one: a bad checksum, a longer number, a token, a login name', () => {
    for (const s of [
      '110105194912310021',
      '138000000012',
      'ab13800000001',
      '12800000001',
      'zhang_san',
      '1764230400000',
    ])
      expect(maskPersonalText(s)).toBe(s)
  })
})

describe('maskPersonalDeep', () => {
  it('masks named fields by their rule and phones in any other string, at any depth, without touching the input', () => {
    const detail = {
      before: { phone: '13800000001', idCard: '11010519491231002X', birthday: '2015-06-01', nation: '汉族' },
      after: [{ mobile: '13900000002', note: '新号码 13700000003' }],
      count: 3,
      ok: true,
      nothing: null,
    }
    expect(maskPersonalDeep(detail)).toEqual({
      before: { phone: '138****0001', idCard: '110105**********2X', birthday: '2015-**-**', nation: null },
      after: [{ mobile: '139****0002', note: '新号码 137****0003' }],
      count: 3,
      ok: true,
      nothing: null,
    })
    expect(detail.before.phone).toBe('13800000001')
  })
})

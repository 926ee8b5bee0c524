import { describe, expect, it } from 'vitest'
import { isUnchangedMask, keepUnlessChanged, maskRecord } from '../src/privacy/masked-records.js'

describe('maskRecord', () => {
  it('masks the named properties by the policy and leaves the rest', () => {
    const row = { name: '王小明', idCard: '110105201506010012', phone: '13800000001', nation: '汉族', age: 9 }
    expect(maskRecord(row, { idCard: 'idCard', phone: 'phone', nation: 'nation' })).toEqual({
      name: '王小明',
      idCard: '110105**********12',
      phone: '138****0001',
      nation: null,
      age: 9,
    })
    expect(row.phone).toBe('13800000001')
  })
  it('keeps null and missing values as they are', () => {
    expect(maskRecord({ phone: null as string | null }, { phone: 'phone' })).toEqual({ phone: null })
  })
})

describe('keepUnlessChanged', () => {
  it('keeps the stored value when the form sent its mask back', () => {
    expect(isUnchangedMask('phone', '138****0001', '13800000001')).toBe(true)
    expect(keepUnlessChanged('phone', '138****0001', '13800000001')).toBe('13800000001')
    expect(keepUnlessChanged('idCard', '110105**********12', '110105201506010012')).toBe('110105201506010012')
  })
  it('stores a changed value, an emptied value and a first value', () => {
    expect(keepUnlessChanged('phone', '13900000002', '13800000001')).toBe('13900000002')
    expect(keepUnlessChanged('phone', '', '13800000001')).toBe('')
    expect(keepUnlessChanged('phone', '138****0001', null)).toBe('138****0001')
    expect(isUnchangedMask('phone', '****', '123')).toBe(true)
  })
})

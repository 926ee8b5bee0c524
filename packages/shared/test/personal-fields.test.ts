import { describe, expect, it } from 'vitest'
import {
  checkPersonalColumns,
  looksPersonal,
  maskAddress,
  maskBirthday,
  maskEmail,
  maskIdCard,
  maskPhone,
  maskValue,
  NOT_PERSONAL,
  notPersonalColumns,
  PERSONAL_CONTAINERS,
  PERSONAL_FIELD_KEYS,
  PERSONAL_FIELDS,
  personalFieldOfColumn,
  TABLE_REASON_PREFIX,
} from '../src/index.js'

describe('the personal-field policy (issue 26 point 1)', () => {
  it('has one entry per key, each complete, and no column declared twice', () => {
    expect(Object.keys(PERSONAL_FIELDS).sort()).toEqual([...PERSONAL_FIELD_KEYS].sort())
    for (const k of ['idCard', 'phone', 'address', 'birthday', 'photo', 'nation', 'email', 'guardians', 'health'])
      expect(PERSONAL_FIELD_KEYS).toContain(k)
    const columns = PERSONAL_FIELD_KEYS.flatMap((k) => PERSONAL_FIELDS[k].columns)
    expect(columns.length).toBe(new Set(columns).size)
    for (const c of columns) {
      expect(c).toMatch(/^[a-z_]+\.[a-z_]+$/)
      expect(notPersonalColumns().get(c)).toBeUndefined()
    }
    for (const k of PERSONAL_FIELD_KEYS) expect(PERSONAL_FIELDS[k].label).not.toBe('')
    expect(personalFieldOfColumn('person.id_card')).toBe('idCard')
    expect(personalFieldOfColumn('org_unit.phone')).toBeUndefined()
  })

  it('masks an ID number 6+2, keeping its length', () => {
    expect(maskIdCard('110105201506010012')).toBe('110105**********12')
    expect(maskIdCard('11010515060100X')).toBe('110105*******0X')
    expect(maskIdCard('12345')).toBe('****')
  })

  it('masks a phone 3+4 and never shows a short one', () => {
    expect(maskPhone('13800000001')).toBe('138****0001')
    expect(maskPhone('123456')).toBe('****')
    expect(maskPhone(null)).toBeNull()
  })

  it('masks an address to the district, never keeping a street or a 小区', () => {
    expect(maskAddress('北京市朝阳区建国路1号')).toBe('北京市朝阳区****')
    expect(maskAddress('浙江省杭州市西湖区文三路90号')).toBe('浙江省杭州市西湖区****')
    expect(maskAddress('内蒙古自治区呼伦贝尔市鄂温克族自治旗巴彦托海镇')).toBe(
      '内蒙古自治区呼伦贝尔市鄂温克族自治旗****',
    )
    expect(maskAddress('广东省东莞市南城街道莞太路某小区3栋')).toBe('广东省东莞市****')
    expect(maskAddress('某路100号')).toBe('****')
  })

  it('masks a birth date to its year and an email to its first letter and domain', () => {
    expect(maskBirthday('2015-06-01')).toBe('2015-**-**')
    expect(maskBirthday('六月')).toBe('****')
    expect(maskEmail('zhangsan@example.com')).toBe('z***@example.com')
    expect(maskEmail('nobody')).toBe('****')
  })

  it('maskValue applies each key’s rule and withholds photos, health, guardians and ethnicity', () => {
    expect(maskValue('idCard', '110105201506010012')).toBe('110105**********12')
    expect(maskValue('phone', '13800000001')).toBe('138****0001')
    expect(maskValue('address', '北京市朝阳区建国路1号')).toBe('北京市朝阳区****')
    expect(maskValue('birthday', '2015-06-01')).toBe('2015-**-**')
    for (const k of ['photo', 'health', 'guardians', 'nation'] as const) expect(maskValue(k, 'x')).toBeNull()
    expect(maskValue('phone', null)).toBeNull()
    expect(maskValue('phone', '')).toBe('')
  })

  it('the column check names every unlisted column, a stale listing, a double one and a name hidden by its table', async () => {
    expect(looksPersonal('person.guardian_phone')).toBe(true)
    expect(looksPersonal('parent_child.parent_id')).toBe(true)
    expect(looksPersonal('parent_child.tenant_id')).toBe(false)
    expect(looksPersonal('grade.entry_year')).toBe(false)
    for (const c of [
      'x.id_number',
      'x.certificate_no',
      'x.contact_number',
      'x.dob',
      'x.residence',
      'x.wechat',
      'x.sfzh',
    ])
      expect(looksPersonal(c), c).toBe(true)
    const listed = [
      ...PERSONAL_FIELD_KEYS.flatMap((k) => PERSONAL_FIELDS[k].columns),
      ...notPersonalColumns().keys(),
      ...Object.keys(PERSONAL_CONTAINERS),
    ]
    expect(checkPersonalColumns(listed)).toEqual({ undeclared: [], stale: [], twice: [], unexplained: [] })
    const { undeclared, stale } = checkPersonalColumns([
      ...listed.filter((c) => c !== 'person.email'),
      'user_info.home_address',
      'student.birth_place',
      'grade.note',
    ])
    // Every unlisted column, not only the ones that look personal.
    expect(undeclared).toEqual(['grade.note', 'student.birth_place', 'user_info.home_address'])
    expect(stale).toEqual(['person.email'])
  })

  it('lists every table by its columns, each column with a reason, and none of the policy’s', () => {
    const notPersonal = notPersonalColumns()
    expect(notPersonal.size).toBeGreaterThan(900)
    for (const [c, reason] of notPersonal) {
      expect(c).toMatch(/^[a-z0-9_]+\.[a-z0-9_]+$/)
      expect(reason.length, c).toBeGreaterThan(10)
    }
    // A personal-looking name under a table-level reason is named, so it gets a reason of its own.
    const area = NOT_PERSONAL.area!
    expect(area.parent_code).not.toMatch(new RegExp(`^${TABLE_REASON_PREFIX}`))
    expect(area.name).toMatch(new RegExp(`^${TABLE_REASON_PREFIX}`))
    const fake = new Map([
      ['grade.name', `${TABLE_REASON_PREFIX}grades`],
      ['grade.guardian_phone', `${TABLE_REASON_PREFIX}grades`],
      ['grade.wechat', `${TABLE_REASON_PREFIX}grades`],
      ['person.id_card', 'listed here as well as in the policy'],
    ])
    expect(checkPersonalColumns([...fake.keys()], fake)).toMatchObject({
      twice: ['person.id_card'],
      unexplained: ['grade.guardian_phone', 'grade.wechat'],
    })
  })
})

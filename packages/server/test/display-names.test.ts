import { UNIT_ATTR_LABEL } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORG_COLUMNS } from '../src/modules/organization/excel-service.js'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'
import { readXlsx, upload, xlsx } from './xlsx.js'

// Issue 11 point 15: a person reads names, never the codes behind them (role codes, unit attributes).
let t: TestApp
let w: World
let s: Staff
const O = '/base/api/organizationUnit'
beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
})
afterAll(() => t.close())

describe('names instead of codes', () => {
  it('current/detail carries the role names beside the codes, so the personal centre shows 管理员, not admin', async () => {
    const d = await call(t, { url: '/base/api/account/user/current/detail', token: s.schoolAdmin })
    expect(d.data.roles).toEqual(['admin'])
    expect(d.data.roleNames).toEqual(['管理员'])
    const teacher = await call(t, { url: '/base/api/account/user/current/detail', token: s.teacher })
    expect(teacher.data.roleNames).toEqual(['教师'])
  })

  it('the organisation export writes unit attributes by name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${O}/exportExcel`,
      payload: {},
      headers: { authorization: `Bearer ${s.bureauAdmin}` },
    })
    const rows = await readXlsx(res.rawPayload)
    const col = ORG_COLUMNS.findIndex((c) => c.key === 'unitAttr')
    const byName = new Map(rows.slice(1).map((r) => [r[0], r[col]]))
    expect(byName.get('测试区教育局')).toBe(UNIT_ATTR_LABEL[4])
    expect(byName.get('测试一小')).toBe('小学')
    expect(byName.get('测试二中')).toBe('中学')
  })

  it('the organisation import takes a unit attribute by name and names an unknown one in its refusal', async () => {
    const file = (unitAttr: string) =>
      xlsx(
        ORG_COLUMNS.map((c) => c.header),
        [[`按名称导入${unitAttr}`, '测试区教育局', '', '机构', unitAttr, 'Z12', '', '', '', '']],
        '机构导入',
      )
    expect(await upload(t, `${O}/importExcel`, s.bureauAdmin, await file('幼儿园'), 'orgs.xlsx')).toMatchObject({
      code: 0,
    })
    const all = await call(t, { url: `${O}/all`, token: s.bureauAdmin })
    expect(all.data.find((o: { name: string }) => o.name === '按名称导入幼儿园')).toMatchObject({ unitAttr: 12 })
    const bad = await upload(t, `${O}/importExcel`, s.bureauAdmin, await file('大学城'), 'orgs.xlsx')
    expect(bad.data.errors).toEqual([
      { row: 2, reason: '单位属性“大学城”不存在，请填写如 小学、中学、区级教育行政部门' },
    ])
  })

  it('a unit attribute without a name is refused', async () => {
    const r = await call(t, {
      url: `${O}/add`,
      token: s.bureauAdmin,
      body: { parentId: w.bureauId, name: '无名属性校', unitAttr: 17 },
    })
    expect(r).toMatchObject({ code: 400, msg: '单位属性有误' })
  })
})

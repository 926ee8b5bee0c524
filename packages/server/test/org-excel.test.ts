import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORG_COLUMNS } from '../src/modules/organization/excel-service.js'
import { readXlsx, upload as uploadFile, xlsx as makeXlsx } from './xlsx.js'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

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

const xlsx = (rows: (string | number)[][], header = ORG_COLUMNS.map((c) => c.header)) =>
  makeXlsx(header, rows, '机构导入')
const upload = (token: string, file: Buffer, name = 'orgs.xlsx') => uploadFile(t, `${O}/importExcel`, token, file, name)

describe('organisation Excel', () => {
  it('the template downloads as a real workbook with the import header', async () => {
    const res = await t.app.inject({
      url: `${O}/downloadExcelTemplate`,
      headers: { authorization: `Bearer ${s.bureauAdmin}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    const rows = await readXlsx(res.rawPayload)
    expect(rows[0]).toEqual(ORG_COLUMNS.map((c) => c.header))
  })

  it('imports good rows, including a department under a school made earlier in the same file', async () => {
    const r = await upload(
      s.bureauAdmin,
      await xlsx([
        ['导入一中', '测试区教育局', 'DR-1', '机构', 9, 'Z12', '', '', '', ''],
        ['教务处', '导入一中', '', '部门', '', '', '', '', '', ''],
      ]),
    )
    expect(r).toMatchObject({ code: 0, msg: '导入成功，共2条', data: { imported: 2 } })
    const all = await call(t, { url: `${O}/all`, token: s.bureauAdmin })
    const school = all.data.find((o: { name: string }) => o.name === '导入一中')
    expect(all.data.find((o: { name: string }) => o.name === '教务处')).toMatchObject({
      parentId: school.orgId,
      orgType: 'depart',
      unitAttr: 9,
    })
  })

  it('with bad rows nothing is written and every bad row is reported with its reason', async () => {
    const r = await upload(
      s.bureauAdmin,
      await xlsx([
        ['好学校', '测试区教育局', 'OK-1', '机构', 8, '', '', '', '', ''],
        ['', '测试区教育局', '', '', '', '', '', '', '', ''],
        ['孤儿', '不存在的局', '', '', '', '', '', '', '', ''],
        ['测试一小', '测试区教育局', '', '', '', '', '', '', '', ''],
        ['重码', '测试区教育局', 'OK-1', '', '', '', '', '', '', ''],
        ['怪类', '测试区教育局', '', '学院', '', '', '', '', '', ''],
      ]),
    )
    expect(r.code).toBe(400)
    expect(r.msg).toBe('导入失败：5行有误，未导入任何数据')
    expect(r.data.errors).toEqual([
      { row: 3, reason: '机构名称不能为空' },
      { row: 4, reason: '上级机构“不存在的局”不存在或不在您的管理范围内' },
      { row: 5, reason: '同一上级下已存在同名机构' },
      { row: 6, reason: '机构编码已存在' },
      { row: 7, reason: '类别只能是“机构”或“部门”' },
    ])
    const found = await call(t, { url: `${O}/findOrgByName`, token: s.bureauAdmin, body: { name: '好学校' } })
    expect(found.data).toEqual([])
  })

  it('refuses a wrong header, an empty sheet and a file that is not Excel', async () => {
    expect(await upload(s.bureauAdmin, await xlsx([['a', 'b']], ['名称', '上级']))).toMatchObject({
      code: 400,
      msg: '表头不正确，请使用下载的模板',
    })
    expect(await upload(s.bureauAdmin, await xlsx([]))).toMatchObject({ code: 400, msg: '文件中没有数据' })
    expect(await upload(s.bureauAdmin, Buffer.from('name,parent\n一中,局\n'), 'orgs.csv')).toMatchObject({
      code: 400,
      msg: '文件不是有效的Excel（.xlsx）文件',
    })
  })

  it('a school admin cannot hang orgs under the bureau; a teacher cannot import at all', async () => {
    const r = await upload(s.schoolAdmin, await xlsx([['越权校', '测试区教育局', '', '', '', '', '', '', '', '']]))
    expect(r.data.errors?.[0]?.reason).toContain('不在您的管理范围内')
    expect((await upload(s.teacher, await xlsx([['x', '测试一小', '', '', '', '', '', '', '', '']]))).status).toBe(403)
  })

  it('export streams the caller scope in the template columns', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${O}/exportExcel`,
      payload: {},
      headers: { authorization: `Bearer ${s.schoolAdmin}` },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('机构.xlsx'))
    const rows = await readXlsx(res.rawPayload)
    expect(rows[0]).toEqual(ORG_COLUMNS.map((c) => c.header))
    expect(rows.slice(1).map((r) => r[0])).toEqual(['测试一小'])
  })
})

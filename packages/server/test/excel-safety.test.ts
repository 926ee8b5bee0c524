import { ErrorCode, ImportStatus } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEACHER_COLUMNS } from '../src/modules/people/columns.js'
import { importRunner } from '../src/modules/imports/runner.js'
import { checkSheet, ExcelMsg, readSheet, xlsxStream } from '../src/platform/excel.js'
import ExcelJS from '../src/platform/exceljs.js'
import { XLSX_MAX_INFLATED, XLSX_TOO_LARGE } from '../src/platform/xlsx-guard.js'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp } from './helpers.js'
import { entryNames, reordered, storedUncompressed, upload, xlsx, zipBomb } from './xlsx.js'

let t: TestApp
let s: Staff
const T = '/base/api/userInfo/teacherInfo'
const L = '/base/api/commonImportLog'
const headers = TEACHER_COLUMNS.map((c) => c.header)
const tag = String(process.pid).slice(-4).padStart(4, '0')
const phone = (n: number) => `135${tag}${String(n).padStart(4, '0')}`

beforeAll(async () => {
  t = await createTestApp()
  s = await staffOf(t, await makeWorld(t))
})
afterAll(() => t.close())

/** Every cell of the first sheet of a downloaded workbook, as exceljs's full reader sees it (values, not text). */
async function cellsOf(body: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(body as unknown as ArrayBuffer)
  const rows: unknown[][] = []
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1)))
  return rows
}

const jobs = async () => (await call(t, { url: `${L}/log/page`, token: s.schoolAdmin, body: {} })).data.total as number

describe('formulas in Excel files', () => {
  const CMD = "cmd|' /C calc'!A0"

  it('an imported formula cell is stored as its result, as Excel showed it, never as its text; a text cell starting with = stays text', async () => {
    const file = await xlsx(headers, [
      [
        { formula: 'CONCATENATE("王","五")', result: '王五' },
        phone(1),
        '',
        { formula: 'CONCATENATE("F","1")', result: 'F1' },
      ],
      ['=HYPERLINK("http://x.cn","点")', phone(2), '', 'F2'],
      ['+1+1', phone(3), '', '@SUM(A1)'],
      [`=${CMD}`, phone(4), '', 'F4'],
    ])
    const started = await upload(t, `${T}/importExcel`, s.schoolAdmin, file)
    expect(started.code).toBe(0)
    await importRunner(t.ctx).idle()
    expect(
      (await call(t, { url: `${L}/log/detail?id=${started.data.importLogId}`, token: s.schoolAdmin })).data,
    ).toMatchObject({ status: ImportStatus.DONE, successCount: 4 })
    const list = await call(t, { url: `${T}/page`, token: s.schoolAdmin, body: { keyword: `135${tag}` } })
    expect(list.data.list.map((r: { trueName: string; jobNo: string }) => [r.trueName, r.jobNo]).sort()).toEqual(
      [
        ['王五', 'F1'],
        ['+1+1', '@SUM(A1)'],
        ['=HYPERLINK("http://x.cn","点")', 'F2'],
        [`=${CMD}`, 'F4'],
      ].sort(),
    )
  })

  it('a formula with no stored result (or an error result) is refused with its row and column, the upload or the job, and nothing is imported', async () => {
    const before = (await call(t, { url: `${T}/page`, token: s.schoolAdmin, body: { keyword: `136${tag}` } })).data
      .total
    // In the first data row the upload itself is refused.
    const first = await upload(
      t,
      `${T}/importExcel`,
      s.schoolAdmin,
      await xlsx(headers, [[{ formula: CMD }, `136${tag}0001`, '', 'G1']]),
    )
    expect(first).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: ExcelMsg.FORMULA_NO_VALUE(2, '姓名') })
    const error = await upload(
      t,
      `${T}/importExcel`,
      s.schoolAdmin,
      await xlsx(headers, [['赵六', `136${tag}0002`, '', { formula: '1/0', result: { error: '#DIV/0!' } }]]),
    )
    expect(error).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: ExcelMsg.FORMULA_NO_VALUE(2, headers[3]!.replace(/\*$/, '')),
    })
    // Further down, the job reads it and fails with the same words, importing none of its rows.
    const later = await upload(
      t,
      `${T}/importExcel`,
      s.schoolAdmin,
      await xlsx(headers, [
        ['钱七', `136${tag}0003`, '', 'G3'],
        ['孙八', { formula: 'CONCATENATE("136","1")' }, '', 'G4'],
      ]),
    )
    expect(later.code).toBe(0)
    await importRunner(t.ctx).idle()
    expect(
      (await call(t, { url: `${L}/log/detail?id=${later.data.importLogId}`, token: s.schoolAdmin })).data,
    ).toMatchObject({
      status: ImportStatus.FAILED,
      message: ExcelMsg.FORMULA_NO_VALUE(3, headers[1]!.replace(/\*$/, '')),
    })
    expect((await call(t, { url: `${T}/page`, token: s.schoolAdmin, body: { keyword: `136${tag}` } })).data.total).toBe(
      before,
    )
  })

  it('an export writes such text as a string cell with a leading apostrophe, never a formula', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${T}/export`,
      payload: { keyword: `135${tag}` },
      headers: { authorization: `Bearer ${s.schoolAdmin}` },
    })
    expect(res.statusCode).toBe(200)
    const rows = await cellsOf(res.rawPayload)
    const names = rows.slice(1).map((r) => r[0])
    expect(names.every((v) => typeof v === 'string')).toBe(true)
    expect(names.sort()).toEqual([`'=${CMD}`, "'+1+1", `'=HYPERLINK("http://x.cn","点")`, '王五'].sort())
    expect(
      rows
        .slice(1)
        .map((r) => r[3])
        .sort(),
    ).toEqual(['F1', 'F2', "'@SUM(A1)", 'F4'].sort())
    // Harmless text is written as it is, and numbers stay numbers; the phones leave masked (issue 26 point 2).
    expect(
      rows
        .slice(1)
        .map((r) => r[1])
        .every((v) => typeof v === 'string' && /^135\*{4}\d{4}$/.test(v)),
    ).toBe(true)
  })

  it('the apostrophe is not part of the value: an exported file reads back to the stored text', async () => {
    const cols = [
      { header: '名称', key: 'name' },
      { header: '数', key: 'n' },
    ]
    const chunks: Buffer[] = []
    for await (const c of xlsxStream('s', cols, [
      { name: `=${CMD}`, n: -5 },
      { name: '-已停用', n: 1 },
      { name: "'普通'", n: 2 },
      { name: '\t制表', n: 3 },
    ]))
      chunks.push(c as Buffer)
    const read = await readSheet(Buffer.concat(chunks), cols, 10)
    expect(read.map((r) => r.values)).toEqual([
      { name: `=${CMD}`, n: '-5' },
      { name: '-已停用', n: '1' },
      { name: "'普通'", n: '2' },
      { name: '制表', n: '3' },
    ])
  })
})

describe('zip bombs and oversized files', () => {
  const template = () => xlsx(headers, [['炸弹', phone(9)]])

  it.each(['honest', 'lie', 'none'] as const)(
    'a small upload inflating past the cap (sizes %s) is refused at once, creating no job',
    async (declared) => {
      const bomb = zipBomb(await template(), XLSX_MAX_INFLATED + 64 * 1024 * 1024, declared)
      expect(bomb.length).toBeLessThan(1024 * 1024)
      const before = await jobs()
      const started = Date.now()
      const r = await upload(t, `${T}/importExcel`, s.schoolAdmin, bomb, 'bomb.xlsx')
      const took = Date.now() - started
      expect(r).toMatchObject({ status: 200, code: 400, msg: XLSX_TOO_LARGE })
      expect(took).toBeLessThan(5_000)
      expect(await jobs()).toBe(before)
    },
  )

  it('the same construction under the cap is a valid workbook the import accepts', async () => {
    const before = await jobs()
    const r = await upload(
      t,
      `${T}/importExcel`,
      s.schoolAdmin,
      zipBomb(await template(), 2 * 1024 * 1024),
      'padded.xlsx',
    )
    expect(r.code).toBe(0)
    await importRunner(t.ctx).idle()
    expect(await jobs()).toBe(before + 1)
    expect(
      (await call(t, { url: `${L}/log/detail?id=${r.data.importLogId}`, token: s.schoolAdmin })).data,
    ).toMatchObject({ status: ImportStatus.DONE, successCount: 1 })
  })

  it('counts the rows of the sheet before parsing it: the upload check (which parses one row) refuses too many', async () => {
    const file = await xlsx(
      headers,
      Array.from({ length: 5 }, (_, i) => [`行${i}`, phone(20 + i)]),
    )
    await expect(checkSheet(file, TEACHER_COLUMNS, 4)).rejects.toMatchObject({ message: ExcelMsg.TOO_MANY(4) })
    await expect(checkSheet(file, TEACHER_COLUMNS, 5)).resolves.toBeUndefined()
    expect(await readSheet(file, TEACHER_COLUMNS, 5)).toHaveLength(5)
  })
})

describe('reading an upload whatever order its parts are stored in', () => {
  const rowsOf = async (file: Buffer) => (await readSheet(file, TEACHER_COLUMNS, 10)).map((r) => r.values.trueName)

  it('reads the first sheet the same when the workbook part comes last, first, the shared strings after the sheet, or nothing is compressed', async () => {
    const wb = new ExcelJS.Workbook()
    const first = wb.addWorksheet('教师')
    first.addRow(headers)
    first.addRow(['甲', phone(40)])
    first.addRow(['乙', phone(41)])
    wb.addWorksheet('说明').addRow(['不是教师'])
    const asWritten = Buffer.from(await wb.xlsx.writeBuffer())
    // exceljs stores the sheets before the shared strings and xl/workbook.xml last: the order that broke its own reader.
    expect(entryNames(asWritten).indexOf('xl/workbook.xml')).toBe(entryNames(asWritten).length - 1)
    const excelOrder = reordered(asWritten, [
      '[Content_Types].xml',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/sharedStrings.xml',
    ])
    const stringsLast = reordered(
      asWritten,
      entryNames(asWritten).filter((n) => n !== 'xl/sharedStrings.xml'),
    )
    expect(entryNames(stringsLast).at(-1)).toBe('xl/sharedStrings.xml')
    const plain = storedUncompressed(asWritten)
    expect(plain.length).toBeGreaterThan(asWritten.length)
    for (const file of [asWritten, excelOrder, stringsLast, plain]) expect(await rowsOf(file)).toEqual(['甲', '乙'])
  })

  it('forty uploads read at once each get their own rows', async () => {
    const files = await Promise.all(Array.from({ length: 40 }, (_, i) => xlsx(headers, [[`并发${i}`, phone(100 + i)]])))
    expect(await Promise.all(files.map(rowsOf))).toEqual(files.map((_, i) => [`并发${i}`]))
  })
})

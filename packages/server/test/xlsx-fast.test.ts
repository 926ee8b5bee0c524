import { describe, expect, it } from 'vitest'
import { STUDENT_COLUMNS } from '../src/modules/people/columns.js'
import { ExcelMsg, readSheet } from '../src/platform/excel.js'
import ExcelJS from '../src/platform/exceljs.js'
import { fastSheetRows, NotSimple } from '../src/platform/xlsx-fast.js'
import { xlsx } from './xlsx.js'

// The lean reader (platform/xlsx-fast.ts) must read a file exactly as exceljs does, or hand it to exceljs.
const headers = STUDENT_COLUMNS.map((c) => c.header)

async function fastRead(file: Buffer): Promise<'not simple' | number> {
  let n = 0
  try {
    for await (const _ of fastSheetRows(file)) n++
    return n
  } catch (e) {
    if (e instanceof NotSimple) return 'not simple'
    throw e
  }
}

async function bothReaders(file: Buffer) {
  const read = (r: 'auto' | 'exceljs') =>
    readSheet(file, STUDENT_COLUMNS, 1000, r).catch((e: Error) => ({ error: e.message }))
  return { lean: await read('auto'), exceljs: await read('exceljs') }
}

describe('the lean sheet reader', () => {
  it('reads text, numbers, sparse and blank rows, entities, line ends, spaces and the export apostrophe as exceljs does', async () => {
    const file = await xlsx(headers, [
      ['王小明', 'S001', '三年级', '2班', '男', '', 13800000000, '2026-09-01', '', 'a < b & "c" \'d\''],
      [],
      ['  李 雷  ', 20260002, '三年级', '2班', '', '', '', '', 'lilei', '第一行\r\n第二行'],
      ['韩梅梅', 'S003', '三年级', '2班', '女', '110101201501010012', '', '', '', "'=1+2"],
      [null, null, null, null, null, null, null, null, null, null, '第11列'],
      ['', '', '', '', '', '', '', '', '', '', ''],
      ['小数', 1.5, '三年级', '1班', '', '', -3, '', '', '1e5'],
    ])
    expect(await fastRead(file)).toBe(7) // exceljs writes no element for the empty row
    const { lean, exceljs } = await bothReaders(file)
    expect(lean).toEqual(exceljs)
    expect(Array.isArray(lean) && lean.map((r) => r.rowNumber)).toEqual([2, 4, 5, 6, 8])
  })

  it('reads rich text as its runs joined, as exceljs does', async () => {
    const file = await xlsx(headers, [
      [{ richText: [{ text: '王' }, { text: '小明', font: { bold: true } }] }, 'S1', '三年级', '2班'],
    ])
    expect(await fastRead(file)).toBe(2)
    const { lean, exceljs } = await bothReaders(file)
    expect(lean).toEqual(exceljs)
    expect(Array.isArray(lean) && lean[0]!.values.trueName).toBe('王小明')
  })

  it('hands dates, booleans and formulas to exceljs, with the same rows or the same refusal', async () => {
    const cases: import('exceljs').CellValue[][][] = [
      [['王小明', 'S1', '三年级', '2班', '男', '', '', new Date(Date.UTC(2026, 8, 1))]],
      [['王小明', 'S1', '三年级', '2班', '男', '', '', '', '', true]],
      [['王小明', 'S1', '三年级', '2班', '男', '', '', '', '', { formula: 'A1&"x"', result: '姓名x' }]],
      [
        ['王小明', 'S1', '三年级', '2班'],
        ['李雷', { formula: 'B2&"2"' }, '三年级', '2班'],
      ],
    ]
    for (const rows of cases) {
      const file = await xlsx(headers, rows)
      expect(await fastRead(file)).toBe('not simple')
      const { lean, exceljs } = await bothReaders(file)
      expect(lean).toEqual(exceljs)
    }
    const late = await bothReaders(
      await xlsx(headers, [
        ['王小明', 'S1', '三年级', '2班'],
        ['李雷', { formula: 'B2&"2"' }, '三年级', '2班'],
      ]),
    )
    expect(late.lean).toEqual({ error: ExcelMsg.FORMULA_NO_VALUE(3, '学号') })
  })

  it('answers a wrong header, an empty sheet and too many rows with the same messages', async () => {
    const wrong = await xlsx(['姓名', '工号'], [['王小明', 'S1']])
    expect(await bothReaders(wrong)).toEqual({
      lean: { error: ExcelMsg.BAD_HEADER },
      exceljs: { error: ExcelMsg.BAD_HEADER },
    })
    const empty = await xlsx(headers, [[], ['', '']])
    expect(await bothReaders(empty)).toEqual({ lean: { error: ExcelMsg.EMPTY }, exceljs: { error: ExcelMsg.EMPTY } })
    const wb = new ExcelJS.Workbook()
    wb.addWorksheet('空')
    const noRows = Buffer.from(await wb.xlsx.writeBuffer())
    expect(await bothReaders(noRows)).toEqual({
      lean: { error: ExcelMsg.BAD_HEADER },
      exceljs: { error: ExcelMsg.BAD_HEADER },
    })
    const many = await xlsx(
      headers,
      Array.from({ length: 1001 }, (_, i) => [`学生${i}`, `S${i}`, '三年级', '2班']),
    )
    expect(await bothReaders(many)).toEqual({
      lean: { error: ExcelMsg.TOO_MANY(1000) },
      exceljs: { error: ExcelMsg.TOO_MANY(1000) },
    })
  })
})

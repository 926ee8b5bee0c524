import ExcelJS from 'exceljs'
import { deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import {
  buildTemplate,
  checkArchive,
  IMPORT_MAX_ROWS,
  ImportMsg,
  readScoreSheet,
  type SheetStudent,
} from '../src/grades/excel.js'
import {
  bandLabel,
  bandOf,
  checkLines,
  defaultLines,
  parseScore,
  ranksOf,
  subjectStats,
  totalOf,
} from '../src/grades/rules.js'
import { AppError } from '../src/kit/types.js'

describe('parseScore', () => {
  const full = 1000 // 100 marks
  it('reads numbers with at most one decimal, 缺考 and blanks', () => {
    expect(parseScore('95.5', full)).toEqual({ kind: 'score', tenths: 955 })
    expect(parseScore(' 100 ', full)).toEqual({ kind: 'score', tenths: 1000 })
    expect(parseScore('0', full)).toEqual({ kind: 'score', tenths: 0 })
    expect(parseScore(88.5, full)).toEqual({ kind: 'score', tenths: 885 })
    expect(parseScore(0.1 + 0.2, full)).toEqual({ kind: 'score', tenths: 3 }) // float noise is still one decimal
    expect(parseScore('缺考', full)).toEqual({ kind: 'absent' })
    expect(parseScore('', full)).toEqual({ kind: 'empty' })
    expect(parseScore(null, full)).toEqual({ kind: 'empty' })
  })
  it('refuses what is not a score, with the reason', () => {
    expect(parseScore('100.5', full)).toEqual({ kind: 'error', reason: '超出范围（应在 0–100 之间）' })
    expect(parseScore('-1', full)).toEqual({ kind: 'error', reason: '超出范围（应在 0–100 之间）' })
    expect(parseScore('95.55', full)).toEqual({ kind: 'error', reason: '最多保留一位小数' })
    expect(parseScore('九十', full)).toEqual({ kind: 'error', reason: '不是数字' })
    expect(parseScore('1e2', full)).toEqual({ kind: 'error', reason: '不是数字' })
    expect(parseScore(Number.NaN, full)).toEqual({ kind: 'error', reason: '不是数字' })
    expect(parseScore(true, full)).toEqual({ kind: 'error', reason: '不是数字' })
    expect(parseScore('151', 1500)).toEqual({ kind: 'error', reason: '超出范围（应在 0–150 之间）' })
  })
})

describe('lines', () => {
  it('defaults to 60 % and 85 % of full marks', () => {
    expect(defaultLines(100)).toEqual({ passTenths: 600, excellentTenths: 850 })
    expect(defaultLines(150)).toEqual({ passTenths: 900, excellentTenths: 1275 })
  })
  it('keeps pass ≤ excellent ≤ full', () => {
    expect(checkLines(1000, 600, 850)).toBeNull()
    expect(checkLines(1000, 900, 850)).toMatch(/优秀线/)
    expect(checkLines(1000, 600, 1010)).toMatch(/优秀线/)
    expect(checkLines(1000, -1, 850)).toMatch(/及格线/)
    expect(checkLines(1000, 600.5, 850)).toMatch(/一位小数/)
  })
})

describe('statistics', () => {
  const lines = { fullTenths: 1000, passTenths: 600, excellentTenths: 850 }
  it('averages, extremes, rates and bands over the sitters; 缺考 counted apart', () => {
    const s = subjectStats([1000, 900, 850, 600, 595, null], lines)
    expect(s).toMatchObject({
      sitters: 5,
      absent: 1,
      average: 78.9,
      highest: 100,
      lowest: 59.5,
      passRate: 80,
      excellentRate: 60,
    })
    expect(s.bands).toEqual([0, 0, 0, 0, 0, 1, 1, 0, 1, 2])
  })
  it('answers nulls when nobody sat', () => {
    expect(subjectStats([null, null], lines)).toMatchObject({ sitters: 0, absent: 2, average: null, passRate: null })
  })
  it('puts band edges in the upper band and full marks in the last', () => {
    expect(bandOf(100, 1000)).toBe(1)
    expect(bandOf(99, 1000)).toBe(0)
    expect(bandOf(1000, 1000)).toBe(9)
    expect(bandOf(1350, 1500)).toBe(9)
    expect(bandLabel(6, 1000)).toBe('60–70')
    expect(bandLabel(0, 1500)).toBe('0–15')
  })
})

describe('totals and ranks', () => {
  it('sums the subjects sat', () => {
    expect(totalOf([900, null, 855])).toBe(1755)
    expect(totalOf([null, undefined])).toBeNull()
  })
  it('ranks ties together and skips the next rank; no total, no rank', () => {
    const r = ranksOf(
      new Map<string, number | null>([
        ['a', 3000],
        ['b', 2800],
        ['c', 2800],
        ['d', 2500],
        ['e', null],
      ]),
    )
    expect([...r]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 2],
      ['d', 4],
    ])
  })
})

// ---------------------------------------------------------------------------------------------------------------

const subjects = [
  { id: 11, name: '语文', fullTenths: 1000 },
  { id: 12, name: '数学', fullTenths: 1000 },
]
const students: SheetStudent[] = [
  { sub: 's1', no: '2023110201', name: '王小明', classId: 5 },
  { sub: 's2', no: '2023110202', name: '李华', classId: 5 },
  { sub: 's3', no: '2023110101', name: '赵敏', classId: 4 },
]
const roster = new Map(students.map((s) => [s.no!, s]))

async function template(): Promise<Buffer> {
  return buildTemplate({
    subjects,
    classes: [
      { id: 5, name: '三年级(2)班', students: students.filter((s) => s.classId === 5) },
      { id: 4, name: '三年级(1)班', students: students.filter((s) => s.classId === 4) },
    ],
    scores: new Map([['s1', new Map([[11, 955]])]]),
  })
}

async function edit(input: Buffer, fn: (wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(input as unknown as ArrayBuffer)
  fn(wb)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(AppError)
  return e as AppError
}

/** A zip archive of one entry, `declared` its claimed uncompressed size (a liar when smaller than `data`). */
function zipOf(name: string, data: Buffer, declared = data.length): Buffer {
  const packed = deflateRawSync(data)
  const n = Buffer.from(name)
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(8, 8)
  local.writeUInt32LE(packed.length, 18)
  local.writeUInt32LE(declared, 22)
  local.writeUInt16LE(n.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(8, 10)
  central.writeUInt32LE(packed.length, 20)
  central.writeUInt32LE(declared, 24)
  central.writeUInt16LE(n.length, 28)
  central.writeUInt32LE(0, 42)
  const centralAt = 30 + n.length + packed.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(46 + n.length, 12)
  end.writeUInt32LE(centralAt, 16)
  return Buffer.concat([local, n, packed, central, n, end])
}

describe('the score sheet', () => {
  it('offers a sheet per class with the students and the scores entered so far', async () => {
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load((await template()) as unknown as ArrayBuffer)
    expect(wb.worksheets.map((w) => w.name)).toEqual(['三年级(2)班', '三年级(1)班'])
    const ws = wb.getWorksheet('三年级(2)班')!
    expect(ws.getRow(1).values).toEqual([undefined, '学号', '姓名', '班级', '语文', '数学'])
    expect(ws.getRow(2).values).toEqual([undefined, '2023110201', '王小明', '三年级(2)班', 95.5])
  })

  it('reads a filled-in template: scores, 缺考, and blanks that clear', async () => {
    const file = await edit(await template(), (wb) => {
      const ws = wb.getWorksheet('三年级(2)班')!
      ws.getCell('E2').value = 88
      ws.getCell('D3').value = '缺考'
      ws.getCell('E3').value = '72.5'
      wb.getWorksheet('三年级(1)班')!.getCell('D2').value = 100
    })
    const r = await readScoreSheet(file, subjects, roster)
    expect(r.problems).toEqual([])
    expect(r.students).toBe(3)
    const cell = (sub: string, subject: number) =>
      r.entries.find((e) => e.studentSub === sub && e.subjectId === subject)?.cell
    expect(cell('s1', 11)).toEqual({ kind: 'score', tenths: 955 })
    expect(cell('s1', 12)).toEqual({ kind: 'score', tenths: 880 })
    expect(cell('s2', 11)).toEqual({ kind: 'absent' })
    expect(cell('s2', 12)).toEqual({ kind: 'score', tenths: 725 })
    expect(cell('s3', 11)).toEqual({ kind: 'score', tenths: 1000 })
    expect(cell('s3', 12)).toEqual({ kind: 'empty' })
  })

  it('lists every bad row with its number and reason: unknown 学号, wrong name, out of range, formula, duplicate', async () => {
    const file = await edit(await template(), (wb) => {
      const ws = wb.getWorksheet('三年级(2)班')!
      ws.getCell('E2').value = 120 // out of range
      ws.getCell('B3').value = '李四' // name does not match 2023110202
      ws.getCell('D3').value = { formula: 'SUM(1,2)', result: 3 } // a formula
      ws.addRow(['2023119999', '无名', '三年级(2)班', 60, 60]) // unknown 学号 (row 4)
      ws.addRow(['2023110201', '王小明', '三年级(2)班', 'abc', 60]) // duplicate of row 2, and not a number (row 5)
    })
    const r = await readScoreSheet(file, subjects, roster)
    expect(r.problems).toEqual([
      { sheet: '三年级(2)班', row: 2, reason: '数学：超出范围（应在 0–100 之间）' },
      { sheet: '三年级(2)班', row: 3, reason: '姓名“李四”与学号不符；语文：不支持公式，请填写数值' },
      { sheet: '三年级(2)班', row: 4, reason: '学号 2023119999 不是本次考试班级的学生' },
      { sheet: '三年级(2)班', row: 5, reason: '重复的学生（与工作表“三年级(2)班”第 2 行相同）；语文：不是数字' },
    ])
  })

  it('refuses a header that is not the template', async () => {
    const file = await edit(await template(), (wb) => {
      wb.getWorksheet('三年级(2)班')!.getCell('E1').value = '物理'
    })
    expect((await refusal(readScoreSheet(file, subjects, roster))).message).toMatch(/表头“物理”不是本次考试的科目/)
  })

  it('refuses a file that is not an xlsx, one over 5 MB and one over 2,000 rows', async () => {
    const notXlsx = await refusal(readScoreSheet(Buffer.from('学号,姓名\n1,王小明\n'), subjects, roster))
    expect([notXlsx.code, notXlsx.message]).toEqual([400, ImportMsg.NOT_XLSX])
    const big = await refusal(readScoreSheet(Buffer.alloc(5 * 1024 * 1024 + 1, 1), subjects, roster))
    expect(big.message).toBe(ImportMsg.TOO_BIG)
    const many = await edit(await template(), (wb) => {
      const ws = wb.getWorksheet('三年级(1)班')!
      for (let i = 0; i < IMPORT_MAX_ROWS; i++) ws.addRow([`9${i}`, '某某', '三年级(1)班', 60, 60])
    })
    expect((await refusal(readScoreSheet(many, subjects, roster))).message).toBe(ImportMsg.TOO_MANY_ROWS)
  })

  it('refuses a zip bomb before exceljs parses it: a lying size and an honest huge one', async () => {
    const zeros = Buffer.alloc(50 * 1024 * 1024)
    const liar = zipOf('xl/worksheets/sheet1.xml', zeros, 1000)
    expect(liar.length).toBeLessThan(IMPORT_MAX_ROWS * 1000)
    expect((await refusal(readScoreSheet(liar, subjects, roster))).message).toBe(ImportMsg.DAMAGED)
    expect((await refusal(checkArchive(zipOf('xl/sharedStrings.xml', zeros)))).message).toBe(ImportMsg.DAMAGED)
    // An honest small archive passes the guard.
    await expect(checkArchive(zipOf('a.xml', Buffer.from('<a/>')))).resolves.toBeUndefined()
  })
})

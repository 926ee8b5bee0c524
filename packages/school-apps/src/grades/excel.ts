/**
 * The score sheet: the template an exam offers (a sheet per class: 学号, 姓名, 班级, one column per subject, rows
 * prefilled with the class's students and the scores entered so far) and the reading of a filled-in sheet. Reading
 * refuses a file that is not an xlsx, is over 5 MB or 2,000 rows, or inflates past a cap (a zip bomb) before exceljs
 * parses it; then every row is checked and every bad row listed, so the caller saves nothing unless all are good.
 */
import { promisify } from 'node:util'
import { inflateRaw } from 'node:zlib'
import ExcelJS from 'exceljs'
import { AppError } from '../kit/types.js'
import { formatTenths, parseScore, type ScoreCell } from './rules.js'

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024
export const IMPORT_MAX_ROWS = 2000
/** What the archive may inflate to: 2,000 rows of a dozen columns are well under 5 MB of XML. */
const MAX_INFLATED = 40 * 1024 * 1024

export const ImportMsg = {
  NOT_XLSX: '文件不是 Excel（.xlsx）文件，请使用下载的模板',
  TOO_BIG: '文件超过 5 MB，请删减后重新上传',
  DAMAGED: '文件过大或已损坏，请检查后重新上传',
  TOO_MANY_ROWS: `数据超过 ${IMPORT_MAX_ROWS} 行，请分批导入`,
  EMPTY: '文件中没有成绩数据',
  FORMULA: '不支持公式，请填写数值',
} as const

export interface SheetSubject {
  id: number
  name: string
  fullTenths: number
}
export interface SheetStudent {
  sub: string
  no: string | null
  name: string
  classId: number
}
export interface TemplateInput {
  subjects: SheetSubject[]
  classes: { id: number; name: string; students: SheetStudent[] }[]
  /** Entered so far: student sub → subject id → tenths, or null for 缺考. */
  scores: Map<string, Map<number, number | null>>
}

const FIXED = ['学号', '姓名', '班级'] as const

/** An Excel sheet name: at most 31 characters, none of []:*?/\ (two classes never share one). */
function sheetName(name: string, taken: Set<string>): string {
  const base = name.replace(/[[\]:*?/\\]/g, '_').slice(0, 28) || '班级'
  let n = base
  for (let i = 2; taken.has(n); i++) n = `${base}_${i}`
  taken.add(n)
  return n
}

/** The template: one sheet per class, students prefilled with the scores entered so far. */
export async function buildTemplate(input: TemplateInput): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  wb.creator = '成绩管理'
  const taken = new Set<string>()
  for (const c of input.classes) {
    const ws = wb.addWorksheet(sheetName(c.name, taken), { views: [{ state: 'frozen', ySplit: 1, xSplit: 2 }] })
    ws.columns = [
      { header: '学号', key: 'no', width: 14 },
      { header: '姓名', key: 'name', width: 10 },
      { header: '班级', key: 'class', width: 14 },
      ...input.subjects.map((s) => ({ header: s.name, key: `s${s.id}`, width: 10 })),
    ]
    ws.getRow(1).font = { bold: true }
    input.subjects.forEach((s, i) => {
      ws.getCell(1, FIXED.length + 1 + i).note = `满分 ${formatTenths(s.fullTenths)}，缺考请填“缺考”`
    })
    for (const st of c.students) {
      const mine = input.scores.get(st.sub)
      const row: Record<string, string | number | null> = { no: st.no ?? '', name: st.name, class: c.name }
      for (const s of input.subjects) {
        const e = mine?.get(s.id)
        row[`s${s.id}`] = e === undefined ? null : e === null ? '缺考' : e / 10
      }
      // 学号 as text: a number column would drop leading zeros and show long numbers in E notation.
      ws.addRow(row).getCell(1).numFmt = '@'
    }
  }
  if (!input.classes.length) wb.addWorksheet('成绩')
  return Buffer.from(await wb.xlsx.writeBuffer())
}

const inflate = promisify(inflateRaw)

/**
 * Walks the archive's central directory (what exceljs's zip reader reads) and inflates every entry with a bounded
 * output, so an archive that lies about its sizes or inflates to gigabytes is refused before exceljs sees it.
 */
export async function checkArchive(input: Buffer, maxInflated = MAX_INFLATED): Promise<void> {
  const damaged = () => new AppError(400, ImportMsg.DAMAGED)
  let end = -1
  for (let at = input.length - 22; at >= Math.max(0, input.length - 22 - 0xffff); at--)
    if (input.readUInt32LE(at) === 0x06054b50) {
      end = at
      break
    }
  if (end < 0) throw damaged()
  const count = input.readUInt16LE(end + 10)
  let p = input.readUInt32LE(end + 16)
  let total = 0
  for (let i = 0; i < count; i++) {
    if (p + 46 > input.length || input.readUInt32LE(p) !== 0x02014b50) throw damaged()
    const method = input.readUInt16LE(p + 10)
    const compressed = input.readUInt32LE(p + 20)
    const size = input.readUInt32LE(p + 24)
    const local = input.readUInt32LE(p + 42)
    if (compressed === 0xffffffff || size === 0xffffffff || local === 0xffffffff) throw damaged()
    if (method !== 0 && method !== 8) throw damaged()
    total += size
    if (total > maxInflated) throw damaged()
    if (local + 30 > input.length || input.readUInt32LE(local) !== 0x04034b50) throw damaged()
    const start = local + 30 + input.readUInt16LE(local + 26) + input.readUInt16LE(local + 28)
    if (start + compressed > input.length) throw damaged()
    const data = input.subarray(start, start + compressed)
    if (method === 8) {
      // The declared size caps what this entry may inflate to: a lie is caught here, not in exceljs.
      const out = await inflate(data, { maxOutputLength: Math.max(1, size) }).catch(() => null)
      if (!out || out.length !== size) throw damaged()
    } else if (compressed !== size) throw damaged()
    p += 46 + input.readUInt16LE(p + 28) + input.readUInt16LE(p + 30) + input.readUInt16LE(p + 32)
  }
}

/** A cell as the parser sees it: text or a number; a formula is refused (its result may not be what was meant). */
type CellRead = { value: string | number | null } | { formula: true }

function readCell(v: ExcelJS.CellValue): CellRead {
  if (v === null || v === undefined) return { value: null }
  if (typeof v === 'number' || typeof v === 'string') return { value: v }
  if (typeof v === 'boolean' || v instanceof Date) return { value: String(v) }
  if (typeof v === 'object') {
    if ('formula' in v || 'sharedFormula' in v) return { formula: true }
    if ('richText' in v) return { value: v.richText.map((r) => r.text).join('') }
    if ('text' in v && typeof v.text === 'string') return { value: v.text }
    if ('error' in v) return { value: String(v.error) }
  }
  return { value: String(v) }
}

const text = (c: CellRead): string => ('formula' in c ? '' : c.value === null ? '' : String(c.value).trim())

interface ImportEntry {
  studentSub: string
  classId: number
  subjectId: number
  /** empty clears a score entered before: the sheet is the whole truth for the students it lists. */
  cell: ScoreCell
}
interface ImportProblem {
  sheet: string
  /** The row number Excel shows. */
  row: number
  reason: string
}
export interface ImportResult {
  entries: ImportEntry[]
  /** Students the sheet lists (good rows). */
  students: number
  problems: ImportProblem[]
}

/** Matches a header cell to a subject: its name, optionally followed by a note in brackets (语文（满分100）). */
function subjectOfHeader(h: string, subjects: readonly SheetSubject[]): SheetSubject | undefined {
  const bare = h.replace(/[（(].*[)）]$/, '').trim()
  return subjects.find((s) => s.name === h || s.name === bare)
}

/**
 * Reads a filled-in sheet: `roster` maps 学号 to the exam's students. File-level problems (not an xlsx, too big, too
 * many rows, a header without 学号/姓名 or with a column that is no subject) throw AppError 400; row-level ones are
 * all listed in `problems` (the caller saves nothing when there is one).
 */
export async function readScoreSheet(
  input: Buffer,
  subjects: readonly SheetSubject[],
  roster: ReadonlyMap<string, SheetStudent>,
): Promise<ImportResult> {
  if (input.length > IMPORT_MAX_BYTES) throw new AppError(400, ImportMsg.TOO_BIG)
  // An xlsx is a zip archive: anything else is refused before any parser sees it.
  if (input.length < 4 || input.readUInt32LE(0) !== 0x04034b50) throw new AppError(400, ImportMsg.NOT_XLSX)
  await checkArchive(input)
  const wb = new ExcelJS.Workbook()
  try {
    await wb.xlsx.load(input as unknown as ArrayBuffer)
  } catch {
    throw new AppError(400, ImportMsg.NOT_XLSX)
  }
  let rows = 0
  wb.eachSheet((ws) => {
    rows += Math.max(0, ws.actualRowCount - 1)
  })
  if (rows > IMPORT_MAX_ROWS) throw new AppError(400, ImportMsg.TOO_MANY_ROWS)

  const entries: ImportEntry[] = []
  const problems: ImportProblem[] = []
  const seen = new Map<string, { sheet: string; row: number }>()
  let students = 0
  wb.eachSheet((ws) => {
    if (ws.actualRowCount === 0) return
    const header = ws.getRow(1)
    const cols = new Map<string, number>()
    const subjectCols: { col: number; subject: SheetSubject }[] = []
    header.eachCell((cell, col) => {
      const h = text(readCell(cell.value))
      if (!h) return
      if ((FIXED as readonly string[]).includes(h)) cols.set(h, col)
      else {
        const s = subjectOfHeader(h, subjects)
        if (!s) throw new AppError(400, `工作表“${ws.name}”的表头“${h}”不是本次考试的科目，请使用下载的模板`)
        if (subjectCols.some((x) => x.subject.id === s.id))
          throw new AppError(400, `工作表“${ws.name}”的科目“${s.name}”出现了两次`)
        subjectCols.push({ col, subject: s })
      }
    })
    const noCol = cols.get('学号')
    const nameCol = cols.get('姓名')
    if (!noCol || !nameCol || !subjectCols.length)
      throw new AppError(400, `工作表“${ws.name}”的表头应有 学号、姓名 和科目列，请使用下载的模板`)
    ws.eachRow((row, r) => {
      if (r === 1) return
      const reasons: string[] = []
      const noCell = readCell(row.getCell(noCol).value)
      const nameCell = readCell(row.getCell(nameCol).value)
      const cells = subjectCols.map((x) => ({ ...x, read: readCell(row.getCell(x.col).value) }))
      const no = text(noCell)
      const name = text(nameCell)
      // A row with nothing in it (Excel keeps formatted empty rows) is no student.
      if (!no && !name && cells.every((c) => !('formula' in c.read) && text(c.read) === '')) return
      if ('formula' in noCell || 'formula' in nameCell) reasons.push(`学号、姓名：${ImportMsg.FORMULA}`)
      const student = no ? roster.get(no) : undefined
      if (!no) reasons.push('学号为空')
      else if (!student) reasons.push(`学号 ${no} 不是本次考试班级的学生`)
      else if (student.name !== name) reasons.push(`姓名“${name}”与学号不符`)
      if (student) {
        const first = seen.get(student.sub)
        if (first) reasons.push(`重复的学生（与工作表“${first.sheet}”第 ${first.row} 行相同）`)
        else seen.set(student.sub, { sheet: ws.name, row: r })
      }
      const parsed: ImportEntry[] = []
      for (const c of cells) {
        if ('formula' in c.read) {
          reasons.push(`${c.subject.name}：${ImportMsg.FORMULA}`)
          continue
        }
        const p = parseScore(c.read.value, c.subject.fullTenths)
        if (p.kind === 'error') reasons.push(`${c.subject.name}：${p.reason}`)
        else if (student)
          parsed.push({ studentSub: student.sub, classId: student.classId, subjectId: c.subject.id, cell: p })
      }
      if (reasons.length) problems.push({ sheet: ws.name, row: r, reason: reasons.join('；') })
      else {
        students++
        entries.push(...parsed)
      }
    })
  })
  if (!students && !problems.length) throw new AppError(400, ImportMsg.EMPTY)
  return { entries, students, problems }
}

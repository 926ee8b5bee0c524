import { PassThrough, Readable } from 'node:stream'
import ExcelJS from './exceljs.js'
import { ErrorCode, maskValue, type PersonalFieldKey } from '@zhixiao/shared'
import { refused } from './errors.js'
import { checkXlsxArchive } from './xlsx-guard.js'
import { workbookReader } from './xlsx-reader.js'

export interface SheetColumn {
  header: string
  key: string
  width?: number
  /** The personal field (policy key) the column holds: an import's error file echoes it masked (docs/privacy.md). */
  personal?: PersonalFieldKey
}
export type SheetRow = Record<string, string | number | null | undefined>

/**
 * A read row with its personal columns masked by the field policy (withheld ones emptied): what an import keeps of a
 * rejected row and shows in its error file (PERSONAL_CONTAINERS import_job_error.data). Masking a mask changes nothing,
 * so rows stored before masking read the same.
 */
export function maskSheetValues(
  columns: readonly SheetColumn[],
  values: Record<string, string>,
): Record<string, string> {
  const out = { ...values }
  for (const c of columns) {
    const v = out[c.key]
    if (c.personal && v !== undefined) out[c.key] = maskValue(c.personal, v) ?? ''
  }
  return out
}

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export const ExcelMsg = {
  NOT_EXCEL: '文件不是有效的Excel（.xlsx）文件',
  BAD_HEADER: '表头不正确，请使用下载的模板',
  EMPTY: '文件中没有数据',
  TOO_MANY: (max: number) => `单次最多导入${max}行`,
  /** A formula cell the file holds no result for (written by a program that does not calculate, or an error result). */
  FORMULA_NO_VALUE: (row: number, column: string) =>
    `第${row}行“${column}”是公式且没有计算结果，请在 Excel 中计算并保存（或粘贴为数值）后再导入`,
} as const

/**
 * Text a spreadsheet program would run as a formula when it starts a cell (OWASP "CSV injection": =, +, -, @, tab,
 * carriage return). Exports write such text with a leading apostrophe, the spreadsheet convention for "this is
 * text", so =cmd|'/C calc'!A0 shows as text and never runs; imports take the apostrophe off again, so an exported
 * file re-imports unchanged (docs/people.md, "Formulas in Excel files").
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** A cell value safe to write: formula-like text gets a leading apostrophe; anything else is unchanged. */
export function neutraliseFormula<V>(v: V): V | string {
  return typeof v === 'string' && FORMULA_START.test(v) ? `'${v}` : v
}

/**
 * Streams rows into a one-sheet workbook, every text cell through neutraliseFormula. Rows may come from an async iterable (a cursor), so an export is
 * written as it is read and never held in memory whole.
 */
export function xlsxStream(
  sheetName: string,
  columns: SheetColumn[],
  rows: AsyncIterable<SheetRow> | Iterable<SheetRow>,
): Readable {
  const out = new PassThrough()
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false })
  const ws = wb.addWorksheet(sheetName)
  ws.columns = columns.map((c) => ({ header: c.header, key: c.key, width: c.width ?? 18 }))
  void (async () => {
    for await (const r of rows)
      ws.addRow(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, neutraliseFormula(v)]))).commit()
    ws.commit()
    await wb.commit()
  })().catch((e: unknown) => out.destroy(e as Error))
  return out
}

export interface ReadRow {
  rowNumber: number
  values: Record<string, string>
}

/**
 * Yields the data rows of the first sheet of an uploaded file, checking its header row against the
 * template's first; blank rows are skipped. Errors are the Chinese ExcelMsg ones. Before exceljs sees the file,
 * checkXlsxArchive caps what it inflates to and, given maxRows, the rows of the sheet (zip bombs are refused at once).
 */
async function* sheetRows(input: Buffer, columns: SheetColumn[], maxRows?: number): AsyncGenerator<ReadRow> {
  // An .xlsx is a zip archive: refuse anything else before the parser sees it.
  if (input.length < 4 || input.readUInt32LE(0) !== 0x04034b50) throw refused(ErrorCode.BAD_REQUEST, ExcelMsg.NOT_EXCEL)
  await checkXlsxArchive(input, {
    rows: maxRows === undefined ? undefined : { max: maxRows, message: ExcelMsg.TOO_MANY(maxRows) },
  })
  const reader = workbookReader(input)
  const bad = (e: unknown) =>
    (e as { code?: number }).code === ErrorCode.BAD_REQUEST ? e : refused(ErrorCode.BAD_REQUEST, ExcelMsg.NOT_EXCEL)
  try {
    for await (const sheet of reader) {
      let header: string[] | null = null
      for await (const row of sheet) {
        const cells = (row.values as unknown[])
          .slice(1)
          .map((v, i) =>
            cellText(v, () =>
              ExcelMsg.FORMULA_NO_VALUE(row.number, columns[i]?.header.replace(/\*$/, '') ?? `第${i + 1}列`),
            ),
          )
        if (!header) {
          header = cells
          const expected = columns.map((c) => c.header)
          if (expected.some((h, i) => (header![i] ?? '').replace(/\*$/, '') !== h.replace(/\*$/, '')))
            throw refused(ErrorCode.BAD_REQUEST, ExcelMsg.BAD_HEADER)
          continue
        }
        if (cells.every((c) => c === '')) continue
        yield { rowNumber: row.number, values: Object.fromEntries(columns.map((c, i) => [c.key, cells[i] ?? ''])) }
      }
      if (!header) throw refused(ErrorCode.BAD_REQUEST, ExcelMsg.BAD_HEADER)
      break
    }
  } catch (e) {
    throw bad(e)
  }
}

/** Reads every data row (at most maxRows) of an uploaded file. */
export async function readSheet(input: Buffer, columns: SheetColumn[], maxRows: number): Promise<ReadRow[]> {
  const rows: ReadRow[] = []
  for await (const r of sheetRows(input, columns, maxRows)) {
    if (rows.length >= maxRows) throw refused(ErrorCode.BAD_REQUEST, ExcelMsg.TOO_MANY(maxRows))
    rows.push(r)
  }
  if (!rows.length) throw refused(ErrorCode.BAD_REQUEST, ExcelMsg.EMPTY)
  return rows
}

/** Checks an upload's type, size, row count (given maxRows), header and that it holds a data row, reading no further than that row. */
export async function checkSheet(input: Buffer, columns: SheetColumn[], maxRows?: number): Promise<void> {
  for await (const _ of sheetRows(input, columns, maxRows)) return
  throw refused(ErrorCode.BAD_REQUEST, ExcelMsg.EMPTY)
}

/**
 * A cell as text. A formula cell is what the person saw in Excel: the result the file stores beside the formula
 * (never the formula's own text, which became a teacher's 工号, and never evaluated here). A formula without a
 * stored result, or whose result is an error (#N/A …), is refused with noResult's message.
 */
function cellText(v: unknown, noResult: () => string): string {
  if (v === null || v === undefined) return ''
  let s: string
  if (typeof v === 'object' && !(v instanceof Date)) {
    const o = v as {
      text?: unknown
      result?: unknown
      formula?: unknown
      sharedFormula?: unknown
      error?: unknown
      richText?: { text: string }[]
    }
    if (o.richText) s = o.richText.map((t) => t.text).join('')
    // A shared formula's other cells carry sharedFormula (the master cell) instead of formula text.
    else if (o.formula !== undefined || o.sharedFormula !== undefined) {
      const r = o.result
      if (r === undefined || r === null || (typeof r === 'object' && !(r instanceof Date) && 'error' in r))
        throw refused(ErrorCode.BAD_REQUEST, noResult())
      return cellText(r, noResult)
    } else if (o.text !== undefined) s = String(o.text)
    else if (o.result !== undefined) s = String(o.result)
    else if (o.error !== undefined) s = String(o.error)
    else s = ''
  } else if (v instanceof Date) {
    return v.toISOString().slice(0, 10)
  } else {
    s = String(v)
  }
  s = s.trim()
  // The apostrophe an export put before formula-like text (neutraliseFormula) is not part of the value.
  return s.startsWith("'") && FORMULA_START.test(s.slice(1)) ? s.slice(1).trim() : s
}

export function attachmentHeader(fileName: string): string {
  return `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/**
 * Reads a large result in id order, one short transaction per chunk, so an export of 100k rows streams
 * without a long-held transaction or the whole result in memory. `ids` walks the driving table's index
 * (cheap, exact chunks); `rows` loads the joined rows of those ids, applying any remaining filters, so no chunk
 * joins or sorts the whole result.
 */
export async function* keysetChunks<R>(
  ids: (afterId: number, limit: number) => Promise<number[]>,
  rows: (ids: number[]) => Promise<R[]>,
  chunk = 2000,
): AsyncGenerator<R> {
  let after = 0
  for (;;) {
    const batch = await ids(after, chunk)
    if (batch.length) for (const r of await rows(batch)) yield r
    if (batch.length < chunk) return
    after = batch[batch.length - 1]!
  }
}

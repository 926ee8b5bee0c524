import { PassThrough, type Readable } from 'node:stream'
import ExcelJS from '../../platform/exceljs.js'
import { neutraliseFormula } from '../../platform/excel.js'
import { workbookReader } from '../../platform/xlsx-reader.js'

/** Who took the file, when and what for: written on every sheet, in its first line and in the document properties. */
export interface Watermark {
  requester: string
  orgName: string | null
  /** Beijing time, minutes. */
  at: string
  purpose: string
  /** The request's number and its approver, in the properties. */
  requestId: number
  approver: string | null
}

/** 「导出人 … 时间 … 仅限 … 用途」: the first line of the sheet and its page header. */
const watermarkLine = (w: Watermark) =>
  `导出人 ${w.requester}${w.orgName ? `（${w.orgName}）` : ''} 时间 ${w.at} 仅限 ${w.purpose} 用途`

/** A header/footer text: & starts a code there, so a literal one is written twice. */
const hf = (s: string) => s.replace(/&/g, '&&')

async function bufferOf(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const c of stream) parts.push(c as Buffer)
  return Buffer.concat(parts)
}

type Cell = string | number | null
const cellOf = (v: unknown): Cell =>
  v == null
    ? null
    : typeof v === 'number' || typeof v === 'string'
      ? v
      : v instanceof Date
        ? v.toISOString()
        : String(v)

/**
 * Rewrites an export (the people module's one-sheet workbook, as streamed) with the watermark: a first line above
 * the header, a page header and footer on the sheet, and the document's author, title, subject and description.
 * Both sides stream, so a large export is never held unpacked in memory; returns the file and its data rows.
 */
export async function watermarked(source: Readable, w: Watermark): Promise<{ file: Buffer; rows: number }> {
  const input = await bufferOf(source)
  const out = new PassThrough()
  const done = bufferOf(out)
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false })
  const line = watermarkLine(w)
  wb.creator = w.requester
  wb.lastModifiedBy = w.requester
  wb.title = `导出申请 #${w.requestId}`
  wb.subject = line
  wb.description = `${line}；审批人 ${w.approver ?? ''}`
  wb.keywords = '个人信息 仅限申请用途 不得转发'
  let rows = 0
  for await (const sheet of workbookReader(input)) {
    const name = (sheet as unknown as { name?: string }).name ?? '导出'
    const ws = wb.addWorksheet(name, {
      headerFooter: {
        differentFirst: false,
        differentOddEven: false,
        oddHeader: `&C${hf(line)}`,
        oddFooter: `&L${hf(`导出人 ${w.requester} ${w.at}`)}&R第 &P 页，共 &N 页`,
      },
    })
    ws.addRow([line]).commit()
    let header = true
    for await (const row of sheet) {
      const values = (row.values as unknown[]).slice(1).map((v) => neutraliseFormula(cellOf(v)))
      ws.addRow(values).commit()
      if (header) header = false
      else rows++
    }
    ws.commit()
  }
  await wb.commit()
  return { file: await done, rows }
}

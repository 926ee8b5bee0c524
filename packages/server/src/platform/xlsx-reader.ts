import { Readable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'
import ExcelJS from './exceljs.js'
import { zipEntries, type ZipEntry } from './xlsx-guard.js'

/**
 * exceljs's streaming WorkbookReader, fed from an upload already in memory instead of its own one-pass unzip.
 *
 * Why: its parse() reads the archive in stored order, and exceljs itself writes the sheets before the shared
 * strings and xl/workbook.xml last. A sheet that comes before the shared strings is parked in a temporary file,
 * and the final entry is not reliably delivered by its stream iteration under load (exceljs issue #3064: "Cannot
 * read properties of undefined (reading 'sheets')"), which an upload answered as 文件格式不正确 — a good file refused
 * now and then. Here the parts a sheet depends on (workbook relationships, workbook, shared strings) are read
 * first, then the sheets in stored order (the order the guard counted rows in), each inflated lazily as a stream:
 * no temporary files, no race, and a 100,000-row sheet still never sits inflated in memory whole.
 */
interface ReaderInternals {
  parse: () => AsyncGenerator<unknown>
  _parseRels(entry: Readable): Promise<void>
  _parseWorkbook(entry: Readable): Promise<void>
  _parseSharedStrings(entry: Readable): AsyncGenerator<unknown>
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<unknown>
}

/** zlib's default chunk: the sax parser's cost grows with the text it is given at once (256 KB chunks read a 100k-row sheet at half the speed). */
const CHUNK = 16 * 1024

/** The entry's bytes as a stream of CHUNK-sized pieces, inflated while read (the archive passed checkXlsxArchive, so sizes are capped). */
function open(entry: ZipEntry): Readable {
  if (entry.method === 8) return Readable.from([entry.data]).pipe(createInflateRaw({ chunkSize: CHUNK }))
  const { data } = entry
  return Readable.from(
    (function* pieces() {
      for (let at = 0; at < data.length; at += CHUNK) yield data.subarray(at, at + CHUNK)
    })(),
  )
}

/** exceljs's own sheet pattern (the guard's SHEET), with the number caught. */
const SHEET_NO = /xl\/worksheets\/sheet(\d+)[.]xml/
const OPTIONS = {
  worksheets: 'emit',
  sharedStrings: 'cache',
  styles: 'ignore',
  hyperlinks: 'ignore',
  entries: 'ignore',
} as const

/** A workbook reader over `input` (a checked .xlsx): iterate it for worksheets, each for its rows. */
export function workbookReader(input: Buffer): InstanceType<typeof ExcelJS.stream.xlsx.WorkbookReader> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), OPTIONS)
  const r = reader as unknown as ReaderInternals
  r.parse = async function* parse() {
    const entries = [...zipEntries(input)]
    const part = (name: string) => entries.find((e) => e.name === name)
    const rels = part('xl/_rels/workbook.xml.rels')
    if (rels) await r._parseRels(open(rels))
    const book = part('xl/workbook.xml')
    if (book) await r._parseWorkbook(open(book))
    const strings = part('xl/sharedStrings.xml')
    if (strings) yield* r._parseSharedStrings(open(strings))
    for (const e of entries) {
      const sheetNo = SHEET_NO.exec(e.name)?.[1]
      if (!sheetNo) continue
      const stream = open(e)
      try {
        yield* r._parseWorksheet(stream, sheetNo)
      } finally {
        stream.destroy()
      }
    }
  }
  return reader
}

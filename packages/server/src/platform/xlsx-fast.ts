import { Readable } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { createInflateRaw } from 'node:zlib'
import { zipEntries, type ZipEntry } from './xlsx-guard.js'

/**
 * A lean reader of the first worksheet for the common import file: text cells (shared or inline strings, rich text
 * included) and plain numbers. exceljs builds a row model, a cell model and sax events for every cell: reading
 * 100,000 students took it about 4 s and 170 MB of short-lived heap, the largest cost of an import on PGlite and of
 * its memory peak (docs/performance.md "Import, second pass", round three). This one scans the XML with regular
 * expressions and answers each row as exceljs's row.values would (1-based, text or number).
 *
 * Anything it does not handle the way exceljs does throws NotSimple and the caller reads the file with exceljs
 * instead: a formula (its result and the refusal of one without a result stay exceljs's), a styled number (a date
 * is a number with a date format), booleans, errors, ISO dates, phonetic runs, `_xHHHH_` escapes, namespace prefixes.
 * The archive passed checkXlsxArchive first (sizes and rows capped), as for exceljs.
 */
export class NotSimple extends Error {}

export interface FastRow {
  number: number
  /** exceljs's row.values: index 0 unused, a cell's text or number at its column number, holes for empty cells. */
  values: (string | number)[]
}

const SHEET_NO = /xl\/worksheets\/sheet\d+[.]xml/
const CHUNK = 256 * 1024

async function* text(entry: ZipEntry): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8')
  const source =
    entry.method === 8
      ? Readable.from([entry.data]).pipe(createInflateRaw({ chunkSize: CHUNK }))
      : Readable.from([entry.data])
  for await (const chunk of source) yield decoder.write(chunk as Buffer)
  const rest = decoder.end()
  if (rest) yield rest
}

const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(lt|gt|amp|quot|apos));/g
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }
function decode(raw: string): string {
  if (raw.includes('_x')) throw new NotSimple('escape')
  // An XML parser reads a line end as \n (XML 1.0 §2.11), as exceljs's does.
  const s = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw
  if (!s.includes('&')) return s
  return s.replace(ENTITY, (_, dec: string, hex: string, name: string) =>
    name ? NAMED[name]! : String.fromCodePoint(dec ? Number(dec) : parseInt(hex, 16)),
  )
}

/** The concatenated <t> runs of a string item (<si> or <is>): plain or rich text. */
const T = /<t(?:\s[^>]*)?(?:\/>|>([^<]*)<\/t>)/g
function runs(xml: string): string {
  if (xml.includes('<rPh')) throw new NotSimple('phonetic')
  let out = ''
  for (const m of xml.matchAll(T)) out += m[1] ? decode(m[1]) : ''
  return out
}

/** Whole elements `<name …>…</name>` or `<name …/>` from a stream of text, each with the text of its attributes and body. */
async function* elements(chunks: AsyncIterable<string>, name: string): AsyncGenerator<[attrs: string, body: string]> {
  const open = `<${name}`
  const close = `</${name}>`
  let buf = ''
  for await (const chunk of chunks) {
    buf += chunk
    let at = 0
    for (;;) {
      let start = buf.indexOf(open, at)
      // `<c` also starts `<col`, `<row` also `<rowBreaks`: only the element itself counts.
      while (start >= 0 && !/[\s>/]/.test(buf[start + open.length] ?? 'x')) {
        if (start + open.length >= buf.length) break
        start = buf.indexOf(open, start + 1)
      }
      if (start < 0 || start + open.length >= buf.length) break
      const tagEnd = buf.indexOf('>', start)
      if (tagEnd < 0) break
      if (buf[tagEnd - 1] === '/') {
        yield [buf.slice(start + open.length, tagEnd - 1), '']
        at = tagEnd + 1
        continue
      }
      const end = buf.indexOf(close, tagEnd)
      if (end < 0) break
      yield [buf.slice(start + open.length, tagEnd), buf.slice(tagEnd + 1, end)]
      at = end + close.length
    }
    buf = buf.slice(at)
  }
}

const ATTR = (name: string) => new RegExp(`(?:^|\\s)${name}="([^"]*)"`)
const R = ATTR('r')
const TYPE = ATTR('t')
const STYLE = ATTR('s')
const NUM_FMT = ATTR('numFmtId')
const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/
const V = /<v>([^<]*)<\/v>/

function columnOf(ref: string): number {
  let n = 0
  for (const ch of ref) {
    const c = ch.charCodeAt(0)
    if (c < 65 || c > 90) break
    n = n * 26 + (c - 64)
  }
  return n
}

/** Whether style 0 (a cell without s) shows numbers as they are: its number format is General. */
async function generalDefault(styles: ZipEntry | undefined): Promise<boolean> {
  if (!styles) return true
  let xml = ''
  for await (const t of text(styles)) xml += t
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(xml)?.[1]
  const first = xfs && /<xf\b([^>]*)>?/.exec(xfs)?.[1]
  return !first || (NUM_FMT.exec(first)?.[1] ?? '0') === '0'
}

/** The rows of the first worksheet, as exceljs's reader would give their values; NotSimple when exceljs must read it. */
export async function* fastSheetRows(input: Buffer): AsyncGenerator<FastRow> {
  const entries = [...zipEntries(input)]
  const part = (name: string) => entries.find((e) => e.name === name)
  const sheet = entries.find((e) => SHEET_NO.test(e.name))
  if (!sheet) throw new NotSimple('no sheet')
  const plainNumbers = await generalDefault(part('xl/styles.xml'))
  const shared: string[] = []
  const strings = part('xl/sharedStrings.xml')
  if (strings) for await (const [, body] of elements(text(strings), 'si')) shared.push(runs(body))

  let sawData = false
  let rowNo = 0
  for await (const [attrs, body] of elements(guarded(text(sheet)), 'row')) {
    sawData = true
    rowNo = Number(R.exec(attrs)?.[1] ?? rowNo + 1)
    const values: (string | number)[] = []
    let col = 0
    for (const [cAttrs, cBody] of cells(body)) {
      const ref = R.exec(cAttrs)?.[1]
      col = ref ? columnOf(ref) : col + 1
      const type = TYPE.exec(cAttrs)?.[1] ?? 'n'
      if (type === 's') {
        const v = V.exec(cBody)?.[1]
        if (v === undefined) continue
        const s = shared[Number(v)]
        if (s === undefined) throw new NotSimple('shared string')
        values[col] = s
      } else if (type === 'inlineStr') {
        const is = /<is>([\s\S]*)<\/is>/.exec(cBody)?.[1]
        if (is !== undefined) values[col] = runs(is)
      } else if (type === 'n') {
        const v = V.exec(cBody)?.[1]
        if (v === undefined) continue
        const style = STYLE.exec(cAttrs)?.[1] ?? '0'
        if (style !== '0' || !plainNumbers || !NUMBER.test(v)) throw new NotSimple('styled number')
        values[col] = Number(v)
      } else throw new NotSimple(`cell type ${type}`)
    }
    yield { number: rowNo, values }
  }
  if (!sawData) throw new NotSimple('no rows')
}

/** The sheet's text, refused for what the scan does not read as exceljs does (formulas, prefixed element names). */
async function* guarded(chunks: AsyncIterable<string>): AsyncGenerator<string> {
  let tail = ''
  for await (const chunk of chunks) {
    // A match split across two chunks is caught on the seam (the previous chunk's last characters).
    const seam = tail + chunk
    if (/<f[\s>/]|<\w+:(?:row|c|sheetData)[\s>/]/.test(seam)) throw new NotSimple('formula or prefix')
    tail = chunk.slice(-16)
    yield chunk
  }
}

function* cells(row: string): Generator<[attrs: string, body: string]> {
  let at = 0
  for (;;) {
    let start = row.indexOf('<c', at)
    while (start >= 0 && !/[\s>/]/.test(row[start + 2] ?? 'x')) start = row.indexOf('<c', start + 1)
    if (start < 0) return
    const tagEnd = row.indexOf('>', start)
    if (tagEnd < 0) throw new NotSimple('cell')
    if (row[tagEnd - 1] === '/') {
      yield [row.slice(start + 2, tagEnd - 1), '']
      at = tagEnd + 1
      continue
    }
    const end = row.indexOf('</c>', tagEnd)
    if (end < 0) throw new NotSimple('cell')
    yield [row.slice(start + 2, tagEnd), row.slice(tagEnd + 1, end)]
    at = end + 4
  }
}

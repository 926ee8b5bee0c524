import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib'
import ExcelJS from '../src/platform/exceljs.js'
import type { TestApp } from './helpers.js'

/** A real .xlsx made by the test: a header row, then the rows (a cell may be a formula: { formula: 'A1+1' }). */
export async function xlsx(header: string[], rows: import('exceljs').CellValue[][], sheet = 'Sheet1'): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet(sheet)
  ws.addRow(header)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}

/** Posts a file as multipart field `file` (plus text fields), as the browser's upload does. */
export async function upload(
  t: TestApp,
  url: string,
  token: string,
  file: Buffer,
  name = 'data.xlsx',
  fields: Record<string, string> = {},
) {
  const boundary = '----zx' + Math.random().toString(16).slice(2)
  const parts = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  )
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own shape of data
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: any }) }
}

/** Every row of the first sheet of a downloaded workbook, as text. */
export async function readXlsx(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(body as unknown as ArrayBuffer)
  const rows: string[][] = []
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v)))))
  return rows
}

interface ZipEntry {
  name: string
  method: number
  data: Buffer
  crc: number
  size: number
}

/** The entries of a zip (as exceljs writes them) read from its central directory, their data as stored. */
function zipEntries(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  const entries: ZipEntry[] = []
  for (let i = 0, p = zip.readUInt32LE(end + 16); i < zip.readUInt16LE(end + 10); i++) {
    const nameLen = zip.readUInt16LE(p + 28)
    const local = zip.readUInt32LE(p + 42)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    entries.push({
      name: zip.toString('utf8', p + 46, p + 46 + nameLen),
      method: zip.readUInt16LE(p + 10),
      crc: zip.readUInt32LE(p + 16),
      size: zip.readUInt32LE(p + 24),
      data: zip.subarray(start, start + zip.readUInt32LE(p + 20)),
    })
    p += 46 + nameLen + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32)
  }
  return entries
}

/**
 * How an entry states its size: 'honest' its real one; 'lie' a small one in the local header and the directory;
 * 'none' none (a data descriptor after the data, the directory saying 0), so only inflating tells.
 */
export type Declared = 'honest' | 'lie' | 'none'

/** A minimal streaming zip writer: each entry's local header and data in turn, then the central directory. */
function writeZip(entries: (ZipEntry & { declared?: Declared })[]): Buffer {
  const parts: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const declared = e.declared ?? 'honest'
    const size = declared === 'honest' ? e.size : declared === 'lie' ? 1000 : 0
    const name = Buffer.from(e.name)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(declared === 'none' ? 0x08 : 0, 6)
    local.writeUInt16LE(e.method, 8)
    local.writeUInt32LE(declared === 'none' ? 0 : e.crc, 14)
    local.writeUInt32LE(declared === 'none' ? 0 : e.data.length, 18)
    local.writeUInt32LE(size, 22)
    local.writeUInt16LE(name.length, 26)
    const descriptor = Buffer.alloc(declared === 'none' ? 16 : 0)
    if (declared === 'none') {
      descriptor.writeUInt32LE(0x08074b50, 0)
      descriptor.writeUInt32LE(e.crc, 4)
      descriptor.writeUInt32LE(e.data.length, 8)
    }
    const dir = Buffer.alloc(46)
    dir.writeUInt32LE(0x02014b50, 0)
    dir.writeUInt16LE(20, 4)
    dir.writeUInt16LE(20, 6)
    dir.writeUInt16LE(declared === 'none' ? 0x08 : 0, 8)
    dir.writeUInt16LE(e.method, 10)
    dir.writeUInt32LE(e.crc, 16)
    dir.writeUInt32LE(e.data.length, 20)
    dir.writeUInt32LE(size, 24)
    dir.writeUInt16LE(name.length, 28)
    dir.writeUInt32LE(offset, 42)
    central.push(dir, name)
    parts.push(local, name, e.data, descriptor)
    offset += local.length + name.length + e.data.length + descriptor.length
  }
  const dirBytes = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(dirBytes.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...parts, dirBytes, end])
}

/**
 * A zip bomb made from a real workbook: its xl/sharedStrings.xml gains unused strings until it inflates to
 * `inflatedBytes`, while the upload stays small (1 GB deflates to about 1 MB). Each 1 MB block is deflated once
 * and repeated: a full flush leaves the compressor with no history, so every repeat is the same bytes and the
 * whole is one valid deflate stream. The workbook stays valid (its header row still reads).
 */
export function zipBomb(workbook: Buffer, inflatedBytes: number, declared: Declared = 'honest'): Buffer {
  const entries = zipEntries(workbook)
  const at = entries.findIndex((e) => e.name === 'xl/sharedStrings.xml')
  const e = entries[at]!
  const xml = (e.method === 8 ? inflateRawSync(e.data) : e.data).toString('utf8')
  const close = xml.lastIndexOf('</sst>')
  const head = Buffer.from(xml.slice(0, close))
  const tail = Buffer.from(xml.slice(close))
  const block = Buffer.from(`<si><t>${'A'.repeat(1024 * 1024 - 17)}</t></si>`)
  const blocks = Math.max(1, Math.ceil((inflatedBytes - head.length - tail.length) / block.length))
  const flush = { finishFlush: constants.Z_FULL_FLUSH }
  const packed = deflateRawSync(block, flush)
  const data = Buffer.concat([deflateRawSync(head, flush), ...Array<Buffer>(blocks).fill(packed), deflateRawSync(tail)])
  let crc = crc32(head)
  for (let i = 0; i < blocks; i++) crc = crc32(block, crc)
  crc = crc32(tail, crc)
  const size = head.length + blocks * block.length + tail.length
  entries[at] = { ...e, method: 8, data, crc, size }
  return writeZip(entries.map((x, i) => ({ ...x, declared: i === at ? declared : 'honest' })))
}

/** The same workbook with its parts stored in another order: the named ones first (in that order), then the rest as they were. */
export function reordered(workbook: Buffer, first: string[]): Buffer {
  const entries = zipEntries(workbook)
  const rank = (name: string) => (first.includes(name) ? first.indexOf(name) : first.length)
  return writeZip([...entries].sort((a, b) => rank(a.name) - rank(b.name)))
}

/** The names of a zip's entries in stored order. */
export function entryNames(zip: Buffer): string[] {
  return zipEntries(zip).map((e) => e.name)
}

/** The same workbook with every part stored uncompressed (method 0), as some tools write it. */
export function storedUncompressed(workbook: Buffer): Buffer {
  return writeZip(
    zipEntries(workbook).map((e) => ({ ...e, method: 0, data: e.method === 8 ? inflateRawSync(e.data) : e.data })),
  )
}

/** The text of every entry of a zip (an .xlsx's XML parts), inflated: what a scan of a download reads. */
export function zipTexts(zip: Buffer): { name: string; text: string }[] {
  return zipEntries(zip).map((e) => ({
    name: e.name,
    text: (e.method === 8 ? inflateRawSync(e.data) : e.data).toString('utf8'),
  }))
}

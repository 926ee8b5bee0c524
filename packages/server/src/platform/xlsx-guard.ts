import { ErrorCode } from '@zhixiao/shared'
import { Readable } from 'node:stream'
import { createInflateRaw } from 'node:zlib'
import { refused } from './errors.js'

/**
 * Checks an uploaded .xlsx (a zip archive) before exceljs reads it, so a zip bomb — a small upload that inflates to
 * gigabytes of shared strings or sheet XML — is refused in well under a second instead of holding the request while
 * exceljs inflates and parses it. Three caps, each answered at once with a clear message:
 * 1. the sizes the archive declares (central directory and local headers) may total at most XLSX_MAX_INFLATED;
 * 2. the bytes each entry actually inflates to are counted while inflating (declared sizes can lie) and the check
 *    stops as soon as they pass the entry's declared size or the total cap;
 * 3. the first worksheet may hold at most maxRows + 1 rows (the header), counted in the same pass.
 * The entries are walked the way exceljs's unzip reader walks them (local headers in order, the same data ranges),
 * so no entry can hide from this check yet reach the parser.
 */

/** 200 MB: a 100,000-row import (the largest allowed) inflates to about 25 MB; room for wide sheets and images. */
export const XLSX_MAX_INFLATED = 200 * 1024 * 1024
export const XLSX_TOO_LARGE = '文件过大或已损坏，请检查后重新上传'

const LOCAL = 0x04034b50
const CENTRAL = 0x02014b50
const END = 0x06054b50
const DESCRIPTOR = Buffer.from([0x50, 0x4b, 0x07, 0x08])
const ZIP64 = 0xffffffff
/** The entry exceljs reads as the first sheet (its own, unanchored pattern). */
const SHEET = /xl\/worksheets\/sheet\d+[.]xml/
/** A row element, with or without a namespace prefix. */
const ROW = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g

const tooLarge = () => refused(ErrorCode.BAD_REQUEST, XLSX_TOO_LARGE)

export interface XlsxCaps {
  /** Default XLSX_MAX_INFLATED. */
  maxInflated?: number
  /** Data rows of the first sheet (its header row comes on top), and the message when there are more. */
  rows?: { max: number; message: string }
}

/** The uncompressed sizes the central directory declares, summed; null when there is no readable directory. */
function declaredTotal(input: Buffer): number | null {
  const from = Math.max(0, input.length - 22 - 0xffff)
  for (let at = input.length - 22; at >= from; at--) {
    if (input.readUInt32LE(at) !== END) continue
    const count = input.readUInt16LE(at + 10)
    let p = input.readUInt32LE(at + 16)
    let total = 0
    for (let i = 0; i < count; i++) {
      if (p + 46 > input.length || input.readUInt32LE(p) !== CENTRAL) return null
      const size = input.readUInt32LE(p + 24)
      if (size === ZIP64) return Infinity
      total += size
      p += 46 + input.readUInt16LE(p + 28) + input.readUInt16LE(p + 30) + input.readUInt16LE(p + 32)
    }
    return total
  }
  return null
}

/** Counts the bytes `data` inflates to, streaming; stops (returns false) once they pass `limit`. */
async function inflatesWithin(
  data: Buffer,
  limit: number,
  onChunk?: (chunk: Buffer) => boolean,
): Promise<number | false> {
  const inflate = createInflateRaw({ chunkSize: 256 * 1024 })
  const source = Readable.from([data])
  source.pipe(inflate)
  let n = 0
  try {
    for await (const chunk of inflate as AsyncIterable<Buffer>) {
      n += chunk.length
      if (n > limit || (onChunk && !onChunk(chunk))) return false
    }
    return n
  } catch {
    throw tooLarge()
  } finally {
    source.unpipe(inflate)
    inflate.destroy()
  }
}

/** Counts row elements across chunks (a tag may straddle two chunks: the tail of one is scanned with the next). */
function rowCounter(max: number): { add: (chunk: Buffer) => boolean; over: () => boolean } {
  let rows = 0
  let carry = ''
  return {
    add(chunk) {
      const text = carry + chunk.toString('latin1')
      ROW.lastIndex = 0
      for (let m = ROW.exec(text); m; m = ROW.exec(text)) if (m.index + m[0].length > carry.length) rows++
      carry = text.slice(-64)
      return rows <= max
    },
    over: () => rows > max,
  }
}

/** One entry of an archive: its name, how it is stored (0 stored, 8 deflated), the size it declares (null: none) and its data. */
export interface ZipEntry {
  name: string
  method: number
  size: number | null
  data: Buffer
}

/**
 * The entries of an archive, walked the way exceljs's unzip reader walks them (local headers in order, the same
 * data ranges), ending at the central directory; a damaged or zip64 archive is refused with XLSX_TOO_LARGE. The
 * guard below and the sheet reader (xlsx-reader.ts) both use this walk, so what was checked is what is read.
 */
export function* zipEntries(input: Buffer): Generator<ZipEntry> {
  let p = 0
  while (p + 4 <= input.length && input.readUInt32LE(p) === LOCAL) {
    if (p + 30 > input.length) throw tooLarge()
    const flags = input.readUInt16LE(p + 6)
    const method = input.readUInt16LE(p + 8)
    const compressed = input.readUInt32LE(p + 18)
    const size = input.readUInt32LE(p + 22)
    const nameEnd = p + 30 + input.readUInt16LE(p + 26)
    const name = input.toString('utf8', p + 30, Math.min(nameEnd, input.length))
    const start = nameEnd + input.readUInt16LE(p + 28)
    if (compressed === ZIP64 || size === ZIP64 || (method !== 0 && method !== 8)) throw tooLarge()
    // As the unzip reader does: the local header's size when it gives one, else up to the data descriptor.
    const sizeKnown = !(flags & 0x08) || compressed > 0
    const end = sizeKnown ? start + compressed : input.indexOf(DESCRIPTOR, start)
    if (end < 0 || end > input.length) throw tooLarge()
    yield { name, method, size: sizeKnown && size > 0 ? size : null, data: input.subarray(start, end) }
    p = sizeKnown ? end : end + 16
  }
  // The entries must lead straight to the central directory, as the unzip reader expects; anything else is damage.
  if (p + 4 > input.length || input.readUInt32LE(p) !== CENTRAL) throw tooLarge()
}

export async function checkXlsxArchive(input: Buffer, caps: XlsxCaps = {}): Promise<void> {
  const cap = caps.maxInflated ?? XLSX_MAX_INFLATED
  const declared = declaredTotal(input)
  if (declared === null || declared > cap) throw tooLarge()
  let total = 0
  let sheetSeen = false
  for (const { name, method, size, data } of zipEntries(input)) {
    // An entry may inflate to what it declares (when it declares a size) and never past the total cap.
    const limit = Math.min(cap - total, size ?? Infinity)
    const rows = !sheetSeen && SHEET.test(name) && caps.rows ? rowCounter(caps.rows.max + 1) : null
    sheetSeen ||= SHEET.test(name)
    const n =
      method === 8
        ? await inflatesWithin(data, limit, rows?.add)
        : data.length <= limit && (!rows || rows.add(data))
          ? data.length
          : false
    if (rows?.over()) throw refused(ErrorCode.BAD_REQUEST, caps.rows!.message)
    if (n === false) throw tooLarge()
    total += n
  }
}

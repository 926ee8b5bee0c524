import { createRequire } from 'node:module'
import { StringDecoder } from 'node:string_decoder'

/**
 * exceljs, with one fix applied before it loads: its streaming reader decodes every zip chunk to text on its
 * own (lib/utils/parse-sax.js), so a Chinese character split across two chunks became "��" (exceljs issues
 * #2063, #2084; unfixed in 4.4.0). This replacement keeps a UTF-8 decoder across chunks. Import exceljs only
 * from here (lint enforces it), so the fix is in place whichever module loads first.
 */
const require = createRequire(import.meta.url)
const parseSaxPath = require.resolve('exceljs/lib/utils/parse-sax.js')
if (!require.cache[parseSaxPath]) {
  const fromExceljs = createRequire(parseSaxPath)
  const { SaxesParser } = fromExceljs('saxes') as { SaxesParser: new () => SaxParser }
  type Event = { eventType: 'opentag' | 'text' | 'closetag'; value: unknown }
  interface SaxParser {
    on(ev: string, fn: (v: unknown) => void): void
    write(s: string): void
  }
  async function* parseSax(iterable: AsyncIterable<Buffer | string>): AsyncGenerator<Event[]> {
    const parser = new SaxesParser()
    const decoder = new StringDecoder('utf8')
    let error: unknown
    let events: Event[] = []
    parser.on('error', (e) => {
      error = e
    })
    for (const eventType of ['opentag', 'text', 'closetag'] as const)
      parser.on(eventType, (value) => events.push({ eventType, value }))
    for await (const chunk of iterable) {
      parser.write(typeof chunk === 'string' ? chunk : decoder.write(chunk))
      if (error) throw error
      yield events
      events = []
    }
    const rest = decoder.end()
    if (rest) {
      parser.write(rest)
      if (error) throw error
      yield events
    }
  }
  const Module = require('node:module') as { new (id: string): { filename: string; loaded: boolean; exports: unknown } }
  const m = new Module(parseSaxPath)
  m.filename = parseSaxPath
  m.loaded = true
  m.exports = parseSax
  require.cache[parseSaxPath] = m as unknown as NodeJS.Module
}

const ExcelJS = require('exceljs') as typeof import('exceljs')
export default ExcelJS

import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Tables are declared one way: each table's row type lives in src/db/tables/<domain>.ts, and db/schema.ts alone
 * declares Database, as the union of the domains' <Domain>Tables (no declaration merging, no module augmentation,
 * no module-private typed view of a transaction). The sources are read as text.
 */
const ROOT = path.resolve(import.meta.dirname, '..')
const SRC = path.join(ROOT, 'src')
const SCHEMA = path.join(SRC, 'db', 'schema.ts')
const TABLES = path.join(SRC, 'db', 'tables')

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : tsFiles(p)
    return /\.ts$/.test(e.name) ? [p] : []
  })
}
const rel = (f: string) => path.relative(ROOT, f)
const sources = [
  ...tsFiles(SRC),
  ...tsFiles(path.join(ROOT, 'test')),
  ...(fs.existsSync(path.join(ROOT, 'bench')) ? tsFiles(path.join(ROOT, 'bench')) : []),
]
  .filter((f) => f !== path.join(ROOT, 'test', 'tables.test.ts'))
  .map((f) => ({ file: f, text: fs.readFileSync(f, 'utf8') }))

/** Each `interface <Name>Table … { … }` of a text: its name, what it extends and its body (braces matched). */
function tableInterfaces(text: string): { name: string; heritage: string; body: string }[] {
  const out: { name: string; heritage: string; body: string }[] = []
  for (const m of text.matchAll(/\binterface\s+(\w*Table)\b([^{]*)\{/g)) {
    let depth = 1
    let i = m.index + m[0].length
    for (; i < text.length && depth > 0; i++) {
      if (text[i] === '{') depth++
      else if (text[i] === '}') depth--
    }
    out.push({ name: m[1]!, heritage: m[2]!, body: text.slice(m.index + m[0].length, i - 1) })
  }
  return out
}

describe('tables are declared one way', () => {
  it('only db/schema.ts declares the Database interface', () => {
    const offenders = sources
      .filter((s) => s.file !== SCHEMA && /\binterface\s+Database\b/.test(s.text))
      .map((s) => rel(s.file))
    expect(offenders).toEqual([])
    expect(
      (fs.readFileSync(SCHEMA, 'utf8').match(/\binterface\s+Database\b/g) ?? []).length,
      'one declaration, no merging',
    ).toBe(1)
  })

  it('no file augments the database types with declare module', () => {
    const offenders = sources.flatMap((s) =>
      [...s.text.matchAll(/\bdeclare\s+module\s+['"]([^'"]+)['"]/g)]
        .filter((m) => /schema|tables|database|kysely/.test(m[1]!))
        .map((m) => `${rel(s.file)}: ${m[0]}`),
    )
    expect(offenders).toEqual([])
  })

  it('tenant-owned table row types live only under src/db/tables', () => {
    const offenders = sources
      .filter((s) => !s.file.startsWith(TABLES + path.sep))
      .flatMap((s) =>
        tableInterfaces(s.text)
          .filter((t) => /\btenant_id\b/.test(t.body) || /\bOwned\b/.test(t.heritage))
          .map((t) => `${rel(s.file)}: ${t.name}`),
      )
    expect(offenders).toEqual([])
  })

  it('no module gives a transaction its own typed view of tables (withTables / $extendTables)', () => {
    const offenders = sources.filter((s) => /\.(withTables|\$extendTables)\s*</.test(s.text)).map((s) => rel(s.file))
    expect(offenders).toEqual([])
  })

  it('db/schema.ts re-exports every table file and Database extends every domain', () => {
    const schema = fs.readFileSync(SCHEMA, 'utf8')
    for (const f of fs.readdirSync(TABLES).filter((n) => n.endsWith('.ts') && n !== 'columns.ts')) {
      const domain = fs.readFileSync(path.join(TABLES, f), 'utf8').match(/export interface (\w+Tables)\b/)?.[1]
      expect(domain, `${f} exports one <Domain>Tables`).toBeDefined()
      expect(schema, f).toContain(`from './tables/${f.replace(/\.ts$/, '.js')}'`)
      expect(schema.match(/interface Database\s+extends([^{]*)\{/)?.[1], f).toMatch(new RegExp(`\\b${domain}\\b`))
    }
  })
})

import * as shared from '@zhixiao/shared'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { STUB_ID, STUB_MODULE, stripSchemaImports } from '../build/strip-contract-schemas'

/**
 * The web build's contracts (build/strip-contract-schemas.ts) must be the server's contracts minus the schemas: every
 * contract keeps its method, path and flags, and says whether it has a body or a query. Each contract file is
 * transformed as the build does, loaded beside the untouched contract.ts and constants.ts, and compared with shared.
 */
const SRC = path.resolve(import.meta.dirname, '../../shared/src')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-contracts-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

type Shape = {
  method: string
  path: string
  body: boolean
  query: boolean
  file: boolean
  stream: boolean
  upload: boolean
  redirect: boolean
}
const shapeOf = (c: Record<string, unknown>): Shape => ({
  method: String(c.method),
  path: String(c.path),
  body: !!c.body,
  query: !!c.query,
  file: !!c.file,
  stream: !!c.stream,
  upload: !!c.upload,
  redirect: !!c.redirect,
})
/** Every contract in an exported value, by its export name and key path. */
function contractsOf(mod: Record<string, unknown>): Map<string, Shape> {
  const out = new Map<string, Shape>()
  const visit = (v: unknown, at: string, depth: number) => {
    if (typeof v !== 'object' || v === null || depth > 2) return
    const c = v as Record<string, unknown>
    if ((c.method === 'GET' || c.method === 'POST') && typeof c.path === 'string') {
      out.set(at, shapeOf(c))
      return
    }
    for (const [k, x] of Object.entries(c)) visit(x, `${at}.${k}`, depth + 1)
  }
  for (const [k, v] of Object.entries(mod)) visit(v, k, 0)
  return out
}

describe('contracts in the web build', () => {
  it('keep every method, path and flag, and carry no schema module', async () => {
    fs.mkdirSync(path.join(dir, 'contracts'))
    for (const f of ['contract.ts', 'constants.ts']) fs.copyFileSync(path.join(SRC, f), path.join(dir, f))
    fs.writeFileSync(path.join(dir, 'stub.js'), STUB_MODULE)
    for (const f of fs.readdirSync(path.join(SRC, 'contracts'))) {
      const file = path.join(SRC, 'contracts', f)
      const code = fs.readFileSync(file, 'utf8')
      const out = (stripSchemaImports(code, file) ?? code).replace(`'${STUB_ID}'`, "'../stub.js'")
      // What stays imported: the contract factories, the plain constants, other contract files and the stand-in.
      for (const m of out.matchAll(/from '([^']+)'/g))
        expect(m[1], `${f} imports ${m[1]}`).toMatch(
          /^(\.\.\/contract\.js|\.\.\/constants\.js|\.\/[\w-]+\.js|\.\.\/stub\.js)$/,
        )
      fs.writeFileSync(path.join(dir, 'contracts', f), out)
    }
    const web = contractsOf((await import(path.join(dir, 'contracts', 'index.ts'))) as Record<string, unknown>)
    const server = contractsOf(shared as unknown as Record<string, unknown>)
    const serverOfWeb = new Map([...server].filter(([k]) => web.has(k)))
    expect(web.size).toBeGreaterThan(400)
    expect(web).toEqual(serverOfWeb)
    expect(
      [...server.keys()].filter((k) => !web.has(k) && !k.startsWith('idBody') && !k.startsWith('statusBody')),
    ).toEqual([])
  })
})

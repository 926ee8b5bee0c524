import * as shared from '@zhixiao/shared'
import type { AnyContract } from '@zhixiao/shared'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from './helpers.js'

/**
 * One contract per call (docs/architecture.md "Contracts"): every API route the server registers is a contract of
 * packages/shared, registered once, with the contract's access rule; every contract has its handler; and the web
 * names no API path of its own.
 */
function isContract(v: unknown): v is AnyContract {
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof (v as AnyContract).path === 'string' &&
    ['GET', 'POST', 'PUT'].includes((v as AnyContract).method) &&
    typeof (v as AnyContract).summary === 'string'
  )
}
/** Every contract exported by shared, found through the exported contract groups. */
function allContracts(): AnyContract[] {
  const out = new Set<AnyContract>()
  const visit = (v: unknown, depth: number) => {
    if (isContract(v)) {
      out.add(v)
      return
    }
    if (depth > 2 || typeof v !== 'object' || v === null || Array.isArray(v)) return
    for (const x of Object.values(v)) visit(x, depth + 1)
  }
  for (const v of Object.values(shared)) visit(v, 0)
  return [...out]
}

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('contracts', () => {
  it('every API route is a shared contract, registered once, with its access rule', () => {
    const contracts = new Map(allContracts().map((c) => [`${c.method} ${c.path}`, c]))
    const seen = new Set<string>()
    const outside: string[] = []
    for (const r of t.routes) {
      const key = `${r.method} ${r.url}`
      expect(seen.has(key), key).toBe(false)
      seen.add(key)
      const c = contracts.get(key)
      if (!c) {
        outside.push(key)
        continue
      }
      expect({
        key,
        permission: r.permission,
        public: r.public,
        superAdmin: r.superAdmin,
        tenantWide: r.tenantWide,
      }).toEqual({
        key,
        permission: c.permission,
        public: c.public,
        superAdmin: c.superAdmin,
        tenantWide: c.tenantWide,
      })
    }
    expect(outside).toEqual([])
    expect(t.routes.length).toBeGreaterThan(400)
  })

  it('every contract has a handler', () => {
    const registered = new Set(t.routes.map((r) => `${r.method} ${r.url}`))
    const unserved = allContracts()
      .map((c) => `${c.method} ${c.path}`)
      .filter((k) => !registered.has(k))
    expect(unserved).toEqual([])
  })

  it('the web app names no API path outside the contracts', () => {
    // Every first path segment a contract starts with (/base/, /sc-mobile-api/, /open/, /t/, …), from the contracts.
    const prefixes = [...new Set(allContracts().map((c) => c.path.split('/')[1]!))]
    expect(prefixes).toEqual(expect.arrayContaining(['base', 'sc-mobile-api', 'open', 't']))
    const apiPath = new RegExp(`['"\`]/(${prefixes.map((p) => p.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&')).join('|')})/`)
    const root = path.resolve(import.meta.dirname, '../../web/src')
    const offenders: string[] = []
    const walk = (d: string) => {
      for (const n of fs.readdirSync(d)) {
        const p = path.join(d, n)
        if (fs.statSync(p).isDirectory()) walk(p)
        else if (/\.tsx?$/.test(n) && apiPath.test(fs.readFileSync(p, 'utf8'))) offenders.push(path.relative(root, p))
      }
    }
    walk(root)
    expect(offenders).toEqual([])
  })
})

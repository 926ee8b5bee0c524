import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOGIN_ROUTE_BUDGET, routeWeight, type RouteWeight } from '../build/route-weight'

/**
 * The login route's JavaScript budget (issue 12): a cold /#/redirect/login loads at most 120 KB of gzip JavaScript
 * (the entry, its static imports, the login page and its layout). The test builds the current sources into a temp
 * folder (Vite's manifest on, no .br/.gz), so it measures what the sources make today on a clean clone, never a stale
 * packages/web/dist, and leaves dist alone. A few seconds of build.
 */
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
let out: string
let weight: RouteWeight

beforeAll(() => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-web-weight-'))
  const vite = path.resolve(web, '../../node_modules/vite/bin/vite.js')
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: web,
    encoding: 'utf8',
    // Vitest sets NODE_ENV=test, which would build React's development bundle.
    env: { ...process.env, NODE_ENV: 'production', ZX_PRECOMPRESS: '0' },
  })
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`)
  weight = routeWeight(out)
})
afterAll(() => { if (out) fs.rmSync(out, { recursive: true, force: true }) })

describe('login route weight', () => {
  it(`loads at most ${LOGIN_ROUTE_BUDGET / 1024} KB of gzip JavaScript`, () => {
    const list = weight.files.map((f) => `${(f.gzipBytes / 1024).toFixed(1)} KB ${f.file}`).join('\n')
    expect(weight.gzipBytes, `the login route loads ${(weight.gzipBytes / 1024).toFixed(1)} KB:\n${list}`).toBeLessThanOrEqual(LOGIN_ROUTE_BUDGET)
  })

  it('carries no antd, zod, TanStack Query or page table', () => {
    const names = weight.files.map((f) => f.file)
    // Chunk names come from their first module; these are the ones that appeared when the login page carried them.
    for (const heavy of [/useMergeSemantic/, /config-provider/, /\/form-/, /\/query-[\w-]+\.js$/, /\/pages-/, /schemas/]) {
      expect(names.filter((n) => heavy.test(n)), String(heavy)).toEqual([])
    }
  })
})

import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HOME_CHUNK } from '../build/home-chunk'
import { LOGIN_ROUTE_BUDGET, loadedWeight, startApi, type Api, type RouteWeight } from '../build/route-weight'

/**
 * The login route's JavaScript budget (issue 12): a cold /#/redirect/login makes a browser download at most 120 KB of
 * gzip JavaScript. Measured as a browser loads it (issue 22.14): headless Chromium opens the page and every .js it
 * fetches until the page has settled counts at its transferred size — the entry, its modulepreloads and the lazy
 * chunks the login route asks for — served as the server serves them (gzip -9 from 256 bytes) with the real server's
 * answers to the page's API calls (build/route-weight.ts). The test builds the current sources into a temp folder
 * (no .br/.gz), so it measures what the sources make today on a clean clone, never a stale packages/web/dist, and
 * leaves dist alone.
 */
const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
let out: string
let api: Api | undefined
let weight: RouteWeight

beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-web-weight-'))
  const vite = path.resolve(web, '../../node_modules/vite/bin/vite.js')
  const r = spawnSync(process.execPath, [vite, 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: web,
    encoding: 'utf8',
    // Vitest sets NODE_ENV=test, which would build React's development bundle.
    env: { ...process.env, NODE_ENV: 'production', ZX_PRECOMPRESS: '0' },
  })
  if (r.status !== 0) throw new Error(`vite build failed:\n${r.stdout}\n${r.stderr}`)
  api = await startApi()
  weight = await loadedWeight(out, api.url)
})
afterAll(async () => {
  await api?.stop()
  if (out) fs.rmSync(out, { recursive: true, force: true })
})

describe('login route weight', () => {
  it(`loads at most ${LOGIN_ROUTE_BUDGET / 1024} KB of gzip JavaScript`, () => {
    const list = weight.files.map((f) => `${(f.gzipBytes / 1024).toFixed(1)} KB ${f.file}`).join('\n')
    expect(
      weight.gzipBytes,
      `the login route loads ${(weight.gzipBytes / 1024).toFixed(1)} KB:\n${list}`,
    ).toBeLessThanOrEqual(LOGIN_ROUTE_BUDGET)
  })

  it('carries no antd, zod, TanStack Query or page table', () => {
    const names = weight.files.map((f) => f.file)
    // Chunk names come from their first module; these are the ones that appeared when the login page carried them.
    for (const heavy of [
      /useMergeSemantic/,
      /config-provider/,
      /\/form-/,
      /\/query-[\w-]+\.js$/,
      /\/pages-/,
      /schemas/,
    ]) {
      expect(
        names.filter((n) => heavy.test(n)),
        String(heavy),
      ).toEqual([])
    }
  })
})

describe("the portal home's first screen", () => {
  type Manifest = Record<string, { file: string; imports?: string[] }>
  const manifest = (): Manifest =>
    JSON.parse(fs.readFileSync(path.join(out, '.vite/manifest.json'), 'utf8')) as Manifest
  const homeKey = (m: Manifest) => Object.keys(m).filter((k) => k.startsWith(`_${HOME_CHUNK}-`) && k.endsWith('.js'))

  /** The files the home loads before it runs: its chunk and, transitively, their static imports (with the entry). */
  const homeClosure = (m: Manifest): string[] => {
    const seen = new Set<string>()
    const todo = [homeKey(m)[0]!, 'index.html']
    while (todo.length) {
      const k = todo.pop()!
      if (seen.has(k)) continue
      seen.add(k)
      todo.push(...(m[k]?.imports ?? []))
    }
    return [...seen].map((k) => m[k]!.file)
  }

  it('loads its code in one chunk and the few the login page shares, not ~150 (build/home-chunk.ts)', () => {
    const m = manifest()
    expect(homeKey(m), 'one home chunk').toHaveLength(1)
    const files = homeClosure(m)
    expect(files.length, files.join('\n')).toBeLessThanOrEqual(20)
  })

  it('holds neither zod nor the schemas admin pages validate with (build/pure-shared-values.ts, home-chunk.ts)', () => {
    const m = manifest()
    const home = fs.readFileSync(path.join(out, m[homeKey(m)[0]!]!.file), 'utf8')
    // zod names each schema class it defines ($constructor("ZodObject", …)); it loads in a chunk of its own.
    expect(home.includes('ZodObject'), 'zod in the home chunk').toBe(false)
    // Messages written only inside schemas the admin pages parse with (cms-schemas.ts blockInput, pc-portal-schemas.ts
    // systemInfoConfig): were the schemas back in the modules the home reads constants from, they would be built here.
    for (const inSchemaOnly of ['模块标题不能超过30个字符', '公告不能超过200个字符'])
      expect(home.includes(inSchemaOnly), inSchemaOnly).toBe(false)
  })

  it('is never loaded by the login route', () => {
    const m = manifest()
    const home = m[homeKey(m)[0]!]!.file
    expect(weight.files.map((f) => f.file)).not.toContain(home)
  })
})

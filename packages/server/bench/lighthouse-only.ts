// `npm run bench:lighthouse`: only the Lighthouse part of the bench (no load runs, import or lists), on a fresh
// seeded PGlite. BENCH_WEB_BEFORE=<a dist directory> (e.g. main's build copied aside) measures that build too, in the
// same session on a second server, so a before/after pair shares the machine's state.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchLighthousePages, formatLighthouse, type LighthousePage } from './lighthouse.js'
import { startServer, stopAll, stopServer } from './lib.js'

async function measure(label: string, webDist: string | undefined): Promise<LighthousePage[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-bench-lh-'))
  try {
    const env = { SEED_DEMO: '1', DATA_DIR: dataDir, ...(webDist ? { WEB_DIST: path.resolve(webDist) } : {}) }
    const server = await startServer(label, 'packages/server/src/main.ts', env, '/base/api/tenant/getLoginInfo')
    try {
      return await benchLighthousePages(server.base, !!webDist)
    } finally {
      await stopServer(server.child)
    }
  } finally {
    // PGlite may still be flushing as the server exits: a leftover temp folder is no reason to lose the figures.
    try {
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
    } catch {
      process.stderr.write(`could not remove ${dataDir}\n`)
    }
  }
}

async function main(): Promise<void> {
  const before = process.env.BENCH_WEB_BEFORE
  const show = (label: string, pages: LighthousePage[]) => {
    console.log(`\n=== ${label}`)
    for (const p of pages) console.log(formatLighthouse(p.route, p.presets, p.who))
  }
  if (before) show(`before (${before})`, await measure('before', before))
  show('this build (packages/web/dist)', await measure('after', undefined))
}

try {
  await main()
} finally {
  await stopAll()
}

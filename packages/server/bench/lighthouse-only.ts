// `npm run bench:lighthouse`: only the Lighthouse part of the bench (no load runs, import or lists), on a fresh
// seeded PGlite. BENCH_WEB_BEFORE=<a dist directory> (e.g. main's build copied aside) measures that build too, in the
// same session on a second server, one run of each build in turn (before, after, before, after…), so a burst of other
// work on a shared machine falls on both builds alike rather than on whichever ran at that moment.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {
  benchLighthousePages,
  formatLighthouse,
  medianRun,
  RUNS,
  type LighthousePage,
  type LighthousePreset,
} from './lighthouse.js'
import { startServer, stopAll, stopServer } from './lib.js'

interface Build {
  label: string
  base: string
  prebuilt: boolean
  stop: () => Promise<void>
}

async function startBuild(label: string, webDist: string | undefined): Promise<Build> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-bench-lh-'))
  const env = { SEED_DEMO: '1', DATA_DIR: dataDir, ...(webDist ? { WEB_DIST: path.resolve(webDist) } : {}) }
  const server = await startServer(label, 'packages/server/src/main.ts', env, '/base/api/tenant/getLoginInfo')
  return {
    label,
    base: server.base,
    prebuilt: !!webDist,
    stop: async () => {
      await stopServer(server.child)
      // PGlite may still be flushing as the server exits: a leftover temp folder is no reason to lose the figures.
      try {
        fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 })
      } catch {
        process.stderr.write(`could not remove ${dataDir}\n`)
      }
    },
  }
}

/** One build's runs gathered page by page and preset by preset, then each preset's median. */
function merge(rounds: LighthousePage[][]): LighthousePage[] {
  return rounds[0]!.map((first, i) => ({
    ...first,
    presets: first.presets.map((p, j): LighthousePreset => {
      const runs = rounds.flatMap((r) => r[i]!.presets[j]!.runs)
      return { preset: p.preset, runs, median: medianRun(runs) }
    }),
  }))
}

async function main(): Promise<void> {
  const before = process.env.BENCH_WEB_BEFORE
  const builds: Build[] = []
  try {
    if (before) builds.push(await startBuild('before', before))
    builds.push(await startBuild('after', undefined))
    const rounds = builds.map((): LighthousePage[][] => [])
    for (let run = 0; run < RUNS; run++)
      for (const [k, b] of builds.entries()) {
        process.stderr.write(`${b.label}, run ${run + 1} of ${RUNS}: `)
        rounds[k]!.push(await benchLighthousePages(b.base, b.prebuilt || run > 0, 1))
      }
    for (const [k, b] of builds.entries()) {
      console.log(`\n=== ${b.label === 'before' ? `before (${before})` : 'this build (packages/web/dist)'}`)
      for (const p of merge(rounds[k]!)) console.log(formatLighthouse(p.route, p.presets, p.who))
    }
  } finally {
    for (const b of builds) await b.stop()
  }
}

try {
  await main()
} finally {
  await stopAll()
}

// `npm test`: type-check, lint, unit + API tests on PGlite, the API suite again on PostgreSQL when
// TEST_DATABASE_URL names a server (.ci/run starts one), then the end-to-end suite in headless Chromium.
// Ends with one "N passed, N failed" line summing every stage.
//
// Two Node.js versions (issue 22.13): with ZX_NODE_ALT naming a second node binary (.ci/run: Node 24 LTS from the
// npm registry's `node` package), the PGlite pass of the unit + API tests (the web project's build and login-weight
// check included) and lane B's e2e server run on it, and everything else on the Node that runs this script (20 on
// the CI machine). The API suite thus runs whole on each (PGlite on one, PostgreSQL on the other) and the journeys
// meet a server on each, in the time of one run: running every stage twice would not fit the 30 minutes.
// Each stage's line says which Node it used.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const totals = { passed: 0, failed: 0, skipped: 0 }
const stages = []
// Named again in the last lines, where a log cut to its tail still shows them.
const failedNames = []

const altNode = process.env.ZX_NODE_ALT || process.execPath
const versionOf = (bin) =>
  spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout?.trim() || `(${bin} did not start)`
const here = process.version
const alt = versionOf(altNode)
const vitestBin = path.join(root, 'node_modules/vitest/vitest.mjs')

function run(name, cmd, args, env = {}) {
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = r.status === 0
  stages.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) })
  return ok
}

/** Vitest on the node binary `node` (its forks and the servers tests start use the same one). */
function vitest(name, node, args, env = {}) {
  const report = path.join(os.tmpdir(), `zx-vitest-${process.pid}-${stages.length}.json`)
  const ok = run(
    `${name} [node ${versionOf(node)}]`,
    node,
    [vitestBin, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    env,
  )
  try {
    const j = JSON.parse(fs.readFileSync(report, 'utf8'))
    totals.passed += j.numPassedTests
    totals.failed += j.numFailedTests
    totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0)
    for (const file of j.testResults ?? []) {
      const bad = (file.assertionResults ?? []).filter((a) => a.status === 'failed')
      for (const a of bad) failedNames.push(`${name}: ${path.relative(root, file.name)} › ${a.fullName}`)
      if (file.status === 'failed' && bad.length === 0)
        failedNames.push(`${name}: ${path.relative(root, file.name)} (${(file.message ?? '').split('\n')[0]})`)
    }
    fs.rmSync(report)
  } catch {
    totals.failed += 1 // the run died before reporting
  }
  return ok
}

/** Two commands at once (each mostly one core; the CI machine has two), reported as one stage. */
async function both(name, a, b) {
  const started = Date.now()
  console.log(`\n▶ ${name}`)
  const go = ([cmd, args]) =>
    new Promise((resolve) => {
      const out = []
      const p = spawn(cmd, args, { cwd: root, env: process.env })
      p.stdout.on('data', (d) => out.push(d))
      p.stderr.on('data', (d) => out.push(d))
      // Each command's output is printed whole when it ends, so the two never interleave.
      p.on('close', (code) => {
        process.stdout.write(Buffer.concat(out))
        resolve(code === 0)
      })
    })
  const [x, y] = await Promise.all([go(a), go(b)])
  stages.push({ name, ok: x && y, seconds: ((Date.now() - started) / 1000).toFixed(1) })
  return x && y
}

console.log(
  `Node.js: ${here} (this script, typecheck, lint, the PostgreSQL pass, the build, e2e lane A's server); ${alt} (the PGlite pass, e2e lane B's server)`,
)
let ok = await both(
  `typecheck + lint [node ${here}]`,
  ['npm', ['run', '--silent', 'typecheck']],
  ['npm', ['run', '--silent', 'lint']],
)
ok = vitest('unit + API tests (PGlite)', altNode, [], { TEST_DATABASE_URL: '' }) && ok
if (process.env.TEST_DATABASE_URL) {
  // The second pass is about the database: the files below test nothing the database answers differently (crypto,
  // log redaction, static files, the Excel guards that refuse a file before any row is read, the SMS provider's
  // protocol, the bad-input sweep, whose spoiled values the shared schemas refuse before a query, the 503 for errors
  // shaped as a lost database's) or are PGlite's own. (db-fault and multi-process run only in this pass.)
  const dbFree = [
    'secret-box',
    'log-redaction',
    'web-static',
    'excel-safety',
    'sms-aliyun',
    'bad-input',
    'pglite-dialect',
    'db-unavailable',
  ]
  // Three workers: a worker waiting on the PostgreSQL server leaves its core to another.
  ok =
    vitest(
      'API tests (PostgreSQL server)',
      process.execPath,
      [
        '--project',
        'server',
        // The school apps' own database on a PostgreSQL server too (their harness gives them a fresh database there).
        '--project',
        'school-apps',
        '--maxWorkers=3',
        ...dbFree.flatMap((f) => ['--exclude', `packages/server/test/${f}.test.ts`]),
      ],
      { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL },
    ) && ok
} else {
  console.log('\n(TEST_DATABASE_URL not set: the PostgreSQL-server pass of the API suite is skipped; .ci/run sets it)')
}
ok = run(`build web [node ${here}]`, 'npm', ['run', '--silent', 'build', '-w', '@zhixiao/web']) && ok
ok = run(`build school apps [node ${here}]`, 'npm', ['run', '--silent', 'build', '-w', '@zhixiao/school-apps']) && ok
const e2eReport = path.join(os.tmpdir(), `zx-e2e-${process.pid}.json`)
ok =
  run(
    `end-to-end (headless Chromium) [node ${here}; lane B's server node ${alt}]`,
    process.execPath,
    ['--import', 'tsx', 'packages/e2e/src/run.ts'],
    { E2E_REPORT: e2eReport, E2E_LANE_B_NODE: altNode },
  ) && ok
try {
  const j = JSON.parse(fs.readFileSync(e2eReport, 'utf8'))
  totals.passed += j.passed
  totals.failed += j.failed
  for (const n of j.failures ?? []) failedNames.push(`end-to-end: ${n}`)
  fs.rmSync(e2eReport)
} catch {
  totals.failed += 1
}

console.log('\nstages:')
for (const s of stages) console.log(`  ${s.ok ? 'ok  ' : 'FAIL'} ${s.name} (${s.seconds}s)`)
for (const n of failedNames) console.log(`  failed: ${n}`)
console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`)
process.exit(ok && totals.failed === 0 ? 0 : 1)

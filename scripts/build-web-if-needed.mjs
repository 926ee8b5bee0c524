// Builds the web app when packages/web/dist is missing or older than its sources, so `npm start` is quick
// on a second run and never serves a stale build.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const built = path.join(root, 'packages/web/dist/index.html')
const sources = [
  'packages/web/src',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/shared/src',
].map((p) => path.join(root, p))

function newest(p) {
  if (!fs.existsSync(p)) return 0
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))))
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0
if (builtAt && builtAt >= Math.max(...sources.map(newest))) {
  console.log('web app is up to date')
} else {
  console.log('building the web app ...')
  const r = spawnSync('npm', ['run', 'build', '-w', '@zhixiao/web'], { cwd: root, stdio: 'inherit' })
  process.exit(r.status ?? 1)
}

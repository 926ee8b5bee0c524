// Builds the web app and the school apps' pages when their dist is missing or older than their sources, so
// `npm start` is quick on a second run and never serves a stale build.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const builds = [
  {
    name: 'the web app',
    workspace: '@zhixiao/web',
    built: 'packages/web/dist/index.html',
    sources: ['packages/web/src', 'packages/web/index.html', 'packages/web/vite.config.ts', 'packages/shared/src'],
  },
  {
    name: 'the school apps',
    workspace: '@zhixiao/school-apps',
    built: 'packages/school-apps/dist/leave.html',
    sources: [
      'packages/school-apps/web',
      'packages/school-apps/vite.config.ts',
      'packages/school-apps/src/kit/types.ts',
    ],
  },
]

function newest(p) {
  if (!fs.existsSync(p)) return 0
  const st = fs.statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  return Math.max(0, ...fs.readdirSync(p).map((f) => newest(path.join(p, f))))
}

for (const b of builds) {
  const built = path.join(root, b.built)
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0
  if (builtAt && builtAt >= Math.max(...b.sources.map((p) => newest(path.join(root, p))))) {
    console.log(`${b.name}: up to date`)
    continue
  }
  console.log(`building ${b.name} ...`)
  const r = spawnSync('npm', ['run', 'build', '-w', b.workspace], { cwd: root, stdio: 'inherit' })
  if (r.status !== 0) process.exit(r.status ?? 1)
}

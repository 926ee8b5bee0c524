// `BENCH_DB=postgres npm run bench`: a throwaway PostgreSQL server for the bench, made the way .ci/run makes CI's
// (the Debian `postgresql` package's initdb and pg_ctl, run as the postgres user, fsync off, loopback only), and
// removed afterwards. Needs `apt-get install postgresql`; as root the tools run through `su postgres`.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from './lib.js'

export interface ThrowawayPostgres {
  url: string
  version: string
  stop: () => void
}

function pgBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root)
    ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
    : []
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1)
  if (!newest)
    throw new Error('BENCH_DB=postgres needs PostgreSQL installed (apt-get install postgresql), or set DATABASE_URL')
  return path.join(root, newest, 'bin')
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = pgBin()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-bench-pg-'))
  const port = await freePort()
  const asRoot = process.getuid?.() === 0
  const run = (cmd: string) => {
    if (asRoot) execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', cmd], { stdio: 'pipe' })
    else execFileSync('/bin/sh', ['-c', cmd], { stdio: 'pipe' })
  }
  if (asRoot) execFileSync('chown', ['postgres', dir])
  run(`${bin}/initdb -D ${dir} -A trust -U postgres >/dev/null`)
  run(
    `${bin}/pg_ctl -D ${dir} -l ${dir}/server.log -o '-p ${port} -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off' -w start >/dev/null`,
  )
  let stopped = false
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    version: path.basename(path.dirname(bin)),
    stop: () => {
      if (stopped) return
      stopped = true
      try {
        run(`${bin}/pg_ctl -D ${dir} -m immediate stop >/dev/null`)
      } catch {
        /* already down */
      }
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

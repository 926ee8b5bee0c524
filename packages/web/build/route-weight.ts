import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { gzipAsServed } from './precompress'

/** The login route's JavaScript budget, gzip bytes (issue 12): what a browser downloads on a cold /#/redirect/login. */
export const LOGIN_ROUTE_BUDGET = 120 * 1024
export const LOGIN_ROUTE = '/#/redirect/login'

export interface RouteWeight {
  gzipBytes: number
  files: { file: string; gzipBytes: number }[]
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export interface Api {
  url: string
  stop: () => Promise<void>
}

/**
 * The real server (packages/server) on a free port with its own fresh PGlite directory, for the API answers the
 * login page asks before it settles: what it loads depends on them (a page whose calls fail loads the error paths).
 * SEED_DEMO=0: a new install's platform tenant, whose signed-out login page loads the same chunks as the demo
 * district's and starts in seconds instead of a minute.
 */
export async function startApi(): Promise<Api> {
  const port = await new Promise<number>((resolve) => {
    const s = http.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port
      s.close(() => resolve(p))
    })
  })
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-weight-db-'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      PASSWORD_MEMORY_KIB: '64',
      PASSWORD_TIME_COST: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => {
    output += d
  })
  child.stderr.on('data', (d) => {
    output += d
  })
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => {
        const t = setTimeout(() => {
          child.kill('SIGKILL')
          r(null)
        }, 5000)
        child.once('exit', () => {
          clearTimeout(t)
          r(null)
        })
      })
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 180_000
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`the server exited:\n${output}`)
    }
    try {
      if ((await fetch(`${url}/base/api/tenant/getLoginInfo`, { signal: AbortSignal.timeout(5_000) })).ok)
        return { url, stop }
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the server did not start in 180 s:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 250))
  }
}

/**
 * Serves the build in `dist` as the server does to a browser that takes gzip: the `.gz` the build writes (gzip -9,
 * text from 256 bytes) or the file as it is, and index.html for any other path (hash routing); /base/ is passed to `api`.
 */
function serveBuild(dist: string, api: string): Promise<http.Server> {
  const cache = new Map<string, { body: Buffer; gzip: boolean }>()
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname.startsWith('/base/') || url.pathname.startsWith('/sc-mobile-api/')) {
      const upstream = http.request(
        `${api}${req.url}`,
        { method: req.method, headers: { ...req.headers, host: new URL(api).host }, timeout: 30_000 },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers)
          up.pipe(res)
        },
      )
      upstream.on('timeout', () => upstream.destroy(new Error('the API did not answer in 30 s')))
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502)
        res.end()
      })
      req.pipe(upstream)
      return
    }
    let file = path.join(dist, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''))
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory())
      file = path.join(dist, 'index.html')
    let entry = cache.get(file)
    if (!entry) {
      try {
        const data = fs.readFileSync(file)
        const gz = gzipAsServed(file, data)
        entry = { body: gz ?? data, gzip: gz !== null }
        cache.set(file, entry)
      } catch (e) {
        res.writeHead(500).end(String(e))
        return
      }
    }
    res
      .writeHead(200, {
        'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
        ...(entry.gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
      })
      .end(entry.body)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/**
 * What a browser downloads as JavaScript on a cold visit of `route`: headless Chromium opens it against the build
 * served as above (the API's answers from `api`, see startApi) and, once the login form is shown and the network has been quiet for half a second (lazy chunks
 * and modulepreloads included), sums the transferred bodies of every .js answer.
 */
export async function loadedWeight(dist: string, api: string, route = LOGIN_ROUTE): Promise<RouteWeight> {
  const server = await serveBuild(path.resolve(dist), api)
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromiumSandbox: false,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-dev-shm-usage',
    ],
  })
  try {
    const page = await browser.newPage()
    page.setDefaultTimeout(60_000)
    const files: { file: string; gzipBytes: number }[] = []
    const sized: Promise<void>[] = []
    page.on('requestfinished', (r) => {
      const file = new URL(r.url()).pathname.slice(1)
      if (file.endsWith('.js'))
        sized.push(
          r.sizes().then((s) => {
            files.push({ file, gzipBytes: s.responseBodySize })
          }),
        )
    })
    const { port } = server.address() as AddressInfo
    await page.goto(`http://127.0.0.1:${port}${route}`)
    await page.getByPlaceholder('请输入用户名').waitFor()
    await page.waitForLoadState('networkidle')
    await Promise.all(sized)
    files.sort((a, b) => b.gzipBytes - a.gzipBytes)
    return { gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0), files }
  } finally {
    await browser.close()
    server.close()
  }
}

// `node --import tsx packages/web/build/route-weight.ts [dist]` prints the login route's files and total.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'))
  const api = await startApi()
  const w = await loadedWeight(dist, api.url).finally(() => api.stop())
  for (const f of w.files) console.log(`${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${f.file}`)
  console.log(
    `${(w.gzipBytes / 1024).toFixed(1).padStart(7)} KB  JavaScript a browser downloads on a cold ${LOGIN_ROUTE} (gzip; budget ${LOGIN_ROUTE_BUDGET / 1024} KB)`,
  )
}

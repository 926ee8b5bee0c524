import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'

/** The login route's JavaScript budget, gzip bytes (issue 12): the entry, its static imports, the login page and its layout. */
export const LOGIN_ROUTE_BUDGET = 120 * 1024

/** The sources whose lazy chunks /#/redirect/login loads besides the entry (router/routes.tsx: the login page and its layout). */
export const LOGIN_ROUTE_SOURCES = ['src/features/login/LoginPage.tsx', 'src/layouts/RedirectLayout.tsx']

interface ManifestChunk { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] }
type Manifest = Record<string, ManifestChunk>

export interface RouteWeight { gzipBytes: number; files: { file: string; gzipBytes: number }[] }

/**
 * What a cold visit of a route downloads as JavaScript, from Vite's manifest (build.manifest): the entry chunk of
 * index.html, the lazy chunks of `sources`, and everything they import statically (Vite preloads those), each
 * counted once, at gzip -9. Lazy imports inside them (the landing page preloaded while the user types, a dialog
 * opened on demand) are not part of the route.
 */
export function routeWeight(dist: string, sources: string[] = LOGIN_ROUTE_SOURCES): RouteWeight {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry && k.endsWith('index.html'))
  if (!entry) throw new Error('the manifest has no index.html entry')
  const seen = new Set<string>()
  const walk = (key: string) => {
    if (seen.has(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`${key} is not in the manifest (renamed? update LOGIN_ROUTE_SOURCES)`)
    seen.add(key)
    for (const i of chunk.imports ?? []) walk(i)
  }
  for (const key of [entry, ...sources]) walk(key)
  const files = [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'))
    .map((file) => ({ file, gzipBytes: zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
  return { gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0), files }
}

// `node --import tsx packages/web/build/route-weight.ts [dist]` prints the login route's files and total.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../dist'))
  const w = routeWeight(dist)
  for (const f of w.files) console.log(`${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${f.file}`)
  console.log(`${(w.gzipBytes / 1024).toFixed(1).padStart(7)} KB  gzip JavaScript of /#/redirect/login (budget ${LOGIN_ROUTE_BUDGET / 1024} KB)`)
}

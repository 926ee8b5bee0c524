import { isApiPath } from './security-headers.js'
import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import { ErrorCode, Msg } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'

/** Hashed build output (Vite's assets/): a new build gives new names, so a browser may keep these for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable'
/** index.html (also every hash route's shell) and other unhashed files: asked again each time, a 304 when unchanged. */
export const REVALIDATE = 'no-cache'

function cacheControlFor(root: string, file: string): string {
  const rel = path.relative(root, file).split(path.sep).join('/')
  return rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE
}

/**
 * Serves the built web app from `root` (packages/web/dist): the brotli or gzip file the build wrote beside an asset
 * (`.br`, `.gz`, see packages/web/build/precompress.ts) when the browser accepts it, with `Vary: Accept-Encoding`;
 * hashed assets immutable for a year, everything else revalidated. Any other GET outside the API gets index.html
 * (hash routing). Without a build only the API's 404 envelope answers. The shell's security headers are added
 * by platform/security-headers.ts for every HTML answer.
 */
export async function installWebStatic(app: FastifyInstance, root: string): Promise<void> {
  const hasWeb = fs.existsSync(path.join(root, 'index.html'))
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, file) => {
        reply.header('cache-control', cacheControlFor(root, file))
      },
    })
  }
  app.setNotFoundHandler((req, reply) => {
    // /docs answers only when API_DOCS=1 registers it; otherwise it is not found, not the shell.
    if (isApiPath(req.url) || req.url === '/docs' || req.url.startsWith('/docs/') || !hasWeb || req.method !== 'GET') {
      return reply.status(404).send({ code: ErrorCode.NOT_FOUND, msg: Msg.NOT_FOUND, data: null })
    }
    // The web app uses hash routing, so any other GET gets the shell.
    return reply.header('cache-control', REVALIDATE).sendFile('index.html')
  })
}

import fs from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import type { Plugin } from 'vite'
import { isFirstPass } from './home-chunk'

const brotli = promisify(zlib.brotliCompress)
const gzip = promisify(zlib.gzip)

/**
 * What is worth compressing: text assets of 256 bytes or more. Below that gzip's own frame and the header eat the gain;
 * above it a small chunk still shrinks by a fifth to a half (the login page loads eight of 300-750 bytes).
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt)$/
const MIN_BYTES = 256

/**
 * The `.gz` the build writes beside `file` (gzip -9), or null when it writes none and the server sends the file as
 * it is; route-weight.ts serves a build the same way to weigh what a browser downloads.
 */
export function gzipAsServed(file: string, data: Buffer): Buffer | null {
  return COMPRESSIBLE.test(file) && data.length >= MIN_BYTES
    ? zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION })
    : null
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const e of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) yield* filesUnder(p)
    else yield p
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every text asset of the build from 256 bytes,
 * after Vite has written the bundle (public files such as subapps/ included). The server sends them with
 * @fastify/static's `preCompressed` (packages/server/src/platform/web-static.ts), so no request compresses anything.
 * ZX_PRECOMPRESS=0 skips it (a build only measured, never served).
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'zx-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      if (process.env.ZX_PRECOMPRESS === '0' || isFirstPass()) return
      const jobs: Promise<void>[] = []
      for await (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue
        jobs.push(
          (async () => {
            const data = await fs.readFile(file)
            if (data.length < MIN_BYTES) return
            const [br, gz] = await Promise.all([
              brotli(data, {
                params: {
                  [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                  [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
                },
              }),
              gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
            ])
            await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)])
          })(),
        )
      }
      await Promise.all(jobs)
    },
  }
}

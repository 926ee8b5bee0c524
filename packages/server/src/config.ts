import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
/** Repository root: packages/server/src → ../../.. */
export const REPO_ROOT = path.resolve(here, '../../..')

export interface AppConfig {
  port: number
  host: string
  /** PostgreSQL server URL; when empty the embedded PGlite in dataDir is used. */
  databaseUrl: string | undefined
  dataDir: string
  logLevel: string
  /** scrypt cost exponent (N = 2^cost). 17 is OWASP's recommendation; tests lower it. */
  passwordCost: number
  webDist: string
  seedDemo: boolean
  /** An import job whose runner has not written a heartbeat for this long is taken over by another process. */
  importStaleSeconds: number
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR ?? 'data'),
    logLevel: env.LOG_LEVEL ?? 'info',
    passwordCost: Number(env.PASSWORD_COST ?? 17),
    webDist: path.resolve(REPO_ROOT, 'packages/web/dist'),
    seedDemo: env.SEED_DEMO !== '0',
    importStaleSeconds: Number(env.IMPORT_STALE_SECONDS ?? 30),
  }
}

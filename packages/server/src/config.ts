import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { OWASP_ARGON2ID, type PasswordParams } from './platform/password.js'

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
  /** Argon2id parameters of new password hashes (OWASP's m = 19456 KiB, t = 2, p = 1 by default; tests lower them). */
  password: PasswordParams
  webDist: string
  seedDemo: boolean
  /** An import job whose runner has not written a heartbeat for this long is taken over by another process. */
  importStaleSeconds: number
  /**
   * OIDC_KEY_RECHECK_SECONDS (default 60): how long a process serves a tenant's OpenID provider before it compares its
   * signing keys with the database — the most another process's key rotation takes to reach this one.
   */
  oidcKeyRecheckSeconds: number
  /** SECRET_KEY: the key provider secrets are encrypted with (platform/secret-box.ts); unset, a key file in dataDir. */
  secretKey: string | undefined
  /** API_DOCS=1: serve the OpenAPI description and its browser at /docs (off by default: it maps every route). */
  apiDocs: boolean
  /**
   * ALLOW_LOOPBACK_PROVIDERS=1: a provider address may be http on this machine (a local stand-in of an SMS gateway or
   * an OpenID provider, as the tests run). Off by default, so a tenant's providers are https (docs/auth.md).
   */
  allowLoopbackProviders: boolean
  /**
   * PUBLIC_ORIGIN (e.g. https://zx.example.edu.cn): where people and apps reach this server; the OpenID issuers and CAS
   * addresses are built on it. Unset, the request's own origin is used (development and tests; docs/open-platform.md).
   */
  publicOrigin: string | undefined
  /**
   * The school apps 请假审批 and 成绩管理 (packages/school-apps, docs/school-apps.md "Running"), started by main.ts in
   * this process on a port of their own when the demo district is seeded. SCHOOL_APPS=0 turns them off.
   */
  schoolApps: {
    enabled: boolean
    /** APPS_PORT: where they listen (default PORT + 1). */
    port: number
    /** SCHOOL_APPS_ORIGIN (default http://localhost:<APPS_PORT>): where browsers and the hub's calls reach them. */
    origin: string
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000)
  const appsPort = env.APPS_PORT ? Number(env.APPS_PORT) : port + 1
  if (!Number.isSafeInteger(appsPort) || appsPort < 0 || appsPort > 65535)
    throw new Error(`APPS_PORT must be a port number, not ${env.APPS_PORT}`)
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(REPO_ROOT, env.DATA_DIR ?? 'data'),
    logLevel: env.LOG_LEVEL ?? 'info',
    password: passwordParams(env),
    // WEB_DIST: another build (the Lighthouse bench measures a "before" build beside the current one).
    webDist: path.resolve(REPO_ROOT, env.WEB_DIST ?? 'packages/web/dist'),
    seedDemo: env.SEED_DEMO !== '0',
    importStaleSeconds: Number(env.IMPORT_STALE_SECONDS ?? 30),
    oidcKeyRecheckSeconds: Number(env.OIDC_KEY_RECHECK_SECONDS ?? 60),
    secretKey: env.SECRET_KEY || undefined,
    apiDocs: env.API_DOCS === '1',
    allowLoopbackProviders: env.ALLOW_LOOPBACK_PROVIDERS === '1',
    publicOrigin: env.PUBLIC_ORIGIN?.replace(/\/+$/, '') || undefined,
    schoolApps: {
      enabled: env.SCHOOL_APPS !== '0',
      port: appsPort,
      origin: env.SCHOOL_APPS_ORIGIN?.replace(/\/+$/, '') || `http://localhost:${appsPort}`,
    },
  }
}

/**
 * PASSWORD_MEMORY_KIB and PASSWORD_TIME_COST: Argon2id's m and t for new hashes (p stays 1). A good login whose hash
 * is weaker than these replaces it, so raising them upgrades accounts as they sign in; lowering them changes only
 * new hashes.
 */
function passwordParams(env: NodeJS.ProcessEnv): PasswordParams {
  const int = (name: string, fallback: number, min: number) => {
    const raw = env[name]
    const v = raw === undefined || raw === '' ? fallback : Number(raw)
    if (!Number.isSafeInteger(v) || v < min)
      throw new Error(`${name} must be a whole number of at least ${min}, not ${raw}`)
    return v
  }
  return {
    memoryKiB: int('PASSWORD_MEMORY_KIB', OWASP_ARGON2ID.memoryKiB, 8),
    timeCost: int('PASSWORD_TIME_COST', OWASP_ARGON2ID.timeCost, 1),
    parallelism: 1,
  }
}

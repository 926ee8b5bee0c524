import path from 'node:path'

/** One app's registration at the hub (应用管理 › 接入): its OpenID client and, for webhooks, the signing secret. */
export interface AppClient {
  clientId: string
  clientSecret: string
  /** The secret the hub signs this app's webhook deliveries with; without it POST /<key>/hooks answers 404. */
  webhookSecret?: string
}

/** How the school apps are started (by the portal's main.ts, by src/main.ts, by tests). */
export interface SchoolAppsOptions {
  /** The hub's base as the apps' server reaches it, e.g. http://127.0.0.1:3000 (directory, tokens, messages). */
  portalUrl: string
  /**
   * The portal as browsers see it (its PUBLIC_ORIGIN), when that differs from portalUrl: the OpenID issuer is named
   * by it, so sign-in redirects the browser there while the apps' server still calls portalUrl. Default portalUrl.
   */
  portalPublicUrl?: string
  /** The tenant (district) whose issuer the apps trust: `${portalPublicUrl}/t/<tenantId>/oidc`. */
  tenantId: number
  /** The apps' origin as browsers see it, e.g. http://localhost:3001 (redirect addresses are built from it). */
  publicUrl: string
  /** 0 takes a free port. */
  port: number
  host?: string
  /** The PGlite folder (default <portal data dir>/school-apps); ignored with databaseUrl. */
  dataDir?: string
  /** A PostgreSQL server instead of PGlite (APPS_DATABASE_URL). */
  databaseUrl?: string
  /** Seed each app's demo data once, after the first directory sync, when its tables are empty. */
  demo: boolean
  /** Role codes (zx:roles) that make a viewer an app admin. Default ['admin']. */
  adminRoles?: string[]
  /** Per app key (leave, grades): its client at the hub. An app without a client is not mounted. */
  clients: Record<string, AppClient>
  /** Seconds between delta syncs of the directory (default 60; 0 turns the timer off — tests sync by hand). */
  syncIntervalSec?: number
  /** Where the built pages are (default packages/school-apps/dist). */
  distDir?: string
  /** Fastify's logger (default off: the portal logs its own way; main.ts turns it on). */
  logger?: boolean
}

export interface ResolvedOptions extends Required<Omit<SchoolAppsOptions, 'databaseUrl' | 'dataDir'>> {
  databaseUrl: string | undefined
  dataDir: string | undefined
  /** The OpenID issuer: `${portalPublicUrl}/t/<tenantId>/oidc`. */
  issuer: string
}

const PACKAGE_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')
const trimSlash = (u: string) => u.replace(/\/+$/, '')

export function resolveOptions(o: SchoolAppsOptions): ResolvedOptions {
  const portalUrl = trimSlash(o.portalUrl)
  const portalPublicUrl = trimSlash(o.portalPublicUrl ?? portalUrl)
  if (!Number.isSafeInteger(o.tenantId) || o.tenantId <= 0) throw new Error(`school apps: bad tenantId ${o.tenantId}`)
  for (const [name, u] of [
    ['portalUrl', portalUrl],
    ['portalPublicUrl', portalPublicUrl],
    ['publicUrl', o.publicUrl],
  ] as const) {
    if (!/^https?:\/\/[^/]+/.test(u)) throw new Error(`school apps: ${name} must be an http(s) address, got "${u}"`)
  }
  return {
    portalUrl,
    portalPublicUrl,
    tenantId: o.tenantId,
    publicUrl: trimSlash(o.publicUrl),
    port: o.port,
    host: o.host ?? '127.0.0.1',
    dataDir: o.databaseUrl ? undefined : o.dataDir,
    databaseUrl: o.databaseUrl || undefined,
    demo: o.demo,
    adminRoles: o.adminRoles ?? ['admin'],
    clients: o.clients,
    syncIntervalSec: o.syncIntervalSec ?? 60,
    distDir: o.distDir ?? path.join(PACKAGE_ROOT, 'dist'),
    logger: o.logger ?? false,
    issuer: `${portalPublicUrl}/t/${o.tenantId}/oidc`,
  }
}

/** Every outbound call (discovery, tokens, the directory, messages, JWKS) gives up after this long. */
export const HTTP_TIMEOUT_MS = 10_000

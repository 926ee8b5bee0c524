import type { SecretBox } from './secret-box.js'
import type { AppConfig } from '../config.js'
import type { Db } from '../db/database.js'
import type { Clock } from './clock.js'

/** What every module gets: the database, the configuration and the clock. */
export interface AppContext {
  db: Db
  config: AppConfig
  clock: Clock
  /** Seals provider secrets before they are stored (platform/secret-box.ts). */
  secrets: SecretBox
}

/** The signed-in caller, resolved from the bearer token before a protected handler runs. */
export interface AuthInfo {
  sessionId: string
  tenantId: number
  accountId: number
  userInfoId: number
  orgId: number
  /** The caller's address, for the operation log. */
  ip?: string
  /** A graduate's read-only session (alumni period): only routes whose config has `alumni` (platform/auth-hook.ts). */
  alumni?: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null
  }
  interface FastifyContextConfig {
    /** Reachable without a session (login, captcha, public info). */
    public?: boolean
    /** Page or button code the caller must hold; a list means any one of them (a log shared by several areas). */
    permission?: string | readonly string[]
    /** Only the super administrator. */
    superAdmin?: boolean
    /** An alumni session may call it; every other route refuses one (deny by default, platform/auth-hook.ts). */
    alumni?: boolean
    /**
     * The route changes something for the whole tenant (a provider, a policy, a tenant-wide type): besides its code,
     * the caller's session must be in the tenant's top organisation (403 仅顶级机构的管理员可维护此设置), so a
     * school's administrator, who holds the same page codes, cannot act for the other schools (docs/auth.md).
     */
    tenantWide?: boolean
    /** A protocol endpoint that answers as its protocol says (CAS XML, redirects), not an API contract. */
    protocolEndpoint?: boolean
  }
}

import { createHash, randomBytes } from 'node:crypto'

/**
 * Opaque tokens (256 random bits) prefixed with their tenant id, `t<tenant>.<random>`, so the lookup can
 * run inside that tenant's scope. Only the SHA-256 of the token is stored.
 */
export function newTenantToken(tenantId: number): string {
  return `t${tenantId}.${randomBytes(32).toString('base64url')}`
}

export function parseTenantToken(token: string): { tenantId: number; token: string } | null {
  const m = /^t(\d{1,15})\.[A-Za-z0-9_-]{20,100}$/.exec(token)
  return m ? { tenantId: Number(m[1]), token } : null
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}

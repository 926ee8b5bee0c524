import { generateKeyPairSync, randomBytes } from 'node:crypto'
import type { JWK } from 'oidc-provider'
import type { AppContext } from '../../platform/context.js'
import { insertKey, listKeys, lockKeys, retireKeysBefore } from './queries.js'

/** A retired key stays published this long after its successor, so tokens it signed still verify until they expire. */
const OVERLAP_MS = 24 * 3600_000

function newKey(): { kid: string; jwk: JWK } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const kid = randomBytes(9).toString('base64url')
  return { kid, jwk: { ...(privateKey.export({ format: 'jwk' }) as JWK), kid, alg: 'RS256', use: 'sig' } }
}

/** The tenant's signing keys, newest (the one that signs) first; the first call makes one. */
export async function signingKeys(ctx: AppContext, tenantId: number): Promise<JWK[]> {
  return ctx.db.tenant(tenantId, async (trx) => {
    let rows = await listKeys(trx)
    if (rows.length === 0) {
      await lockKeys(trx, tenantId)
      rows = await listKeys(trx)
      if (rows.length === 0) {
        const k = newKey()
        await insertKey(trx, k.kid, ctx.secrets.seal(JSON.stringify(k.jwk)), ctx.clock.now())
        rows = await listKeys(trx)
      }
    }
    return rows.map((r) => JSON.parse(ctx.secrets.open(r.jwk_sealed)) as JWK)
  })
}

/**
 * Rotation: a new key signs from now on; the one it replaces stays published (tokens it signed still verify), and
 * older keys made over a day ago stop being published.
 */
export async function rotateSigningKey(ctx: AppContext, tenantId: number): Promise<string> {
  return ctx.db.tenant(tenantId, async (trx) => {
    await lockKeys(trx, tenantId)
    const now = ctx.clock.now()
    const prev = (await listKeys(trx))[0]
    // Strictly newer than the key it replaces, also when the clock has not moved (the newest key signs).
    const at = prev && +new Date(prev.created_at) >= +now ? new Date(+new Date(prev.created_at) + 1) : now
    const k = newKey()
    await insertKey(trx, k.kid, ctx.secrets.seal(JSON.stringify(k.jwk)), at)
    await retireKeysBefore(trx, new Date(+now - OVERLAP_MS), [k.kid, ...(prev ? [prev.kid] : [])], now)
    return k.kid
  })
}

/** The kids in use, to notice another process's rotation. */
export async function keyIds(ctx: AppContext, tenantId: number): Promise<string> {
  const rows = await ctx.db.tenant(tenantId, (trx) => listKeys(trx))
  return rows.map((r) => r.kid).join(',')
}

import type { AppContext } from '../../platform/context.js'
import { findTenantRow } from './queries.js'

const known = new WeakMap<AppContext, Set<number>>()

/**
 * Is there such a tenant (the one a /t/<tenant>/… protocol address names)? Remembered once seen: tenants are not
 * deleted while the process runs. Shared by the OpenID provider's mount and the CAS endpoints.
 */
export async function tenantExists(ctx: AppContext, tenantId: number): Promise<boolean> {
  let seen = known.get(ctx)
  if (!seen) known.set(ctx, (seen = new Set()))
  if (seen.has(tenantId)) return true
  const row = await ctx.db.tenant(tenantId, (trx) => findTenantRow(trx, tenantId))
  if (row) seen.add(tenantId)
  return !!row
}

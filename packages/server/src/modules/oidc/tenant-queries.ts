import type { AppContext } from '../../platform/context.js'

const known = new WeakMap<AppContext, Set<number>>()

/** Is there such a tenant? Remembered once seen (tenants are not deleted while the process runs). */
export async function tenantExists(ctx: AppContext, tenantId: number): Promise<boolean> {
  let seen = known.get(ctx)
  if (!seen) known.set(ctx, (seen = new Set()))
  if (seen.has(tenantId)) return true
  const row = await ctx.db.tenant(tenantId, (trx) =>
    trx.selectFrom('tenant').select('id').where('id', '=', tenantId).executeTakeFirst(),
  )
  if (row) seen.add(tenantId)
  return !!row
}

import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

export interface ChainOrg {
  id: number
  name: string
  unitAttr: number
}

/** An org and the orgs above it (its bureau and up), nearest first; empty when the org is not in this tenant. */
export async function orgChain(trx: Trx, orgId: number): Promise<ChainOrg[]> {
  const { rows } = await sql<{ id: number; name: string; unit_attr: number; depth: number }>`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, name, unit_attr, 0 AS depth FROM org_unit WHERE id = ${orgId}
      UNION ALL
      SELECT o.id, o.parent_id, o.name, o.unit_attr, up.depth + 1 FROM org_unit o JOIN up ON o.id = up.parent_id
    ) SELECT id, name, unit_attr, depth FROM up ORDER BY depth`.execute(trx)
  return rows.map((r) => ({ id: Number(r.id), name: r.name, unitAttr: Number(r.unit_attr) }))
}

import { flattenCatalogue } from '@zhixiao/shared'
import type { Kysely } from 'kysely'
import type { Database } from '../schema.js'

/** Brings the permission reference table in line with the shared catalogue (idempotent, every start). */
export async function syncPermissionCatalogue(db: Kysely<Database>): Promise<void> {
  const rows = flattenCatalogue().map((p) => ({
    code: p.code,
    name: p.name,
    kind: p.kind,
    parent_code: p.parentCode,
    sort: p.sort,
  }))
  await db
    .insertInto('permission')
    .values(rows)
    .onConflict((oc) =>
      oc.column('code').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        kind: eb.ref('excluded.kind'),
        parent_code: eb.ref('excluded.parent_code'),
        sort: eb.ref('excluded.sort'),
      })),
    )
    .execute()
}

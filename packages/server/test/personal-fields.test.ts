import { checkPersonalColumns, PERSONAL_FIELD_KEYS, PERSONAL_FIELDS } from '@zhixiao/shared'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/db/schema.js'
import { createTestApp, type TestApp } from './helpers.js'

/**
 * Issue 26 point 1: every personal column of the migrated schema is declared once in
 * packages/shared/src/privacy/personal-fields.ts (a policy entry, or NOT_PERSONAL with its reason), and every declared
 * column exists. A migration adding, say, user_info.home_address fails here until the policy names it.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

/** Every column of the schema's tables, as 'table.column'. */
async function schemaColumns(db: Kysely<Database>): Promise<string[]> {
  const r = await sql<{ c: string }>`
    SELECT table_name || '.' || column_name AS c FROM information_schema.columns
    WHERE table_schema = current_schema() ORDER BY 1`.execute(db)
  return r.rows.map((x) => x.c)
}

describe('personal fields are declared once (issue 26 point 1)', () => {
  it('every personal-looking column has a policy entry or a reason, and no declaration is stale', async () => {
    const columns = await schemaColumns(t.db.kysely)
    expect(columns.length).toBeGreaterThan(500)
    expect(checkPersonalColumns(columns)).toEqual({ undeclared: [], stale: [] })
    // The core ones are where the policy says (a guard against a check that matches nothing).
    for (const c of ['person.id_card', 'user_info.phone', 'person.birthday', 'parent_child.relation'])
      expect(PERSONAL_FIELD_KEYS.some((k) => PERSONAL_FIELDS[k].columns.includes(c))).toBe(true)
  })

  it('a new personal column without a policy entry is named', async () => {
    const rollback = new Error('rollback')
    let found: ReturnType<typeof checkPersonalColumns> | undefined
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await sql`ALTER TABLE person ADD COLUMN home_address text, ADD COLUMN emergency_contact text`.execute(trx)
        await sql`CREATE TABLE guardian_note (id bigint, tenant_id bigint, note text)`.execute(trx)
        found = checkPersonalColumns(await schemaColumns(trx))
        throw rollback
      }),
    ).rejects.toBe(rollback)
    expect(found?.undeclared).toEqual(['guardian_note.note', 'person.emergency_contact', 'person.home_address'])
    // Rolled back: the real schema is clean again.
    expect(checkPersonalColumns(await schemaColumns(t.db.kysely)).undeclared).toEqual([])
  })

  it('a declared column the schema no longer has is named stale', async () => {
    const rollback = new Error('rollback')
    let found: ReturnType<typeof checkPersonalColumns> | undefined
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await sql`ALTER TABLE person DROP COLUMN email`.execute(trx)
        found = checkPersonalColumns(await schemaColumns(trx))
        throw rollback
      }),
    ).rejects.toBe(rollback)
    expect(found).toEqual({ undeclared: [], stale: ['person.email'] })
  })
})

import { checkPersonalColumns, PERSONAL_FIELD_KEYS, PERSONAL_FIELDS, type ColumnCheck } from '@zhixiao/shared'
import { type Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/db/schema.js'
import { createTestApp, type TestApp } from './helpers.js'

/**
 * Issue 26 point 1: every column of every table of the migrated schema is classified by listing in
 * packages/shared/src/privacy: a field of the policy (personal-fields.ts `columns`), a container
 * (PERSONAL_CONTAINERS), or NOT_PERSONAL (not-personal.ts) with its reason. A migration adding any column, whatever its
 * name (id_number, dob, wechat, health_note …), fails here until someone classifies it; a listed column that no longer
 * exists fails too.
 */
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t.close()
})

/** Every column of every table and view of the schema, as 'table.column'. */
async function schemaColumns(db: Kysely<Database>): Promise<string[]> {
  const r = await sql<{ c: string }>`
    SELECT table_name || '.' || column_name AS c FROM information_schema.columns
    WHERE table_schema = current_schema() ORDER BY 1`.execute(db)
  return r.rows.map((x) => x.c)
}

const CLEAN: ColumnCheck = { undeclared: [], stale: [], twice: [], unexplained: [] }

/** The check run on the schema as changed by `change`, inside a transaction that is rolled back. */
async function checkAfter(change: (trx: Kysely<Database>) => Promise<unknown>): Promise<ColumnCheck> {
  const rollback = new Error('rollback')
  let found: ColumnCheck | undefined
  await expect(
    t.db.kysely.transaction().execute(async (trx) => {
      await change(trx)
      found = checkPersonalColumns(await schemaColumns(trx))
      throw rollback
    }),
  ).rejects.toBe(rollback)
  return found!
}

describe('every column is classified by listing (issue 26 point 1)', () => {
  it('the migrated schema: every column listed once, no listing stale', async () => {
    const columns = await schemaColumns(t.db.kysely)
    expect(columns.length).toBeGreaterThan(1000)
    expect(checkPersonalColumns(columns)).toEqual(CLEAN)
    // The core ones are where the policy says (a guard against a check that matches nothing).
    for (const c of ['person.id_card', 'user_info.phone', 'person.birthday', 'parent_child.relation'])
      expect(PERSONAL_FIELD_KEYS.some((k) => PERSONAL_FIELDS[k].columns.includes(c))).toBe(true)
  })

  it('a new column fails whatever its name: personal names no pattern knows, and plain ones', async () => {
    const names = [
      'id_number',
      'certificate_no',
      'contact_number',
      'dob',
      'residence',
      'wechat',
      'sfzh',
      'health_notes',
    ]
    const found = await checkAfter(async (trx) => {
      for (const n of names) await sql.raw(`ALTER TABLE user_info ADD COLUMN ${n} text`).execute(trx)
      // A table that holds no personal data gains a column: its table-level reason does not cover it.
      await sql`ALTER TABLE area ADD COLUMN note text`.execute(trx)
      await sql`CREATE TABLE student_health (id bigint, tenant_id bigint, notes text)`.execute(trx)
    })
    expect(found).toEqual({
      ...CLEAN,
      undeclared: [
        'area.note',
        'student_health.id',
        'student_health.notes',
        'student_health.tenant_id',
        ...names.map((n) => `user_info.${n}`).sort(),
      ],
    })
    // Rolled back: the real schema is clean again.
    expect(checkPersonalColumns(await schemaColumns(t.db.kysely))).toEqual(CLEAN)
  })

  it('a listed column the schema no longer has is named stale', async () => {
    const found = await checkAfter((trx) => sql`ALTER TABLE person DROP COLUMN email, DROP COLUMN sex`.execute(trx))
    expect(found).toEqual({ ...CLEAN, stale: ['person.email', 'person.sex'] })
  })
})

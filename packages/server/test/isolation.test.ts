import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, makeWorld, type TestApp, type World } from './helpers.js'

let t: TestApp
let a: World
let b: World
beforeAll(async () => {
  t = await createTestApp()
  a = await makeWorld(t)
  b = await makeWorld(t)
})
afterAll(() => t.close())

describe('row-level security', () => {
  it('a tenant scope sees only its own rows, even when the query names no tenant', async () => {
    const seen = await t.db.tenant(a.tenantId, (trx) =>
      trx.selectFrom('org_unit').select(['tenant_id', 'id']).execute(),
    )
    expect(seen.length).toBe(3)
    expect(new Set(seen.map((r) => r.tenant_id))).toEqual(new Set([a.tenantId]))
    const foreign = await t.db.tenant(a.tenantId, (trx) =>
      trx.selectFrom('org_unit').selectAll().where('id', '=', b.schoolId).execute(),
    )
    expect(foreign).toEqual([])
  })

  it("a tenant scope cannot write another tenant's rows", async () => {
    const updated = await t.db.tenant(a.tenantId, (trx) =>
      trx.updateTable('org_unit').set({ name: 'hijacked' }).where('id', '=', b.schoolId).executeTakeFirst(),
    )
    expect(Number(updated.numUpdatedRows)).toBe(0)
    await expect(
      t.db.tenant(a.tenantId, (trx) =>
        sql`INSERT INTO org_unit (tenant_id, name, unit_attr, trade) VALUES (${b.tenantId}, 'x', 8, 1)`.execute(trx),
      ),
    ).rejects.toThrow(/row-level security/)
    const name = await t.db.tenant(b.tenantId, (trx) =>
      trx.selectFrom('org_unit').select('name').where('id', '=', b.schoolId).executeTakeFirstOrThrow(),
    )
    expect(name.name).toBe('测试一小')
  })

  it('rows inserted in a tenant scope take that tenant id by default', async () => {
    const id = await t.db.tenant(
      a.tenantId,
      async (trx) =>
        (
          await trx
            .insertInto('org_unit')
            .values({
              name: '默认租户',
              unit_attr: 8,
              trade: 1,
              parent_id: null,
              org_code: null,
              app_type: null,
              icon_url: null,
              xd_page: null,
              jd_page: null,
            })
            .returning(['tenant_id'])
            .executeTakeFirstOrThrow()
        ).tenant_id,
    )
    expect(id).toBe(a.tenantId)
  })

  it('outside any scope the restricted role sees nothing', async () => {
    const rows = await t.db.kysely.transaction().execute(async (trx) => {
      await sql`SELECT set_config('role', 'zx_app', true)`.execute(trx)
      return trx.selectFrom('account').selectAll().execute()
    })
    expect(rows).toEqual([])
  })
})

import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, seedDemoDistrict } from '../src/db/seed/demo.js'
import { rolloverRunner } from '../src/modules/rollover/runner.js'
import { call, createTestApp, loginToken, TEST_PASSWORD_PARAMS, type TestApp } from './helpers.js'

// The roll-over of the whole demo district (docs/school-year.md): every school runs (小学, 初中, 高职 with its own
// grade names), 王小明's 三年级(2)班 becomes 四年级(2)班, and the undo of 第一实验小学 gives back every row.

let t: TestApp
let bureau: string
const R = '/base/api/school-year/rollover'

beforeAll(async () => {
  t = await createTestApp()
  await seedDemoDistrict(t.db, TEST_PASSWORD_PARAMS, t.clock.now())
  bureau = await loginToken(t, 'jyjadmin', DEMO_PASSWORD)
}, 300_000)
afterAll(() => t.close())

async function xiaoming(tenantId: number) {
  return t.db.tenant(tenantId, async (trx) => {
    const r = await sql<{ grade: string; cls: string; archived: boolean }>`
      SELECT g.name AS grade, c.name AS cls, u.archived FROM user_info u
      JOIN school_class c ON c.id = u.class_id JOIN grade g ON g.id = c.grade_id
      WHERE u.true_name = '王小明' AND u.user_type = 1003`.execute(trx)
    return r.rows[0]
  })
}

describe('the demo district rolls over', () => {
  it('runs every school in the background, relabels 王小明’s class, and undoes 第一实验小学 exactly', async () => {
    const current = await call(t, { url: `${R}/plan/current`, token: bureau })
    expect(current.data).toMatchObject({ currentYear: '2026-2027', nextYear: '2027-2028', canManage: true, plan: null })
    const planId = (await call(t, { url: `${R}/plan/create`, token: bureau, body: { toSchoolYear: '2027-2028' } })).data
    expect(planId).toBeGreaterThan(0)
    const plan = (await call(t, { url: `${R}/plan/detail`, token: bureau, body: { planId } })).data
    const primary = plan.schools.find((s: { orgName: string }) => s.orgName.includes('第一实验小学'))
    expect(plan.schools.map((s: { orgName: string }) => s.orgName)).toContain(primary?.orgName)
    expect(primary.summary).toMatchObject({ promotedCohorts: 5, intakeGradeName: '一年级' })
    const preview = await call(t, { url: `${R}/plan/school`, token: bureau, body: { planId, orgId: primary.orgId } })
    expect(preview.data.graduating).toMatchObject({ gradeName: '六年级' })
    const tenantId = (
      await t.db.kysely
        .selectFrom('org_unit')
        .select('tenant_id')
        .where('id', '=', primary.orgId)
        .executeTakeFirstOrThrow()
    ).tenant_id
    expect(await xiaoming(tenantId)).toMatchObject({ grade: '三年级', cls: '(2)班' })
    const state = () =>
      t.db.tenant(tenantId, async (trx) => ({
        grades: (await sql`SELECT * FROM grade WHERE org_id = ${primary.orgId} ORDER BY id`.execute(trx)).rows,
        classes: (await sql`SELECT * FROM school_class WHERE org_id = ${primary.orgId} ORDER BY id`.execute(trx)).rows,
        members: (await sql`SELECT * FROM user_info WHERE org_id = ${primary.orgId} ORDER BY id`.execute(trx)).rows,
        enrolment: (await sql`SELECT * FROM enrolment WHERE org_id = ${primary.orgId} ORDER BY id`.execute(trx)).rows,
        links: (
          await sql`SELECT * FROM parent_child WHERE child_id IN (SELECT id FROM user_info WHERE org_id = ${primary.orgId})
            ORDER BY parent_id, child_id`.execute(trx)
        ).rows,
        accounts: (
          await sql`SELECT * FROM account WHERE id IN (SELECT account_id FROM user_info WHERE org_id = ${primary.orgId})
            ORDER BY id`.execute(trx)
        ).rows,
      }))
    const before = await state()

    expect((await call(t, { url: `${R}/plan/approve`, token: bureau, body: { planId } })).code).toBe(0)
    expect((await call(t, { url: `${R}/plan/run`, token: bureau, body: { planId } })).code).toBe(0)
    await rolloverRunner(t.ctx).idle()
    const after = (await call(t, { url: `${R}/plan/detail`, token: bureau, body: { planId } })).data
    expect(after.schools.filter((s: { status: string }) => s.status !== 'done')).toEqual([])
    expect(after.status).toBe('done')
    expect(await xiaoming(tenantId)).toMatchObject({ grade: '四年级', cls: '(2)班', archived: false })

    const undo = await call(t, { url: `${R}/plan/undo`, token: bureau, body: { planId, orgId: primary.orgId } })
    expect(undo).toMatchObject({ code: 0, data: { status: 'undone' } })
    expect(await state()).toEqual(before)
    expect(await xiaoming(tenantId)).toMatchObject({ grade: '三年级', cls: '(2)班' })
  })
})

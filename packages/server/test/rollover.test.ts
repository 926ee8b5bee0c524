import { RolloverMsg, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rolloverRunner } from '../src/modules/rollover/runner.js'
import { call, createTestApp, makePerson, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

/**
 * The roll-over engine through its API (issue 27 points 1, 2; docs/school-year.md "Roll-over plan, preview, approval
 * and run", "Undo"). The test clock stands on 2026-11-01: the plan goes from 2026-2027 to 2027-2028.
 */
let t: TestApp
let w: World
let s: Staff
let foreign: Staff
const R = '/base/api/school-year/rollover'

const as = (token: string, path: string, body?: unknown) =>
  call(t, { url: `${R}/${path}`, token, ...(body !== undefined && { body }) })

async function dictItem(name: string): Promise<number> {
  const r = await t.db.tenant(w.tenantId, (trx) =>
    trx
      .insertInto('dict_item')
      .values({ org_id: null, dict_type: 'learnPeriod', name, code: null, remark: null })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  return Number(r.id)
}

/** A grade with classes "(1)班" … "(n)班". */
async function grade(orgId: number, name: string, entryYear: number, period: number | null, classes = 2) {
  return t.db.tenant(w.tenantId, async (trx) => {
    const g = await trx
      .insertInto('grade')
      .values({ org_id: orgId, name, entry_year: entryYear, learn_period_id: period, code: null, archived_at: null })
      .returning('id')
      .executeTakeFirstOrThrow()
    const ids: number[] = []
    for (let i = 1; i <= classes; i++) {
      const c = await trx
        .insertInto('school_class')
        .values({ org_id: orgId, grade_id: g.id, name: `(${i})班`, code: null, sort: i, archived_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      ids.push(Number(c.id))
    }
    return { id: Number(g.id), classes: ids }
  })
}

let seq = 0
async function student(orgId: number, classId: number, name = `学生${++seq}`): Promise<number> {
  const p = await makePerson(t, w.tenantId, {
    trueName: name,
    memberships: [{ orgId, userType: UserType.STUDENT, roleIds: [] }],
  })
  const id = p.userInfoIds[0]!
  await t.db.tenant(w.tenantId, (trx) =>
    trx.updateTable('user_info').set({ class_id: classId }).where('id', '=', id).execute(),
  )
  return id
}

/** The school's grades, classes, members, enrolment rows and guardian links: what an undo must give back. */
function stateOf(orgId: number) {
  return t.db.tenant(w.tenantId, async (trx) => ({
    grades: (await sql`SELECT * FROM grade WHERE org_id = ${orgId} ORDER BY id`.execute(trx)).rows,
    classes: (await sql`SELECT * FROM school_class WHERE org_id = ${orgId} ORDER BY id`.execute(trx)).rows,
    members: (await sql`SELECT * FROM user_info WHERE org_id = ${orgId} ORDER BY id`.execute(trx)).rows,
    enrolment: (await sql`SELECT * FROM enrolment WHERE org_id = ${orgId} ORDER BY id`.execute(trx)).rows,
    links: (await sql`SELECT * FROM parent_child ORDER BY parent_id, child_id`.execute(trx)).rows,
    accounts: (
      await sql`SELECT a.* FROM account a JOIN user_info u ON u.account_id = a.id
      WHERE u.org_id = ${orgId} ORDER BY a.id`.execute(trx)
    ).rows,
  }))
}

const q = <T>(query: (trx: Parameters<Parameters<TestApp['db']['tenant']>[1]>[0]) => Promise<T>) =>
  t.db.tenant(w.tenantId, query)

// School 1 (小学): 一年级 … 六年级 of 2026 … 2021, two classes each.
const g1: Record<string, { id: number; classes: number[] }> = {}
let graduate = 0
let parent = 0
let suspended = 0
let repeater = 0
let transferring = 0
let promoted = 0
// School 2 (初中): 七年级 (2026), 九年级 (2024), and a grade named 八年级 without a period: 七年级's new name is taken.
let odd = 0
let planId = 0

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreign = await staffOf(t, await makeWorld(t))
  const primary = await dictItem('小学')
  const junior = await dictItem('初中')
  const names = ['一年级', '二年级', '三年级', '四年级', '五年级', '六年级']
  for (const [k, name] of names.entries()) g1[name] = await grade(w.schoolId, name, 2026 - k, primary)
  for (const g of Object.values(g1)) for (const c of g.classes) await student(w.schoolId, c)
  graduate = await student(w.schoolId, g1['六年级']!.classes[0]!, '毕业生甲')
  suspended = await student(w.schoolId, g1['三年级']!.classes[0]!, '休学生乙')
  repeater = await student(w.schoolId, g1['三年级']!.classes[1]!, '留级生丙')
  transferring = await student(w.schoolId, g1['四年级']!.classes[0]!, '转学生丁')
  promoted = await student(w.schoolId, g1['二年级']!.classes[0]!, '升级生戊')
  // 一年级(1)班 over the 45 of 优质均衡.
  await Promise.all(Array.from({ length: 45 }, () => student(w.schoolId, g1['一年级']!.classes[0]!)))
  const p = await makePerson(t, w.tenantId, {
    trueName: '家长己',
    memberships: [{ orgId: w.schoolId, userType: UserType.PARENT, roleIds: [] }],
  })
  parent = p.userInfoIds[0]!
  await q(async (trx) => {
    await trx.updateTable('user_info').set({ study_status: 'suspended' }).where('id', '=', suspended).execute()
    await trx.insertInto('parent_child').values({ parent_id: parent, child_id: graduate }).execute()
    await trx
      .insertInto('transfer_request')
      .values({
        user_info_id: transferring,
        from_org_id: w.schoolId,
        to_org_id: w.school2Id,
        status: 'applied',
        applied_by: transferring,
        out_due: '2026-11-10',
      })
      .execute()
    await trx.insertInto('feeder_school').values({ from_org_id: w.schoolId, to_org_id: w.school2Id }).execute()
  })
  const seventh = await grade(w.school2Id, '七年级', 2026, junior, 1)
  odd = (await grade(w.school2Id, '八年级', 2025, null, 1)).id
  const ninth = await grade(w.school2Id, '九年级', 2024, junior, 1)
  await student(w.school2Id, seventh.classes[0]!)
  await student(w.school2Id, ninth.classes[0]!)
})
afterAll(() => t.close())

describe('the roll-over plan', () => {
  it('is created by the top org admin only, once per target year, for the next school year', async () => {
    expect(await as(s.schoolAdmin, 'plan/create', { toSchoolYear: '2027-2028' })).toMatchObject({ code: 403 })
    expect(await as(s.bureauAdmin, 'plan/create', { toSchoolYear: '2028-2029' })).toMatchObject({
      code: 400,
      msg: RolloverMsg.WRONG_TARGET('2027-2028'),
    })
    expect(await as(s.bureauAdmin, 'plan/create', { toSchoolYear: '2027' })).toMatchObject({ code: 400 })
    const [a, b] = await Promise.all([
      as(s.bureauAdmin, 'plan/create', { toSchoolYear: '2027-2028' }),
      as(s.bureauAdmin, 'plan/create', { toSchoolYear: '2027-2028' }),
    ])
    expect([a.code, b.code].sort()).toEqual([0, 409])
    planId = (a.code === 0 ? a : b).data
    expect((a.code === 0 ? b : a).msg).toBe(RolloverMsg.PLAN_EXISTS('2027-2028'))
  })

  it('lists every school with its summary for the bureau, the own school for a school admin, nothing abroad', async () => {
    const bureau = await as(s.bureauAdmin, 'plan/current')
    expect(bureau.data).toMatchObject({ currentYear: '2026-2027', nextYear: '2027-2028', canManage: true })
    expect(bureau.data.plan).toMatchObject({ id: planId, fromYear: '2026-2027', toYear: '2027-2028', status: 'draft' })
    const one = bureau.data.plan.schools.find((x: { orgId: number }) => x.orgId === w.schoolId)
    expect(one).toMatchObject({
      status: 'pending',
      summary: { promotedCohorts: 5, graduates: 3, intakeGradeName: '一年级', classesCarriedOver: 10 },
    })
    expect(bureau.data.plan.progress).toEqual({ done: 0, failed: 0, total: 2 })
    const school = await as(s.schoolAdmin, 'plan/current')
    expect(school.data.canManage).toBe(false)
    expect(school.data.plan.schools.map((x: { orgId: number }) => x.orgId)).toEqual([w.schoolId])
    expect((await as(foreign.bureauAdmin, 'plan/current')).data.plan).toBeNull()
    expect(await as(foreign.bureauAdmin, 'plan/detail', { planId })).toMatchObject({ code: 404 })
    expect(await as(s.teacher, 'plan/current')).toMatchObject({ code: 403 })
  })

  it('previews a school: cohorts relabelled, the graduating cohort, the intake, the exceptions, the feeder', async () => {
    expect(await as(s.schoolAdmin, 'plan/mark-repeat', { planId, userInfoId: repeater, repeat: true })).toMatchObject({
      code: 0,
    })
    // Another school's student, another tenant's plan: as missing.
    const other = await as(s.school2Admin, 'plan/mark-repeat', { planId, userInfoId: repeater, repeat: true })
    expect(other).toMatchObject({ code: 404 })
    expect(
      await as(foreign.bureauAdmin, 'plan/mark-repeat', { planId, userInfoId: repeater, repeat: true }),
    ).toMatchObject({
      code: 404,
    })
    const r = await as(s.schoolAdmin, 'plan/school', { planId, orgId: w.schoolId })
    expect(r.code).toBe(0)
    const p = r.data
    expect(p).toMatchObject({ period: '小学', status: 'pending', editable: true })
    expect(p.cohorts.map((c: { fromName: string; toName: string }) => `${c.fromName}→${c.toName}`)).toEqual([
      '五年级→六年级',
      '四年级→五年级',
      '三年级→四年级',
      '二年级→三年级',
      '一年级→二年级',
    ])
    expect(p.graduating).toMatchObject({ gradeName: '六年级', classCount: 2, students: 3 })
    expect(p.intake).toEqual({ gradeName: '一年级', entryYear: 2027, classCount: 2 })
    expect(p.feederOffer).toMatchObject({ toOrgId: w.school2Id, graduates: 3 })
    const kinds = (k: string) => p.exceptions.filter((e: { kind: string }) => e.kind === k)
    expect(kinds('repeat')).toMatchObject([{ userInfoId: repeater, name: '留级生丙', className: '三年级(2)班' }])
    expect(kinds('suspended')).toMatchObject([{ userInfoId: suspended, className: '三年级(1)班' }])
    expect(kinds('transfer')).toMatchObject([{ userInfoId: transferring, className: '四年级(1)班' }])
    expect(kinds('class_size')).toMatchObject([{ name: '一年级(1)班', detail: '46人，超过优质均衡标准' }])
    // A school admin does not see the neighbouring school.
    expect(await as(s.schoolAdmin, 'plan/school', { planId, orgId: w.school2Id })).toMatchObject({ code: 404 })
    expect(await as(foreign.bureauAdmin, 'plan/school', { planId, orgId: w.schoolId })).toMatchObject({ code: 404 })
  })

  it('is approved by the bureau only, once: of two approvals at once one wins; then no more edits', async () => {
    expect(await as(s.schoolAdmin, 'plan/approve', { planId })).toMatchObject({ code: 403 })
    expect(await as(foreign.bureauAdmin, 'plan/approve', { planId })).toMatchObject({ code: 404 })
    expect(await as(s.bureauAdmin, 'plan/run', { planId, orgId: w.schoolId })).toMatchObject({
      code: 409,
      msg: RolloverMsg.NOT_APPROVED,
    })
    const [a, b] = await Promise.all([
      as(s.bureauAdmin, 'plan/approve', { planId }),
      as(s.bureauAdmin, 'plan/approve', { planId }),
    ])
    expect([a.code, b.code].sort()).toEqual([0, 409])
    expect((a.code === 0 ? b : a).msg).toBe(RolloverMsg.APPROVED_ALREADY)
    expect(await as(s.schoolAdmin, 'plan/mark-repeat', { planId, userInfoId: promoted, repeat: true })).toMatchObject({
      code: 409,
      msg: RolloverMsg.NOT_DRAFT,
    })
    expect(await as(s.schoolAdmin, 'plan/intake', { planId, orgId: w.schoolId, classCount: 3 })).toMatchObject({
      code: 409,
    })
  })
})

describe('running and undoing a school', () => {
  let before: Awaited<ReturnType<typeof stateOf>>

  it('runs one school in one transaction: of two runs at once one wins; the school is as planned', async () => {
    before = await stateOf(w.schoolId)
    expect(await as(s.schoolAdmin, 'plan/run', { planId, orgId: w.schoolId })).toMatchObject({ code: 403 })
    expect(await as(foreign.bureauAdmin, 'plan/run', { planId, orgId: w.schoolId })).toMatchObject({ code: 404 })
    const [a, b] = await Promise.all([
      as(s.bureauAdmin, 'plan/run', { planId, orgId: w.schoolId }),
      as(s.bureauAdmin, 'plan/run', { planId, orgId: w.schoolId }),
    ])
    expect([a.code, b.code].sort()).toEqual([0, 409])
    expect((a.code === 0 ? b : a).msg).toBe(RolloverMsg.SCHOOL_DONE)
    const done = (a.code === 0 ? a : b).data.schools.find((x: { orgId: number }) => x.orgId === w.schoolId)
    expect(done).toMatchObject({ status: 'done', attempts: 1, summary: { graduates: 3, studentsPromoted: 57 } })

    const live = await q((trx) =>
      trx
        .selectFrom('grade')
        .select(['id', 'name', 'entry_year'])
        .where('org_id', '=', w.schoolId)
        .where('archived', '=', false)
        .orderBy('entry_year', 'desc')
        .execute(),
    )
    expect(live.map((g) => `${g.entry_year}${g.name}`)).toEqual([
      '2027一年级',
      '2026二年级',
      '2025三年级',
      '2024四年级',
      '2023五年级',
      '2022六年级',
    ])
    expect(live[1]!.id).toBe(g1['一年级']!.id)
    const newClasses = await q((trx) =>
      trx.selectFrom('school_class').select('name').where('grade_id', '=', live[0]!.id).orderBy('sort').execute(),
    )
    expect(newClasses.map((c) => c.name)).toEqual(['(1)班', '(2)班'])
    const sixth = await q((trx) =>
      trx.selectFrom('grade').select(['archived', 'name']).where('id', '=', g1['六年级']!.id).executeTakeFirstOrThrow(),
    )
    expect(sixth).toEqual({ archived: true, name: '六年级' })
    const who = (id: number) =>
      q((trx) =>
        trx
          .selectFrom('user_info')
          .select(['archived', 'class_id', 'study_status'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow(),
      )
    expect((await who(graduate)).archived).toBe(true)
    // Graduation (the alumni module): the parent's binding ends, and with their last child their membership.
    const links = await q((trx) =>
      trx.selectFrom('parent_child').selectAll().where('child_id', '=', graduate).execute(),
    )
    expect(links).toEqual([])
    expect((await who(parent)).archived).toBe(true)
    // The repeater joins the next cohort's class of the same number (二年级(2)班, now 三年级(2)班).
    expect(await who(repeater)).toMatchObject({ archived: false, class_id: g1['二年级']!.classes[1] })
    expect(await who(suspended)).toMatchObject({ archived: false, class_id: g1['三年级']!.classes[0] })
    const rows = await q((trx) =>
      trx
        .selectFrom('enrolment')
        .select(['user_info_id', 'school_year', 'status', 'started_on', 'ended_on', 'class_id', 'previous_id', 'id'])
        .where('org_id', '=', w.schoolId)
        .orderBy('id')
        .execute(),
    )
    const of = (id: number) => rows.filter((r) => Number(r.user_info_id) === id)
    expect(of(graduate).map((r) => [r.school_year, r.status])).toEqual([['2026-2027', 'graduated']])
    expect(of(repeater).map((r) => [r.school_year, r.status])).toEqual([
      ['2026-2027', 'repeated'],
      ['2027-2028', 'enrolled'],
    ])
    expect(of(suspended).map((r) => r.status)).toEqual(['suspended', 'suspended'])
    const [closed, opened] = of(promoted)
    expect(closed).toMatchObject({ status: 'promoted', school_year: '2026-2027' })
    expect(String(closed!.ended_on)).toMatch(/2027-08-31|Aug 31 2027/)
    expect(opened).toMatchObject({ status: 'enrolled', school_year: '2027-2028', previous_id: closed!.id })
    // 62 students: one closing row each, one opening row for the 59 who stay.
    expect(rows.length).toBe(62 + 59)

    const report = await as(s.schoolAdmin, 'school/report', { planId, orgId: w.schoolId, pageSize: 200 })
    expect(report.data.total).toBeGreaterThan(62)
    const line = (kind: string, subject: string) =>
      report.data.list.find((r: { kind: string; subject: string }) => r.kind === kind && r.subject === subject)
    expect(line('grade_relabel', '三年级')).toMatchObject({ fromValue: '三年级', toValue: '四年级' })
    expect(line('student_repeat', '留级生丙')).toMatchObject({ fromValue: '三年级(2)班', toValue: '三年级(2)班' })
    expect(line('student_promote', '升级生戊')).toMatchObject({ fromValue: '二年级(1)班', toValue: '三年级(1)班' })
    expect(line('student_graduate', '毕业生甲')).toMatchObject({ fromValue: '六年级(1)班' })
    expect(line('intake_grade', '一年级')).toMatchObject({ toValue: '2027级' })
    expect(await as(s.school2Admin, 'school/report', { planId, orgId: w.schoolId })).toMatchObject({ code: 404 })
  })

  it('runs the rest in the background: a failing school fails alone and is retried alone once fixed', async () => {
    const before2 = await stateOf(w.school2Id)
    const r = await as(s.bureauAdmin, 'plan/run', { planId })
    expect(r.code).toBe(0)
    await rolloverRunner(t.ctx).idle()
    const plan = (await as(s.bureauAdmin, 'plan/detail', { planId })).data
    const two = plan.schools.find((x: { orgId: number }) => x.orgId === w.school2Id)
    expect(two).toMatchObject({ status: 'failed', attempts: 1 })
    expect(two.error).toContain('结转后将有两个“八年级”')
    expect(plan.schools.find((x: { orgId: number }) => x.orgId === w.schoolId).status).toBe('done')
    expect(plan.progress).toEqual({ done: 1, failed: 1, total: 2 })
    expect(plan.status).toBe('running')
    expect(await stateOf(w.school2Id)).toEqual(before2)

    await q((trx) => trx.updateTable('grade').set({ name: '八年级（旧）' }).where('id', '=', odd).execute())
    const again = await as(s.bureauAdmin, 'plan/run', { planId, orgId: w.school2Id })
    expect(again.code).toBe(0)
    expect(again.data.status).toBe('done')
    expect(again.data.progress).toEqual({ done: 2, failed: 0, total: 2 })
    const names = await q((trx) =>
      trx
        .selectFrom('grade')
        .select('name')
        .where('org_id', '=', w.school2Id)
        .where('archived', '=', false)
        .orderBy('entry_year', 'desc')
        .execute(),
    )
    expect(names.map((g) => g.name)).toEqual(['七年级', '八年级', '八年级（旧）'])
  })

  it('undoes a school exactly, refusing while a later change depends on the run', async () => {
    expect(await as(s.schoolAdmin, 'plan/undo', { planId, orgId: w.schoolId })).toMatchObject({ code: 403 })
    expect(await as(foreign.bureauAdmin, 'plan/undo', { planId, orgId: w.schoolId })).toMatchObject({ code: 404 })
    // A student moved class after the run: the undo names them and writes nothing.
    const moved = await call(t, {
      url: '/base/api/userInfo/studentInfo/changeClass',
      token: s.schoolAdmin,
      body: { ids: [promoted], classId: g1['二年级']!.classes[1] },
    })
    expect(moved.code).toBe(0)
    const refusedUndo = await as(s.bureauAdmin, 'plan/undo', { planId, orgId: w.schoolId })
    expect(refusedUndo).toMatchObject({ code: 409, msg: '无法撤销：学生（升级生戊）在结转后已被修改' })
    expect((await as(s.bureauAdmin, 'plan/detail', { planId })).data.status).toBe('done')
    await call(t, {
      url: '/base/api/userInfo/studentInfo/changeClass',
      token: s.schoolAdmin,
      body: { ids: [promoted], classId: g1['二年级']!.classes[0] },
    })

    const undone = await as(s.bureauAdmin, 'plan/undo', { planId, orgId: w.schoolId })
    expect(undone).toMatchObject({ code: 0, data: { status: 'undone' } })
    expect(await stateOf(w.schoolId)).toEqual(before)
    expect((await as(s.bureauAdmin, 'school/report', { planId, orgId: w.schoolId })).data.total).toBe(0)
    const plan = (await as(s.bureauAdmin, 'plan/detail', { planId })).data
    expect(plan).toMatchObject({ status: 'running', progress: { done: 1, failed: 0, total: 2 } })
    expect(await as(s.bureauAdmin, 'plan/undo', { planId, orgId: w.schoolId })).toMatchObject({
      code: 409,
      msg: RolloverMsg.NOT_DONE,
    })
    // The school may be run again.
    expect((await as(s.bureauAdmin, 'plan/run', { planId, orgId: w.schoolId })).data.status).toBe('done')
  })
})

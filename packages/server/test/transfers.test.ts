import { ErrorCode, TransferMsg, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sweepAll } from '../src/modules/transfers/service.js'
import {
  call,
  createTestApp,
  loginToken,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'

/**
 * Transfers between the district's schools (issue 27 point 5; docs/school-year.md "Transfers"): 转入申请 by the
 * receiving school → 转出审核 by the sending school → 教育局审核 by the bureau, with deadlines and reminders; the
 * effective move keeps the account and moves the parents; cancel and refuse leave nothing moved.
 */
let t: TestApp
let w: World
let s: Staff
let foreign: Staff
let bureau2: string
let classFrom: number
let classTo: number
const X = '/base/api/transfer'
const DAY = 24 * 3600_000
let seq = 0

const post = (token: string, path: string, body: unknown) => call(t, { url: `${X}/${path}`, token, body })

/** A student of the sending school (测试一小) with a bound parent. */
async function student(name: string) {
  const no = `S${process.pid}${++seq}`
  const p = await makePerson(t, w.tenantId, {
    trueName: name,
    memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
  })
  const parent = await makePerson(t, w.tenantId, {
    trueName: `${name}家长`,
    memberships: [{ orgId: w.schoolId, userType: UserType.PARENT, roleIds: [] }],
  })
  const id = p.userInfoIds[0]!
  const parentId = parent.userInfoIds[0]!
  await t.db.tenant(w.tenantId, async (trx) => {
    await trx.updateTable('user_info').set({ class_id: classFrom, job_no: no }).where('id', '=', id).execute()
    await trx.insertInto('parent_child').values({ parent_id: parentId, child_id: id, relation: '母亲' }).execute()
  })
  return { id, no, name, userName: p.userName, parentId, parentUserName: parent.userName }
}

const row = (id: number) =>
  t.db.tenant(w.tenantId, (trx) =>
    trx.selectFrom('user_info').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  )
const request = (id: number) =>
  t.db.tenant(w.tenantId, (trx) =>
    trx.selectFrom('transfer_request').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  )
const messages = (event: string) =>
  t.db.tenant(w.tenantId, async (trx) =>
    Number(
      (await sql<{ n: number }>`SELECT count(*)::int AS n FROM message WHERE event = ${event}`.execute(trx)).rows[0]!.n,
    ),
  )

async function apply(st: { id: number }, body: Record<string, unknown> = {}) {
  const r = await post(s.school2Admin, 'apply', {
    userInfoId: st.id,
    reason: '随父母工作调动',
    toClassId: classTo,
    ...body,
  })
  expect(r.code, r.msg).toBe(0)
  return r.data as number
}

beforeAll(async () => {
  t = await createTestApp()
  // A weekday morning in China, so the working days count plainly.
  t.clock.advance(DAY) // 2026-11-02, a Monday
  w = await makeWorld(t)
  s = await staffOf(t, w)
  const fw = await makeWorld(t)
  foreign = await staffOf(t, fw)
  const b2 = await makePerson(t, w.tenantId, {
    trueName: '局审核员',
    memberships: [{ orgId: w.bureauId, userType: UserType.STAFF, roleIds: [w.roles.admin] }],
  })
  bureau2 = await loginToken(t, b2.userName)
  ;({ classFrom, classTo } = await t.db.tenant(w.tenantId, async (trx) => {
    const cls = async (orgId: number, grade: string) => {
      const g = await trx
        .insertInto('grade')
        .values({ org_id: orgId, name: grade, entry_year: 2024, code: null, learn_period_id: null, archived_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      const c = await trx
        .insertInto('school_class')
        .values({ org_id: orgId, grade_id: g.id, name: '(1)班', code: null, archived_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      return Number(c.id)
    }
    return { classFrom: await cls(w.schoolId, '三年级'), classTo: await cls(w.school2Id, '三年级') }
  }))
})
afterAll(() => t.close())

describe('finding and applying', () => {
  it('finds a student of another school by name and 学号 or ID card, masked, and never one of its own', async () => {
    const st = await student('赵一')
    const found = await post(s.school2Admin, 'find', { name: '赵一', jobNo: st.no })
    expect(found.code, found.msg).toBe(0)
    expect(found.data).toHaveLength(1)
    expect(found.data[0]).toMatchObject({ userInfoId: st.id, name: '赵一', schoolName: '测试一小', suspended: false })
    expect(found.data[0].jobNo).not.toBe(st.no)
    expect(found.data[0].jobNo.endsWith(st.no.slice(-4))).toBe(true)
    expect(Object.keys(found.data[0])).not.toContain('idCard')
    // A wrong 学号, the school's own student, a missing key, another tenant: nothing is found.
    expect((await post(s.school2Admin, 'find', { name: '赵一', jobNo: 'X1' })).code).toBe(ErrorCode.NOT_FOUND)
    expect((await post(s.schoolAdmin, 'find', { name: '赵一', jobNo: st.no })).code).toBe(ErrorCode.NOT_FOUND)
    expect((await post(foreign.school2Admin, 'find', { name: '赵一', jobNo: st.no })).code).toBe(ErrorCode.NOT_FOUND)
    const noKey = await post(s.school2Admin, 'find', { name: '赵一' })
    expect(noKey.code).toBe(ErrorCode.BAD_REQUEST)
    expect(noKey.msg).toContain(TransferMsg.FIND_KEY)
  })

  it('checks the caller, the input, 休学 and one open request per student', async () => {
    const st = await student('钱二')
    expect((await post(s.teacher, 'apply', { userInfoId: st.id, reason: '搬家' })).code).toBe(ErrorCode.FORBIDDEN)
    // The bureau is not a school: it does not apply.
    expect((await post(s.bureauAdmin, 'apply', { userInfoId: st.id, reason: '搬家' })).code).toBe(ErrorCode.FORBIDDEN)
    const long = await post(s.school2Admin, 'apply', { userInfoId: st.id, reason: '长'.repeat(201) })
    expect(long.code).toBe(ErrorCode.BAD_REQUEST)
    expect((await post(s.school2Admin, 'apply', { userInfoId: st.id, reason: '' })).code).toBe(ErrorCode.BAD_REQUEST)
    // A class of another school is not a target.
    const wrongClass = await post(s.school2Admin, 'apply', { userInfoId: st.id, reason: '搬家', toClassId: classFrom })
    expect(wrongClass.code).toBe(ErrorCode.NOT_FOUND)
    // A foreign tenant's admin cannot name our student.
    expect((await post(foreign.school2Admin, 'apply', { userInfoId: st.id, reason: '搬家' })).code).toBe(
      ErrorCode.NOT_FOUND,
    )
    await t.db.tenant(w.tenantId, (trx) =>
      trx.updateTable('user_info').set({ study_status: 'suspended' }).where('id', '=', st.id).execute(),
    )
    const suspended = await post(s.school2Admin, 'apply', { userInfoId: st.id, reason: '搬家' })
    expect(suspended).toMatchObject({ code: ErrorCode.CONFLICT, msg: TransferMsg.SUSPENDED })
    await t.db.tenant(w.tenantId, (trx) =>
      trx.updateTable('user_info').set({ study_status: 'enrolled' }).where('id', '=', st.id).execute(),
    )
    await apply(st)
    const again = await post(s.school2Admin, 'apply', { userInfoId: st.id, reason: '搬家' })
    expect(again).toMatchObject({ code: ErrorCode.CONFLICT, msg: TransferMsg.OPEN_EXISTS })
  })
})

describe('the steps', () => {
  it('tells the sending school, shows the deadline, and keeps each step to its handlers', async () => {
    const st = await student('孙三')
    const before = await messages('transferStep')
    const id = await apply(st)
    expect(await messages('transferStep')).toBeGreaterThan(before)
    const r = await request(id)
    expect(r.out_due).toBe('2026-11-16') // 10 working days after Monday 2 November
    const inbox = await post(s.schoolAdmin, 'page', { box: 'out' })
    const mine = inbox.data.list.find((x: { id: number }) => x.id === id)
    expect(mine).toMatchObject({ status: 'applied', daysLeft: 10, canDecide: true, studentName: '孙三' })
    // The receiving school's own list shows it, cancellable but not to decide.
    const sent = (await post(s.school2Admin, 'page', { box: 'in' })).data.list.find((x: { id: number }) => x.id === id)
    expect(sent).toMatchObject({ canCancel: true, canDecide: false })

    // The bureau's step before the school's: 409. The receiving school cannot agree for the sending one.
    expect((await post(s.bureauAdmin, 'bureauApprove', { id })).code).toBe(ErrorCode.CONFLICT)
    expect((await post(s.school2Admin, 'outAgree', { id })).code).toBe(ErrorCode.NOT_FOUND)
    expect((await post(foreign.schoolAdmin, 'outAgree', { id })).code).toBe(ErrorCode.NOT_FOUND)
    expect((await post(s.teacher, 'outAgree', { id })).code).toBe(ErrorCode.FORBIDDEN)
    expect((await post(s.schoolAdmin, 'outAgree', { id })).code).toBe(0)
    expect((await post(s.schoolAdmin, 'outAgree', { id })).code).toBe(ErrorCode.CONFLICT)
    expect((await request(id)).bureau_due).toBe('2026-11-16')

    // A school admin never approves: neither the sending nor the receiving school's, nor a foreign bureau.
    expect((await post(s.schoolAdmin, 'bureauApprove', { id })).code).toBe(ErrorCode.FORBIDDEN)
    expect((await post(s.school2Admin, 'bureauApprove', { id })).code).toBe(ErrorCode.FORBIDDEN)
    expect((await post(foreign.bureauAdmin, 'bureauApprove', { id })).code).toBe(ErrorCode.NOT_FOUND)
    // A bureau member who is also a member of the sending school does not approve its transfer.
    const both = await makePerson(t, w.tenantId, {
      trueName: '兼职审核员',
      memberships: [
        { orgId: w.bureauId, userType: UserType.STAFF, roleIds: [w.roles.admin] },
        { orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.admin] },
      ],
    })
    const bothToken = await loginToken(t, both.userName, undefined, w.bureauId)
    expect(await post(bothToken, 'bureauApprove', { id })).toMatchObject({
      code: ErrorCode.FORBIDDEN,
      msg: TransferMsg.OWN_SCHOOL_APPROVAL,
    })
    expect((await row(st.id)).org_id).toBe(w.schoolId)
    const queue = (await post(s.bureauAdmin, 'page', { box: 'bureau' })).data.list
    expect(queue.find((x: { id: number }) => x.id === id)).toMatchObject({ status: 'out_agreed', canDecide: true })
  })

  it('two bureau approvals at once: one wins, the other is refused, the move happens once', async () => {
    const st = await student('李四')
    const id = await apply(st)
    expect((await post(s.schoolAdmin, 'outAgree', { id })).code).toBe(0)
    const [a, b] = await Promise.all([
      post(s.bureauAdmin, 'bureauApprove', { id }),
      post(bureau2, 'bureauApprove', { id }),
    ])
    expect([a.code, b.code].sort()).toEqual([0, ErrorCode.CONFLICT])
    const enrolments = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('enrolment').selectAll().where('user_info_id', '=', st.id).orderBy('id').execute(),
    )
    expect(enrolments).toHaveLength(2)
  })
})

describe('the effective move', () => {
  it('moves the same membership and account with its parent; the old school keeps a read-only record', async () => {
    const st = await student('周五')
    const studentToken = await loginToken(t, st.userName)
    const parentToken = await loginToken(t, st.parentUserName)
    const kids = await call(t, { url: '/base/api/privacy/myChildren', token: parentToken })
    expect(kids.data[0]).toMatchObject({ trueName: '周五', schoolName: '测试一小', className: '三年级(1)班' })
    const before = await row(st.id)
    const id = await apply(st)
    expect((await post(s.schoolAdmin, 'outAgree', { id })).code).toBe(0)
    const done = await messages('transferDone')
    expect((await post(s.bureauAdmin, 'bureauApprove', { id })).code).toBe(0)
    expect(await messages('transferDone')).toBeGreaterThan(done)

    const after = await row(st.id)
    expect(after.account_id).toBe(before.account_id)
    expect(after).toMatchObject({ org_id: w.school2Id, class_id: classTo })
    const r = await request(id)
    expect(r.status).toBe('approved')
    expect(r.done_at).not.toBeNull()
    expect(r.effective_on).toBe('2026-11-02')
    const enrolments = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('enrolment').selectAll().where('user_info_id', '=', st.id).orderBy('id').execute(),
    )
    expect(enrolments).toHaveLength(2)
    expect(enrolments[0]).toMatchObject({ org_id: w.schoolId, status: 'transferred', ended_on: '2026-11-02' })
    expect(enrolments[1]).toMatchObject({
      org_id: w.school2Id,
      class_id: classTo,
      status: 'enrolled',
      source: 'transfer',
      previous_id: enrolments[0]!.id,
      started_on: '2026-11-02',
    })
    const changes = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('change_record').selectAll().where('user_info_id', '=', st.id).execute(),
    )
    expect(changes).toHaveLength(1)
    expect(changes[0]).toMatchObject({ from_org_id: w.schoolId, to_org_id: w.school2Id, effect: 'move' })
    // The parent's membership followed (no other child at the old school), bound as before.
    const parent = await row(st.parentId)
    expect(parent.org_id).toBe(w.school2Id)
    // Sessions ended as a teacher's move ends them: both sign in again and land at the new school.
    expect((await call(t, { url: '/base/api/privacy/myChildren', token: parentToken })).status).toBe(401)
    expect((await call(t, { url: '/base/api/privacy/myChildren', token: studentToken })).status).toBe(401)
    const again = await loginToken(t, st.parentUserName)
    const kidsAfter = await call(t, { url: '/base/api/privacy/myChildren', token: again })
    expect(kidsAfter.data[0]).toMatchObject({ id: st.id, schoolName: '测试二中', className: '三年级(1)班' })
    expect((await loginToken(t, st.userName)).length).toBeGreaterThan(0)

    // The sending school reads its own period; the receiving school has nothing transferred out.
    const out = await call(t, { url: `${X}/transferredOut`, token: s.schoolAdmin })
    const mine = out.data.find((x: { userInfoId: number }) => x.userInfoId === st.id)
    expect(mine).toMatchObject({ name: '周五', toSchool: '测试二中', transferredOn: '2026-11-02' })
    expect(mine.enrolments).toEqual([expect.objectContaining({ status: 'transferred', endedOn: '2026-11-02' })])
    const other = await call(t, { url: `${X}/transferredOut`, token: s.school2Admin })
    expect(other.data.find((x: { userInfoId: number }) => x.userInfoId === st.id)).toBeUndefined()
    // And no longer reaches the student (no edits): the detail answers like a missing one; the new school's does.
    const detail = (token: string) => call(t, { url: `/base/api/userInfo/studentInfo/detail?id=${st.id}`, token })
    expect((await detail(s.school2Admin)).code).toBe(0)
    const edit = await detail(s.schoolAdmin)
    expect(edit.code).toBe(ErrorCode.NOT_FOUND)
  })

  it('a parent with another child at the old school keeps that membership and gains one at the new', async () => {
    const a = await student('吴六')
    const sibling = await student('吴七')
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .insertInto('parent_child')
        .values({ parent_id: a.parentId, child_id: sibling.id, relation: '母亲' })
        .execute(),
    )
    const id = await apply(a)
    await post(s.schoolAdmin, 'outAgree', { id })
    expect((await post(s.bureauAdmin, 'bureauApprove', { id })).code).toBe(0)
    const parent = await row(a.parentId)
    expect(parent.org_id).toBe(w.schoolId)
    const bindings = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('parent_child as pc')
        .innerJoin('user_info as p', 'p.id', 'pc.parent_id')
        .select(['pc.child_id', 'p.org_id', 'p.account_id', 'pc.relation'])
        .where('p.account_id', '=', parent.account_id)
        .execute(),
    )
    expect(bindings).toEqual(
      expect.arrayContaining([
        { child_id: a.id, org_id: w.school2Id, account_id: parent.account_id, relation: '母亲' },
        { child_id: sibling.id, org_id: w.schoolId, account_id: parent.account_id, relation: '母亲' },
      ]),
    )
  })

  it('a later effective date waits, and the sweep applies it on the day', async () => {
    const st = await student('郑八')
    const id = await apply(st)
    await post(s.schoolAdmin, 'outAgree', { id })
    expect((await post(s.bureauAdmin, 'bureauApprove', { id, effectiveOn: '2026-11-01' })).code).toBe(
      ErrorCode.BAD_REQUEST,
    )
    expect((await post(s.bureauAdmin, 'bureauApprove', { id, effectiveOn: '2026-11-05' })).code).toBe(0)
    await sweepAll(t.ctx)
    expect((await row(st.id)).org_id).toBe(w.schoolId)
    // Still open: another application for the student is refused.
    expect((await post(s.school2Admin, 'apply', { userInfoId: st.id, reason: '再次' })).code).toBe(ErrorCode.CONFLICT)
    t.clock.advance(3 * DAY)
    try {
      await sweepAll(t.ctx)
      expect((await row(st.id)).org_id).toBe(w.school2Id)
      expect((await request(id)).done_at).not.toBeNull()
    } finally {
      t.clock.advance(-3 * DAY)
    }
  })
  it('a move that cannot take effect on its day says why on the request, and goes through once the clash is gone', async () => {
    const st = await student('钱九')
    const id = await apply(st)
    await post(s.schoolAdmin, 'outAgree', { id })
    expect((await post(s.bureauAdmin, 'bureauApprove', { id, effectiveOn: '2026-11-05' })).code).toBe(0)
    // Before the day, the receiving school gives the same 学号 to a pupil of its own.
    const clash = await makePerson(t, w.tenantId, {
      trueName: '同号生',
      memberships: [{ orgId: w.school2Id, userType: UserType.STUDENT, roleIds: [] }],
    })
    const setNo = (no: string) =>
      t.db.tenant(w.tenantId, (trx) =>
        trx.updateTable('user_info').set({ job_no: no }).where('id', '=', clash.userInfoIds[0]!).execute(),
      )
    await setNo(st.no)
    const seen = async (token: string, box: string) =>
      (await post(token, 'page', { box })).data.list.find((x: { id: number }) => x.id === id) as {
        done: boolean
        effectError: string | null
      }
    t.clock.advance(3 * DAY)
    try {
      await sweepAll(t.ctx)
      expect((await row(st.id)).org_id).toBe(w.schoolId)
      for (const [token, box] of [
        [s.bureauAdmin, 'bureau'],
        [s.school2Admin, 'in'],
        [s.schoolAdmin, 'out'],
      ] as const)
        expect(await seen(token, box), box).toMatchObject({ done: false, effectError: TransferMsg.JOB_NO_TAKEN })
      await setNo(`${st.no}X`)
      await sweepAll(t.ctx)
      expect((await row(st.id)).org_id).toBe(w.school2Id)
      expect(await seen(s.school2Admin, 'in')).toMatchObject({ done: true, effectError: null })
      expect((await request(id)).effect_error).toBeNull()
    } finally {
      t.clock.advance(-3 * DAY)
    }
  })
})

describe('cancel, refuse and reminders', () => {
  it('cancel by the applicant before the bureau decides; refusal at either step needs a reason; nothing moves', async () => {
    const a = await student('王九')
    const id = await apply(a)
    expect((await post(s.schoolAdmin, 'cancel', { id })).code).toBe(ErrorCode.NOT_FOUND)
    const done = await messages('transferDone')
    expect((await post(s.school2Admin, 'cancel', { id })).code).toBe(0)
    expect((await request(id)).status).toBe('cancelled')
    expect(await messages('transferDone')).toBeGreaterThan(done)
    expect((await post(s.schoolAdmin, 'outAgree', { id })).code).toBe(ErrorCode.CONFLICT)

    const id2 = await apply(a) // closed requests do not block a new one
    expect((await post(s.schoolAdmin, 'outRefuse', { id: id2, reason: '' })).code).toBe(ErrorCode.BAD_REQUEST)
    expect((await post(s.schoolAdmin, 'outRefuse', { id: id2, reason: '学籍信息有误' })).code).toBe(0)
    expect(await request(id2)).toMatchObject({ status: 'refused', refused_reason: '学籍信息有误' })

    const id3 = await apply(a)
    await post(s.schoolAdmin, 'outAgree', { id: id3 })
    expect((await post(s.bureauAdmin, 'bureauRefuse', { id: id3, reason: '不符合转学条件' })).code).toBe(0)
    expect((await post(s.school2Admin, 'cancel', { id: id3 })).code).toBe(ErrorCode.CONFLICT)
    expect((await post(s.bureauAdmin, 'bureauApprove', { id: id3 })).code).toBe(ErrorCode.CONFLICT)
    const after = await row(a.id)
    expect(after).toMatchObject({ org_id: w.schoolId, class_id: classFrom })
    expect((await row(a.parentId)).org_id).toBe(w.schoolId)
    const enrolments = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('enrolment').select('id').where('user_info_id', '=', a.id).execute(),
    )
    expect(enrolments).toHaveLength(0)
  })

  it('reminds the step handlers once when 2 working days are left, and shows overdue', async () => {
    const a = await student('冯十')
    const id = await apply(a)
    const before = await messages('transferStep')
    await sweepAll(t.ctx)
    expect(await messages('transferStep')).toBe(before)
    t.clock.advance(10 * DAY) // Thursday 12 November: 2 working days before Monday 16 November
    try {
      await sweepAll(t.ctx)
      const reminded = await messages('transferStep')
      expect(reminded).toBeGreaterThan(before)
      await sweepAll(t.ctx)
      expect(await messages('transferStep')).toBe(reminded)
      const item = (await post(s.schoolAdmin, 'page', { box: 'out' })).data.list.find(
        (x: { id: number }) => x.id === id,
      )
      expect(item.daysLeft).toBe(2)
      t.clock.advance(5 * DAY)
      const late = (await post(s.schoolAdmin, 'page', { box: 'out' })).data.list.find(
        (x: { id: number }) => x.id === id,
      )
      expect(late.daysLeft).toBe(-1)
    } finally {
      t.clock.advance(-15 * DAY)
    }
  })
})

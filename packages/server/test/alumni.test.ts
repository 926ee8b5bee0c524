import { ACCOUNT_EXPIRED_MESSAGE, ALUMNI_ACCOUNT_DAYS_DEFAULT, Msg, PeopleMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Trx } from '../src/db/database.js'
import { graduateStudents } from '../src/modules/alumni/graduate-queries.js'
import { Journal } from '../src/modules/school-year/journal-queries.js'
import {
  call,
  createTestApp,
  login,
  loginToken,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'
import { latestCode } from './sms-helpers.js'

let t: TestApp
let w: World
let s: Staff
let foreign: World
let fs: Staff

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreign = await makeWorld(t)
  fs = await staffOf(t, foreign)
})
afterAll(() => t.close())

const POLICY = '/base/api/alumni/policy'
const PAGE = '/base/api/alumni/queryPage'

/** A distinct ID number per 学号 (unique in the tenant). */
const idCardOf = (jobNo: string) => `1101012010${jobNo.charCodeAt(0)}${jobNo.slice(1).padStart(6, '0')}`

/** The 'graduated' enrolment row the roll-over writes beside graduateStudents: what makes the pupil an alumnus. */
function graduatedRow(trx: Trx, userInfoId: number, orgId: number) {
  return trx
    .insertInto('enrolment')
    .values({
      user_info_id: userInfoId,
      school_year: '2026-2027',
      org_id: orgId,
      grade_id: null,
      class_id: null,
      status: 'graduated',
      started_on: '2026-09-01',
      ended_on: '2027-08-31',
      previous_id: null,
      source: 'rollover',
    })
    .execute()
}

/** A student of `orgId` with a phone and an ID card, graduated through graduateStudents with a 'graduated' row. */
async function graduate(orgId: number, name: string, jobNo: string, now = t.clock.now()) {
  const p = await makePerson(t, w.tenantId, {
    trueName: name,
    memberships: [{ orgId, userType: UserType.STUDENT, roleIds: [] }],
  })
  const id = p.userInfoIds[0]!
  const idCard = idCardOf(jobNo)
  await t.db.tenant(w.tenantId, async (trx) => {
    await trx.updateTable('user_info').set({ job_no: jobNo, phone: '13812345678' }).where('id', '=', id).execute()
    await trx.deleteFrom('person').where('account_id', '=', p.accountId).execute()
    await trx.insertInto('person').values({ account_id: p.accountId, id_card: idCard, sex: 1 }).execute()
    await graduatedRow(trx, id, orgId)
    await graduateStudents(new Journal(trx, `test:${id}`), trx, { orgId, userInfoIds: [id], on: '2027-08-31', now })
  })
  return { ...p, id }
}

describe('the alumni account period', () => {
  it('is set by the top org admin only; a school admin is refused, another tenant keeps its own', async () => {
    const got = await call(t, { url: POLICY, token: s.bureauAdmin })
    expect(got.code).toBe(0)
    expect(got.data).toEqual({ policy: { accountDays: ALUMNI_ACCOUNT_DAYS_DEFAULT }, custom: false, updatedAt: null })

    const bySchool = await call(t, { url: `${POLICY}/save`, token: s.schoolAdmin, body: { accountDays: 30 } })
    expect(bySchool.status).toBe(403)
    expect(bySchool.code).not.toBe(0)
    expect((await call(t, { url: POLICY, token: s.schoolAdmin })).status).toBe(403)
    const byTeacher = await call(t, { url: `${POLICY}/save`, token: s.teacher, body: { accountDays: 30 } })
    expect(byTeacher.status).toBe(403)

    const bad = await call(t, { url: `${POLICY}/save`, token: s.bureauAdmin, body: { accountDays: -1 } })
    expect(bad.code).toBe(400)
    expect(bad.msg).toBe('天数不能为负数')
    const tooLong = await call(t, { url: `${POLICY}/save`, token: s.bureauAdmin, body: { accountDays: 99999 } })
    expect(tooLong.code).toBe(400)

    const saved = await call(t, { url: `${POLICY}/save`, token: s.bureauAdmin, body: { accountDays: 30 } })
    expect(saved.code).toBe(0)
    expect((await call(t, { url: POLICY, token: s.bureauAdmin })).data).toMatchObject({
      policy: { accountDays: 30 },
      custom: true,
    })
    // Another tenant's top admin writes their own tenant's period, never this one's.
    await call(t, { url: `${POLICY}/save`, token: fs.bureauAdmin, body: { accountDays: 7 } })
    expect((await call(t, { url: POLICY, token: s.bureauAdmin })).data.policy.accountDays).toBe(30)
    expect((await call(t, { url: POLICY, token: fs.bureauAdmin })).data.policy.accountDays).toBe(7)

    // graduateStudents reads the saved period.
    const now = new Date('2027-08-31T16:00:00.000Z')
    const g = await graduate(w.schoolId, '毕业生期限', 'P001', now)
    const acc = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('account').select('expires_at').where('id', '=', g.accountId).executeTakeFirstOrThrow(),
    )
    expect(acc.expires_at?.toISOString()).toBe('2027-09-30T16:00:00.000Z')
    await call(t, { url: `${POLICY}/save`, token: s.bureauAdmin, body: { accountDays: ALUMNI_ACCOUNT_DAYS_DEFAULT } })
  })
})

describe('an expired graduate account', () => {
  it('cannot sign in (told it expired), and its open session ends', async () => {
    const p = await makePerson(t, w.tenantId, {
      trueName: '毕业生登录',
      memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    const token = await loginToken(t, p.userName)
    const me = () => call(t, { url: '/base/api/account/user/current/detail', token })
    expect((await me()).code).toBe(0)
    // Graduated within the period: the account has no live membership, but is not yet expired.
    await t.db.tenant(w.tenantId, async (trx) => {
      await graduateStudents(new Journal(trx, `test-login:${p.accountId}`), trx, {
        orgId: w.schoolId,
        userInfoIds: p.userInfoIds,
        on: '2027-08-31',
        now: t.clock.now(),
      })
      await graduatedRow(trx, p.userInfoIds[0]!, w.schoolId)
    })
    // The pupil's session ended with the graduation; a sign-in within the period opens the alumni one.
    expect((await me()).status).toBe(401)
    const during = await login(t, { userName: p.userName, password: p.password })
    expect(during.msg).not.toBe(ACCOUNT_EXPIRED_MESSAGE)
    const alumniToken = (during.data as { userToken: string }).userToken
    expect((await call(t, { url: '/base/api/account/user/current/detail', token: alumniToken })).code).toBe(0)

    // Past the expiry.
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .updateTable('account')
        .set({ expires_at: new Date(t.clock.now().getTime() - 60_000) })
        .where('id', '=', p.accountId)
        .execute(),
    )
    const after = await login(t, { userName: p.userName, password: p.password })
    expect(after.code).not.toBe(0)
    expect(after.msg).toBe(ACCOUNT_EXPIRED_MESSAGE)
    const gone = await call(t, { url: '/base/api/account/user/current/detail', token: alumniToken })
    expect(gone.status).toBe(401)
    expect(gone.msg).toBe(Msg.NOT_LOGGED_IN)
    // A wrong password still says only that the credentials are wrong.
    const wrong = await login(t, { userName: p.userName, password: 'Wrong1234a' })
    expect(wrong.msg).not.toBe(ACCOUNT_EXPIRED_MESSAGE)
  })

  it('cannot sign in by SMS code either', async () => {
    const phone = '15900009901'
    const p = await makePerson(t, w.tenantId, {
      trueName: '毕业生短信',
      phone,
      memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    await t.db.tenant(w.tenantId, async (trx) => {
      await graduateStudents(new Journal(trx, `test-sms:${p.accountId}`), trx, {
        orgId: w.schoolId,
        userInfoIds: p.userInfoIds,
        on: '2027-08-31',
        now: new Date(t.clock.now().getTime() - 400 * 86_400_000),
      })
    })
    const ip = '10.99.0.1'
    const headers = { tenantId: String(w.tenantId) }
    const sent = await call(t, { url: `/base/api/auth/login/sms/code/send?phone=${phone}`, ip, headers })
    expect(sent.code).toBe(0)
    const code = await latestCode(t, w.tenantId)
    const r = await call(t, { url: '/base/api/auth/loginByPhoneSms', body: { phone, smsCode: code }, ip, headers })
    expect(r.code).not.toBe(0)
    expect(r.msg).toBe(ACCOUNT_EXPIRED_MESSAGE)
  })

  it('a graduate taken in again by another school signs in with the new membership', async () => {
    const p = await makePerson(t, w.tenantId, {
      trueName: '直升生',
      memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    await t.db.tenant(w.tenantId, async (trx) => {
      await graduateStudents(new Journal(trx, `test-feeder:${p.accountId}`), trx, {
        orgId: w.schoolId,
        userInfoIds: p.userInfoIds,
        on: '2027-08-31',
        now: new Date(t.clock.now().getTime() - 200 * 86_400_000),
      })
      await trx
        .insertInto('user_info')
        .values({ account_id: p.accountId, org_id: w.school2Id, user_type: UserType.STUDENT, true_name: '直升生' })
        .execute()
    })
    const r = await login(t, { userName: p.userName, password: p.password })
    expect(r.code).toBe(0)
  })
})

describe('the alumni list', () => {
  it('shows a school admin their own graduates, masked and read-only; another school and tenant see none', async () => {
    const g = await graduate(w.schoolId, '校友甲', 'A001')
    await graduate(w.school2Id, '他校校友', 'B001')
    // An archived student who left (not graduated) is not an alumnus.
    const left = await makePerson(t, w.tenantId, {
      trueName: '退学生',
      memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .updateTable('user_info')
        .set({ archived: true, archived_at: t.clock.now() })
        .where('id', '=', left.userInfoIds[0]!)
        .execute(),
    )

    const page = await call(t, { url: PAGE, token: s.schoolAdmin, body: { pageIndex: 1, pageSize: 20 } })
    expect(page.code).toBe(0)
    const names = page.data.list.map((r: { trueName: string }) => r.trueName)
    expect(names).toContain('校友甲')
    expect(names).not.toContain('他校校友')
    expect(names).not.toContain('退学生')
    const row = page.data.list.find((r: { id: number }) => r.id === g.id)
    expect(row).toMatchObject({
      jobNo: 'A001',
      schoolYear: '2026-2027',
      graduationYear: 2027,
      graduatedOn: '2027-08-31',
    })
    expect(row.phone).not.toBe('13812345678')
    expect(row.phone).toContain('*')
    expect(row.idCard).not.toBe(idCardOf('A001'))
    expect(row.idCard).toContain('*')
    expect(JSON.stringify(page.data)).not.toContain('13812345678')
    expect(JSON.stringify(page.data)).not.toContain(idCardOf('A001'))

    // By year and keyword.
    const y = await call(t, { url: PAGE, token: s.schoolAdmin, body: { year: 2026 } })
    expect(y.data.total).toBe(0)
    const k = await call(t, { url: PAGE, token: s.schoolAdmin, body: { keyword: 'A001' } })
    expect(k.data.list.map((r: { id: number }) => r.id)).toEqual([g.id])

    // A school admin cannot look at the other school; a foreign tenant's admin cannot name this school.
    const other = await call(t, { url: PAGE, token: s.schoolAdmin, body: { orgId: w.school2Id } })
    expect(other.code).not.toBe(0)
    const own2 = await call(t, { url: PAGE, token: s.school2Admin, body: {} })
    expect(own2.data.list.map((r: { trueName: string }) => r.trueName)).toEqual(['他校校友'])
    const stranger = await call(t, { url: PAGE, token: fs.schoolAdmin, body: { orgId: w.schoolId } })
    expect(stranger.code).not.toBe(0)
    expect(JSON.stringify(stranger.data ?? null)).not.toContain('校友甲')
    const strangerOwn = await call(t, { url: PAGE, token: fs.schoolAdmin, body: {} })
    expect(strangerOwn.data.total).toBe(0)

    // Read-only: the server refuses an edit or a class change of a graduate.
    const edit = await call(t, {
      url: '/base/api/userInfo/studentInfo/update',
      token: s.schoolAdmin,
      body: { id: g.id, trueName: '改名', jobNo: 'A001' },
    })
    expect(edit.code).toBe(400)
    expect(edit.msg).toBe(PeopleMsg.ARCHIVED)
    const moved = await call(t, {
      url: '/base/api/userInfo/studentInfo/changeClass',
      token: s.schoolAdmin,
      body: { ids: [g.id], classId: 1 },
    })
    expect(moved.code).toBe(400)
    expect(moved.msg).toBe(PeopleMsg.ARCHIVED)
    const still = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('user_info').select('true_name').where('id', '=', g.id).executeTakeFirstOrThrow(),
    )
    expect(still.true_name).toBe('校友甲')
  })
})

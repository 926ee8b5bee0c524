import { ACCOUNT_EXPIRED_MESSAGE, ALUMNI_SESSION_MESSAGE, Msg, OperationType, UserType } from '@zhixiao/shared'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

/**
 * Alumni sessions (issue 27 point 3; docs/school-year.md "Graduation and alumni"): a graduate signs in during the
 * alumni period, read-only, to their archived membership; every route not marked for alumni refuses the session;
 * after the expiry the sign-in is refused. A 毕业 异动 graduates like the roll-over.
 */
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

const ME = '/base/api/account/user/current/detail'
const MINE = '/base/api/alumni/myEnrolment'
const U = '/base/api/userInfo'
let seq = 0

/** A student of `orgId` graduated as the roll-over does it: a closed 'graduated' row and graduateStudents. */
async function graduate(
  world: World,
  orgId: number,
  name: string,
  phone?: string,
  beforeGraduation?: (p: Awaited<ReturnType<typeof makePerson>>) => Promise<void>,
) {
  const p = await makePerson(t, world.tenantId, {
    trueName: name,
    ...(phone ? { phone } : {}),
    memberships: [{ orgId, userType: UserType.STUDENT, roleIds: [] }],
  })
  await beforeGraduation?.(p)
  const id = p.userInfoIds[0]!
  await t.db.tenant(world.tenantId, async (trx) => {
    await trx
      .insertInto('enrolment')
      .values({
        user_info_id: id,
        school_year: '2025-2026',
        org_id: orgId,
        grade_id: null,
        class_id: null,
        status: 'graduated',
        started_on: '2025-09-01',
        ended_on: '2026-07-10',
        previous_id: null,
        source: 'rollover',
      })
      .execute()
    await graduateStudents(new Journal(trx, `test-session:${id}`), trx, {
      orgId,
      userInfoIds: [id],
      on: '2026-07-10',
      now: t.clock.now(),
    })
  })
  return { ...p, id }
}

async function signIn(userName: string, password: string): Promise<string> {
  const r = await login(t, { userName, password })
  expect(r.code).toBe(0)
  expect(r.data.operationType).toBe(5)
  return r.data.userToken as string
}

describe('an alumni session', () => {
  it('signs a graduate in by password during the period, read-only, to their own 学籍', async () => {
    const g = await graduate(w, w.schoolId, '校友登录')
    const token = await signIn(g.userName, g.password)
    const me = await call(t, { url: ME, token })
    expect(me.code).toBe(0)
    expect(me.data).toMatchObject({ userInfoId: g.id, orgId: w.schoolId, userType: UserType.STUDENT })
    expect(me.data.permissions).toEqual([])
    expect(me.data.alumni).toMatchObject({ graduationYear: 2026 })
    expect(me.data.alumni.accountExpiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(me.data.alumni.schoolName).toBeTruthy()

    const mine = await call(t, { url: MINE, token })
    expect(mine.code).toBe(0)
    expect(mine.data).toEqual([
      expect.objectContaining({
        schoolYear: '2025-2026',
        status: 'graduated',
        startedOn: '2025-09-01',
        endedOn: '2026-07-10',
      }),
    ])
    // A live student's session is no alumni session.
    const live = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    const liveMe = await call(t, { url: ME, token: await signIn(live.userName, live.password) })
    expect(liveMe.data.alumni).toBeUndefined()

    // Its own password may change; the session signs out.
    const changed = await call(t, {
      url: '/base/api/account/change/password',
      token,
      body: { oldPwd: g.password, newPwd: 'Alumni@2026x', confirmPwd: 'Alumni@2026x' },
    })
    expect(changed.code).toBe(0)
    const again = await signIn(g.userName, 'Alumni@2026x')
    expect((await call(t, { url: '/base/api/auth/logout', token: again, body: {} })).code).toBe(0)
    expect((await call(t, { url: ME, token: again })).status).toBe(401)
  })

  it('signs a graduate in by SMS code too', async () => {
    const phone = `1590001${String(process.pid % 10000).padStart(4, '0')}`
    const g = await graduate(w, w.schoolId, '校友短信', phone)
    const ip = '10.98.0.1'
    const headers = { tenantId: String(w.tenantId) }
    expect((await call(t, { url: `/base/api/auth/login/sms/code/send?phone=${phone}`, ip, headers })).code).toBe(0)
    const code = await latestCode(t, w.tenantId)
    const r = await call(t, { url: '/base/api/auth/loginByPhoneSms', body: { phone, smsCode: code }, ip, headers })
    expect(r.code).toBe(0)
    const me = await call(t, { url: ME, token: r.data.userToken })
    expect(me.data.userInfoId).toBe(g.id)
    expect(me.data.alumni).toBeDefined()
  })

  it('signs a graduate with a TOTP step in through that step too', async () => {
    const codeAt = (secret: string, at: Date) =>
      new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
        timestamp: +at,
      })
    let secret = ''
    // Enrolled while a pupil.
    const g = await graduate(w, w.schoolId, '校友两步', undefined, async (p) => {
      const token = await loginToken(t, p.userName)
      const start = await call(t, { url: '/base/api/auth/totp/enrol', body: {}, token })
      expect(start.code, start.msg).toBe(0)
      secret = start.data.secret as string
      const ok = await call(t, {
        url: '/base/api/auth/totp/confirm',
        body: { code: codeAt(secret, t.clock.now()) },
        token,
      })
      expect(ok.code, ok.msg).toBe(0)
    })
    t.clock.advance(30_000)
    const first = await login(t, { userName: g.userName, password: g.password })
    expect(first.data.operationType).toBe(OperationType.NEED_TOTP)
    const right = await call(t, {
      url: '/base/api/auth/loginByTotp',
      body: { ticket: first.data.totpTicket, code: codeAt(secret, t.clock.now()) },
    })
    expect(right.data?.operationType, right.msg).toBe(OperationType.SUCCESS)
    const me = await call(t, { url: ME, token: right.data.userToken })
    expect(me.data).toMatchObject({ userInfoId: g.id, permissions: [] })
    expect(me.data.alumni).toBeDefined()
  })

  it('is refused by every route not marked for alumni (deny by default over the whole route table)', async () => {
    const g = await graduate(w, w.schoolId, '校友越权')
    const token = await signIn(g.userName, g.password)
    const closed = t.routes.filter((r) => !r.public && !r.alumni)
    expect(closed.length).toBeGreaterThan(300)
    const leaks: string[] = []
    for (const r of closed) {
      const url = r.url.replace(/:(\w+)/g, '1')
      const res = await t.app.inject({
        method: r.method as 'GET' | 'POST',
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(r.method === 'GET' ? {} : { payload: {} }),
      })
      const body = res.json() as { code: number; msg: string }
      if (res.statusCode !== 403 || body.msg !== ALUMNI_SESSION_MESSAGE || body.code === 0)
        leaks.push(`${r.method} ${r.url} → ${res.statusCode} ${body.msg}`)
    }
    expect(leaks).toEqual([])
    // The allow-list answers the alumnus.
    const open = t.routes.filter((r) => r.alumni)
    expect(open.map((r) => r.url).sort()).toEqual(
      [
        '/base/api/account/change/password',
        '/base/api/account/user/current/detail',
        '/base/api/alumni/myEnrolment',
        '/base/api/auth/logout',
        '/base/api/message/unreadCount',
        '/base/api/message/queryPage',
      ].sort(),
    )
    expect((await call(t, { url: MINE, token })).code).toBe(0)
  })

  it('ends at the expiry: the session resolves no more and the sign-in is refused', async () => {
    const g = await graduate(w, w.schoolId, '校友到期')
    const token = await signIn(g.userName, g.password)
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .updateTable('account')
        .set({ expires_at: new Date(t.clock.now().getTime() - 1000) })
        .where('id', '=', g.accountId)
        .execute(),
    )
    const gone = await call(t, { url: ME, token })
    expect(gone.status).toBe(401)
    expect(gone.msg).toBe(Msg.NOT_LOGGED_IN)
    const again = await login(t, { userName: g.userName, password: g.password })
    expect(again.code).not.toBe(0)
    expect(again.msg).toBe(ACCOUNT_EXPIRED_MESSAGE)
  })

  it('is no alumni session for an archived student who left without graduating', async () => {
    const p = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .updateTable('user_info')
        .set({ archived: true, archived_at: t.clock.now() })
        .where('id', '=', p.userInfoIds[0]!)
        .execute(),
    )
    const r = await login(t, { userName: p.userName, password: p.password })
    expect(r.code).not.toBe(0)
    expect(r.msg).toBe(Msg.ACCOUNT_DISABLED)
  })
})

describe('a 毕业 异动', () => {
  async function classOf(token: string): Promise<number> {
    const g = (await call(t, { url: '/base/api/grade/add', token, body: { name: `${++seq}毕业级`, entryYear: 2020 } }))
      .data
    return (await call(t, { url: '/base/api/class/add', token, body: { gradeId: g, name: '1班' } })).data as number
  }

  it('graduates like the roll-over: alumni list with expiry, parent binding ended, enrolment row, journaled', async () => {
    const classId = await classOf(s.schoolAdmin)
    const jobNo = `G${process.pid % 100000}${++seq}`
    const added = await call(t, {
      url: `${U}/studentInfo/add`,
      token: s.schoolAdmin,
      body: { trueName: '异动毕业生', jobNo, classId },
    })
    expect(added.code).toBe(0)
    const id = added.data as number
    const parent = await makePerson(t, w.tenantId, {
      trueName: '异动毕业生家长',
      memberships: [{ orgId: w.schoolId, userType: UserType.PARENT, roleIds: [] }],
    })
    const bound = await call(t, {
      url: `${U}/parentBindChild/bind`,
      token: s.schoolAdmin,
      body: { parentId: parent.userInfoIds[0], childId: id, relation: '母亲' },
    })
    expect(bound.code).toBe(0)
    const typeId = (
      await call(t, {
        url: '/base/api/dict/add',
        token: s.bureauAdmin,
        body: { dictType: 'studentChangeType', name: '毕业' },
      })
    ).data as number
    const body = { userInfoId: id, changeTypeId: typeId, effect: 'leave', changedOn: '2026-11-01', remark: '毕业' }
    // Another tenant's administrator cannot graduate this student.
    const stranger = await call(t, { url: `${U}/change/add`, token: fs.schoolAdmin, body })
    expect(stranger.code).not.toBe(0)
    const r = await call(t, { url: `${U}/change/add`, token: s.schoolAdmin, body })
    expect(r.code).toBe(0)

    const page = await call(t, { url: '/base/api/alumni/queryPage', token: s.schoolAdmin, body: { keyword: jobNo } })
    expect(page.data.list).toEqual([
      expect.objectContaining({ id, schoolYear: '2026-2027', graduatedOn: '2026-11-01', className: '1班' }),
    ])
    expect(page.data.list[0].accountExpiresOn).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    // Not on the other tenant's list.
    expect(
      (await call(t, { url: '/base/api/alumni/queryPage', token: fs.schoolAdmin, body: { keyword: jobNo } })).data
        .total,
    ).toBe(0)

    const state = await t.db.tenant(w.tenantId, async (trx) => ({
      bindings: await trx.selectFrom('parent_child').select('parent_id').where('child_id', '=', id).execute(),
      parent: await trx
        .selectFrom('user_info')
        .select('archived')
        .where('id', '=', parent.userInfoIds[0]!)
        .executeTakeFirstOrThrow(),
      journal: await trx
        .selectFrom('school_year_journal')
        .select('journal_key')
        .where('journal_key', '=', `change:${r.data}`)
        .execute(),
      account: await trx
        .selectFrom('user_info as u')
        .innerJoin('account as a', 'a.id', 'u.account_id')
        .select(['a.expires_at', 'a.user_name'])
        .where('u.id', '=', id)
        .executeTakeFirstOrThrow(),
    }))
    expect(state.bindings).toEqual([])
    expect(state.parent.archived).toBe(true)
    expect(state.journal.length).toBeGreaterThan(0)
    expect(state.account.expires_at!.getTime()).toBeGreaterThan(t.clock.now().getTime())

    // A second 毕业 of the archived student is refused; nothing changes.
    expect((await call(t, { url: `${U}/change/add`, token: s.schoolAdmin, body })).code).not.toBe(0)
  })
})

describe('the student list', () => {
  it('shows 休学 for a suspended student (study status in the answer), and 在读 again after 复学', async () => {
    const g = (
      await call(t, {
        url: '/base/api/grade/add',
        token: s.schoolAdmin,
        body: { name: `${++seq}休学级`, entryYear: 2021 },
      })
    ).data
    const classId = (
      await call(t, { url: '/base/api/class/add', token: s.schoolAdmin, body: { gradeId: g, name: '2班' } })
    ).data as number
    const jobNo = `S${process.pid % 100000}${++seq}`
    const added = await call(t, {
      url: `${U}/studentInfo/add`,
      token: s.schoolAdmin,
      body: { trueName: '休学生', jobNo, classId },
    })
    expect(added.code).toBe(0)
    const id = added.data as number
    const typeOf = async (name: string) =>
      (
        await call(t, {
          url: '/base/api/dict/add',
          token: s.bureauAdmin,
          body: { dictType: 'studentChangeType', name },
        })
      ).data as number
    const row = async () => {
      const page = await call(t, { url: `${U}/studentInfo/page`, token: s.schoolAdmin, body: { keyword: jobNo } })
      expect(page.code).toBe(0)
      return page.data.list.find((r: { id: number }) => r.id === id)
    }
    expect((await row()).studyStatus).toBe('enrolled')
    const change = (changeTypeId: number) =>
      call(t, {
        url: `${U}/change/add`,
        token: s.schoolAdmin,
        body: { userInfoId: id, changeTypeId, effect: 'none', changedOn: '2026-11-01' },
      })
    expect((await change(await typeOf('休学'))).code).toBe(0)
    expect(await row()).toMatchObject({ trueName: '休学生', studyStatus: 'suspended' })
    expect((await change(await typeOf('复学'))).code).toBe(0)
    expect((await row()).studyStatus).toBe('enrolled')
  })
})

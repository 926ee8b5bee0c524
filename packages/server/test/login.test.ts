import { ErrorCode, LOGIN_LIMITS, Msg, OperationType, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CAPTCHA_ANSWER,
  call,
  createTestApp,
  login,
  makePerson,
  makeWorld,
  PASSWORD,
  type TestApp,
  type World,
} from './helpers.js'

let t: TestApp
let w: World
let other: World
let ipSeq = 10
const freshIp = () => `127.0.1.${ipSeq++}`

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t, { passwordMaxAgeDays: 90 })
  other = await makeWorld(t)
})
afterAll(() => t.close())

const teacherOf = (...orgIds: number[]) => ({
  memberships: orgIds.map((orgId) => ({ orgId, userType: UserType.STAFF, roleIds: [w.roles.teacher] })),
})

describe('loginByUserPwd', () => {
  it('answers 5 with a token for a one-org teacher, and the token opens user/current/detail', async () => {
    const p = await makePerson(t, w.tenantId, { ...teacherOf(w.schoolId), trueName: '张老师' })
    const r = await login(t, { userName: p.userName, password: PASSWORD })
    expect(r.code).toBe(0)
    expect(r.data.operationType).toBe(OperationType.SUCCESS)
    expect(r.data.userToken).toMatch(new RegExp(`^t${w.tenantId}\\.`))
    const d = await call(t, { url: '/base/api/account/user/current/detail', token: r.data.userToken })
    expect(d.code).toBe(0)
    expect(d.data).toMatchObject({
      userName: p.userName,
      trueName: '张老师',
      orgId: w.schoolId,
      tenantId: w.tenantId,
      userType: 1002,
      roles: ['teacher'],
      orgCount: 1,
    })
    expect(d.data.permissions.sort()).toEqual(['sc_menhu_menu_person', 'sc_menhu_menu_school'])
    expect(d.data.currentOrgData).toMatchObject({
      orgId: w.schoolId,
      unitAttr: 8,
      trade: 1,
      appType: 1,
      tenantModuleType: 1,
      justOneOrgTenant: false,
    })
  })

  it('answers 3 with the org list for a teacher of two orgs, then 5 for the chosen org', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId, w.school2Id))
    const r = await login(t, { userName: p.userName, password: PASSWORD })
    expect(r.data.operationType).toBe(OperationType.CHOOSE_ORG)
    expect(r.data.userToken).toBeUndefined()
    expect(r.data.orgList.map((o: { orgId: number }) => o.orgId)).toEqual([w.schoolId, w.school2Id])
    expect(r.data.orgList[1]).toMatchObject({ displayName: '测试二中', unitAttr: 9, tenantId: w.tenantId })

    const chosen = await login(t, { userName: p.userName, password: PASSWORD, orgId: w.school2Id })
    expect(chosen.data.operationType).toBe(OperationType.SUCCESS)
    const d = await call(t, { url: '/base/api/account/user/current/detail', token: chosen.data.userToken })
    expect(d.data).toMatchObject({ orgId: w.school2Id, orgName: '测试二中', orgCount: 2 })
  })

  it('loginByUserPwdNoOrg picks the first org instead of asking', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId, w.school2Id))
    const r = await call(t, {
      url: '/base/api/auth/loginByUserPwdNoOrg',
      body: { userName: p.userName, password: PASSWORD, loginType: 1 },
    })
    expect(r.data.operationType).toBe(OperationType.SUCCESS)
    const d = await call(t, { url: '/base/api/account/user/current/detail', token: r.data.userToken })
    expect(d.data.orgId).toBe(w.schoolId)
  })

  it("refuses another tenant's org id and an org the account does not belong to", async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const foreign = await login(t, { userName: p.userName, password: PASSWORD, orgId: other.schoolId })
    expect(foreign.code).toBe(ErrorCode.ORG_NOT_MEMBER)
    expect(foreign.msg).toBe(Msg.ORG_NOT_MEMBER)
    expect(foreign.data).toBeNull()
    const notMine = await login(t, { userName: p.userName, password: PASSWORD, orgId: w.school2Id })
    expect(notMine.code).toBe(ErrorCode.ORG_NOT_MEMBER)
  })

  it('answers 0 for a wrong password and for an unknown user, with the same message', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const wrong = await login(t, { userName: p.userName, password: 'Wrong1234' }, { ip: freshIp() })
    const unknown = await login(t, { userName: 'nobody-here', password: 'Wrong1234' }, { ip: freshIp() })
    for (const r of [wrong, unknown]) {
      expect(r.code).toBe(0)
      expect(r.data).toEqual({ operationType: OperationType.FAILED })
      expect(r.msg).toBe(Msg.WRONG_CREDENTIALS)
    }
  })

  it('asks for the image check code after 3 failures, rejects a wrong code and accepts the right one', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const ip = freshIp()
    const answers = []
    for (let i = 0; i < LOGIN_LIMITS.captchaAfterFailures; i++)
      answers.push(await login(t, { userName: p.userName, password: 'Wrong1234' }, { ip }))
    expect(answers.map((a) => a.data.operationType)).toEqual([0, 0, OperationType.NEED_CAPTCHA])

    const noCode = await login(t, { userName: p.userName, password: PASSWORD }, { ip })
    expect(noCode.data.operationType).toBe(OperationType.NEED_CAPTCHA)
    expect(noCode.msg).toBe(Msg.CAPTCHA_REQUIRED)

    const img = await call(t, { url: '/base/api/auth/checkCode/image' })
    expect(img.data.image).toMatch(/^data:image\/svg\+xml;base64,/)
    const badCode = await login(
      t,
      { userName: p.userName, password: PASSWORD, checkCode: 'ZZZZ', checkCodeSessionId: img.data.checkCodeSessionId },
      { ip },
    )
    expect(badCode.data.operationType).toBe(OperationType.NEED_CAPTCHA)
    expect(badCode.msg).toBe(Msg.CAPTCHA_INVALID)

    // A code is single use: the one just spent does not work again, even with the right answer.
    const reused = await login(
      t,
      {
        userName: p.userName,
        password: PASSWORD,
        checkCode: CAPTCHA_ANSWER,
        checkCodeSessionId: img.data.checkCodeSessionId,
      },
      { ip },
    )
    expect(reused.data.operationType).toBe(OperationType.NEED_CAPTCHA)

    const img2 = await call(t, { url: '/base/api/auth/checkCode/image' })
    const good = await login(
      t,
      {
        userName: p.userName,
        password: PASSWORD,
        checkCode: CAPTCHA_ANSWER.toLowerCase(),
        checkCodeSessionId: img2.data.checkCodeSessionId,
      },
      { ip },
    )
    expect(good.data.operationType).toBe(OperationType.SUCCESS)
  })

  it('locks the account after 5 failures, refuses even the right password, and unlocks after 15 minutes', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const ip = freshIp()
    let last
    for (let i = 0; i < LOGIN_LIMITS.lockAfterFailures; i++) {
      const img = await call(t, { url: '/base/api/auth/checkCode/image' })
      last = await login(
        t,
        {
          userName: p.userName,
          password: 'Wrong1234',
          checkCode: CAPTCHA_ANSWER,
          checkCodeSessionId: img.data.checkCodeSessionId,
        },
        { ip },
      )
    }
    expect(last!.code).toBe(ErrorCode.ACCOUNT_LOCKED)
    expect(last!.msg).toBe(Msg.ACCOUNT_LOCKED)
    const right = await login(t, { userName: p.userName, password: PASSWORD }, { ip: freshIp() })
    expect(right.code).toBe(ErrorCode.ACCOUNT_LOCKED)

    t.clock.advance(LOGIN_LIMITS.lockMinutes * 60_000 + 1000)
    const later = await login(t, { userName: p.userName, password: PASSWORD }, { ip: freshIp() })
    expect(later.data.operationType).toBe(OperationType.SUCCESS)
  })

  it('refuses a client address after too many failures, whatever the account', async () => {
    const ip = freshIp()
    for (let i = 0; i < LOGIN_LIMITS.ipMaxFailures; i++) {
      const r = await login(t, { userName: `ghost${i}`, password: 'Wrong1234' }, { ip })
      expect(r.data.operationType).toBe(0)
    }
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const blocked = await login(t, { userName: p.userName, password: PASSWORD }, { ip })
    expect(blocked.code).toBe(ErrorCode.IP_THROTTLED)
    expect(blocked.msg).toBe(Msg.IP_THROTTLED)
    const elsewhere = await login(t, { userName: p.userName, password: PASSWORD }, { ip: freshIp() })
    expect(elsewhere.data.operationType).toBe(OperationType.SUCCESS)
  })

  it('refuses a disabled account after checking its password', async () => {
    const p = await makePerson(t, w.tenantId, { ...teacherOf(w.schoolId), status: 1 })
    const r = await login(t, { userName: p.userName, password: PASSWORD })
    expect(r.code).toBe(ErrorCode.ACCOUNT_DISABLED)
    expect(r.msg).toBe(Msg.ACCOUNT_DISABLED)
    const wrong = await login(t, { userName: p.userName, password: 'Wrong1234' }, { ip: freshIp() })
    expect(wrong.data.operationType).toBe(OperationType.FAILED)
  })

  it('forces a reset (2) for a default password, and the ticket sets a new one exactly once', async () => {
    const p = await makePerson(t, w.tenantId, { ...teacherOf(w.schoolId), password: 'Zx123456', mustReset: true })
    const r = await login(t, { userName: p.userName, password: 'Zx123456' })
    expect(r.data).toMatchObject({ operationType: OperationType.MUST_RESET_PASSWORD, resetReason: 'default' })
    expect(r.data.userToken).toBeUndefined()
    const ticket = r.data.mustRstPwdId as string

    const weak = await call(t, {
      url: '/base/api/account/must/change/default/password',
      body: { mustRstPwdId: ticket, newPassword: 'short' },
    })
    expect(weak.code).toBe(ErrorCode.PASSWORD_RULE)
    expect(weak.msg).toContain('8-20')
    const same = await call(t, {
      url: '/base/api/account/must/change/default/password',
      body: { mustRstPwdId: ticket, newPassword: 'Zx123456' },
    })
    expect(same.code).toBe(ErrorCode.PASSWORD_RULE)

    const done = await call(t, {
      url: '/base/api/account/must/change/default/password',
      body: { mustRstPwdId: ticket, newPassword: 'NewPass2026' },
    })
    expect(done.code).toBe(0)
    expect(done.msg).toBe(Msg.PASSWORD_CHANGED)
    const again = await call(t, {
      url: '/base/api/account/must/change/default/password',
      body: { mustRstPwdId: ticket, newPassword: 'Other2026x' },
    })
    expect(again.code).toBe(ErrorCode.RESET_TICKET_INVALID)

    expect((await login(t, { userName: p.userName, password: 'Zx123456' }, { ip: freshIp() })).data.operationType).toBe(
      OperationType.FAILED,
    )
    expect((await login(t, { userName: p.userName, password: 'NewPass2026' })).data.operationType).toBe(
      OperationType.SUCCESS,
    )
  })

  it('forces a reset when the password equals the tenant default even without the flag', async () => {
    const p = await makePerson(t, w.tenantId, { ...teacherOf(w.schoolId), password: 'Zx123456' })
    const r = await login(t, { userName: p.userName, password: 'Zx123456' })
    expect(r.data.operationType).toBe(OperationType.MUST_RESET_PASSWORD)
  })

  it('forces a reset (expired) when the password is older than the tenant allows', async () => {
    const old = new Date(+t.clock.now() - 91 * 24 * 3600 * 1000)
    const p = await makePerson(t, w.tenantId, { ...teacherOf(w.schoolId), passwordChangedAt: old })
    const r = await login(t, { userName: p.userName, password: PASSWORD })
    expect(r.data).toMatchObject({ operationType: OperationType.MUST_RESET_PASSWORD, resetReason: 'expired' })
    expect(r.msg).toBe('密码已过期，请修改密码')
  })

  it('rejects a garbled ticket', async () => {
    const r = await call(t, {
      url: '/base/api/account/must/change/default/password',
      body: { mustRstPwdId: 'not-a-ticket', newPassword: 'NewPass2026' },
    })
    expect(r.code).toBe(ErrorCode.RESET_TICKET_INVALID)
  })

  it('limitUserType keeps other user types out', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const r = await login(t, { userName: p.userName, password: PASSWORD }, { headers: { limitUserType: '1003' } })
    expect(r.code).toBe(ErrorCode.ORG_NOT_MEMBER)
    const ok = await login(t, { userName: p.userName, password: PASSWORD }, { headers: { limitUserType: '1002' } })
    expect(ok.data.operationType).toBe(OperationType.SUCCESS)
  })

  it('the super-administrator login (loginType 0) admits only platform accounts', async () => {
    const admin = await login(t, { userName: 'administrator', password: 'Admin1234a', loginType: 0 })
    expect(admin.data.operationType).toBe(OperationType.SUCCESS)
    const d = await call(t, { url: '/base/api/account/user/current/detail', token: admin.data.userToken })
    expect(d.data).toMatchObject({ orgId: 0, userName: 'administrator', tenantId: 0, roles: ['admin'] })
    expect(d.data.permissions).toContain('permission_role')

    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const teacherAsAdmin = await login(t, { userName: p.userName, password: PASSWORD, loginType: 0 }, { ip: freshIp() })
    expect(teacherAsAdmin.data.operationType).toBe(OperationType.FAILED)
  })

  it('answers 400 with a Chinese message for a bad payload, writing nothing', async () => {
    const r = await call(t, { url: '/base/api/auth/loginByUserPwd', body: { userName: '', password: 'x' } })
    expect(r.status).toBe(400)
    expect(r.code).toBe(400)
    expect(r.msg).toBe('请输入用户名')
    const r2 = await call(t, {
      url: '/base/api/auth/loginByUserPwd',
      body: { userName: 'a', password: 'b', loginType: 'x' },
    })
    expect(r2.code).toBe(400)
    expect(r2.msg).toMatch(/^请求参数有误/)
  })
})

/**
 * Real concurrency: each batch is one Promise.all of app.inject calls, so every attempt is in flight before any
 * hash ends. Reading the failure count before the slow hash and writing it after let all of them through.
 */
describe('login limits under concurrent attempts', () => {
  const parallel = (n: number, body: (i: number) => Record<string, unknown>, ip: string) =>
    Promise.all(Array.from({ length: n }, (_, i) => login(t, body(i), { ip })))
  const opTypes = (answers: { code: number; data: { operationType?: number } | null }[]) =>
    answers.map((a) => (a.code === 0 ? `op${a.data?.operationType}` : `code${a.code}`))
  const count = (list: string[], what: string) => list.filter((x) => x === what).length
  /** Attempts whose password reached the hash (the login log records each with its outcome). */
  const evaluated = async (userName: string) =>
    (
      await t.db.tenant(w.tenantId, (trx) =>
        trx
          .selectFrom('login_log')
          .select('reason')
          .where('user_name', '=', userName)
          .where('reason', 'in', ['wrong password', 'ok'])
          .execute(),
      )
    ).length
  const captchas = async (n: number) =>
    Promise.all(
      Array.from(
        { length: n },
        async () => (await call(t, { url: '/base/api/auth/checkCode/image' })).data.checkCodeSessionId as string,
      ),
    )

  it('12 simultaneous wrong passwords: only the 3 allowed without a captcha reach the hash, the rest are asked for one', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const answers = opTypes(await parallel(12, () => ({ userName: p.userName, password: 'Wrong1234' }), freshIp()))
    expect(await evaluated(p.userName)).toBe(LOGIN_LIMITS.captchaAfterFailures)
    expect(count(answers, `op${OperationType.FAILED}`)).toBe(LOGIN_LIMITS.captchaAfterFailures - 1)
    expect(count(answers, `op${OperationType.NEED_CAPTCHA}`)).toBe(12 - (LOGIN_LIMITS.captchaAfterFailures - 1))
    const account = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('account')
        .select(['failed_count', 'locked_until'])
        .where('id', '=', p.accountId)
        .executeTakeFirstOrThrow(),
    )
    expect(account).toEqual({ failed_count: LOGIN_LIMITS.captchaAfterFailures, locked_until: null })
  })

  it('with a solved captcha each, 12 simultaneous wrong passwords after 3 failures: 2 reach the hash, then the account is locked', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const ip = freshIp()
    for (let i = 0; i < LOGIN_LIMITS.captchaAfterFailures; i++)
      await login(t, { userName: p.userName, password: 'Wrong1234' }, { ip })
    const ids = await captchas(12)
    const answers = opTypes(
      await parallel(
        12,
        (i) => ({ userName: p.userName, password: 'Wrong1234', checkCode: CAPTCHA_ANSWER, checkCodeSessionId: ids[i] }),
        ip,
      ),
    )
    const allowed = LOGIN_LIMITS.lockAfterFailures - LOGIN_LIMITS.captchaAfterFailures
    expect(await evaluated(p.userName)).toBe(LOGIN_LIMITS.lockAfterFailures)
    expect(count(answers, `code${ErrorCode.ACCOUNT_LOCKED}`)).toBe(12 - allowed + 1)
    const right = await login(t, { userName: p.userName, password: PASSWORD }, { ip: freshIp() })
    expect(right.code).toBe(ErrorCode.ACCOUNT_LOCKED)
  })

  it('the right password sent among 10 simultaneous wrong ones signs in only if it was one of the 3 attempts allowed', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const answers = await parallel(
      11,
      (i) => ({ userName: p.userName, password: i === 10 ? PASSWORD : 'Wrong1234' }),
      freshIp(),
    )
    const reachedHash = await evaluated(p.userName)
    const signedIn = answers[10]!.data?.operationType === OperationType.SUCCESS
    const wrongEvaluated = (
      await t.db.tenant(w.tenantId, (trx) =>
        trx
          .selectFrom('login_log')
          .select('id')
          .where('user_name', '=', p.userName)
          .where('reason', '=', 'wrong password')
          .execute(),
      )
    ).length
    const account = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('account')
        .select(['failed_count', 'locked_until'])
        .where('id', '=', p.accountId)
        .executeTakeFirstOrThrow(),
    )
    expect(account.locked_until).toBeNull()
    if (!signedIn) {
      // The wrong ones took the three places: the right one was asked for an image code like every later attempt.
      expect(answers[10]!.data?.operationType).toBe(OperationType.NEED_CAPTCHA)
      expect([reachedHash, wrongEvaluated, account.failed_count]).toEqual(
        Array(3).fill(LOGIN_LIMITS.captchaAfterFailures),
      )
    } else {
      // It held one of the three places. Its sign-in forgives the places up to its own, and attempts counted after
      // it — the hash of a test account takes microseconds, so some may be counted after it ended — go on from the
      // places left: at most two wrong ones beside it and three after it, whatever the timing, and never a lock.
      // (With a reset to 0 the give-backs of stopped attempts came out of the next series: 7 reached the hash.)
      expect(wrongEvaluated).toBeLessThanOrEqual(2 * LOGIN_LIMITS.captchaAfterFailures - 1)
      expect(reachedHash).toBe(wrongEvaluated + 1)
      expect(account.failed_count).toBeLessThanOrEqual(LOGIN_LIMITS.captchaAfterFailures)
      expect(answers.filter((a) => a.code !== 0)).toEqual([])
    }
  })

  it('30 simultaneous unknown-user attempts from one address: 20 are evaluated, 10 refused with 1008', async () => {
    const answers = opTypes(
      await parallel(30, (i) => ({ userName: `crowd-ghost-${i}`, password: 'Wrong1234' }), freshIp()),
    )
    expect(count(answers, `op${OperationType.FAILED}`)).toBe(LOGIN_LIMITS.ipMaxFailures)
    expect(count(answers, `code${ErrorCode.IP_THROTTLED}`)).toBe(30 - LOGIN_LIMITS.ipMaxFailures)
  })

  it('successful sign-ins from one address (a school behind one NAT) do not use up its failure allowance', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const ip = freshIp()
    for (let round = 0; round < 3; round++) {
      const answers = await parallel(
        LOGIN_LIMITS.ipMaxFailures / 2,
        () => ({ userName: p.userName, password: PASSWORD }),
        ip,
      )
      // Parallel sign-ins of one account still count as pending attempts, so some may be asked for a captcha; none is throttled.
      expect(answers.every((a) => a.code === 0)).toBe(true)
    }
    expect((await login(t, { userName: p.userName, password: PASSWORD }, { ip })).data.operationType).toBe(
      OperationType.SUCCESS,
    )
  })

  it('an unknown name answers exactly like an existing one: 0, 0, then 需要验证码, then locked, alone and in parallel', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    const run = async (userName: string) => {
      const ip = freshIp()
      const seen: string[] = []
      for (let i = 0; i < LOGIN_LIMITS.captchaAfterFailures; i++)
        seen.push(...opTypes([await login(t, { userName, password: 'Wrong1234' }, { ip })]))
      const noCode = await login(t, { userName, password: 'Wrong1234' }, { ip })
      seen.push(`${opTypes([noCode])[0]} ${noCode.msg}`)
      for (let i = LOGIN_LIMITS.captchaAfterFailures; i < LOGIN_LIMITS.lockAfterFailures; i++) {
        const [id] = await captchas(1)
        const r = await login(
          t,
          { userName, password: 'Wrong1234', checkCode: CAPTCHA_ANSWER, checkCodeSessionId: id },
          { ip },
        )
        seen.push(`${opTypes([r])[0]} ${r.msg}`)
      }
      seen.push(...opTypes([await login(t, { userName, password: 'Wrong1234' }, { ip: freshIp() })]))
      return seen
    }
    const known = await run(p.userName)
    const unknown = await run('no-such-teacher-42')
    expect(unknown).toEqual(known)
    expect(known).toEqual([
      'op0',
      'op0',
      'op1',
      `op1 ${Msg.CAPTCHA_REQUIRED}`,
      `op1 ${Msg.WRONG_CREDENTIALS}`,
      `code${ErrorCode.ACCOUNT_LOCKED} ${Msg.ACCOUNT_LOCKED}`,
      `code${ErrorCode.ACCOUNT_LOCKED}`,
    ])
    // Both unlock after the same 15 minutes.
    t.clock.advance(LOGIN_LIMITS.lockMinutes * 60_000 + 1000)
    expect(
      opTypes([await login(t, { userName: 'no-such-teacher-42', password: 'Wrong1234' }, { ip: freshIp() })]),
    ).toEqual(['op0'])
    expect(opTypes([await login(t, { userName: p.userName, password: PASSWORD }, { ip: freshIp() })])).toEqual([
      `op${OperationType.SUCCESS}`,
    ])

    const knownBurst = opTypes(await parallel(12, () => ({ userName: p.userName, password: 'Wrong1234' }), freshIp()))
    const unknownBurst = opTypes(
      await parallel(12, () => ({ userName: 'no-such-teacher-43', password: 'Wrong1234' }), freshIp()),
    )
    expect(unknownBurst.sort()).toEqual(knownBurst.sort())
  })

  it('a failure count idle for 30 days is forgotten, for an existing name and an unknown one alike', async () => {
    const p = await makePerson(t, w.tenantId, teacherOf(w.schoolId))
    for (const userName of [p.userName, 'no-such-teacher-44']) {
      const ip = freshIp()
      for (let i = 0; i < LOGIN_LIMITS.captchaAfterFailures; i++)
        await login(t, { userName, password: 'Wrong1234' }, { ip })
      expect((await login(t, { userName, password: 'Wrong1234' }, { ip })).data.operationType).toBe(
        OperationType.NEED_CAPTCHA,
      )
    }
    t.clock.advance(LOGIN_LIMITS.failuresKeptDays * 24 * 3600 * 1000 + 1000)
    for (const userName of [p.userName, 'no-such-teacher-44']) {
      expect((await login(t, { userName, password: 'Wrong1234' }, { ip: freshIp() })).data.operationType).toBe(
        OperationType.FAILED,
      )
    }
  })

  it('a password-reset ticket used twice at the same moment works once', async () => {
    const p = await makePerson(t, w.tenantId, { ...teacherOf(w.schoolId), password: 'Zx123456', mustReset: true })
    const ticket = (await login(t, { userName: p.userName, password: 'Zx123456' })).data.mustRstPwdId as string
    const url = '/base/api/account/must/change/default/password'
    const [a, b] = await Promise.all([
      call(t, { url, body: { mustRstPwdId: ticket, newPassword: 'FirstNew2026' } }),
      call(t, { url, body: { mustRstPwdId: ticket, newPassword: 'SecondNew2026' } }),
    ])
    expect([a.code, b.code].sort()).toEqual([0, ErrorCode.RESET_TICKET_INVALID].sort())
    const winner = a.code === 0 ? 'FirstNew2026' : 'SecondNew2026'
    const loser = a.code === 0 ? 'SecondNew2026' : 'FirstNew2026'
    expect((await login(t, { userName: p.userName, password: winner }, { ip: freshIp() })).data.operationType).toBe(
      OperationType.SUCCESS,
    )
    expect((await login(t, { userName: p.userName, password: loser }, { ip: freshIp() })).data.operationType).toBe(
      OperationType.FAILED,
    )
  })
})

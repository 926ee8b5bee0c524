import { ErrorCode, LOGIN_LIMITS, Msg, OperationType, QrMsg, TOTP as RULES, TotpMsg, UserType } from '@zhixiao/shared'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  createTestApp,
  login,
  loginToken,
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
const freshIp = () => `127.0.2.${ipSeq++}`

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  other = await makeWorld(t)
})
afterAll(() => t.close())

const member = (world: World, orgId: number, role: 'admin' | 'teacher') => ({
  memberships: [{ orgId, userType: UserType.STAFF, roleIds: [world.roles[role]] }],
})
const codeAt = (secret: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: +at })
const me = (token: string) => call(t, { url: '/base/api/account/user/current/detail', token })

/** A QR id as the login page gets it, with the browser cookie (zx_qr) the answer sets: only its polls count. */
async function createQrAt(url: string, headers: Record<string, string>, ip: string) {
  const res = await t.app.inject({ method: 'GET', url, headers, remoteAddress: ip })
  const body = res.json() as { code: number; msg: string; data: { qrId: string } }
  expect(body.code, body.msg).toBe(0)
  const set = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('zx_qr='))
  expect(set).toMatch(/HttpOnly/)
  return { data: body.data, cookie: set!.split(';')[0]! }
}
const pollWith = (qrId: string, cookie?: string) =>
  call(t, { url: `/base/thirdparty/dingtalk/login/qrcode/process?qrId=${qrId}`, headers: cookie ? { cookie } : {} })

describe('QR-code login', () => {
  const newQr = async (
    headers: Record<string, string> = {},
    ip = freshIp(),
    url = '/base/thirdparty/dingtalk/qrcode',
  ) => {
    const { data, cookie } = await createQrAt(url, headers, ip)
    return { ...data, cookie } as {
      qrId: string
      confirmPath: string
      expireSeconds: number
      dingtalkUrl: string | null
      cookie: string
    }
  }
  const poll = (qr: { qrId: string; cookie: string }) => pollWith(qr.qrId, qr.cookie)
  const act = (qrId: string, action: string, token: string) =>
    call(t, { url: '/base/thirdparty/dingtalk/login/qrcode/process', body: { qrId, action }, token })

  it('waiting → scanned (the phone sees who asks) → confirmed: the waiting page gets a session once', async () => {
    const p = await makePerson(t, w.tenantId, { ...member(w, w.school2Id, 'teacher'), trueName: '扫码老师' })
    const phone = await loginToken(t, p.userName)
    const qr = await newQr({ tenantid: String(w.tenantId), 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130' })
    expect(qr.expireSeconds).toBe(120)
    expect(qr.confirmPath).toBe(`#/mobile/qrLogin?id=${qr.qrId}`)
    expect(qr.dingtalkUrl).toBeNull()
    expect((await poll(qr)).data).toEqual({ state: 'waiting' })

    const scanned = await act(qr.qrId, 'scan', phone)
    expect(scanned.code).toBe(0)
    expect(scanned.data).toMatchObject({
      state: 'scanned',
      userName: p.userName,
      trueName: '扫码老师',
      currentOrgName: '测试二中',
      requestAgent: expect.stringContaining('Chrome/130'),
    })
    expect((await poll(qr)).data).toEqual({ state: 'scanned' })

    const confirmed = await act(qr.qrId, 'confirm', phone)
    expect(confirmed.msg).toBe(QrMsg.CONFIRMED)
    const first = await poll(qr)
    expect(first.data).toMatchObject({ state: 'confirmed', operationType: OperationType.SUCCESS, tenantId: w.tenantId })
    expect(first.data.userToken).not.toBe(phone)
    expect((await me(first.data.userToken)).data).toMatchObject({ userName: p.userName, orgId: w.school2Id })
    // Single use: the token is handed out once.
    const second = await poll(qr)
    expect(second.data).toEqual({ state: 'expired' })
    expect((await act(qr.qrId, 'confirm', phone)).msg).toBe(QrMsg.INVALID)
  })

  it('expires after 2 minutes on the clock: the poll says so and the phone can no longer confirm', async () => {
    const p = await makePerson(t, w.tenantId, member(w, w.schoolId, 'teacher'))
    const phone = await loginToken(t, p.userName)
    const qr = await newQr()
    t.clock.advance(119_000)
    expect((await poll(qr)).data.state).toBe('waiting')
    t.clock.advance(2_000)
    expect((await poll(qr)).data.state).toBe('expired')
    const late = await act(qr.qrId, 'confirm', phone)
    expect(late.code).toBe(ErrorCode.BAD_REQUEST)
    expect(late.msg).toBe(QrMsg.INVALID)
  })

  it("refuses a confirmation from another tenant's session, and from someone outside the org of loginQRCodeByOrg", async () => {
    const stranger = await loginToken(
      t,
      (await makePerson(t, other.tenantId, member(other, other.schoolId, 'teacher'))).userName,
    )
    const qr = await newQr({ tenantid: String(w.tenantId) })
    const refusedOther = await act(qr.qrId, 'confirm', stranger)
    expect(refusedOther.code).toBe(ErrorCode.FORBIDDEN)
    expect(refusedOther.msg).toBe(QrMsg.OTHER_TENANT)
    expect((await poll(qr)).data.state).toBe('waiting')

    const byOrg = { data: await newQr({}, freshIp(), `/base/thirdparty/dingtalk/loginQRCodeByOrg?orgId=${w.schoolId}`) }
    const outsider = await loginToken(t, (await makePerson(t, w.tenantId, member(w, w.school2Id, 'teacher'))).userName)
    const notMember = await act(byOrg.data.qrId, 'confirm', outsider)
    expect(notMember.msg).toBe(QrMsg.NOT_MEMBER)
    expect((await act(byOrg.data.qrId, 'confirm', stranger)).msg).toBe(QrMsg.OTHER_TENANT)
    // A member of both schools confirming a code of the first school signs in there, whatever org the phone is in.
    const both = await makePerson(t, w.tenantId, {
      memberships: [w.school2Id, w.schoolId].map((orgId) => ({
        orgId,
        userType: UserType.STAFF,
        roleIds: [w.roles.teacher],
      })),
    })
    const phone = await loginToken(t, both.userName, PASSWORD, w.school2Id)
    expect((await act(byOrg.data.qrId, 'confirm', phone)).code).toBe(0)
    const signedIn = await poll(byOrg.data)
    expect((await me(signedIn.data.userToken)).data.orgId).toBe(w.schoolId)

    const unknownOrg = await call(t, { url: '/base/thirdparty/dingtalk/loginQRCodeByOrg?orgId=999999' })
    expect(unknownOrg.code).toBe(ErrorCode.NOT_FOUND)
  })

  it('cancel: the waiting page sees it and the id cannot be confirmed afterwards; the phone actions need a session', async () => {
    const phone = await loginToken(t, (await makePerson(t, w.tenantId, member(w, w.schoolId, 'teacher'))).userName)
    const qr = await newQr()
    expect((await act(qr.qrId, 'cancel', phone)).msg).toBe(QrMsg.CANCELLED)
    expect((await poll(qr)).data.state).toBe('cancelled')
    expect((await act(qr.qrId, 'confirm', phone)).msg).toBe(QrMsg.INVALID)
    const anonymous = await call(t, {
      url: '/base/thirdparty/dingtalk/login/qrcode/process',
      body: { qrId: qr.qrId, action: 'confirm' },
    })
    expect(anonymous.status).toBe(401)
    const bad = await pollWith('short')
    expect(bad.code).toBe(ErrorCode.BAD_REQUEST)
  })

  it('only the browser that created the code gets the session: a poll with the id alone learns nothing, even after the phone confirmed', async () => {
    const p = await makePerson(t, w.tenantId, member(w, w.schoolId, 'teacher'))
    const phone = await loginToken(t, p.userName)
    const qr = await newQr({ tenantid: String(w.tenantId) })
    const other = await newQr({ tenantid: String(w.tenantId) })
    expect(other.cookie).not.toBe(qr.cookie)
    // Someone who read the id off the picture: no cookie, or another browser's (its own code's) cookie.
    const thief = [
      () => pollWith(qr.qrId),
      () => pollWith(qr.qrId, other.cookie),
      () => pollWith(qr.qrId, 'zx_qr=forged'),
    ]
    for (const steal of thief) expect((await steal()).data).toEqual({ state: 'expired' })
    expect((await act(qr.qrId, 'confirm', phone)).code).toBe(0)
    for (const steal of thief) {
      const r = await steal()
      expect(r.data).toEqual({ state: 'expired' })
      expect(r.data.userToken).toBeUndefined()
    }
    // The waiting page's own poll still claims it, once.
    const mine = await poll(qr)
    expect(mine.data).toMatchObject({ state: 'confirmed', operationType: OperationType.SUCCESS })
    expect((await me(mine.data.userToken)).data.userName).toBe(p.userName)
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('login_log')
        .select('success')
        .where('account_id', '=', p.accountId)
        .where('method', '=', 'qr')
        .execute(),
    )
    expect(log).toEqual([{ success: true }])
  })

  it('one browser keeps one secret, so two login tabs each poll their own code', async () => {
    const first = await newQr()
    const res = await t.app.inject({
      method: 'GET',
      url: '/base/thirdparty/dingtalk/qrcode',
      headers: { cookie: first.cookie },
      remoteAddress: freshIp(),
    })
    const second = res.json().data as { qrId: string }
    expect([res.headers['set-cookie']].flat()[0]).toContain(`${first.cookie};`)
    expect((await pollWith(first.qrId, first.cookie)).data.state).toBe('waiting')
    expect((await pollWith(second.qrId, first.cookie)).data.state).toBe('waiting')
  })

  it('refuses a flood of ids from one address', async () => {
    const ip = freshIp()
    for (let i = 0; i < 20; i++) await newQr({}, ip)
    const r = await call(t, { url: '/base/thirdparty/dingtalk/qrcode', ip })
    expect(r.code).toBe(ErrorCode.TOO_MANY_REQUESTS)
  })
})

describe('TOTP two-factor sign-in', () => {
  const enrol = async (token: string) => {
    const start = await call(t, { url: '/base/api/auth/totp/enrol', body: {}, token })
    expect(start.code).toBe(0)
    expect(start.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\//)
    return start.data.secret as string
  }

  it('enrols with a first code, gives ten recovery codes and asks for a code at the next login (wrong, replayed, right)', async () => {
    const p = await makePerson(t, w.tenantId, member(w, w.schoolId, 'admin'))
    const token = await loginToken(t, p.userName)
    const secret = await enrol(token)
    const stored = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('account_totp')
        .select('secret_sealed')
        .where('account_id', '=', p.accountId)
        .executeTakeFirstOrThrow(),
    )
    expect(stored.secret_sealed).not.toContain(secret)
    expect(t.ctx.secrets.open(stored.secret_sealed)).toBe(secret)

    const wrongFirst = await call(t, {
      url: '/base/api/auth/totp/confirm',
      body: { code: '000000' === codeAt(secret, t.clock.now()) ? '111111' : '000000' },
      token,
    })
    expect(wrongFirst.msg).toBe(TotpMsg.CODE_WRONG)
    const ok = await call(t, {
      url: '/base/api/auth/totp/confirm',
      body: { code: codeAt(secret, t.clock.now()) },
      token,
    })
    expect(ok.code).toBe(0)
    expect(ok.data.recoveryCodes).toHaveLength(10)
    expect((await call(t, { url: '/base/api/auth/totp/status', token })).data).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    })

    t.clock.advance(30_000)
    const first = await login(t, { userName: p.userName, password: PASSWORD })
    expect(first.data.operationType).toBe(OperationType.NEED_TOTP)
    expect(first.data.userToken).toBeUndefined()
    const wrong = await call(t, {
      url: '/base/api/auth/loginByTotp',
      body: { ticket: first.data.totpTicket, code: codeAt(secret, new Date(+t.clock.now() + 600_000)) },
    })
    expect(wrong.code).toBe(ErrorCode.PASSWORD_WRONG)
    expect(wrong.msg).toBe(TotpMsg.CODE_WRONG)
    const code = codeAt(secret, t.clock.now())
    const right = await call(t, { url: '/base/api/auth/loginByTotp', body: { ticket: first.data.totpTicket, code } })
    expect(right.data.operationType).toBe(OperationType.SUCCESS)
    expect((await me(right.data.userToken)).data.userName).toBe(p.userName)
    // The ticket is single use.
    expect(
      (await call(t, { url: '/base/api/auth/loginByTotp', body: { ticket: first.data.totpTicket, code } })).msg,
    ).toBe(TotpMsg.TICKET_INVALID)

    // The same code again, in its own 30 s window, on a new ticket: a replay.
    const again = await login(t, { userName: p.userName, password: PASSWORD })
    const replay = await call(t, { url: '/base/api/auth/loginByTotp', body: { ticket: again.data.totpTicket, code } })
    expect(replay.msg).toBe(TotpMsg.CODE_REPLAYED)
    t.clock.advance(30_000)
    const next = await call(t, {
      url: '/base/api/auth/loginByTotp',
      body: { ticket: again.data.totpTicket, code: codeAt(secret, t.clock.now()) },
    })
    expect(next.data.operationType).toBe(OperationType.SUCCESS)

    // Recovery codes: each works once.
    const rc = ok.data.recoveryCodes[0] as string
    const r1 = await login(t, { userName: p.userName, password: PASSWORD })
    expect(
      (
        await call(t, {
          url: '/base/api/auth/loginByTotp',
          body: { ticket: r1.data.totpTicket, recoveryCode: rc.toUpperCase() },
        })
      ).data.operationType,
    ).toBe(OperationType.SUCCESS)
    const r2 = await login(t, { userName: p.userName, password: PASSWORD })
    expect(
      (await call(t, { url: '/base/api/auth/loginByTotp', body: { ticket: r2.data.totpTicket, recoveryCode: rc } }))
        .msg,
    ).toBe(TotpMsg.RECOVERY_WRONG)
    expect((await call(t, { url: '/base/api/auth/totp/status', token })).data.recoveryCodesLeft).toBe(9)

    // The log names each step.
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('login_log')
        .select(['method', 'success', 'reason'])
        .where('account_id', '=', p.accountId)
        .orderBy('id')
        .execute(),
    )
    expect(log).toEqual(
      expect.arrayContaining([
        { method: 'password', success: false, reason: 'totp required' },
        { method: 'totp', success: false, reason: 'wrong totp' },
        { method: 'totp', success: false, reason: 'totp replay' },
        { method: 'totp', success: true, reason: 'ok' },
        { method: 'totp', success: true, reason: 'recovery code' },
      ]),
    )
  })

  it('voids a ticket after 5 wrong codes and after 5 minutes', async () => {
    const p = await makePerson(t, w.tenantId, member(w, w.schoolId, 'admin'))
    const token = await loginToken(t, p.userName)
    const secret = await enrol(token)
    await call(t, { url: '/base/api/auth/totp/confirm', body: { code: codeAt(secret, t.clock.now()) }, token })
    t.clock.advance(30_000)
    const l = await login(t, { userName: p.userName, password: PASSWORD })
    const bad = codeAt(secret, new Date(+t.clock.now() + 3_600_000))
    const answers = []
    for (let i = 0; i < RULES.maxTriesPerTicket; i++)
      answers.push(
        (await call(t, { url: '/base/api/auth/loginByTotp', body: { ticket: l.data.totpTicket, code: bad } })).msg,
      )
    expect(answers.slice(0, 4).every((m) => m === TotpMsg.CODE_WRONG)).toBe(true)
    expect(answers[4]).toBe(TotpMsg.TOO_MANY)
    const afterAll = await call(t, {
      url: '/base/api/auth/loginByTotp',
      body: { ticket: l.data.totpTicket, code: codeAt(secret, t.clock.now()) },
    })
    expect(afterAll.msg).toBe(TotpMsg.TICKET_INVALID)

    const late = await login(t, { userName: p.userName, password: PASSWORD })
    t.clock.advance(RULES.ticketTtlSeconds * 1000 + 1000)
    expect(
      (
        await call(t, {
          url: '/base/api/auth/loginByTotp',
          body: { ticket: late.data.totpTicket, code: codeAt(secret, t.clock.now()) },
        })
      ).msg,
    ).toBe(TotpMsg.TICKET_INVALID)
  })

  it('locks code sign-in for 15 minutes after 10 wrong codes in a row, across tickets', async () => {
    const p = await makePerson(t, w.tenantId, member(w, w.schoolId, 'admin'))
    const token = await loginToken(t, p.userName)
    const secret = await enrol(token)
    await call(t, { url: '/base/api/auth/totp/confirm', body: { code: codeAt(secret, t.clock.now()) }, token })
    t.clock.advance(30_000)
    const bad = codeAt(secret, new Date(+t.clock.now() + 3_600_000))
    const last: string[] = []
    for (let round = 0; round < 2; round++) {
      const l = await login(t, { userName: p.userName, password: PASSWORD })
      for (let i = 0; i < RULES.maxTriesPerTicket; i++)
        last.push(
          (await call(t, { url: '/base/api/auth/loginByTotp', body: { ticket: l.data.totpTicket, code: bad } })).msg,
        )
    }
    expect(last[last.length - 1]).toBe(TotpMsg.LOCKED)
    const l = await login(t, { userName: p.userName, password: PASSWORD })
    const refusedRight = await call(t, {
      url: '/base/api/auth/loginByTotp',
      body: { ticket: l.data.totpTicket, code: codeAt(secret, t.clock.now()) },
    })
    expect(refusedRight.code).toBe(ErrorCode.ACCOUNT_LOCKED)
    expect(refusedRight.msg).toBe(TotpMsg.LOCKED)
    t.clock.advance(RULES.lockMinutes * 60_000 + 1000)
    const again = await login(t, { userName: p.userName, password: PASSWORD })
    const ok = await call(t, {
      url: '/base/api/auth/loginByTotp',
      body: { ticket: again.data.totpTicket, code: codeAt(secret, t.clock.now()) },
    })
    expect(ok.data.operationType).toBe(OperationType.SUCCESS)
  })

  it('turning it off counts wrong passwords like a login: the 5th locks, and then even the right password is refused', async () => {
    const p = await makePerson(t, w.tenantId, member(w, w.schoolId, 'teacher'))
    const token = await loginToken(t, p.userName)
    const secret = await enrol(token)
    await call(t, { url: '/base/api/auth/totp/confirm', body: { code: codeAt(secret, t.clock.now()) }, token })
    const disable = (password: string) => call(t, { url: '/base/api/auth/totp/disable', body: { password }, token })
    const answers = []
    for (let i = 0; i < LOGIN_LIMITS.lockAfterFailures; i++) answers.push(await disable('Wrong1234'))
    expect(answers.slice(0, -1).map((a) => [a.code, a.msg])).toEqual(
      Array(LOGIN_LIMITS.lockAfterFailures - 1).fill([ErrorCode.PASSWORD_WRONG, Msg.OLD_PASSWORD_WRONG]),
    )
    expect([answers.at(-1)!.code, answers.at(-1)!.msg]).toEqual([ErrorCode.ACCOUNT_LOCKED, Msg.ACCOUNT_LOCKED])
    const right = await disable(PASSWORD)
    expect([right.code, right.msg]).toEqual([ErrorCode.ACCOUNT_LOCKED, Msg.ACCOUNT_LOCKED])
    expect((await call(t, { url: '/base/api/auth/totp/status', token })).data.enabled).toBe(true)
    // The same lock as the login's: the password login is locked too, and both open again after 15 minutes.
    expect((await login(t, { userName: p.userName, password: PASSWORD })).code).toBe(ErrorCode.ACCOUNT_LOCKED)
    t.clock.advance(LOGIN_LIMITS.lockMinutes * 60_000 + 1000)
    expect((await disable(PASSWORD)).msg).toBe(TotpMsg.DISABLED)
  })

  it('the tenant setting makes administrators enrol at their next login; teachers are not asked; disabling is then refused', async () => {
    const world = await makeWorld(t)
    const admin = await makePerson(t, world.tenantId, member(world, world.schoolId, 'admin'))
    const teacher = await makePerson(t, world.tenantId, member(world, world.schoolId, 'teacher'))
    const adminToken = await loginToken(t, admin.userName)
    const teacherToken = await loginToken(t, teacher.userName)
    // The policy is the tenant's: set by the bureau's (top org's) administrator, binding the school's too.
    const bureauToken = await loginToken(
      t,
      (await makePerson(t, world.tenantId, member(world, world.bureauId, 'admin'))).userName,
    )
    expect(
      (await call(t, { url: '/base/api/auth/totp/policy', body: { requiredForAdmins: true }, token: teacherToken }))
        .status,
    ).toBe(403)
    expect(
      await call(t, { url: '/base/api/auth/totp/policy', body: { requiredForAdmins: true }, token: adminToken }),
    ).toMatchObject({ status: 403, msg: Msg.TOP_ORG_ONLY })
    expect(
      (await call(t, { url: '/base/api/auth/totp/policy', body: { requiredForAdmins: true }, token: bureauToken }))
        .code,
    ).toBe(0)
    expect((await call(t, { url: '/base/api/auth/totp/policy', token: adminToken })).data).toEqual({
      requiredForAdmins: true,
    })
    // Only this tenant.
    const otherAdmin = await makePerson(t, other.tenantId, member(other, other.schoolId, 'admin'))
    expect((await login(t, { userName: otherAdmin.userName, password: PASSWORD })).data.operationType).toBe(
      OperationType.SUCCESS,
    )

    expect((await login(t, { userName: teacher.userName, password: PASSWORD })).data.operationType).toBe(
      OperationType.SUCCESS,
    )
    const l = await login(t, { userName: admin.userName, password: PASSWORD })
    expect(l.data).toMatchObject({ operationType: OperationType.NEED_TOTP, totpEnrol: true })
    expect(l.msg).toBe(TotpMsg.NEED_ENROL)
    // A code cannot stand in for the enrolment.
    expect(
      (await call(t, { url: '/base/api/auth/loginByTotp', body: { ticket: l.data.totpTicket, code: '123456' } })).msg,
    ).toBe(TotpMsg.NEED_ENROL)
    const start = await call(t, { url: '/base/api/auth/totp/login/enrol', body: { ticket: l.data.totpTicket } })
    const done = await call(t, {
      url: '/base/api/auth/totp/login/confirm',
      body: { ticket: l.data.totpTicket, code: codeAt(start.data.secret, t.clock.now()) },
    })
    expect(done.data.operationType).toBe(OperationType.SUCCESS)
    expect(done.data.recoveryCodes).toHaveLength(10)
    const token = done.data.userToken as string
    expect((await call(t, { url: '/base/api/auth/totp/status', token })).data).toMatchObject({
      enabled: true,
      required: true,
    })
    const off = await call(t, { url: '/base/api/auth/totp/disable', body: { password: PASSWORD }, token })
    expect(off.msg).toBe(TotpMsg.REQUIRED_CANNOT_DISABLE)

    expect(
      (await call(t, { url: '/base/api/auth/totp/policy', body: { requiredForAdmins: false }, token: bureauToken }))
        .code,
    ).toBe(0)
    expect((await call(t, { url: '/base/api/auth/totp/disable', body: { password: 'Wrong1234' }, token })).msg).toBe(
      Msg.OLD_PASSWORD_WRONG,
    )
    expect((await call(t, { url: '/base/api/auth/totp/disable', body: { password: PASSWORD }, token })).msg).toBe(
      TotpMsg.DISABLED,
    )
    expect((await login(t, { userName: admin.userName, password: PASSWORD })).data.operationType).toBe(
      OperationType.SUCCESS,
    )
  })
})

describe('login log', () => {
  it('keeps method, address, agent, network type and reason; filters by time, account, success and method; per tenant, behind its permission', async () => {
    const world = await makeWorld(t)
    const admin = await makePerson(t, world.tenantId, {
      ...member(world, world.schoolId, 'admin'),
      userName: `logadm${process.pid}`,
    })
    const teacher = await makePerson(t, world.tenantId, {
      ...member(world, world.schoolId, 'teacher'),
      userName: `logtch${process.pid}`,
    })
    const start = t.clock.now()
    await login(
      t,
      { userName: teacher.userName, password: 'Wrong1234' },
      { ip: '10.9.8.7', headers: { 'user-agent': 'UA-Test/1', ysnettype: '1' } },
    )
    t.clock.advance(60_000)
    const mid = t.clock.now()
    const teacherToken = await loginToken(t, teacher.userName)
    const adminToken = await loginToken(t, admin.userName)
    const qr = await createQrAt('/base/thirdparty/dingtalk/qrcode', { tenantid: String(world.tenantId) }, freshIp())
    await call(t, {
      url: '/base/thirdparty/dingtalk/login/qrcode/process',
      body: { qrId: qr.data.qrId, action: 'confirm' },
      token: teacherToken,
    })
    await pollWith(qr.data.qrId, qr.cookie)

    const page = (q: string) => call(t, { url: `/base/api/auth/loginLog/page?${q}`, token: adminToken })
    const all = await page('pageSize=50')
    expect(all.code).toBe(0)
    expect(all.data.total).toBe(4)
    expect(all.data.list[all.data.list.length - 1]).toMatchObject({
      userName: teacher.userName,
      method: 'password',
      success: false,
      reason: 'wrong password',
      ip: '10.9.8.7',
      userAgent: 'UA-Test/1',
      netType: 1,
    })
    // The ysNetType header as sent (000 §7.1): 1 intranet above, none sent by the sign-ins below.
    expect(all.data.list.slice(0, -1).map((r: { netType: number | null }) => r.netType)).toEqual([null, null, null])
    expect((await page('method=qr')).data.list).toMatchObject([
      { userName: teacher.userName, method: 'qr', success: true },
    ])
    expect((await page('success=false')).data.total).toBe(1)
    expect((await page(`userName=logadm`)).data.list.map((r: { userName: string }) => r.userName)).toEqual([
      admin.userName,
    ])
    expect((await page(`from=${start.toISOString()}&to=${mid.toISOString()}`)).data.total).toBe(1)
    expect((await page(`from=${mid.toISOString()}`)).data.total).toBe(3)
    expect((await page('from=yesterday')).code).toBe(ErrorCode.BAD_REQUEST)
    const posted = await call(t, {
      url: '/base/api/auth/loginLog/page',
      body: { success: true, method: 'password' },
      token: adminToken,
    })
    expect(posted.data.total).toBe(2)

    // Another tenant's administrator sees none of these rows; a teacher may not look; a stranger is sent to login.
    const otherAdmin = await loginToken(
      t,
      (await makePerson(t, other.tenantId, member(other, other.schoolId, 'admin'))).userName,
    )
    const foreign = await call(t, { url: `/base/api/auth/loginLog/page?userName=logtch`, token: otherAdmin })
    expect(foreign.data.total).toBe(0)
    expect((await call(t, { url: '/base/api/auth/loginLog/page', token: teacherToken })).status).toBe(403)
    expect((await call(t, { url: '/base/api/auth/loginLog/page' })).status).toBe(401)
  })
})

describe('checkPassword', () => {
  const check = (body: object, extra: { token?: string; headers?: Record<string, string> } = {}) =>
    call(t, { url: '/base/api/auth/checkPassword', body, ...extra })

  it("checks a new password against the tenant's rule, signed out and signed in", async () => {
    const weak = await check({ newPassword: 'abc' }, { headers: { tenantid: String(w.tenantId) } })
    expect(weak.code).toBe(ErrorCode.PASSWORD_RULE)
    expect(weak.msg).toBe('密码长度为8-20位，须同时包含字母和数字')
    const fine = await check({ newPassword: 'Good1234x' }, { headers: { tenantid: String(w.tenantId) } })
    expect(fine.code).toBe(0)
    expect(fine.data.rule).toMatchObject({ minLength: 8, maxLength: 20 })
    expect((await check({ newPassword: 'Zx123456' }, { headers: { tenantid: String(w.tenantId) } })).msg).toBe(
      Msg.PASSWORD_IS_DEFAULT,
    )
    expect((await check({ newPassword: 'Good 1234x' })).msg).toBe('密码不能包含空格')
    // The tenant of ?orgId on a signed-out page; an unknown org is not found.
    expect((await check({ newPassword: 'Zx123456', orgId: w.schoolId })).msg).toBe(Msg.PASSWORD_IS_DEFAULT)
    expect((await check({ newPassword: 'Good1234x', orgId: 999999 })).code).toBe(ErrorCode.NOT_FOUND)
    expect((await check({})).code).toBe(ErrorCode.BAD_REQUEST)
  })

  it('checks the current password (counted like a login) and refuses a new one equal to it', async () => {
    const p = await makePerson(t, w.tenantId, member(w, w.schoolId, 'teacher'))
    const token = await loginToken(t, p.userName)
    expect((await check({ password: PASSWORD })).status).toBe(401)
    expect((await check({ password: PASSWORD }, { token })).code).toBe(0)
    expect((await check({ password: 'Wrong1234' }, { token })).code).toBe(ErrorCode.PASSWORD_WRONG)
    expect((await check({ password: PASSWORD, newPassword: PASSWORD }, { token })).msg).toBe(Msg.PASSWORD_SAME_AS_OLD)
    expect((await check({ password: PASSWORD, newPassword: 'Other1234' }, { token })).code).toBe(0)
    for (let i = 0; i < 4; i++) await check({ password: 'Wrong1234' }, { token })
    const locked = await check({ password: PASSWORD }, { token })
    expect(locked.code).toBe(ErrorCode.ACCOUNT_LOCKED)
    expect((await login(t, { userName: p.userName, password: PASSWORD })).code).toBe(ErrorCode.ACCOUNT_LOCKED)
  })
})

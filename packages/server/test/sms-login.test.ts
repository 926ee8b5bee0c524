import { ErrorCode, Msg, OperationType, SmsErrorCode, SmsMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  call,
  createTestApp,
  login,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'
import { latestCode, otherCode } from './sms-helpers.js'

let t: TestApp
let w: World
let other: World
let staff: Staff
let seq = 0
const newPhone = () => `1590000${String(++seq).padStart(4, '0')}`
let ipSeq = 0
/** Each case its own client address, so the address limits of one case do not reach the next. */
const newIp = () => `10.20.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`

const send = (phone: string, ip: string, orgId: number | null = w.schoolId, headers?: Record<string, string>) =>
  call(t, { url: '/base/api/auth/login/sms/code/sendForPhoneLogin', body: { phone, orgId }, ip, headers })
const smsLogin = (body: Record<string, unknown>, ip: string, headers?: Record<string, string>) =>
  call(t, { url: '/base/api/auth/loginByPhoneSms', body, ip, headers })

async function teacher(phone: string, extra: { orgs?: number[]; status?: number } = {}) {
  return makePerson(t, w.tenantId, {
    phone,
    status: extra.status,
    memberships: (extra.orgs ?? [w.schoolId]).map((orgId) => ({
      orgId,
      userType: UserType.STAFF,
      roleIds: [w.roles.teacher],
    })),
  })
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  other = await makeWorld(t)
  staff = await staffOf(t, w)
})
afterAll(async () => {
  await t.close()
})

describe('SMS login (loginByPhoneSms, login/sms/code/*)', () => {
  it('a teacher signs in with phone and code; the session works; the code is single use', async () => {
    const phone = newPhone()
    await teacher(phone)
    const ip = newIp()
    const sent = await send(phone, ip)
    expect([sent.code, sent.msg]).toEqual([0, SmsMsg.SENT])
    const code = await latestCode(t, w.tenantId)
    // login/sms/code/valid checks without spending.
    const valid = await call(t, {
      url: `/base/api/auth/login/sms/code/valid?phone=${phone}&smsCode=${code}&orgId=${w.schoolId}`,
      ip,
    })
    expect([valid.code, valid.data]).toEqual([0, true])
    const r = await smsLogin({ phone, smsCode: code, orgId: w.schoolId }, ip)
    expect(r.data).toMatchObject({ operationType: OperationType.SUCCESS, tenantId: w.tenantId })
    const me = await call(t, { url: '/base/api/account/user/current/detail', token: r.data.userToken })
    expect(me.data.phoneNumber).toBe(phone)
    const again = await smsLogin({ phone, smsCode: code, orgId: w.schoolId }, ip)
    expect([again.code, again.msg]).toEqual([SmsErrorCode.CODE_USED, SmsMsg.CODE_USED])
    // The login log names the method.
    const logRow = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('login_log')
        .selectAll()
        .where('reason', '=', 'ok')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    )
    expect(logRow.method).toBe('sms')
  })

  it('the GET send works the same, and the tenantId header or the phone alone finds the tenant', async () => {
    const phone = newPhone()
    await teacher(phone)
    const ip = newIp()
    expect((await call(t, { url: `/base/api/auth/login/sms/code/send?phone=${phone}`, ip })).code).toBe(0)
    const code = await latestCode(t, w.tenantId)
    const r = await smsLogin({ phone, smsCode: code }, ip, { tenantId: String(w.tenantId) })
    expect(r.data.operationType).toBe(OperationType.SUCCESS)
    // A header naming no tenant answers like an unknown phone.
    const nowhere = await call(t, {
      url: `/base/api/auth/login/sms/code/send?phone=${newPhone()}`,
      ip,
      headers: { tenantId: '999999' },
    })
    expect([nowhere.code, nowhere.msg]).toEqual([0, SmsMsg.SENT])
  })

  it('several organisations: choose organisation first, then the same code signs in to the chosen one', async () => {
    const phone = newPhone()
    await teacher(phone, { orgs: [w.schoolId, w.school2Id] })
    const ip = newIp()
    await send(phone, ip, null)
    const code = await latestCode(t, w.tenantId)
    const first = await smsLogin({ phone, smsCode: code }, ip)
    expect(first.data.operationType).toBe(OperationType.CHOOSE_ORG)
    expect(first.data.orgList.map((o: { orgId: number }) => o.orgId).sort()).toEqual([w.schoolId, w.school2Id].sort())
    const second = await smsLogin({ phone, smsCode: code, orgId: w.school2Id }, ip)
    expect(second.data.operationType).toBe(OperationType.SUCCESS)
    const me = await call(t, { url: '/base/api/account/user/current/detail', token: second.data.userToken })
    expect(me.data.orgId).toBe(w.school2Id)
    expect((await smsLogin({ phone, smsCode: code, orgId: w.schoolId }, ip)).msg).toBe(SmsMsg.CODE_USED)
  })

  it('refuses a wrong code, an expired code and a code after 5 wrong tries', async () => {
    const phone = newPhone()
    await teacher(phone)
    const ip = newIp()
    await send(phone, ip)
    const code = await latestCode(t, w.tenantId)
    const wrong = await smsLogin({ phone, smsCode: otherCode(code), orgId: w.schoolId }, ip)
    expect([wrong.code, wrong.msg]).toEqual([SmsErrorCode.CODE_WRONG, SmsMsg.CODE_WRONG])
    for (let i = 0; i < 3; i++) await smsLogin({ phone, smsCode: otherCode(code), orgId: w.schoolId }, ip)
    const fifth = await smsLogin({ phone, smsCode: otherCode(code), orgId: w.schoolId }, ip)
    expect([fifth.code, fifth.msg]).toEqual([SmsErrorCode.CODE_TOO_MANY_TRIES, SmsMsg.CODE_TOO_MANY_TRIES])
    expect((await smsLogin({ phone, smsCode: code, orgId: w.schoolId }, ip)).msg).toBe(SmsMsg.CODE_TOO_MANY_TRIES)

    t.clock.advance(61_000)
    await send(phone, ip)
    const fresh = await latestCode(t, w.tenantId)
    t.clock.advance(5 * 60_000 + 1)
    const expired = await smsLogin({ phone, smsCode: fresh, orgId: w.schoolId }, ip)
    expect([expired.code, expired.msg]).toEqual([SmsErrorCode.CODE_EXPIRED, SmsMsg.CODE_EXPIRED])
  })

  it('refuses too many sends: again within 60 s, more than 10 a day', async () => {
    const phone = newPhone()
    await teacher(phone)
    const ip = newIp()
    expect((await send(phone, ip)).code).toBe(0)
    const soon = await send(phone, newIp())
    expect([soon.code, soon.msg]).toEqual([SmsErrorCode.SEND_TOO_OFTEN, SmsMsg.SEND_TOO_OFTEN])
    for (let i = 2; i <= 10; i++) {
      t.clock.advance(60_000)
      expect((await send(phone, newIp())).code).toBe(0)
    }
    t.clock.advance(60_000)
    const day = await send(phone, newIp())
    expect([day.code, day.msg]).toEqual([SmsErrorCode.SEND_DAY_LIMIT, SmsMsg.SEND_DAY_LIMIT])
  })

  it('an unknown phone gets the same answers as a known one, and nothing is sent', async () => {
    const known = newPhone()
    await teacher(known)
    const unknown = newPhone()
    const ip = newIp()
    const a = await send(known, ip)
    const knownCode = await latestCode(t, w.tenantId)
    const b = await send(unknown, ip)
    expect([b.status, b.code, b.msg, b.data]).toEqual([a.status, a.code, a.msg, a.data])
    const log = await call(t, { url: `/base/api/sms/log/page?phone=${unknown.slice(-4)}`, token: staff.bureauAdmin })
    expect(log.data.list[0]).toMatchObject({ status: 'skipped', fullTextAvailable: false })
    // Its limits count like a known phone's.
    expect((await send(unknown, newIp())).msg).toBe(SmsMsg.SEND_TOO_OFTEN)
    const guess = await smsLogin({ phone: unknown, smsCode: '123456', orgId: w.schoolId }, ip)
    const wrong = await smsLogin({ phone: known, smsCode: otherCode(knownCode), orgId: w.schoolId }, ip)
    expect([guess.code, guess.msg]).toEqual([wrong.code, wrong.msg])
  })

  it('a phone of another tenant: the code of one tenant does not open the other', async () => {
    const phone = newPhone()
    await makePerson(t, other.tenantId, {
      phone,
      memberships: [{ orgId: other.schoolId, userType: UserType.STAFF, roleIds: [other.roles.teacher] }],
    })
    const ip = newIp()
    // On this tenant's page the phone is unknown: the same answer, nothing sent.
    expect((await send(phone, ip)).msg).toBe(SmsMsg.SENT)
    const otherLog = await t.db.tenant(other.tenantId, (trx) =>
      trx.selectFrom('sms_log').selectAll().where('phone', '=', phone).execute(),
    )
    expect(otherLog).toHaveLength(0)
    // On its own tenant's page it gets a code, which this tenant refuses.
    t.clock.advance(61_000)
    await send(phone, ip, other.schoolId)
    const code = await latestCode(t, other.tenantId)
    const here = await smsLogin({ phone, smsCode: code, orgId: w.schoolId }, ip)
    expect([here.code, here.msg]).toEqual([SmsErrorCode.CODE_WRONG, SmsMsg.CODE_WRONG])
    const viaHeader = await smsLogin({ phone, smsCode: code }, ip, { tenantId: String(w.tenantId) })
    expect(viaHeader.msg).toBe(SmsMsg.CODE_WRONG)
    expect((await smsLogin({ phone, smsCode: code, orgId: other.schoolId }, ip)).data.operationType).toBe(
      OperationType.SUCCESS,
    )
  })

  it("without a tenant on the page, a phone in two tenants is told to use the school's page; two accounts of one phone are refused after the code", async () => {
    const phone = newPhone()
    await teacher(phone)
    await makePerson(t, other.tenantId, {
      phone,
      memberships: [{ orgId: other.schoolId, userType: UserType.STAFF, roleIds: [other.roles.teacher] }],
    })
    const ip = newIp()
    const r = await send(phone, ip, null)
    expect([r.code, r.msg]).toEqual([ErrorCode.BAD_REQUEST, SmsMsg.MANY_TENANTS])
    const shared = newPhone()
    await teacher(shared)
    await teacher(shared)
    await send(shared, ip)
    const two = await smsLogin({ phone: shared, smsCode: await latestCode(t, w.tenantId), orgId: w.schoolId }, ip)
    expect([two.code, two.msg]).toEqual([ErrorCode.BAD_REQUEST, SmsMsg.MANY_ACCOUNTS])
  })

  it('refuses a disabled account and an archived member', async () => {
    const disabledPhone = newPhone()
    await teacher(disabledPhone, { status: 1 })
    const ip = newIp()
    await send(disabledPhone, ip)
    const d = await smsLogin({ phone: disabledPhone, smsCode: await latestCode(t, w.tenantId), orgId: w.schoolId }, ip)
    expect([d.code, d.msg]).toEqual([ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED])

    const archivedPhone = newPhone()
    const p = await teacher(archivedPhone)
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .updateTable('user_info')
        .set({ archived: true, archived_at: new Date() })
        .where('account_id', '=', p.accountId)
        .execute(),
    )
    await send(archivedPhone, ip)
    const a = await smsLogin({ phone: archivedPhone, smsCode: await latestCode(t, w.tenantId), orgId: w.schoolId }, ip)
    expect([a.code, a.msg]).toEqual([ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED])
  })

  it('does not weaken the password login: wrong codes count in the address window; the password count is not reset', async () => {
    const phone = newPhone()
    const p = await teacher(phone)
    const ip = newIp()
    // Two wrong passwords, then an SMS sign-in: the account's password failure count stays.
    await login(t, { userName: p.userName, password: 'Wrong1234a' }, { ip })
    await login(t, { userName: p.userName, password: 'Wrong1234a' }, { ip })
    await send(phone, ip)
    expect(
      (await smsLogin({ phone, smsCode: await latestCode(t, w.tenantId), orgId: w.schoolId }, ip)).data.operationType,
    ).toBe(OperationType.SUCCESS)
    const acc = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('account').select('failed_count').where('id', '=', p.accountId).executeTakeFirstOrThrow(),
    )
    expect(acc.failed_count).toBe(2)

    // 20 wrong attempts from one address (2 passwords + 18 codes) close it for passwords and codes alike.
    const guessIp = newIp()
    for (const name of ['nobody-sms-1', 'nobody-sms-2'])
      expect((await login(t, { userName: name, password: 'Wrong1234a' }, { ip: guessIp })).data?.operationType).toBe(
        OperationType.FAILED,
      )
    for (let i = 0; i < 18; i++)
      expect((await smsLogin({ phone: newPhone(), smsCode: '000000', orgId: w.schoolId }, guessIp)).msg).toBe(
        SmsMsg.CODE_WRONG,
      )
    const shut = await smsLogin({ phone: newPhone(), smsCode: '000000', orgId: w.schoolId }, guessIp)
    expect([shut.code, shut.msg]).toEqual([ErrorCode.IP_THROTTLED, Msg.IP_THROTTLED])
    expect((await login(t, { userName: p.userName, password: p.password }, { ip: guessIp })).msg).toBe(Msg.IP_THROTTLED)
  })
})

describe('operationType 6: a tenant that asks password logins for an SMS step', () => {
  it("password right → 6 with a ticket; the code to the account's phone → signed in; the ticket is single use", async () => {
    expect(
      (
        await call(t, {
          url: '/base/api/sms/config/saveOrUpdate',
          token: staff.bureauAdmin,
          body: { smsType: 'outbox', passwordLoginSmsStep: true },
        })
      ).code,
    ).toBe(0)
    const phone = newPhone()
    const p = await teacher(phone)
    const ip = newIp()
    const first = await login(t, { userName: p.userName, password: p.password }, { ip })
    expect(first.data).toMatchObject({
      operationType: OperationType.NEED_SMS,
      smsPhone: `${phone.slice(0, 3)}****${phone.slice(-4)}`,
    })
    expect(first.msg).toBe(SmsMsg.SMS_STEP_NEEDED)
    const mustSmsId = first.data.mustSmsId as string
    // A wrong code does not pass; the right one does.
    expect(
      (await call(t, { url: `/base/api/auth/login/sms/code/send?mustSmsId=${encodeURIComponent(mustSmsId)}`, ip }))
        .code,
    ).toBe(0)
    const code = await latestCode(t, w.tenantId)
    expect((await smsLogin({ mustSmsId, smsCode: otherCode(code) }, ip)).msg).toBe(SmsMsg.CODE_WRONG)
    const done = await smsLogin({ mustSmsId, smsCode: code }, ip)
    expect(done.data.operationType).toBe(OperationType.SUCCESS)
    const me = await call(t, { url: '/base/api/account/user/current/detail', token: done.data.userToken })
    expect(me.data.userName).toBe(p.userName)
    // The ticket and code are spent; a made-up ticket is refused.
    expect((await smsLogin({ mustSmsId, smsCode: code }, ip)).code).not.toBe(0)
    expect((await smsLogin({ mustSmsId: `t${w.tenantId}.${'x'.repeat(43)}`, smsCode: code }, ip)).code).toBe(
      ErrorCode.RESET_TICKET_INVALID,
    )
    // An account without a phone signs in with the password alone; another tenant is not affected.
    const noPhone = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    expect(
      (await login(t, { userName: noPhone.userName, password: noPhone.password }, { ip })).data.operationType,
    ).toBe(OperationType.SUCCESS)
    const elsewhere = await makePerson(t, other.tenantId, {
      phone: newPhone(),
      memberships: [{ orgId: other.schoolId, userType: UserType.STAFF, roleIds: [other.roles.teacher] }],
    })
    expect(
      (await login(t, { userName: elsewhere.userName, password: elsewhere.password }, { ip })).data.operationType,
    ).toBe(OperationType.SUCCESS)
    // A wrong password never reaches the step.
    expect((await login(t, { userName: p.userName, password: 'Wrong1234a' }, { ip })).data?.operationType).not.toBe(
      OperationType.NEED_SMS,
    )
    expect(
      (
        await call(t, {
          url: '/base/api/sms/config/saveOrUpdate',
          token: staff.bureauAdmin,
          body: { smsType: 'outbox', passwordLoginSmsStep: false },
        })
      ).code,
    ).toBe(0)
  })
})

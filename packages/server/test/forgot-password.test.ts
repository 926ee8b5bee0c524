import { ErrorCode, Msg, OperationType, SmsErrorCode, SmsMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, login, loginToken, makePerson, makeWorld, type TestApp, type World } from './helpers.js'
import { latestCode, otherCode } from './sms-helpers.js'

let t: TestApp
let w: World
let seq = 0
const newPhone = () => `1770000${String(++seq).padStart(4, '0')}`
const NEW_PASSWORD = 'Fresh2026pw'

const sendReset = (phone: string, ip = '10.30.0.1') =>
  call(t, { url: `/base/api/account/smsSendModifyPwd?phone=${phone}&orgId=${w.schoolId}`, ip })
const verify = (phone: string, smsCode: string) =>
  call(t, { url: '/base/api/account/smsVerifyCode', body: { phone, smsCode, orgId: w.schoolId } })
const change = (resetTicket: string, newPassword: string, confirmPassword = newPassword) =>
  call(t, { url: '/base/api/account/change/password/notLogin', body: { resetTicket, newPassword, confirmPassword } })

async function teacher(phone: string, status?: number) {
  return makePerson(t, w.tenantId, {
    phone,
    status,
    memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
  })
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
})
afterAll(async () => {
  await t.close()
})

describe('forgot password by SMS (account/smsSendModifyPwd, smsVerifyCode, change/password/notLogin)', () => {
  it('a teacher resets the password; every session of the account ends; the old password no longer works', async () => {
    const phone = newPhone()
    const p = await teacher(phone)
    const sessionA = await loginToken(t, p.userName)
    const sessionB = await loginToken(t, p.userName)
    expect((await sendReset(phone)).msg).toBe(SmsMsg.SENT)
    const code = await latestCode(t, w.tenantId)
    const verified = await verify(phone, code)
    expect(verified.code).toBe(0)
    const ticket = verified.data.resetTicket as string
    // The code is spent by the verification.
    expect((await verify(phone, code)).msg).toBe(SmsMsg.CODE_USED)
    // The tenant's rule, the confirmation and the old password are checked; the ticket survives a refusal.
    const weak = await change(ticket, 'short1')
    expect([weak.code, weak.msg]).toEqual([ErrorCode.PASSWORD_RULE, '密码长度为8-20位，须同时包含字母和数字'])
    expect((await change(ticket, NEW_PASSWORD, 'Other2026pw')).msg).toBe(Msg.PASSWORD_MISMATCH)
    expect((await change(ticket, p.password)).msg).toBe(Msg.PASSWORD_SAME_AS_OLD)
    const done = await change(ticket, NEW_PASSWORD)
    expect([done.code, done.msg]).toEqual([0, Msg.PASSWORD_CHANGED])
    for (const token of [sessionA, sessionB])
      expect((await call(t, { url: '/base/api/account/user/current/detail', token })).status).toBe(401)
    expect((await login(t, { userName: p.userName, password: p.password })).data?.operationType).not.toBe(
      OperationType.SUCCESS,
    )
    expect((await login(t, { userName: p.userName, password: NEW_PASSWORD })).data.operationType).toBe(
      OperationType.SUCCESS,
    )
    // The ticket is single use.
    const reuse = await change(ticket, 'Another2026pw')
    expect([reuse.code, reuse.msg]).toEqual([ErrorCode.RESET_TICKET_INVALID, Msg.RESET_TICKET_INVALID])
  })

  it('refuses a wrong code, an expired code, too many tries and too many sends', async () => {
    const phone = newPhone()
    await teacher(phone)
    await sendReset(phone)
    const code = await latestCode(t, w.tenantId)
    expect((await verify(phone, otherCode(code))).msg).toBe(SmsMsg.CODE_WRONG)
    for (let i = 0; i < 3; i++) await verify(phone, otherCode(code))
    expect((await verify(phone, otherCode(code))).msg).toBe(SmsMsg.CODE_TOO_MANY_TRIES)
    expect((await verify(phone, code)).code).toBe(SmsErrorCode.CODE_TOO_MANY_TRIES)
    expect((await sendReset(phone, '10.30.0.2')).msg).toBe(SmsMsg.SEND_TOO_OFTEN)
    t.clock.advance(61_000)
    await sendReset(phone)
    const fresh = await latestCode(t, w.tenantId)
    t.clock.advance(5 * 60_000 + 1)
    expect((await verify(phone, fresh)).msg).toBe(SmsMsg.CODE_EXPIRED)
  })

  it('an unknown phone answers like a known one; a disabled account is refused; a ticket lasts 10 minutes', async () => {
    const unknown = newPhone()
    const sent = await sendReset(unknown)
    expect([sent.code, sent.msg]).toEqual([0, SmsMsg.SENT])
    expect((await verify(unknown, '123456')).msg).toBe(SmsMsg.CODE_WRONG)

    const disabledPhone = newPhone()
    await teacher(disabledPhone, 1)
    await sendReset(disabledPhone)
    const d = await verify(disabledPhone, await latestCode(t, w.tenantId))
    expect([d.code, d.msg]).toEqual([ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED])

    const phone = newPhone()
    await teacher(phone)
    await sendReset(phone)
    const ticket = (await verify(phone, await latestCode(t, w.tenantId))).data.resetTicket as string
    t.clock.advance(10 * 60_000 + 1)
    expect((await change(ticket, NEW_PASSWORD)).code).toBe(ErrorCode.RESET_TICKET_INVALID)
  })

  it('a member disabled or archived by the school (user_info, not the account) gets no ticket, and a ticket issued before no longer works', async () => {
    const admin = await loginToken(
      t,
      (
        await makePerson(t, w.tenantId, {
          memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.admin] }],
        })
      ).userName,
    )
    const setStatus = (id: number, status: number) =>
      call(t, { url: '/base/api/userInfo/teacherInfo/updateStatus', body: { id, status }, token: admin })
    const tickets = (accountId: number) =>
      t.db.tenant(w.tenantId, (trx) =>
        trx.selectFrom('reset_ticket').select('id').where('account_id', '=', accountId).execute(),
      )

    // Disabled on the teacher page: the send answers as for every phone, the verification refuses and writes nothing.
    const phone = newPhone()
    const p = await teacher(phone)
    expect((await setStatus(p.userInfoIds[0]!, 1)).code).toBe(0)
    expect((await sendReset(phone)).msg).toBe(SmsMsg.SENT)
    const refusedVerify = await verify(phone, await latestCode(t, w.tenantId))
    expect([refusedVerify.code, refusedVerify.msg]).toEqual([ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED])
    expect(await tickets(p.accountId)).toEqual([])

    // Archived: the same.
    const archivedPhone = newPhone()
    const archived = await teacher(archivedPhone)
    expect(
      (
        await call(t, {
          url: '/base/api/userInfo/teacherInfo/archive',
          body: { ids: archived.userInfoIds },
          token: admin,
        })
      ).code,
    ).toBe(0)
    await sendReset(archivedPhone)
    expect((await verify(archivedPhone, await latestCode(t, w.tenantId))).code).toBe(ErrorCode.ACCOUNT_DISABLED)

    // A ticket taken while enabled dies with the membership; the password stays as it was.
    const laterPhone = newPhone()
    const later = await teacher(laterPhone)
    await sendReset(laterPhone)
    const ticket = (await verify(laterPhone, await latestCode(t, w.tenantId))).data.resetTicket as string
    const before = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('account').select('password_hash').where('id', '=', later.accountId).executeTakeFirstOrThrow(),
    )
    expect((await setStatus(later.userInfoIds[0]!, 1)).code).toBe(0)
    const refusedChange = await change(ticket, NEW_PASSWORD)
    expect([refusedChange.code, refusedChange.msg]).toEqual([ErrorCode.ACCOUNT_DISABLED, Msg.ACCOUNT_DISABLED])
    const after = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('account').select('password_hash').where('id', '=', later.accountId).executeTakeFirstOrThrow(),
    )
    expect(after.password_hash).toBe(before.password_hash)
    // Enabled again, the school's member may reset as before.
    expect((await setStatus(later.userInfoIds[0]!, 0)).code).toBe(0)
    expect((await change(ticket, NEW_PASSWORD)).code).toBe(0)

    // Disabled in one school but a member of another: still someone who signs in, so still served.
    const twoPhone = newPhone()
    const two = await makePerson(t, w.tenantId, {
      phone: twoPhone,
      memberships: [w.schoolId, w.school2Id].map((orgId) => ({
        orgId,
        userType: UserType.STAFF,
        roleIds: [w.roles.teacher],
      })),
    })
    expect((await setStatus(two.userInfoIds[0]!, 1)).code).toBe(0)
    t.clock.advance(61_000)
    await sendReset(twoPhone)
    expect((await verify(twoPhone, await latestCode(t, w.tenantId))).code).toBe(0)
  })

  it('a signed-up person still waiting for a school (no membership yet) may reset the password', async () => {
    const phone = newPhone()
    const scope = { phone, orgId: w.schoolId }
    expect((await call(t, { url: '/base/api/auth/smsSender/signup/v2', body: scope, ip: '10.30.1.1' })).code).toBe(0)
    const signupTicket = (
      await call(t, {
        url: '/base/api/auth/smsVerifyCode/signup',
        body: { ...scope, smsCode: await latestCode(t, w.tenantId) },
      })
    ).data.signupTicket
    expect(
      (
        await call(t, {
          url: '/base/api/auth/signUp/v2',
          body: { signupTicket, trueName: '新家长', password: 'Parent2026a' },
        })
      ).code,
    ).toBe(0)
    t.clock.advance(61_000)
    await sendReset(phone, '10.30.1.2')
    const verified = await verify(phone, await latestCode(t, w.tenantId))
    expect(verified.code, verified.msg).toBe(0)
    expect((await change(verified.data.resetTicket, NEW_PASSWORD)).code).toBe(0)
  })

  it('validates input with clear Chinese messages', async () => {
    const bad = await call(t, { url: '/base/api/account/smsSendModifyPwd?phone=12345' })
    expect(bad.code).not.toBe(0)
    expect(bad.msg).toContain(SmsMsg.PHONE_INVALID)
    const badCode = await call(t, {
      url: '/base/api/account/smsVerifyCode',
      body: { phone: newPhone(), smsCode: '12ab' },
    })
    expect(badCode.msg).toContain(SmsMsg.CODE_INVALID_FORMAT)
  })
})

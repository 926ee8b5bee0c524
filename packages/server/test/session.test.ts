import { ErrorCode, Msg, UserType } from '@zhixiao/shared'
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
beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
})
afterAll(() => t.close())

const DETAIL = '/base/api/account/user/current/detail'
const teacher = () =>
  makePerson(t, w.tenantId, {
    memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
  })

describe('sessions', () => {
  it('answers HTTP 401 with the envelope for a missing, malformed, forged or unknown token', async () => {
    for (const token of [
      undefined,
      'garbage',
      't1.short',
      `t${w.tenantId}.${'A'.repeat(43)}`,
      `t999999.${'B'.repeat(43)}`,
    ]) {
      const r = await call(t, { url: DETAIL, token })
      expect(r.status).toBe(401)
      expect(r).toMatchObject({ code: 401, msg: Msg.NOT_LOGGED_IN, data: null })
    }
  })

  it('a token is bound to its tenant: rewriting the tenant prefix does not find the session', async () => {
    const p = await teacher()
    const token = await loginToken(t, p.userName)
    const other = await makeWorld(t)
    const moved = token.replace(/^t\d+\./, `t${other.tenantId}.`)
    expect((await call(t, { url: DETAIL, token: moved })).status).toBe(401)
    expect((await call(t, { url: DETAIL, token })).code).toBe(0)
  })

  it('logout revokes the session', async () => {
    const p = await teacher()
    const token = await loginToken(t, p.userName)
    const out = await call(t, { method: 'POST', url: '/base/api/auth/logout', token })
    expect(out).toMatchObject({ code: 0, msg: Msg.LOGOUT_OK })
    expect((await call(t, { url: DETAIL, token })).status).toBe(401)
    expect((await call(t, { method: 'POST', url: '/base/api/auth/logout', token })).status).toBe(401)
  })

  it('a session expires after 30 days', async () => {
    const p = await teacher()
    const token = await loginToken(t, p.userName)
    t.clock.advance(29 * 24 * 3600 * 1000)
    expect((await call(t, { url: DETAIL, token })).code).toBe(0)
    t.clock.advance(2 * 24 * 3600 * 1000)
    expect((await call(t, { url: DETAIL, token })).status).toBe(401)
  })

  it('change/password checks the old password and the rule, then revokes every session', async () => {
    const p = await teacher()
    const a = await loginToken(t, p.userName)
    const b = await loginToken(t, p.userName)
    const wrongOld = await call(t, {
      url: '/base/api/account/change/password',
      token: a,
      body: { oldPwd: 'Nope12345', newPwd: 'Fresh2026a' },
    })
    expect(wrongOld).toMatchObject({ code: ErrorCode.PASSWORD_WRONG, msg: Msg.OLD_PASSWORD_WRONG })
    const weak = await call(t, {
      url: '/base/api/account/change/password',
      token: a,
      body: { oldPwd: PASSWORD, newPwd: 'abcdefgh' },
    })
    expect(weak.code).toBe(ErrorCode.PASSWORD_RULE)
    const same = await call(t, {
      url: '/base/api/account/change/password',
      token: a,
      body: { oldPwd: PASSWORD, newPwd: PASSWORD },
    })
    expect(same).toMatchObject({ code: ErrorCode.PASSWORD_RULE, msg: Msg.PASSWORD_SAME_AS_OLD })
    expect((await call(t, { url: DETAIL, token: a })).code).toBe(0)

    const done = await call(t, {
      url: '/base/api/account/change/password',
      token: a,
      body: { oldPwd: PASSWORD, newPwd: 'Fresh2026a' },
    })
    expect(done).toMatchObject({ code: 0, msg: Msg.PASSWORD_CHANGED })
    expect((await call(t, { url: DETAIL, token: a })).status).toBe(401)
    expect((await call(t, { url: DETAIL, token: b })).status).toBe(401)
    expect((await login(t, { userName: p.userName, password: 'Fresh2026a' })).data.operationType).toBe(5)
  })

  it('change/password without a session is 401', async () => {
    const r = await call(t, { url: '/base/api/account/change/password', body: { oldPwd: 'a', newPwd: 'b' } })
    expect(r.status).toBe(401)
  })

  it('disabling an account in the database makes its next login fail but does not leak state to a wrong password', async () => {
    const p = await teacher()
    await t.db.tenant(w.tenantId, (trx) =>
      trx.updateTable('account').set({ status: 1 }).where('id', '=', p.accountId).execute(),
    )
    expect((await login(t, { userName: p.userName, password: PASSWORD })).code).toBe(ErrorCode.ACCOUNT_DISABLED)
  })
})

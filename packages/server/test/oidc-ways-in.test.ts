import { OperationType, UserType } from '@zhixiao/shared'
import * as oidc from 'openid-client'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserSignIn, makeHubWorld, registerApp, saveClient, type HubWorld } from './hub-fixtures.js'
import { call, createTestApp, login, loginToken, makePerson, PASSWORD, type TestApp } from './helpers.js'
import { startTestIdp, walkToCallback, type TestIdp } from './oidc-idp.js'
import { latestCode } from './sms-helpers.js'

/**
 * The district's OpenID provider signs people in with every way into the portal (issue 24 point 1; docs/open-platform.md
 * "Sign-in"): the interaction is finished by a portal session, so each way in — the organisation choice, TOTP, an SMS
 * code, a QR code a phone confirms, single sign-on at an outside provider — must end in a session of the right
 * membership, and nothing short of a session (a TOTP ticket, say) may finish it. Driven over HTTP as the browser does.
 */
let t: TestApp
let base: string
let hw: HubWorld
let clientId: string
let secret: string
let issuer: string
let idp: TestIdp
const redirectUri = 'https://homework.example.com/callback'
const HOST = 'zx.test'
let ipSeq = 0
/** Each sign-in its own client address: the login limits of one case do not reach the next. */
const newIp = () => `10.24.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`
const codeAt = (s: string, at: Date) =>
  new TOTP({ secret: Secret.fromBase32(s), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: +at })

/** The app's sign-in with `userToken` as the portal session: the claims of the ID token and of userinfo. */
async function signInToApp(userToken: string) {
  const config = await oidc.discovery(new URL(issuer), clientId, secret, oidc.ClientSecretBasic(secret), {
    execute: [oidc.allowInsecureRequests],
  })
  const verifier = oidc.randomPKCECodeVerifier()
  const state = oidc.randomState()
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile zx:identity zx:school',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  })
  const r = await browserSignIn(base, url.href, userToken)
  if (!r.redirect) return { refused: r.refused, stopped: r.stopped }
  const tokens = await oidc.authorizationCodeGrant(config, r.redirect, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  })
  const idToken = tokens.claims()!
  const info = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)
  return { idToken, info }
}

const teacherOf = (orgs: number[], extra: { phone?: string; trueName?: string } = {}) =>
  makePerson(t, hw.w.tenantId, {
    ...extra,
    memberships: orgs.map((orgId) => ({ orgId, userType: UserType.STAFF, roleIds: [hw.w.roles.teacher] })),
  })

beforeAll(async () => {
  t = await createTestApp()
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  hw = await makeHubWorld(t)
  const appId = await registerApp(t, hw.w.tenantId, '作业平台')
  const saved = await saveClient(t, hw.staff.bureauAdmin, {
    appId,
    protocol: 'oidc',
    redirectUris: [redirectUri],
    scopes: ['profile', 'zx:identity', 'zx:school'],
    // Public subjects: `sub` is the membership's own id, so each case can name the person it expects exactly.
    subjectType: 'public',
  })
  clientId = saved.client.clientId
  secret = saved.secret!.clientSecret
  issuer = `${base}/t/${hw.w.tenantId}/oidc`
  idp = await startTestIdp([
    {
      client_id: 'zx-ways-in',
      client_secret: 'ways-in-secret',
      redirect_uris: [`http://${HOST}/base/api/auth/third/callback/oidc`],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ])
}, 60_000)

afterAll(async () => {
  await idp?.close()
  await t?.close()
})

describe('the OpenID sign-in, by every way into the portal', () => {
  it('the organisation choice: the app receives the chosen school, for either choice', async () => {
    const p = await teacherOf([hw.w.schoolId, hw.w.school2Id], { trueName: '两校老师' })
    const [inFirst, inSecond] = p.userInfoIds as [number, number]
    await t.db.tenant(hw.w.tenantId, async (trx) => {
      await trx.updateTable('user_info').set({ job_no: 'T-ONE' }).where('id', '=', inFirst).execute()
      await trx.updateTable('user_info').set({ job_no: 'T-TWO' }).where('id', '=', inSecond).execute()
    })
    const ip = newIp()
    const ask = await login(t, { userName: p.userName, password: PASSWORD }, { ip })
    expect(ask.data.operationType).toBe(OperationType.CHOOSE_ORG)
    expect(ask.data.userToken).toBeUndefined()
    expect((ask.data.orgList as { orgId: number }[]).map((o) => o.orgId).sort()).toEqual(
      [hw.w.schoolId, hw.w.school2Id].sort(),
    )
    for (const [orgId, userInfoId, staffNo] of [
      [hw.w.school2Id, inSecond, 'T-TWO'],
      [hw.w.schoolId, inFirst, 'T-ONE'],
    ] as const) {
      const chosen = await login(t, { userName: p.userName, password: PASSWORD, orgId }, { ip })
      expect(chosen.data.operationType).toBe(OperationType.SUCCESS)
      const r = await signInToApp(chosen.data.userToken)
      expect(r.idToken?.sub).toBe(String(userInfoId))
      expect(r.info).toMatchObject({ name: '两校老师', org_id: orgId, staff_no: staffNo, user_type: 'teacher' })
    }
  })

  it('TOTP: the password alone finishes nothing; the ticket is no session; the code gives the app its code', async () => {
    const p = await teacherOf([hw.w.schoolId], { trueName: '验证老师' })
    const token = await loginToken(t, p.userName)
    const start = await call(t, { url: '/base/api/auth/totp/enrol', body: {}, token })
    const s = start.data.secret as string
    expect(
      (await call(t, { url: '/base/api/auth/totp/confirm', body: { code: codeAt(s, t.clock.now()) }, token })).code,
    ).toBe(0)
    t.clock.advance(30_000)

    const first = await login(t, { userName: p.userName, password: PASSWORD }, { ip: newIp() })
    expect(first.data.operationType).toBe(OperationType.NEED_TOTP)
    expect(first.data.userToken).toBeUndefined()
    // The second step's ticket presented as a session: refused, and the app gets no code.
    const byTicket = await signInToApp(first.data.totpTicket)
    expect(byTicket.idToken).toBeUndefined()
    expect(byTicket.refused?.code).toBe(401)

    const second = await call(t, {
      url: '/base/api/auth/loginByTotp',
      body: { ticket: first.data.totpTicket, code: codeAt(s, t.clock.now()) },
    })
    expect(second.data.operationType).toBe(OperationType.SUCCESS)
    const r = await signInToApp(second.data.userToken)
    expect(r.idToken?.sub).toBe(String(p.userInfoIds[0]))
    expect(r.info?.name).toBe('验证老师')
  })

  it('an SMS code (the offline outbox): the phone owner is signed in to the app', async () => {
    const phone = '15924000001'
    const p = await teacherOf([hw.w.schoolId], { phone, trueName: '短信老师' })
    const ip = newIp()
    const sent = await call(t, {
      url: '/base/api/auth/login/sms/code/sendForPhoneLogin',
      body: { phone, orgId: hw.w.schoolId },
      ip,
    })
    expect(sent.code).toBe(0)
    const code = await latestCode(t, hw.w.tenantId)
    const r = await call(t, {
      url: '/base/api/auth/loginByPhoneSms',
      body: { phone, smsCode: code, orgId: hw.w.schoolId },
      ip,
    })
    expect(r.data.operationType).toBe(OperationType.SUCCESS)
    const app = await signInToApp(r.data.userToken)
    expect(app.idToken?.sub).toBe(String(p.userInfoIds[0]))
    expect(app.info).toMatchObject({ name: '短信老师', org_id: hw.w.schoolId })
  })

  it("a QR code a signed-in phone confirms: the app receives the phone's membership", async () => {
    const p = await teacherOf([hw.w.school2Id], { trueName: '扫码老师' })
    const phone = await loginToken(t, p.userName)
    const res = await t.app.inject({
      method: 'GET',
      url: '/base/thirdparty/dingtalk/qrcode',
      headers: { tenantid: String(hw.w.tenantId) },
      remoteAddress: newIp(),
    })
    const qrId = (res.json() as { data: { qrId: string } }).data.qrId
    const cookie = [res.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('zx_qr='))!
      .split(';')[0]!
    const act = (action: string) =>
      call(t, { url: '/base/thirdparty/dingtalk/login/qrcode/process', body: { qrId, action }, token: phone })
    expect((await act('scan')).code).toBe(0)
    expect((await act('confirm')).code).toBe(0)
    const polled = await call(t, {
      url: `/base/thirdparty/dingtalk/login/qrcode/process?qrId=${qrId}`,
      headers: { cookie },
    })
    expect(polled.data.state).toBe('confirmed')
    const app = await signInToApp(polled.data.userToken)
    expect(app.idToken?.sub).toBe(String(p.userInfoIds[0]))
    expect(app.info).toMatchObject({ name: '扫码老师', org_id: hw.w.school2Id })
  })

  it('single sign-on at an outside provider: the return to the app survives the round trip, binding signs in', async () => {
    const added = await call(t, {
      url: '/base/openthirdconfig/add',
      body: {
        thirdType: 'oidc',
        name: '区统一认证',
        clientId: 'zx-ways-in',
        clientSecret: 'ways-in-secret',
        issuer: idp.issuer,
      },
      token: hw.staff.bureauAdmin,
    })
    expect(added.code, added.msg).toBe(0)
    const p = await teacherOf([hw.w.schoolId], { trueName: '统一认证老师' })
    // The login page of an app's sign-in returns to the OpenID page that waits for it.
    const back = `/redirect/oidcLogin?tenantId=${hw.w.tenantId}&uid=abc123`
    const sso = async () => {
      idp.setSubject('ways-in-1', '外部身份')
      const started = await t.app.inject({
        method: 'GET',
        url: `/base/api/auth/third/url?thirdType=oidc&orgId=${hw.w.schoolId}&redirect=${encodeURIComponent(back)}`,
        headers: { host: HOST },
      })
      const st = (started.json() as { data: { url: string; state: string } }).data
      const browser = String(started.headers['set-cookie']).split(';')[0]!
      const answer = await walkToCallback(st.url, `http://${HOST}/base/api/auth/third/callback/oidc`)
      const res = await t.app.inject({
        method: 'POST',
        url: '/base/api/auth/loginByThirdSSO',
        payload: {
          thirdType: 'oidc',
          token: answer.searchParams.get('code'),
          state: st.state,
          iss: answer.searchParams.get('iss'),
        },
        headers: { cookie: browser },
      })
      return res.json() as { code: number; msg: string; data: Record<string, unknown> }
    }
    const firstUse = await sso()
    expect(firstUse.data).toMatchObject({ operationType: OperationType.NEED_BIND, redirect: back })
    const bound = await call(t, {
      url: '/base/api/auth/third/bindLogin',
      body: {
        loginType: 1,
        version: 2,
        userName: p.userName,
        password: PASSWORD,
        bindTicket: firstUse.data.bindTicket,
      },
      ip: newIp(),
    })
    expect(bound.data.operationType).toBe(OperationType.SUCCESS)
    expect((await signInToApp(bound.data.userToken)).idToken?.sub).toBe(String(p.userInfoIds[0]))

    const next = await sso()
    expect(next.data).toMatchObject({ operationType: OperationType.SUCCESS, redirect: back })
    const app = await signInToApp(String(next.data.userToken))
    expect(app.idToken?.sub).toBe(String(p.userInfoIds[0]))
    expect(app.info?.name).toBe('统一认证老师')
  })
})

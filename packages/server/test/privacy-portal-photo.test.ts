import { ConsentMsg, ErrorCode, UserType } from '@zhixiao/shared'
import * as oidc from 'openid-client'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requireFaceDataConsent } from '../src/modules/consent/face-gate.js'
import { AppError } from '../src/platform/errors.js'
import { browserSignIn, makeHubWorld, registerApp, saveClient, type HubWorld } from './hub-fixtures.js'
import { call, createTestApp, loginToken, makePerson, type TestApp } from './helpers.js'

/**
 * The portalPhoto and faceData purposes (issue 26 point 5; docs/privacy.md "Photos on the portal", "Face data"): a
 * minor's photo reaches the portal's own (school-duty) apps — the only place the portal shows one person's photo to
 * others — only while a guardian's portalPhoto consent is in force, through the real OpenID sign-in and userinfo; an
 * adult's photo is not gated; and face data can be stored only while a faceData consent is in force.
 */
let t: TestApp
let base: string
let hw: HubWorld
const redirectUri = 'https://leave.example.com/callback'
const KID_PHOTO = 'https://files.example.com/avatar/kid.png'
const TEACHER_PHOTO = 'https://files.example.com/avatar/teacher.png'
let duty: { clientId: string; secret: string }
let config: oidc.Configuration

const consent = (purpose: string, given: boolean) =>
  call(t, {
    url: '/base/api/privacy/consent/set',
    token: hw.parent.token,
    body: { childId: hw.student.userInfoId, purpose, given, noticeVersion: 'v0', channel: 'pc' },
  })

/** Signs `userToken` in to the school-duty app and answers a function reading the userinfo endpoint now. */
async function signIn(userToken: string): Promise<() => Promise<oidc.UserInfoResponse>> {
  const verifier = oidc.randomPKCECodeVerifier()
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'st',
  })
  const flow = await browserSignIn(base, url.href, userToken)
  expect(flow.redirect, JSON.stringify(flow)).toBeDefined()
  const tokens = await oidc.authorizationCodeGrant(config, flow.redirect!, {
    pkceCodeVerifier: verifier,
    expectedState: 'st',
  })
  return () => oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub)
}

beforeAll(async () => {
  t = await createTestApp()
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  hw = await makeHubWorld(t)
  await t.db.tenant(hw.w.tenantId, (trx) =>
    sql`UPDATE user_info SET avatar_url = ${KID_PHOTO} WHERE id = ${hw.student.userInfoId}`.execute(trx),
  )
  // 请假审批, a school-duty app of the portal, asking for the profile (name and picture).
  const appId = await registerApp(t, hw.w.tenantId, '请假审批')
  const saved = await saveClient(t, hw.staff.bureauAdmin, {
    appId,
    protocol: 'oidc',
    redirectUris: [redirectUri],
    scopes: ['profile'],
    childrenData: 'duty',
  })
  duty = { clientId: saved.client.clientId, secret: saved.secret!.clientSecret }
  config = await oidc.discovery(
    new URL(`${base}/t/${hw.w.tenantId}/oidc`),
    duty.clientId,
    duty.secret,
    oidc.ClientSecretBasic(duty.secret),
    { execute: [oidc.allowInsecureRequests] },
  )
}, 90_000)
afterAll(async () => {
  await t?.close()
})

describe('a minor’s photo on the portal (portalPhoto)', () => {
  it('reaches the portal’s own app only while a guardian’s consent is in force; a withdrawal withholds it again', async () => {
    const userinfo = await signIn(hw.student.token)
    // No consent on record: the name goes, the photo does not.
    const before = await userinfo()
    expect(before.name).toBe('李小明')
    expect(before.picture).toBeUndefined()

    expect((await consent('portalPhoto', true)).code).toBe(0)
    expect((await userinfo()).picture).toBe(KID_PHOTO)

    expect((await consent('portalPhoto', false)).code).toBe(0)
    const after = await userinfo()
    expect(after.name).toBe('李小明')
    expect(after.picture).toBeUndefined()
  })

  it('does not gate an adult’s photo, and another purpose’s consent does not release the child’s', async () => {
    const teacher = await makePerson(t, hw.w.tenantId, {
      trueName: '王老师',
      memberships: [{ orgId: hw.w.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    await t.db.tenant(hw.w.tenantId, (trx) =>
      sql`UPDATE user_info SET avatar_url = ${TEACHER_PHOTO} WHERE id = ${teacher.userInfoIds[0]!}`.execute(trx),
    )
    const adult = await signIn(await loginToken(t, teacher.userName))
    expect((await adult()).picture).toBe(TEACHER_PHOTO)
    expect((await consent('faceData', true)).code).toBe(0)
    const kid = await signIn(hw.student.token)
    expect((await kid()).picture).toBeUndefined()
    expect((await consent('faceData', false)).code).toBe(0)
  })
})

describe('face data (faceData)', () => {
  const check = () =>
    t.db
      .tenant(hw.w.tenantId, (trx) => requireFaceDataConsent(trx, hw.student.userInfoId))
      .then(
        () => 'allowed',
        (e: AppError) => `${e.code} ${e.message}`,
      )

  it('lets a future face collection store nothing unless a guardian’s faceData consent is in force', async () => {
    // The previous test gave and withdrew it: the latest line decides.
    expect(await check()).toBe(`${ErrorCode.FORBIDDEN} ${ConsentMsg.FACE_NOT_GIVEN}`)
    expect((await consent('faceData', true)).code).toBe(0)
    expect(await check()).toBe('allowed')
    expect((await consent('faceData', false)).code).toBe(0)
    expect(await check()).toBe(`${ErrorCode.FORBIDDEN} ${ConsentMsg.FACE_NOT_GIVEN}`)
  })
})

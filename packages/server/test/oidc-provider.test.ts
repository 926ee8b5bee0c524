import * as oidc from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserSignIn, makeHubWorld, receiver, registerApp, saveClient, type HubWorld } from './hub-fixtures.js'
import { UserType } from '@zhixiao/shared'
import { call, createTestApp, loginToken, makePerson, makeWorld, staffOf, type TestApp } from './helpers.js'

/**
 * The district's OpenID provider (issue 24; docs/open-platform.md): a vendor's app registered in 应用管理 signs people
 * in with authorization code + PKCE through the portal's own sign-in, reads the claims the district granted, and is
 * signed out when the person signs out of the portal.
 */
let t: TestApp
let base: string
let hw: HubWorld
let appId: number
let clientId: string
let secret: string
let issuer: string
let backchannel: Awaited<ReturnType<typeof receiver>>
const redirectUri = 'https://grades.example.com/callback'

/** openid-client reports a 401 token error as a WWW-Authenticate challenge; the OAuth error is in its cause. */
const oauthError = (e: unknown) => {
  const x = e as { error?: string; cause?: { parameters?: { error?: string } }[] }
  return x.error ?? x.cause?.[0]?.parameters?.error
}

async function configFor(id = clientId, s = secret) {
  return oidc.discovery(new URL(issuer), id, s, oidc.ClientSecretBasic(s), { execute: [oidc.allowInsecureRequests] })
}

async function codeFlow(userToken: string, opts: { verifier?: string; redirect?: string; scope?: string } = {}) {
  const config = await configFor()
  const verifier = opts.verifier ?? oidc.randomPKCECodeVerifier()
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: opts.redirect ?? redirectUri,
    scope: opts.scope ?? 'openid profile zx:identity zx:school zx:guardian',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: oidc.randomState(),
  })
  const r = await browserSignIn(base, url.href, userToken)
  return { config, verifier, url, ...r }
}

beforeAll(async () => {
  t = await createTestApp()
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  hw = await makeHubWorld(t)
  backchannel = await receiver()
  appId = await registerApp(t, hw.w.tenantId, '成绩管理')
  const saved = await saveClient(t, hw.staff.bureauAdmin, {
    appId,
    protocol: 'oidc',
    redirectUris: [redirectUri],
    backchannelLogoutUri: `${backchannel.base}/backchannel`,
    scopes: ['profile', 'zx:identity', 'zx:school', 'directory'],
    clientCredentials: true,
  })
  clientId = saved.client.clientId
  secret = saved.secret!.clientSecret
  issuer = `${base}/t/${hw.w.tenantId}/oidc`
  expect(saved.client.issuer).toBe(`http://localhost:80/t/${hw.w.tenantId}/oidc`)
}, 60_000)

afterAll(async () => {
  await backchannel?.close()
  await t?.close()
})

describe('registering an app (应用管理 › 接入协议)', () => {
  it('shows the secret once; later reads never carry it', async () => {
    expect(secret.length).toBeGreaterThanOrEqual(40)
    const got = await call(t, { url: `/base/api/app/client/get?appId=${appId}`, token: hw.staff.bureauAdmin })
    expect(got.code).toBe(0)
    expect(got.data.hasSecret).toBe(true)
    expect(JSON.stringify(got.data)).not.toContain(secret)
  })

  it('refuses a school admin (the grants reach every school) and a teacher', async () => {
    const school = await call(t, { url: `/base/api/app/client/get?appId=${appId}`, token: hw.staff.schoolAdmin })
    expect(school.status).toBe(403)
    const teacher = await call(t, { url: `/base/api/app/client/get?appId=${appId}`, token: hw.staff.teacher })
    expect(teacher.status).toBe(403)
  })

  it('refuses an OIDC app without a redirect address, and duplicate addresses', async () => {
    const r = await call(t, {
      url: '/base/api/app/client/save',
      body: { appId, protocol: 'oidc', redirectUris: [] },
      token: hw.staff.bureauAdmin,
    })
    expect(r.code).not.toBe(0)
    expect(r.msg).toContain('回调地址')
    const d = await call(t, {
      url: '/base/api/app/client/save',
      body: { appId, protocol: 'oidc', redirectUris: [redirectUri, redirectUri] },
      token: hw.staff.bureauAdmin,
    })
    expect(d.msg).toContain('地址重复')
  })
})

describe('the provider', () => {
  it('publishes discovery and keys for the tenant', async () => {
    const d = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as Record<string, unknown>
    expect(d.issuer).toBe(issuer)
    expect(d.code_challenge_methods_supported).toEqual(['S256'])
    expect(d.backchannel_logout_supported).toBe(true)
    const jwks = (await (await fetch(String(d.jwks_uri))).json()) as { keys: { kid: string; d?: string }[] }
    expect(jwks.keys.length).toBeGreaterThan(0)
    expect(jwks.keys.every((k) => k.d === undefined)).toBe(true)
  })

  it('signs a teacher in with code + PKCE and releases exactly the granted claims', async () => {
    const f = await codeFlow(hw.teacher.token)
    expect(f.redirect, JSON.stringify(f)).toBeDefined()
    expect(f.details!.data.appName).toBe('成绩管理')
    // The district the request is for: the login page signs in with its ways in (its SSO buttons, its QR codes).
    expect(f.details!.data.tenant.id).toBe(hw.w.tenantId)
    expect(f.details!.data.tenant.name).toBeTruthy()
    const tokens = await oidc.authorizationCodeGrant(f.config, f.redirect!, {
      pkceCodeVerifier: f.verifier,
      expectedState: f.url.searchParams.get('state')!,
    })
    const claims = tokens.claims()!
    const info = await oidc.fetchUserInfo(f.config, tokens.access_token, claims.sub)
    expect(info.name).toBe('王老师')
    expect(info.user_type).toBe('teacher')
    expect(info.staff_no).toBe('T001')
    expect(info.class_ids).toEqual([hw.classId])
    // zx:guardian was asked for but not granted: no children, no guardians.
    expect(info.children).toBeUndefined()
    expect(info.guardians).toBeUndefined()
    expect(info.phone_number).toBeUndefined()
    // Pairwise by default: the subject is not the person's id.
    expect(claims.sub).not.toBe(String(hw.teacher.userInfoId))
    expect(tokens.refresh_token).toBeTruthy()
  })

  it("gives a parent's children only to an app granted zx:guardian, and only the parent's own", async () => {
    // The main app lacks zx:guardian: the parent signs in and receives no children.
    const plain = await codeFlow(hw.parent.token)
    const plainTokens = await oidc.authorizationCodeGrant(plain.config, plain.redirect!, {
      pkceCodeVerifier: plain.verifier,
      expectedState: plain.url.searchParams.get('state')!,
    })
    const plainInfo = await oidc.fetchUserInfo(plain.config, plainTokens.access_token, plainTokens.claims()!.sub)
    expect(plainInfo.user_type).toBe('guardian')
    expect(plainInfo.children).toBeUndefined()

    // Another family in the same school: its child must never appear in this parent's claims.
    const mk = (userType: number, trueName: string) =>
      makePerson(t, hw.w.tenantId, { trueName, memberships: [{ orgId: hw.w.schoolId, userType, roleIds: [] }] })
    const otherChild = (await mk(UserType.STUDENT, '王小红')).userInfoIds[0]!
    const otherParent = (await mk(UserType.PARENT, '王妈妈')).userInfoIds[0]!
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx
        .insertInto('parent_child')
        .values({ parent_id: otherParent, child_id: otherChild, relation: '母亲' })
        .execute(),
    )
    const guardianApp = await registerApp(t, hw.w.tenantId, '家校通')
    const saved = await saveClient(t, hw.staff.bureauAdmin, {
      appId: guardianApp,
      protocol: 'oidc',
      redirectUris: [redirectUri],
      scopes: ['profile', 'zx:guardian'],
      subjectType: 'public',
    })
    const config = await configFor(saved.client.clientId, saved.secret!.clientSecret)
    const verifier = oidc.randomPKCECodeVerifier()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile zx:guardian',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'g1',
    })
    const r = await browserSignIn(base, url.href, hw.parent.token)
    const tokens = await oidc.authorizationCodeGrant(config, r.redirect!, {
      pkceCodeVerifier: verifier,
      expectedState: 'g1',
    })
    const info = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub)
    // Public subjects: the ids are the people's own, so the test can name the one child exactly.
    expect(info.sub).toBe(String(hw.parent.userInfoId))
    expect(info.children).toEqual([{ sub: String(hw.student.userInfoId), name: '李小明', relation: '父亲' }])
  })

  it('releases the role codes of the membership signed in to only to an app granted zx:roles', async () => {
    // The main app was not granted zx:roles: asking for it changes nothing.
    const plain = await codeFlow(hw.teacher.token, { scope: 'openid profile zx:roles' })
    const plainTokens = await oidc.authorizationCodeGrant(plain.config, plain.redirect!, {
      pkceCodeVerifier: plain.verifier,
      expectedState: plain.url.searchParams.get('state')!,
    })
    expect(plainTokens.claims()!.roles).toBeUndefined()
    const plainInfo = await oidc.fetchUserInfo(plain.config, plainTokens.access_token, plainTokens.claims()!.sub)
    expect(plainInfo.roles).toBeUndefined()

    // A teacher who is also admin of the second school: only the roles of the membership signed in to are released.
    const both = await makePerson(t, hw.w.tenantId, {
      trueName: '赵老师',
      memberships: [
        { orgId: hw.w.schoolId, userType: UserType.STAFF, roleIds: [hw.w.roles.teacher] },
        { orgId: hw.w.school2Id, userType: UserType.STAFF, roleIds: [hw.w.roles.admin] },
      ],
    })
    const rolesApp = await registerApp(t, hw.w.tenantId, '请假审批')
    const saved = await saveClient(t, hw.staff.bureauAdmin, {
      appId: rolesApp,
      protocol: 'oidc',
      redirectUris: [redirectUri],
      scopes: ['profile', 'zx:roles'],
    })
    const config = await configFor(saved.client.clientId, saved.secret!.clientSecret)
    const signIn = async (userToken: string) => {
      const verifier = oidc.randomPKCECodeVerifier()
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid profile zx:roles',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: 'r1',
      })
      const r = await browserSignIn(base, url.href, userToken)
      expect(r.redirect, JSON.stringify(r)).toBeDefined()
      expect(r.details!.data.releases.map((x) => (x as { scope: string }).scope)).toContain('zx:roles')
      return oidc.authorizationCodeGrant(config, r.redirect!, { pkceCodeVerifier: verifier, expectedState: 'r1' })
    }
    const asTeacher = await signIn(await loginToken(t, both.userName, undefined, hw.w.schoolId))
    expect(asTeacher.claims()!.roles).toEqual(['teacher'])
    const info = await oidc.fetchUserInfo(config, asTeacher.access_token, asTeacher.claims()!.sub)
    expect(info.roles).toEqual(['teacher'])
    const asAdmin = await signIn(await loginToken(t, both.userName, undefined, hw.w.school2Id))
    expect(asAdmin.claims()!.roles).toEqual(['admin'])
    // A parent holds no role: an empty list, not a missing claim.
    const parent = await signIn(hw.parent.token)
    expect(parent.claims()!.roles).toEqual([])
  })

  it('refuses a replayed code and a code without its PKCE verifier', async () => {
    const f = await codeFlow(hw.teacher.token)
    const state = f.url.searchParams.get('state')!
    await oidc.authorizationCodeGrant(f.config, f.redirect!, { pkceCodeVerifier: f.verifier, expectedState: state })
    await expect(
      oidc.authorizationCodeGrant(f.config, f.redirect!, { pkceCodeVerifier: f.verifier, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })
    const g = await codeFlow(hw.teacher.token)
    await expect(
      oidc.authorizationCodeGrant(g.config, g.redirect!, {
        pkceCodeVerifier: oidc.randomPKCECodeVerifier(),
        expectedState: g.url.searchParams.get('state')!,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' })
    // A downgrade: the flow began with a code_challenge; the exchange leaves the verifier out.
    const h = await codeFlow(hw.teacher.token)
    const code = h.redirect!.searchParams.get('code')!
    const bare = await fetch(`${issuer}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri }),
    })
    expect(bare.status).toBe(400)
    expect(((await bare.json()) as { error: string }).error).toBe('invalid_grant')
  })

  it('refuses a redirect URI that differs by one character, without redirecting', async () => {
    const f = await codeFlow(hw.teacher.token, { redirect: `${redirectUri}x` })
    expect(f.redirect).toBeUndefined()
    expect(f.stopped?.status).toBe(400)
    expect(f.body).toContain('回调地址')
  })

  it('rotates refresh tokens: the old one is refused after use', async () => {
    const f = await codeFlow(hw.teacher.token)
    const tokens = await oidc.authorizationCodeGrant(f.config, f.redirect!, {
      pkceCodeVerifier: f.verifier,
      expectedState: f.url.searchParams.get('state')!,
    })
    const next = await oidc.refreshTokenGrant(f.config, tokens.refresh_token!)
    expect(next.refresh_token).not.toBe(tokens.refresh_token)
    await expect(oidc.refreshTokenGrant(f.config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    })
  })

  it('gives a server its directory token by client credentials, and introspects only its own tokens', async () => {
    const config = await configFor()
    const cc = await oidc.clientCredentialsGrant(config, { scope: 'directory' })
    expect(cc.scope).toBe('directory')
    const intro = await oidc.tokenIntrospection(config, cc.access_token)
    expect(intro.active).toBe(true)
    await expect(oidc.clientCredentialsGrant(config, { scope: 'phone' })).rejects.toMatchObject({
      error: 'invalid_scope',
    })
  })

  it('refuses an expired code', async () => {
    const f = await codeFlow(hw.teacher.token)
    t.clock.advance(61_000)
    const err = await oidc
      .authorizationCodeGrant(f.config, f.redirect!, {
        pkceCodeVerifier: f.verifier,
        expectedState: f.url.searchParams.get('state')!,
      })
      .catch((e) => e)
    expect(oauthError(err)).toBe('invalid_grant')
  })

  it('requires PKCE from a public client', async () => {
    const publicApp = await registerApp(t, hw.w.tenantId, '家长小程序')
    const saved = await saveClient(t, hw.staff.bureauAdmin, {
      appId: publicApp,
      protocol: 'oidc',
      publicClient: true,
      redirectUris: [redirectUri],
      scopes: ['profile'],
    })
    expect(saved.secret).toBeNull()
    const url = new URL(`${issuer}/auth`)
    url.search = new URLSearchParams({
      client_id: saved.client.clientId,
      response_type: 'code',
      scope: 'openid profile',
      redirect_uri: redirectUri,
      state: 's1',
    }).toString()
    const r = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(10_000) })
    const to = new URL(r.headers.get('location')!)
    expect(to.origin + to.pathname).toBe(redirectUri)
    expect(to.searchParams.get('error')).toBe('invalid_request')
    expect(to.searchParams.get('error_description')).toMatch(/PKCE/)
  })

  it('rotates the signing key: new tokens carry the new key, the old key stays published', async () => {
    const before = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string }[] }
    const r = await call(t, { url: '/base/api/app/oidc/rotateKeys', body: {}, token: hw.staff.bureauAdmin })
    expect(r.code).toBe(0)
    const school = await call(t, { url: '/base/api/app/oidc/rotateKeys', body: {}, token: hw.staff.schoolAdmin })
    expect(school.status).toBe(403)
    // The listening server is the same process: its provider for this origin is rebuilt within OIDC_KEY_RECHECK_SECONDS; this
    // server's request origin differs from inject's, so the rotation is seen when it next checks its keys.
    const f = await codeFlow(hw.teacher.token)
    const tokens = await oidc.authorizationCodeGrant(f.config, f.redirect!, {
      pkceCodeVerifier: f.verifier,
      expectedState: f.url.searchParams.get('state')!,
    })
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString()) as { kid: string }
    expect(header.kid).toBe(r.data.kid)
    const after = (await (await fetch(`${issuer}/jwks`)).json()) as { keys: { kid: string }[] }
    expect(after.keys.map((k) => k.kid)).toEqual([r.data.kid, ...before.keys.map((k) => k.kid)])
  })

  it('signs the person out of the app by back-channel logout when they sign out of the portal', async () => {
    const f = await codeFlow(hw.teacher.token)
    const tokens = await oidc.authorizationCodeGrant(f.config, f.redirect!, {
      pkceCodeVerifier: f.verifier,
      expectedState: f.url.searchParams.get('state')!,
    })
    const sub = tokens.claims()!.sub
    const before = backchannel.got.length
    const out = await call(t, { url: '/base/api/auth/logout', body: {}, token: hw.teacher.token })
    expect(out.code).toBe(0)
    expect(backchannel.got.length).toBeGreaterThan(before)
    const logoutToken = new URLSearchParams(backchannel.got.at(-1)!.body).get('logout_token')!
    const payload = JSON.parse(Buffer.from(logoutToken.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >
    expect(payload.sub).toBe(sub)
    expect(payload.aud).toBe(clientId)
    expect(payload.events).toHaveProperty(['http://schemas.openid.net/event/backchannel-logout'])
    // The tokens issued in that session are gone: replay after logout is refused.
    await expect(oidc.fetchUserInfo(f.config, tokens.access_token, sub)).rejects.toBeDefined()
    const intro = await oidc.tokenIntrospection(f.config, tokens.access_token)
    expect(intro.active).toBe(false)
  })

  it('stops a suspended app at once, and lets it in again when resumed', async () => {
    const config = await configFor()
    const cc = await oidc.clientCredentialsGrant(config, { scope: 'directory' })
    const s = await call(t, { url: '/base/api/app/client/suspend', body: { appId }, token: hw.staff.bureauAdmin })
    expect(s.code).toBe(0)
    expect(oauthError(await oidc.clientCredentialsGrant(config, { scope: 'directory' }).catch((e) => e))).toBe(
      'invalid_client',
    )
    const intro = await fetch(`${issuer}/token/introspection`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({ token: cc.access_token }),
    })
    expect(intro.status).toBe(401)
    await call(t, { url: '/base/api/app/client/resume', body: { appId }, token: hw.staff.bureauAdmin })
    expect((await oidc.clientCredentialsGrant(config, { scope: 'directory' })).access_token).toBeTruthy()
  })

  it("never serves one tenant's client at another tenant's issuer", async () => {
    const other = await makeWorld(t)
    const otherStaff = await staffOf(t, other)
    const otherApp = await registerApp(t, other.tenantId, '外区应用')
    const saved = await saveClient(t, otherStaff.bureauAdmin, {
      appId: otherApp,
      protocol: 'oidc',
      redirectUris: [redirectUri],
      clientCredentials: true,
      scopes: ['directory'],
    })
    // The other tenant's client id and secret, presented at this tenant's issuer.
    const config = await configFor(saved.client.clientId, saved.secret!.clientSecret)
    expect(oauthError(await oidc.clientCredentialsGrant(config, { scope: 'directory' }).catch((e) => e))).toBe(
      'invalid_client',
    )
  })

  it('logs tokens, sign-ins and userinfo reads per app for the district admin', async () => {
    await new Promise((r) => setTimeout(r, 200))
    const log = await call(t, {
      url: `/base/api/app/client/accessLog?appId=${appId}&pageSize=100`,
      token: hw.staff.bureauAdmin,
    })
    expect(log.code).toBe(0)
    const kinds = new Set((log.data.list as { kind: string }[]).map((r) => r.kind))
    for (const k of ['token', 'sign-in', 'userinfo', 'backchannel-logout']) expect(kinds).toContain(k)
  })
})

describe('revocation, RP-initiated logout and secrets', () => {
  /** A code flow of `config`'s app for a fresh portal session of the teacher; its tokens and the browser's jar. */
  async function signedIn(config: oidc.Configuration, scope = 'openid profile') {
    const verifier = oidc.randomPKCECodeVerifier()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'v1',
    })
    const r = await browserSignIn(base, url.href, await loginToken(t, hw.teacher.userName))
    expect(r.redirect, JSON.stringify(r)).toBeDefined()
    const tokens = await oidc.authorizationCodeGrant(config, r.redirect!, {
      pkceCodeVerifier: verifier,
      expectedState: 'v1',
    })
    return { tokens, jar: r.jar! }
  }

  /** Another confidential app of the same tenant: the foreign client of the revocation tests. */
  async function otherApp(name: string, extra: Record<string, unknown> = {}) {
    const id = await registerApp(t, hw.w.tenantId, name)
    const saved = await saveClient(t, hw.staff.bureauAdmin, {
      appId: id,
      protocol: 'oidc',
      redirectUris: [redirectUri],
      scopes: ['profile'],
      ...extra,
    })
    const s = saved.secret!.clientSecret
    return { appId: id, clientId: saved.client.clientId, secret: s, config: await configFor(saved.client.clientId, s) }
  }

  it("revokes an access token and a refresh token; another app can neither introspect nor revoke this app's", async () => {
    const config = await configFor()
    const foreign = await otherApp('考勤系统')
    const a = await signedIn(config)
    const access = a.tokens.access_token
    const refresh = a.tokens.refresh_token!
    expect((await oidc.tokenIntrospection(config, access)).active).toBe(true)
    expect((await oidc.tokenIntrospection(config, refresh)).active).toBe(true)
    // Another app of the district learns nothing about this app's tokens, and its revocation is a no-op (RFC 7009
    // answers 200 either way).
    expect(await oidc.tokenIntrospection(foreign.config, access)).toEqual({ active: false })
    expect(await oidc.tokenIntrospection(foreign.config, refresh)).toEqual({ active: false })
    await oidc.tokenRevocation(foreign.config, access)
    await oidc.tokenRevocation(foreign.config, refresh)
    expect((await oidc.tokenIntrospection(config, access)).active).toBe(true)
    expect((await oidc.tokenIntrospection(config, refresh)).active).toBe(true)
    expect((await oidc.fetchUserInfo(config, access, a.tokens.claims()!.sub)).name).toBe('王老师')

    // The app revokes its access token: inactive, and userinfo refuses it.
    await oidc.tokenRevocation(config, access, { token_type_hint: 'access_token' })
    expect((await oidc.tokenIntrospection(config, access)).active).toBe(false)
    await expect(oidc.fetchUserInfo(config, access, a.tokens.claims()!.sub)).rejects.toBeDefined()

    // A refresh token of another sign-in, revoked: inactive, and it no longer refreshes.
    const b = await signedIn(config)
    const refreshB = b.tokens.refresh_token!
    await oidc.tokenRevocation(config, refreshB, { token_type_hint: 'refresh_token' })
    expect((await oidc.tokenIntrospection(config, refreshB)).active).toBe(false)
    await expect(oidc.refreshTokenGrant(config, refreshB)).rejects.toMatchObject({ error: 'invalid_grant' })
  })

  it('ends the provider session at /session/end and returns only to a registered post-logout address', async () => {
    const bye = 'https://timetable.example.com/bye'
    const app = await otherApp('排课系统', { postLogoutUris: [bye] })
    const { tokens, jar } = await signedIn(app.config)
    const authorize = async () => {
      const verifier = oidc.randomPKCECodeVerifier()
      const url = oidc.buildAuthorizationUrl(app.config, {
        redirect_uri: redirectUri,
        scope: 'openid profile',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: 'again',
      })
      return browse(url.href)
    }
    const browse = async (url: string, init: RequestInit = {}) => {
      const res = await fetch(new URL(url, base), {
        ...init,
        redirect: 'manual',
        // As a browser asks: the provider answers its errors as a page, not JSON.
        headers: { cookie: jar.header(), accept: 'text/html', ...(init.headers as Record<string, string>) },
        signal: AbortSignal.timeout(10_000),
      })
      jar.take(res)
      return res
    }
    // The provider session is alive: a second authorization goes straight back to the app with a code.
    const alive = await authorize()
    expect(alive.status).toBe(303)
    expect(alive.headers.get('location')!.startsWith(`${redirectUri}?code=`)).toBe(true)

    const endSession = (postLogout: string) =>
      `${issuer}/session/end?${new URLSearchParams({
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: postLogout,
        state: 'out1',
      })}`
    // An address the district did not register is refused with the Chinese error page, never followed.
    const evil = await browse(endSession('https://evil.example.com/bye'))
    expect(evil.status).toBe(400)
    expect(evil.headers.get('location')).toBeNull()
    expect(await evil.text()).toContain('请求参数有误')
    const oneOff = await browse(endSession(`${bye}x`))
    expect(oneOff.status).toBe(400)
    expect(oneOff.headers.get('location')).toBeNull()

    // The registered address: the confirmation page (Chinese), then its form ends the session and returns there.
    const ask = await browse(endSession(bye))
    expect(ask.status).toBe(200)
    const page = await ask.text()
    expect(page).toContain('退出登录')
    expect(page).toContain('排课系统')
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(page)![1]!
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!
    const done = await browse(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe(`${bye}?state=out1`)
    // The session is gone: the next authorization asks the portal's sign-in again.
    const after = await authorize()
    expect(after.status).toBe(303)
    expect(after.headers.get('location')).toMatch(new RegExp(`^/t/${hw.w.tenantId}/sign-in/`))
  })

  it('rotating the secret refuses the old one at once and accepts the new one; secrets and keys are sealed', async () => {
    const app = await otherApp('作业系统', { clientCredentials: true, scopes: ['directory'] })
    expect((await oidc.clientCredentialsGrant(app.config, { scope: 'directory' })).access_token).toBeTruthy()
    // Only the top organisation's admin may rotate.
    const school = await call(t, {
      url: '/base/api/app/client/rotateSecret',
      body: { appId: app.appId },
      token: hw.staff.schoolAdmin,
    })
    expect(school.status).toBe(403)
    const r = await call(t, {
      url: '/base/api/app/client/rotateSecret',
      body: { appId: app.appId },
      token: hw.staff.bureauAdmin,
    })
    expect(r.code, r.msg).toBe(0)
    expect(r.data.clientId).toBe(app.clientId)
    const fresh = r.data.clientSecret as string
    expect(fresh).not.toBe(app.secret)
    expect(oauthError(await oidc.clientCredentialsGrant(app.config, { scope: 'directory' }).catch((e) => e))).toBe(
      'invalid_client',
    )
    const next = await configFor(app.clientId, fresh)
    expect((await oidc.clientCredentialsGrant(next, { scope: 'directory' })).access_token).toBeTruthy()

    // What the database holds: the sealed secret, which opens to the new secret but does not contain it.
    const row = await t.db.tenant(hw.w.tenantId, (trx) =>
      trx.selectFrom('app_client').select('secret_sealed').where('app_id', '=', app.appId).executeTakeFirstOrThrow(),
    )
    expect(row.secret_sealed).toBeTruthy()
    expect(row.secret_sealed).not.toContain(fresh)
    expect(row.secret_sealed).not.toContain(Buffer.from(fresh).toString('base64'))
    expect(t.ctx.secrets.open(row.secret_sealed!)).toBe(fresh)
    // The signing keys: each row's private part (the JWK's `d`) is not in the stored text.
    const keys = await t.db.tenant(hw.w.tenantId, (trx) => trx.selectFrom('oidc_key').select('jwk_sealed').execute())
    expect(keys.length).toBeGreaterThan(0)
    for (const k of keys) {
      expect(k.jwk_sealed).not.toContain('"kty"')
      expect(k.jwk_sealed).not.toContain('"d"')
      const jwk = JSON.parse(t.ctx.secrets.open(k.jwk_sealed)) as { d?: string; n?: string }
      expect(jwk.d?.length).toBeGreaterThan(100)
      expect(k.jwk_sealed).not.toContain(jwk.d!)
      expect(k.jwk_sealed).not.toContain(jwk.d!.slice(0, 32))
    }
  })
})

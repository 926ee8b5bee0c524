import { CasMsg, ConsentMsg, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { claimsFor, loadPerson } from '../src/modules/app-clients/claims.js'
import { loadHubClient, subjectFor } from '../src/modules/app-clients/hub-client.js'
import { insertPublishedNotice } from '../src/modules/privacy-notice/queries.js'
import { runWebhooks } from '../src/modules/webhooks/dispatch.js'
import { makeHubWorld, receiver, registerApp, saveClient, type HubWorld } from './hub-fixtures.js'
import { call, createTestApp, loginToken, makePerson, makeWorld, type TestApp } from './helpers.js'

/**
 * The consent ledger (issue 26 point 5, docs/privacy.md "Consent"): only a guardian bound to the child gives or
 * withdraws, the ledger is append-only and the latest line wins; a third-party app receives a minor through the
 * directory, claims and webhooks only with appRelease consent on record, and a withdrawal takes effect on its next
 * call; a school-duty app is unaffected.
 */
let t: TestApp
let base: string
let hw: HubWorld
let child: number
let mum: { userInfoId: number; token: string }
let thirdParty: { appId: number; clientId: string; secret: string }
let duty: { appId: number; clientId: string; secret: string }
const C = '/base/api/privacy/consent'
const redirectUri = 'https://vendor.example.com/callback'

async function makeApp(name: string, childrenData: 'consent' | 'duty', extra: Record<string, unknown> = {}) {
  const appId = await registerApp(t, hw.w.tenantId, name)
  const saved = await saveClient(t, hw.staff.bureauAdmin, {
    appId,
    protocol: 'oidc',
    redirectUris: [redirectUri],
    clientCredentials: true,
    scopes: ['profile', 'zx:identity', 'zx:school', 'zx:guardian', 'phone', 'directory'],
    childrenData,
    ...extra,
  })
  return { appId, clientId: saved.client.clientId, secret: saved.secret!.clientSecret }
}

async function tokenOf(app: { clientId: string; secret: string }): Promise<string> {
  const res = await fetch(`${base}/t/${hw.w.tenantId}/oidc/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${app.clientId}:${app.secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'directory' }).toString(),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await res.json()) as { access_token?: string }
  if (!body.access_token) throw new Error(`token endpoint answered ${res.status}`)
  return body.access_token
}

async function read(path: string, token: string) {
  const res = await t.app.inject({ method: 'GET', url: path, headers: { authorization: `Bearer ${token}` } })
  return res.json() as { code: number; msg: string; data: { items: Record<string, unknown>[]; as_of: string } }
}

const setConsent = (token: string, body: Record<string, unknown>) =>
  call(t, {
    url: `${C}/set`,
    token,
    body: { childId: child, purpose: 'appRelease', noticeVersion: 'v1', channel: 'pc', ...body },
  })
const mine = (token: string, childId = child) => call(t, { url: `${C}/myChild?childId=${childId}`, token })
const lineCount = () =>
  t.db.tenant(hw.w.tenantId, async (trx) =>
    Number(
      (await sql<{ n: string }>`SELECT count(*) AS n FROM consent_record WHERE child_id = ${child}`.execute(trx))
        .rows[0]!.n,
    ),
  )

beforeAll(async () => {
  t = await createTestApp()
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  hw = await makeHubWorld(t)
  child = hw.student.userInfoId
  // The consents are given against the tenant's current children's notice: its v1.
  await t.db.tenant(hw.w.tenantId, (trx) =>
    insertPublishedNotice(trx, 'children', 1, '儿童个人信息保护规则', '<p>规则</p>'),
  )
  await t.db.tenant(hw.w.tenantId, (trx) =>
    trx.updateTable('user_info').set({ phone: '13900000002' }).where('id', '=', child).execute(),
  )
  // A second guardian, bound as the mother.
  const m = await makePerson(t, hw.w.tenantId, {
    trueName: '李妈妈',
    memberships: [{ orgId: hw.w.schoolId, userType: UserType.PARENT, roleIds: [] }],
  })
  await t.db.tenant(hw.w.tenantId, (trx) =>
    trx
      .insertInto('parent_child')
      .values({ parent_id: m.userInfoIds[0]!, child_id: child, relation: '母亲' })
      .execute(),
  )
  mum = { userInfoId: m.userInfoIds[0]!, token: await loginToken(t, m.userName) }
  thirdParty = await makeApp('家校通讯', 'consent')
  duty = await makeApp('成绩管理', 'duty')
}, 90_000)

afterAll(async () => {
  await t?.close()
})

describe('the guardian gives and withdraws', () => {
  it('lists each purpose and each third-party app (not a school-duty app) with the notice version', async () => {
    const r = await mine(hw.parent.token)
    expect(r.code, r.msg).toBe(0)
    expect(r.data).toMatchObject({ childId: child, childName: '李小明', under14: true, noticeVersion: 'v1' })
    const items = r.data.items as { purpose: string; appId: number | null; given: boolean }[]
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: 'portalPhoto', appId: null, given: false }),
        expect.objectContaining({ purpose: 'faceData', appId: null, given: false }),
        expect.objectContaining({ purpose: 'appRelease', appId: thirdParty.appId, appName: '家校通讯', given: false }),
      ]),
    )
    expect(items.some((i) => i.appId === duty.appId)).toBe(false)
  })

  it('appends a line per change, refuses a repeat (409), and the latest line wins', async () => {
    const before = await lineCount()
    const given = await setConsent(hw.parent.token, { appId: thirdParty.appId, given: true })
    expect(given.code, given.msg).toBe(0)
    expect(given.msg).toBe(ConsentMsg.GIVEN)
    expect(given.data).toMatchObject({ guardianName: '李爸爸', relation: '父亲', channel: 'pc', noticeVersion: 'v1' })
    const again = await setConsent(hw.parent.token, { appId: thirdParty.appId, given: true })
    expect(again.status).toBe(409)
    expect(again.msg).toBe(ConsentMsg.ALREADY_GIVEN)
    // The other guardian withdraws on the phone: the latest line decides, whoever wrote it.
    const withdrawn = await setConsent(mum.token, { appId: thirdParty.appId, given: false, channel: 'mobile' })
    expect(withdrawn.code, withdrawn.msg).toBe(0)
    expect(await lineCount()).toBe(before + 2)
    const r = await mine(hw.parent.token)
    const item = (r.data.items as { purpose: string; appId: number | null; given: boolean }[]).find(
      (i) => i.appId === thirdParty.appId,
    )
    expect(item?.given).toBe(false)
    expect((r.data.history as { guardianName: string; given: boolean; channel: string }[]).slice(0, 2)).toEqual([
      expect.objectContaining({ guardianName: '李妈妈', given: false, channel: 'mobile' }),
      expect.objectContaining({ guardianName: '李爸爸', given: true, channel: 'pc' }),
    ])
  })

  it('refuses bad input with a clear message: the app, the notice version, a duty app', async () => {
    const noApp = await setConsent(hw.parent.token, { given: true })
    expect(noApp.status).toBe(400)
    expect(noApp.msg).toBe(ConsentMsg.APP_REQUIRED)
    const appless = await setConsent(hw.parent.token, { purpose: 'faceData', appId: thirdParty.appId, given: true })
    expect(appless.status).toBe(400)
    expect(appless.msg).toBe(ConsentMsg.APP_NOT_ALLOWED)
    const stale = await setConsent(hw.parent.token, { purpose: 'portalPhoto', noticeVersion: 'v0', given: true })
    expect(stale.status).toBe(409)
    expect(stale.msg).toBe(ConsentMsg.NOTICE_CHANGED)
    const dutyApp = await setConsent(hw.parent.token, { appId: duty.appId, given: true })
    expect(dutyApp.status).toBe(404)
    const nul = await setConsent(hw.parent.token, { purpose: 'portalPhoto', noticeVersion: 'v\u00001', given: true })
    expect(nul.status).toBe(400)
  })

  it('lets only a guardian bound to the child act or look: others answer 404 like a missing child', async () => {
    const before = await lineCount()
    for (const token of [hw.teacher.token, hw.student.token, hw.staff.schoolAdmin]) {
      expect((await setConsent(token, { purpose: 'portalPhoto', given: true })).status).toBe(404)
      expect((await mine(token)).status).toBe(404)
    }
    const other = await makePerson(t, hw.w.tenantId, {
      trueName: '王爸爸',
      memberships: [{ orgId: hw.w.schoolId, userType: UserType.PARENT, roleIds: [] }],
    })
    const stranger = await loginToken(t, other.userName)
    expect((await setConsent(stranger, { purpose: 'portalPhoto', given: true })).status).toBe(404)
    expect(await lineCount()).toBe(before)
  })

  it("never shows another tenant's child", async () => {
    const w2 = await makeWorld(t)
    const p2 = await makePerson(t, w2.tenantId, {
      trueName: '外区家长',
      memberships: [{ orgId: w2.schoolId, userType: UserType.PARENT, roleIds: [] }],
    })
    const token = await loginToken(t, p2.userName)
    expect((await mine(token)).status).toBe(404)
    expect((await setConsent(token, { purpose: 'portalPhoto', given: true })).status).toBe(404)
  })

  it('appends one line when the same consent is given twice at once', async () => {
    const before = await lineCount()
    const both = await Promise.all([
      setConsent(hw.parent.token, { purpose: 'faceData', given: true }),
      setConsent(mum.token, { purpose: 'faceData', given: true, channel: 'mobile' }),
    ])
    expect(both.map((r) => r.status).sort()).toEqual([200, 409])
    expect(await lineCount()).toBe(before + 1)
  })

  it('keeps the ledger immutable: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    // Run alone (-t), the ledger is empty and a refused statement would have nothing to refuse.
    if (!(await lineCount())) await setConsent(hw.parent.token, { purpose: 'faceData', given: true })
    const n = await lineCount()
    expect(n).toBeGreaterThan(0)
    const tries = [
      sql`UPDATE consent_record SET given = NOT given WHERE child_id = ${child}`,
      sql`DELETE FROM consent_record WHERE child_id = ${child}`,
    ]
    for (const q of [...tries, sql`TRUNCATE consent_record`]) {
      // The app's roles hold no grant to change the ledger (migration 202612010200)…
      await expect(t.db.tenant(hw.w.tenantId, (trx) => q.execute(trx))).rejects.toThrow(/permission denied/)
      // …nor does the platform role, which sees every tenant…
      await expect(t.db.platform((trx) => q.execute(trx))).rejects.toThrow(/permission denied/)
      // …and the trigger refuses even the table's owner.
      await expect(q.execute(t.db.kysely)).rejects.toThrow(/append-only/)
    }
    expect(await lineCount()).toBe(n)
  })
})

describe('a paper form entered by the school', () => {
  it('records a consent with the guardian named, within the admin’s org only', async () => {
    const body = {
      childId: child,
      guardianId: mum.userInfoId,
      purpose: 'portalPhoto',
      given: true,
      noticeVersion: 'v1',
    }
    const r = await call(t, { url: `${C}/recordPaper`, token: hw.staff.schoolAdmin, body })
    expect(r.code, r.msg).toBe(0)
    expect(r.data).toMatchObject({ channel: 'paper', guardianName: '李妈妈', relation: '母亲', given: true })
    const otherSchool = await call(t, { url: `${C}/recordPaper`, token: hw.staff.school2Admin, body })
    expect(otherSchool.status).toBe(404)
    const notBound = await call(t, {
      url: `${C}/recordPaper`,
      token: hw.staff.schoolAdmin,
      body: { ...body, guardianId: hw.teacher.userInfoId, given: false },
    })
    expect(notBound.status).toBe(400)
    expect(notBound.msg).toBe(ConsentMsg.GUARDIAN_NOT_BOUND)
    const parent = await call(t, { url: `${C}/recordPaper`, token: hw.parent.token, body })
    expect(parent.status).toBe(403)
  })
})

describe('the identity hub gives a third-party app a child only with consent', () => {
  const names = (items: Record<string, unknown>[]) => items.map((i) => i.name)

  it('omits the child from a third-party app without consent, lists it with consent, drops it after withdrawal', async () => {
    const token = await tokenOf(thirdParty)
    const students = `/open/v1/students?class_id=${hw.classId}`
    const without = await read(students, token)
    expect(without.code).toBe(0)
    expect(names(without.data.items)).not.toContain('李小明')
    const guardians = await read(`/open/v1/guardians?school_id=${hw.w.schoolId}`, token)
    const dad = guardians.data.items.find((g) => g.name === '李爸爸')
    expect(dad?.children).toEqual([])

    expect((await setConsent(hw.parent.token, { appId: thirdParty.appId, given: true })).code).toBe(0)
    const withConsent = await read(students, token)
    const kid = withConsent.data.items.find((i) => i.name === '李小明')
    // Consented: the phone is released in full (the app holds the phone grant).
    expect(kid).toMatchObject({ student_no: 'S20260001', phone_number: '13900000002' })
    const g2 = await read(`/open/v1/guardians?class_id=${hw.classId}`, token)
    expect(g2.data.items.find((g) => g.name === '李爸爸')?.children).toEqual([{ sub: kid!.sub, relation: '父亲' }])
    const asOf = withConsent.data.as_of

    expect((await setConsent(mum.token, { appId: thirdParty.appId, given: false, channel: 'mobile' })).code).toBe(0)
    const after = await read(students, token)
    expect(names(after.data.items)).not.toContain('李小明')
    // The next delta tells the app to drop the child: a tombstone, as for an archived student.
    const delta = await read(`/open/v1/students?updated_since=${encodeURIComponent(asOf)}`, token)
    expect(delta.data.items).toContainEqual({ sub: kid!.sub, deleted: true })
  })

  it('leaves a school-duty app unaffected, with the minor’s phone masked', async () => {
    const token = await tokenOf(duty)
    const r = await read(`/open/v1/students?class_id=${hw.classId}`, token)
    expect(r.data.items).toEqual([expect.objectContaining({ name: '李小明', phone_number: '139****0002' })])
  })

  it('releases a 18-year-old without asking', async () => {
    await t.db.tenant(hw.w.tenantId, async (trx) => {
      const u = await trx.selectFrom('user_info').select('account_id').where('id', '=', child).executeTakeFirstOrThrow()
      await trx
        .insertInto('person')
        .values({ account_id: u.account_id, birthday: '2000-01-01' })
        .onConflict((oc) => oc.columns(['tenant_id', 'account_id']).doUpdateSet({ birthday: '2000-01-01' }))
        .execute()
    })
    const token = await tokenOf(thirdParty)
    const r = await read(`/open/v1/students?class_id=${hw.classId}`, token)
    expect(r.data.items).toEqual([expect.objectContaining({ name: '李小明', phone_number: '13900000002' })])
    await t.db.tenant(hw.w.tenantId, (trx) =>
      sql`UPDATE person SET birthday = '2018-05-01' WHERE account_id = (SELECT account_id FROM user_info WHERE id = ${child})`.execute(
        trx,
      ),
    )
    expect(names((await read(`/open/v1/students?class_id=${hw.classId}`, token)).data.items)).not.toContain('李小明')
  })

  it('reduces the claims about a withheld child to its sub and leaves it out of a guardian’s children', async () => {
    const claims = await t.db.tenant(hw.w.tenantId, async (trx) => {
      const client = (await loadHubClient(t.ctx, trx, thirdParty.clientId))!
      const scopes = new Set(['openid', 'profile', 'zx:identity', 'zx:school', 'zx:guardian', 'phone'])
      const kid = (await loadPerson(trx, child))!
      const dad = (await loadPerson(trx, hw.parent.userInfoId))!
      return {
        kid: await claimsFor(t.ctx, trx, client, kid, scopes),
        dad: await claimsFor(t.ctx, trx, client, dad, scopes),
        sub: subjectFor(t.ctx, client, child),
      }
    })
    expect(claims.kid).toEqual({ sub: claims.sub })
    expect(claims.dad.children).toEqual([])
    expect((await setConsent(hw.parent.token, { appId: thirdParty.appId, given: true })).code).toBe(0)
    const consented = await t.db.tenant(hw.w.tenantId, async (trx) => {
      const client = (await loadHubClient(t.ctx, trx, thirdParty.clientId))!
      return claimsFor(t.ctx, trx, client, (await loadPerson(trx, child))!, new Set(['profile', 'zx:school']))
    })
    expect(consented).toMatchObject({ name: '李小明', student_no: 'S20260001' })
    expect((await setConsent(hw.parent.token, { appId: thirdParty.appId, given: false })).code).toBe(0)
  })

  it('tells a subscribed third-party app of a withdrawal as an archive, and nothing of a withheld child’s bindings', async () => {
    const hook = await receiver()
    try {
      const app = await makeApp('校外托管', 'consent')
      const save = await call(t, {
        url: '/base/api/app/webhook/save',
        token: hw.staff.bureauAdmin,
        body: {
          appId: app.appId,
          url: `${hook.base}/hooks`,
          events: ['person.changed', 'person.archived', 'guardian.bound'],
          enabled: true,
        },
      })
      expect(save.code, save.msg).toBe(0)
      expect((await setConsent(hw.parent.token, { appId: app.appId, given: true })).code).toBe(0)
      await runWebhooks(t.ctx)
      expect((await setConsent(hw.parent.token, { appId: app.appId, given: false })).code).toBe(0)
      await runWebhooks(t.ctx)
      // A binding of the withheld child is not heard at all.
      const dad2 = await makePerson(t, hw.w.tenantId, {
        trueName: '李爷爷',
        memberships: [{ orgId: hw.w.schoolId, userType: UserType.PARENT, roleIds: [] }],
      })
      await t.db.tenant(hw.w.tenantId, (trx) =>
        trx
          .insertInto('parent_child')
          .values({ parent_id: dad2.userInfoIds[0]!, child_id: child, relation: '祖父' })
          .execute(),
      )
      await runWebhooks(t.ctx)
      const sub = await t.db.tenant(hw.w.tenantId, async (trx) =>
        subjectFor(t.ctx, (await loadHubClient(t.ctx, trx, app.clientId))!, child),
      )
      const events = hook.got.map((g) => JSON.parse(g.body) as { event: string; data: Record<string, unknown> })
      const aboutKid = events.filter((e) => e.data.sub === sub || e.data.child === sub)
      expect(aboutKid.map((e) => e.event)).toEqual(['person.changed', 'person.archived'])
      expect(aboutKid[1]!.data).toEqual({ sub, user_type: null, org_id: null })
    } finally {
      await hook.close()
    }
  })
})

describe('a third-party CAS app validating a minor’s ticket (issue 26 point 5)', () => {
  const service = 'https://library.example.com/cas/login'
  let casApp: number

  /** A fresh service ticket of the student for the CAS app, validated as the app does. */
  async function validate(): Promise<string> {
    const asked = await call(t, { url: `/t/${hw.w.tenantId}/cas/ticket`, body: { service }, token: hw.student.token })
    expect(asked.code, asked.msg).toBe(0)
    const ticket = new URL(asked.data.redirectTo as string).searchParams.get('ticket')!
    const q = new URLSearchParams({ ticket, service, format: 'JSON' })
    const res = await t.app.inject({ method: 'GET', url: `/t/${hw.w.tenantId}/cas/p3/serviceValidate?${q}` })
    expect(res.statusCode).toBe(200)
    return res.body
  }
  const refusals = () =>
    t.db.tenant(hw.w.tenantId, (trx) =>
      trx
        .selectFrom('app_access_log')
        .select('detail')
        .where('app_id', '=', casApp)
        .where('kind', '=', 'refused')
        .execute(),
    )

  beforeAll(async () => {
    casApp = await registerApp(t, hw.w.tenantId, '区图书馆')
    // A third-party app (the default: children's data only with consent) that knows users by their student number.
    await saveClient(t, hw.staff.bureauAdmin, {
      appId: casApp,
      protocol: 'cas',
      casServices: [service],
      casUserAttr: 'student_no',
      childrenData: 'consent',
      scopes: ['profile', 'zx:identity', 'zx:school'],
    })
  })

  it('refuses the ticket without the guardian’s appRelease consent, accepts it once given, refuses it after withdrawal', async () => {
    const without = JSON.parse(await validate())
    expect(without.serviceResponse.authenticationFailure).toEqual({
      code: 'INVALID_TICKET',
      description: CasMsg.CHILD_NO_CONSENT,
    })
    expect(without.serviceResponse.authenticationSuccess).toBeUndefined()
    expect(await refusals()).toEqual([{ detail: `INVALID_TICKET ${service}` }])

    expect((await setConsent(hw.parent.token, { appId: casApp, given: true })).code).toBe(0)
    const withConsent = JSON.parse(await validate())
    expect(withConsent.serviceResponse.authenticationFailure).toBeUndefined()
    expect(withConsent.serviceResponse.authenticationSuccess).toMatchObject({
      user: 'S20260001',
      attributes: { name: '李小明' },
    })

    expect((await setConsent(hw.parent.token, { appId: casApp, given: false })).code).toBe(0)
    const withdrawn = JSON.parse(await validate())
    expect(withdrawn.serviceResponse.authenticationFailure?.description).toBe(CasMsg.CHILD_NO_CONSENT)
    expect(await refusals()).toHaveLength(2)
  })
})

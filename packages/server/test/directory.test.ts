import { UserType } from '@zhixiao/shared'
import * as oidc from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { browserSignIn, makeHubWorld, registerApp, saveClient, type HubWorld } from './hub-fixtures.js'
import { createTestApp, makePerson, makeWorld, staffOf, type TestApp } from './helpers.js'

/**
 * The directory API for apps (issue 24 point 4; docs/open-platform.md "Directory API"): an app with a
 * client-credentials token reads its district's schools, grades, classes and people under /open/v1, with the fields
 * its grants release, in its own subject space, in keyset pages and deltas, rate-limited per app.
 */
let t: TestApp
let base: string
let hw: HubWorld
const redirectUri = 'https://grades.example.com/callback'

interface App {
  appId: number
  clientId: string
  secret: string
  tenantId: number
}

async function makeApp(tenantId: number, admin: string, name: string, extra: Record<string, unknown>): Promise<App> {
  const appId = await registerApp(t, tenantId, name)
  const saved = await saveClient(t, admin, {
    appId,
    protocol: 'oidc',
    redirectUris: [redirectUri],
    clientCredentials: true,
    ...extra,
  })
  return { appId, clientId: saved.client.clientId, secret: saved.secret!.clientSecret, tenantId }
}

/** The app's server asking its tenant's token endpoint for a directory token (client_secret_basic). */
async function tokenOf(app: App, scope = 'directory'): Promise<string> {
  const res = await fetch(`${base}/t/${app.tenantId}/oidc/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.secret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
    signal: AbortSignal.timeout(10_000),
  })
  const body = (await res.json()) as { access_token?: string; scope?: string }
  if (!body.access_token) throw new Error(`token endpoint answered ${res.status} ${JSON.stringify(body)}`)
  return body.access_token
}

async function read(path: string, token?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: path,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own list's rows
  const json = res.json() as { code: number; msg: string; data: any }
  return { status: res.statusCode, headers: res.headers, ...json }
}

/** Every row of a list, page by page. */
async function readAll(path: string, token: string, limit: number) {
  const items: Record<string, unknown>[] = []
  let cursor: string | null = null
  let pages = 0
  let asOf = ''
  do {
    const sep = path.includes('?') ? '&' : '?'
    const r = await read(`${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, token)
    expect(r.code, r.msg).toBe(0)
    items.push(...(r.data.items as Record<string, unknown>[]))
    if (!asOf) asOf = r.data.as_of as string
    expect(r.data.as_of).toBe(asOf)
    cursor = r.data.next_cursor as string | null
    pages++
  } while (cursor && pages < 100)
  return { items, pages, asOf }
}

let full: App // profile, zx:identity, zx:school, zx:guardian, phone, directory
let bare: App // directory only
let fullToken: string
let bareToken: string

beforeAll(async () => {
  t = await createTestApp({ apiDocs: true })
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  hw = await makeHubWorld(t)
  await t.db.tenant(hw.w.tenantId, (trx) =>
    trx.updateTable('user_info').set({ phone: '13800000001' }).where('id', '=', hw.student.userInfoId).execute(),
  )
  full = await makeApp(hw.w.tenantId, hw.staff.bureauAdmin, '成绩管理', {
    scopes: ['profile', 'zx:identity', 'zx:school', 'zx:guardian', 'phone', 'directory'],
  })
  bare = await makeApp(hw.w.tenantId, hw.staff.bureauAdmin, '作业', { scopes: ['directory'] })
  fullToken = await tokenOf(full)
  bareToken = await tokenOf(bare)
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('reading the directory with a client-credentials token', () => {
  it('lists schools, grades, classes, teachers, students and guardians with the granted fields', async () => {
    const schools = await read('/open/v1/schools', fullToken)
    expect(schools.status).toBe(200)
    expect(schools.headers['cache-control']).toBe('no-store')
    expect(schools.code).toBe(0)
    const ids = (schools.data.items as { id: number }[]).map((s) => s.id)
    expect(ids).toEqual(expect.arrayContaining([hw.w.bureauId, hw.w.schoolId, hw.w.school2Id]))
    expect(schools.data.next_cursor).toBeNull()
    expect(Date.parse(schools.data.as_of)).not.toBeNaN()

    const grades = await read(`/open/v1/grades?school_id=${hw.w.schoolId}`, fullToken)
    expect(grades.data.items).toEqual([{ id: hw.gradeId, name: '一年级', school_id: hw.w.schoolId, entry_year: 2026 }])

    const teacherSub = (await read('/open/v1/teachers', fullToken)).data.items.find(
      (x: { name?: string }) => x.name === '王老师',
    )
    expect(teacherSub).toMatchObject({
      staff_no: 'T001',
      school_id: hw.w.schoolId,
      class_ids: [hw.classId],
      classes: [{ id: hw.classId, is_head: true }],
    })
    const classes = await read(`/open/v1/classes?school_id=${hw.w.schoolId}&grade_id=${hw.gradeId}`, fullToken)
    expect(classes.data.items).toEqual([
      {
        id: hw.classId,
        name: '一年级(1)班',
        school_id: hw.w.schoolId,
        grade_id: hw.gradeId,
        head_teacher: teacherSub.sub,
      },
    ])

    const students = await read(`/open/v1/students?class_id=${hw.classId}`, fullToken)
    expect(students.data.items).toHaveLength(1)
    const student = students.data.items[0]
    expect(student).toMatchObject({
      name: '李小明',
      student_no: 'S20260001',
      school_id: hw.w.schoolId,
      grade_id: hw.gradeId,
      class_id: hw.classId,
      // A minor's phone leaves masked unless a guardian consented to the app (docs/privacy.md "Consent").
      phone_number: '138****0001',
    })
    const guardians = await read(`/open/v1/guardians?class_id=${hw.classId}`, fullToken)
    expect(guardians.data.items).toEqual([
      expect.objectContaining({ name: '李爸爸', children: [{ sub: student.sub, relation: '父亲' }] }),
    ])
  })

  it("carries each teacher's department (部门) under zx:school, null when none, absent without the grant", async () => {
    await makePerson(t, hw.w.tenantId, {
      trueName: '钱老师',
      memberships: [{ orgId: hw.w.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    const deptId = await t.db.tenant(hw.w.tenantId, async (trx) => {
      const d = await trx
        .insertInto('org_unit')
        .values({
          parent_id: hw.w.schoolId,
          name: '教务处',
          unit_attr: 0,
          trade: 1,
          app_type: null,
          org_code: null,
          org_type: 'depart',
          icon_url: null,
          xd_page: null,
          jd_page: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.updateTable('user_info').set({ dept_id: d.id }).where('id', '=', hw.teacher.userInfoId).execute()
      return d.id
    })
    const rows = (await read(`/open/v1/teachers?school_id=${hw.w.schoolId}`, fullToken)).data.items as {
      name?: string
      department?: unknown
    }[]
    expect(rows.find((r) => r.name === '王老师')!.department).toEqual({ id: deptId, name: '教务处' })
    expect(rows.find((r) => r.name === '钱老师')!.department).toBeNull()
    const bareRows = (await read(`/open/v1/teachers?school_id=${hw.w.schoolId}`, bareToken)).data.items as object[]
    for (const r of bareRows) expect(r).not.toHaveProperty('department')
  })

  it('releases only what the app was granted: no name, numbers, class links or phone; no guardians (403)', async () => {
    const students = await read(`/open/v1/students?class_id=${hw.classId}`, bareToken)
    expect(students.code).toBe(0)
    expect(students.data.items).toHaveLength(1)
    expect(Object.keys(students.data.items[0]).sort()).toEqual(['school_id', 'sub'])
    const teachers = await read(`/open/v1/teachers?school_id=${hw.w.schoolId}`, bareToken)
    for (const x of teachers.data.items) expect(Object.keys(x).sort()).toEqual(['school_id', 'sub'])
    const g = await read('/open/v1/guardians', bareToken)
    expect(g.status).toBe(403)
    expect(g.code).toBe(403)
    expect(g.msg).toBe('应用未获授权读取亲属关系（zx:guardian）')
    // Pairwise: the same student is another subject for another app.
    const other = await read(`/open/v1/students?class_id=${hw.classId}`, fullToken)
    expect(students.data.items[0].sub).not.toBe(other.data.items[0].sub)
  })

  it("gives people the subject ids of the app's own OpenID sign-in (pairwise)", async () => {
    const config = await oidc.discovery(
      new URL(`${base}/t/${hw.w.tenantId}/oidc`),
      full.clientId,
      full.secret,
      oidc.ClientSecretBasic(full.secret),
      { execute: [oidc.allowInsecureRequests] },
    )
    const verifier = oidc.randomPKCECodeVerifier()
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid profile zx:guardian',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: 'st',
    })
    const flow = await browserSignIn(base, url.href, hw.parent.token)
    expect(flow.redirect).toBeDefined()
    const tokens = await oidc.authorizationCodeGrant(config, flow.redirect!, {
      pkceCodeVerifier: verifier,
      expectedState: 'st',
    })
    const claims = await oidc.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub)
    const guardians = await read('/open/v1/guardians', fullToken)
    const me = guardians.data.items.find((g: { name?: string }) => g.name === '李爸爸')
    expect(me.sub).toBe(claims.sub)
    expect((claims.children as { sub: string }[])[0]!.sub).toBe(me.children[0].sub)
    // A person's own access token is not an app's directory token.
    const refused = await read('/open/v1/students', tokens.access_token)
    expect(refused.status).toBe(401)
    expect(refused.msg).toBe('访问令牌无效或已过期，请重新以客户端凭证获取')
  })

  it('refuses a call without a token or with an unknown one (401)', async () => {
    const none = await read('/open/v1/students')
    expect(none).toMatchObject({ status: 401, code: 401 })
    expect(none.msg).toContain('缺少访问令牌')
    expect(none.headers['www-authenticate']).toContain('Bearer')
    const bad = await read('/open/v1/students', 'x'.repeat(43))
    expect(bad).toMatchObject({ status: 401, code: 401 })
  })

  it('logs each read in the app access log', async () => {
    await read(`/open/v1/students?school_id=${hw.w.schoolId}`, fullToken)
    const rows = await t.db.tenant(hw.w.tenantId, (trx) =>
      trx
        .selectFrom('app_access_log')
        .select(['kind', 'scope', 'detail', 'client_id'])
        .where('app_id', '=', full.appId)
        .where('kind', '=', 'directory')
        .orderBy('id', 'desc')
        .execute(),
    )
    expect(rows[0]).toEqual({
      kind: 'directory',
      scope: 'directory',
      detail: '/open/v1/students 1',
      client_id: full.clientId,
    })
    expect(rows.map((r) => r.detail)).toEqual(expect.arrayContaining(['/open/v1/schools 3']))
  })

  it('shows the /open/v1 calls in the OpenAPI description', async () => {
    const doc = (await t.app.inject({ url: '/docs/json' })).json() as { paths: Record<string, unknown> }
    for (const p of ['schools', 'grades', 'classes', 'teachers', 'students', 'guardians']) {
      expect(doc.paths).toHaveProperty([`/open/v1/${p}`, 'get'])
    }
  })
})

describe('paging and deltas', () => {
  it('pages 250 students with a cursor, each exactly once', async () => {
    const made: number[] = []
    for (let i = 0; i < 250; i++) {
      const p = await makePerson(t, hw.w.tenantId, {
        trueName: `学生${i}`,
        memberships: [{ orgId: hw.w.school2Id, userType: UserType.STUDENT, roleIds: [] }],
      })
      made.push(p.userInfoIds[0]!)
    }
    const all = await readAll(`/open/v1/students?school_id=${hw.w.school2Id}`, fullToken, 100)
    expect(all.pages).toBe(3)
    const names = all.items.map((x) => x.name)
    expect(new Set(names).size).toBe(250)
    expect(names).toHaveLength(250)
    expect(new Set(all.items.map((x) => x.sub)).size).toBe(250)
    const tampered = await read(`/open/v1/students?cursor=abc`, fullToken)
    expect(tampered).toMatchObject({ status: 400, msg: '翻页游标无效' })
    const tooMany = await read(`/open/v1/students?limit=1001`, fullToken)
    expect(tooMany.status).toBe(400)
  }, 60_000)

  it('answers a moved student and a tombstone for an archived one after updated_since, and nothing else', async () => {
    const other = await makePerson(t, hw.w.tenantId, {
      trueName: '王小红',
      memberships: [{ orgId: hw.w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
    })
    const leaverId = other.userInfoIds[0]!
    const before = await read(`/open/v1/students?school_id=${hw.w.schoolId}`, fullToken)
    const leaver = before.data.items.find((x: { name?: string }) => x.name === '王小红')
    const since = before.data.as_of as string
    const newClass = await t.db.tenant(hw.w.tenantId, async (trx) => {
      const c = await trx
        .insertInto('school_class')
        .values({ org_id: hw.w.schoolId, grade_id: hw.gradeId, name: '一年级(2)班', code: null, archived_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx.updateTable('user_info').set({ class_id: c.id }).where('id', '=', hw.student.userInfoId).execute()
      await trx
        .updateTable('user_info')
        .set({ archived: true, archived_at: new Date() })
        .where('id', '=', leaverId)
        .execute()
      return c.id
    })
    const delta = await read(
      `/open/v1/students?school_id=${hw.w.schoolId}&updated_since=${encodeURIComponent(since)}`,
      fullToken,
    )
    expect(delta.code, delta.msg).toBe(0)
    expect(delta.data.items).toHaveLength(2)
    expect(delta.data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: '李小明', class_id: newClass, grade_id: hw.gradeId }),
        { sub: leaver.sub, deleted: true },
      ]),
    )
    // The full list no longer has the archived student; the class list shows the new class since then.
    const now = await read(`/open/v1/students?school_id=${hw.w.schoolId}`, fullToken)
    expect(now.data.items.map((x: { sub: string }) => x.sub)).not.toContain(leaver.sub)
    const classes = await read(`/open/v1/classes?updated_since=${encodeURIComponent(since)}`, fullToken)
    expect(classes.data.items.map((c: { id: number }) => c.id)).toEqual([newClass])
    // Read again from the answer's as_of: nothing changed since.
    const again = await read(
      `/open/v1/students?school_id=${hw.w.schoolId}&updated_since=${encodeURIComponent(delta.data.as_of)}`,
      fullToken,
    )
    expect(again.data.items).toEqual([])
  })
  it('pages a delta by id: each changed row once, a teacher through her class, a guardian through his child', async () => {
    const start = await read(`/open/v1/students?school_id=${hw.w.schoolId}`, fullToken)
    const since = encodeURIComponent(start.data.as_of as string)
    const added: string[] = []
    for (let i = 1; i <= 5; i++) {
      await makePerson(t, hw.w.tenantId, {
        trueName: `增量学生${i}`,
        memberships: [{ orgId: hw.w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
      })
      added.push(`增量学生${i}`)
    }
    await t.db.tenant(hw.w.tenantId, async (trx) => {
      // Changed twice: still one row of the delta.
      for (const jobNo of ['S20269998', 'S20269999']) {
        await trx.updateTable('user_info').set({ job_no: jobNo }).where('id', '=', hw.student.userInfoId).execute()
      }
      await trx.updateTable('class_teacher').set({ is_head: false }).where('class_id', '=', hw.classId).execute()
    })
    // Pages of two: the ids are walked in order across pages, none twice, none missed.
    const students = await readAll(`/open/v1/students?school_id=${hw.w.schoolId}&updated_since=${since}`, fullToken, 2)
    const names = students.items.map((x) => x.name as string)
    expect(names.sort()).toEqual([...added, '李小明'].sort())
    expect(students.pages).toBeGreaterThanOrEqual(3)
    // The guardian list: 李爸爸 through his child's change (the new students have no guardian: none of them).
    const guardians = await readAll(`/open/v1/guardians?updated_since=${since}`, fullToken, 1)
    expect(guardians.items.map((x) => x.name)).toEqual(['李爸爸'])
    // The teacher list: 王老师 through her class's change, and no student.
    const teachers = await readAll(`/open/v1/teachers?updated_since=${since}`, fullToken, 1)
    expect(teachers.items.map((x) => x.name)).toEqual(['王老师'])
  })
})

describe('tenants, suspension, expiry and rate limits', () => {
  it("sees only its own tenant's rows with a foreign tenant's app", async () => {
    const w2 = await makeWorld(t)
    const s2 = await staffOf(t, w2)
    const foreign = await makeApp(w2.tenantId, s2.bureauAdmin, '外区应用', {
      scopes: ['profile', 'zx:school', 'directory'],
    })
    const token = await tokenOf(foreign)
    const schools = await read('/open/v1/schools', token)
    expect((schools.data.items as { id: number }[]).map((s) => s.id).sort()).toEqual(
      [w2.bureauId, w2.schoolId, w2.school2Id].sort(),
    )
    const students = await read(`/open/v1/students?school_id=${hw.w.schoolId}`, token)
    expect(students.data.items).toEqual([])
    const all = await read('/open/v1/students?limit=1000', token)
    expect(all.data.items.map((x: { name?: string }) => x.name)).not.toContain('李小明')
  })

  it('limits each app to its rate per minute, counted together under concurrency (429 + Retry-After)', async () => {
    const slow = await makeApp(hw.w.tenantId, hw.staff.bureauAdmin, '限流应用', {
      scopes: ['directory'],
      ratePerMinute: 10,
    })
    const token = await tokenOf(slow)
    const answers = await Promise.all(Array.from({ length: 15 }, () => read('/open/v1/schools', token)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(10)
    const limited = answers.filter((a) => a.status === 429)
    expect(limited).toHaveLength(5)
    expect(limited[0]).toMatchObject({ code: 429, msg: '请求过于频繁，请稍后再试' })
    const retry = Number(limited[0]!.headers['retry-after'])
    expect(retry).toBeGreaterThanOrEqual(1)
    expect(retry).toBeLessThanOrEqual(60)
    // Another app is not affected; the next minute the app may read again.
    expect((await read('/open/v1/schools', bareToken)).status).toBe(200)
    t.clock.advance(60_000)
    expect((await read('/open/v1/schools', token)).status).toBe(200)
  })

  it('refuses an app the district let expire (403) and a suspended app, whose tokens are revoked (401)', async () => {
    const app = await makeApp(hw.w.tenantId, hw.staff.bureauAdmin, '停用应用', { scopes: ['directory'] })
    const token = await tokenOf(app)
    expect((await read('/open/v1/schools', token)).status).toBe(200)
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx.updateTable('app').set({ expire_date: '2026-01-01' }).where('id', '=', app.appId).execute(),
    )
    const expired = await read('/open/v1/schools', token)
    expect(expired).toMatchObject({ status: 403, code: 403, msg: '应用已停用或已过期' })
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx.updateTable('app').set({ expire_date: null }).where('id', '=', app.appId).execute(),
    )
    expect((await read('/open/v1/schools', token)).status).toBe(200)
    const s = await t.app.inject({
      method: 'POST',
      url: '/base/api/app/client/suspend',
      payload: { appId: app.appId },
      headers: { authorization: `Bearer ${hw.staff.bureauAdmin}` },
    })
    expect(s.json().code).toBe(0)
    expect((await read('/open/v1/schools', token)).status).toBe(401)
  })

  it('refuses an expired token (after its 3600 s)', async () => {
    const token = await tokenOf(bare)
    expect((await read('/open/v1/schools', token)).status).toBe(200)
    t.clock.advance(3601_000)
    const r = await read('/open/v1/schools', token)
    expect(r).toMatchObject({ status: 401, code: 401 })
  })
})

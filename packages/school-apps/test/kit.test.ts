import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { runWebhooks } from '../../server/src/modules/webhooks/dispatch.js'
import { loginToken, type TestApp } from '../../server/test/helpers.js'
import { makeHubWorld, type HubWorld } from '../../server/test/hub-fixtures.js'
import { safeReturn, viewerOf } from '../src/kit/auth.js'
import { splitSql } from '../src/kit/db.js'
import type { RunningApps } from '../src/kit/server.js'
import { AppError, ok, type SchoolApp, type Viewer } from '../src/kit/types.js'
import { verifySignature } from '../src/kit/webhooks.js'
import { Browser, freePort, registerSchoolApp, signIn, startApps, startHub } from './harness.js'

/**
 * The kit against the real hub: a small app defined here signs people in through the hub's OpenID provider, mirrors
 * the directory (full read, then deltas; webhooks signed with the client secret), answers the {code, msg, data}
 * envelope, and loses its sessions to the hub's back-channel logout.
 */
let t: TestApp
let base: string
let hw: HubWorld
let apps: RunningApps
let appsUrl: string
let probeAppId: number

let badgeRefreshes = 0
const noteBody = z.object({ text: z.string().min(1, '请填写内容').max(20, '内容不超过 20 个字') })

/** The test's app: a table of its own, routes that show the kit's envelope, errors and transactions. */
const probe: SchoolApp = {
  key: 'probe',
  title: '测试应用',
  async refreshBadges() {
    badgeRefreshes++
  },
  migrations: [
    {
      id: '202611270900_probe_note',
      sql: `CREATE TABLE probe_note (id serial PRIMARY KEY, sub text NOT NULL, text text NOT NULL CHECK (text <> 'boom'));
            COMMENT ON TABLE probe_note IS 'a note; with a semicolon'`,
    },
  ],
  routes(api, ctx) {
    api.post('/notes', async (req, reply) => {
      const v = await ctx.viewer(req, reply)
      if (!v) return
      const body = noteBody.parse(req.body)
      if (v.userType !== 'staff') throw new AppError(403, '只有教职工可以记录')
      // Two writes in one transaction: the second fails on 'boom', so the first is rolled back too.
      await ctx.db.tx(async (tx) => {
        await tx.query('INSERT INTO probe_note (sub, text) VALUES ($1, $2)', [v.sub, `${body.text}-1`])
        await tx.query('INSERT INTO probe_note (sub, text) VALUES ($1, $2)', [v.sub, body.text])
      })
      return ok(null, '已记录')
    })
    api.get('/notes', async (req, reply) => {
      const v = await ctx.viewer(req, reply)
      if (!v) return
      return ctx.db.query<{ text: string }>('SELECT text FROM probe_note WHERE sub = $1 ORDER BY id', [v.sub])
    })
    api.get('/export', async (_req, reply) => {
      reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent('统计.xlsx')}`)
      return Buffer.from('PK fake xlsx')
    })
    api.post('/upload', async (req) => {
      const file = await req.file()
      if (!file) throw new AppError(400, '请选择文件')
      return { name: file.filename, size: (await file.toBuffer()).length }
    })
    // The hub's open calls as an app makes them, after its own write (a failed notice never fails the write).
    api.post('/notify', async (req) => {
      const b = req.body as { to: string[]; title: string; content: string; link?: string }
      await ctx.hub.notify(b)
      return ok(null, '已发送')
    })
    api.post('/badges', async (req) => {
      await ctx.hub.setBadges((req.body as { counts: { sub: string; count: number }[] }).counts)
      return null
    })
    api.get('/crash', async () => {
      throw new Error('an unexpected failure')
    })
  },
}

beforeAll(async () => {
  ;({ t, base } = await startHub())
  hw = await makeHubWorld(t)
  const port = await freePort()
  appsUrl = `http://127.0.0.1:${port}`
  const client = await registerSchoolApp(t, hw.w.tenantId, hw.staff.bureauAdmin, 'probe', appsUrl)
  probeAppId = client.appId
  // The world's own setup is history no app subscribed to.
  await runWebhooks(t.ctx)
  apps = await startApps(base, hw.w.tenantId, port, { probe: client }, [probe], { adminRoles: ['admin', 'teacher'] })
}, 120_000)

afterAll(async () => {
  await apps?.close()
  await t?.close()
})

const me = (b: Browser) => b.api<Viewer>('probe', '/me')

describe('sign-in through the hub', () => {
  it('signs a teacher in and returns to the page asked for; /api/me answers the Viewer with the classes taught', async () => {
    const b = await signIn(base, appsUrl, 'probe', hw.teacher.token, '/probe/#/request/7')
    expect(b.landedAt).toBe('/probe/#/request/7')
    const r = await me(b)
    expect(r).toMatchObject({ status: 200, code: 0 })
    expect(r.data).toMatchObject({
      name: '王老师',
      userType: 'staff',
      orgId: hw.w.schoolId,
      classIds: [hw.classId],
      children: [],
    })
    expect(r.data.schoolIds).toContain(hw.w.schoolId)
    // zx:roles: the role codes of the membership signed in to; this app counts 'teacher' among its admin roles.
    expect(r.data).toMatchObject({ roles: ['teacher'], isAdmin: true })
  })

  it("gives a parent's Viewer the children, named in the app's own subject space", async () => {
    const b = await signIn(base, appsUrl, 'probe', hw.parent.token)
    expect(b.landedAt).toBe('/probe/')
    const v = (await me(b)).data
    expect(v.userType).toBe('guardian')
    expect(v.isAdmin).toBe(false)
    expect(v.children).toHaveLength(1)
    expect(v.children[0]).toMatchObject({ name: '李小明', relation: '父亲' })
    const mirror = apps.apps.probe!.directory
    expect(await mirror.guardiansOf(v.children[0]!.sub)).toEqual([v.sub])
    expect(await mirror.childrenOf(v.sub)).toEqual([{ sub: v.children[0]!.sub, relation: '父亲' }])
  })

  it('answers 401 {code: 401, msg: 请先登录} without a session, and with a made-up one', async () => {
    for (const cookie of ['', 'zx_probe_sid=made-up']) {
      const res = await fetch(`${appsUrl}/probe/api/me`, { headers: { cookie } })
      expect(res.status).toBe(401)
      expect(await res.json()).toEqual({ code: 401, msg: '请先登录', data: null })
    }
  })

  it("sets the session cookie HttpOnly, SameSite=Lax, on the app's path only", async () => {
    const b = new Browser(appsUrl)
    const login = await b.fetch('/probe/login')
    expect(login.headers.get('set-cookie')).toMatch(/^zx_probe_flow=[\w-]{40,}; Path=\/probe; HttpOnly; SameSite=Lax/)
    const authorize = new URL(login.headers.get('location')!)
    expect(authorize.origin + authorize.pathname).toBe(`${base}/t/${hw.w.tenantId}/oidc/auth`)
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${appsUrl}/probe/callback`)
    expect(authorize.searchParams.get('scope')).toBe('openid profile zx:identity zx:school zx:guardian zx:roles')
  })

  it('refuses a callback without its own pending sign-in (state kept server-side) with a page to try again', async () => {
    const res = await new Browser(appsUrl).fetch('/probe/callback?code=x&state=y')
    expect(res.status).toBe(400)
    const html = await res.text()
    expect(html).toContain('登录请求已失效')
    expect(html).toContain('href="/probe/login"')
  })

  it('keeps the return address inside the app', () => {
    expect(safeReturn('leave', '/leave/#/request/3')).toBe('/leave/#/request/3')
    for (const bad of ['//evil.example/', 'https://evil.example/leave/', '/grades/', '/leave\\..', undefined, 42])
      expect(safeReturn('leave', bad)).toBe('/leave/')
  })

  it('maps the claims to a Viewer: teacher → staff, missing roles → [], admin by role code', () => {
    const v = viewerOf({ sub: 's', name: '张老师', user_type: 'teacher', org_id: 3, class_ids: [4, '5'] }, ['admin'])
    expect(v).toEqual({
      sub: 's',
      name: '张老师',
      userType: 'staff',
      orgId: 3,
      schoolIds: [],
      classIds: [4, 5],
      children: [],
      roles: [],
      isAdmin: false,
    })
    expect(viewerOf({ sub: 's', roles: ['admin'] }, ['admin']).isAdmin).toBe(true)
  })

  it('logs out: the session ends and the browser goes to the hub to end its session too', async () => {
    const b = await signIn(base, appsUrl, 'probe', hw.teacher.token)
    const out = await b.fetch('/probe/logout')
    expect(out.status).toBe(302)
    const to = new URL(out.headers.get('location')!)
    expect(to.origin + to.pathname).toBe(`${base}/t/${hw.w.tenantId}/oidc/session/end`)
    expect(to.searchParams.get('post_logout_redirect_uri')).toBe(`${appsUrl}/probe/`)
    expect(to.searchParams.get('id_token_hint')).toBeTruthy()
    expect((await me(b)).status).toBe(401)
  })

  it("ends the app's session when the person signs out of the portal (back-channel logout); refuses a forged notice", async () => {
    const token = await loginToken(t, hw.teacher.userName)
    const b = await signIn(base, appsUrl, 'probe', token)
    expect((await me(b)).code).toBe(0)
    for (const logout_token of ['not-a-jwt', '']) {
      const res = await fetch(`${appsUrl}/probe/backchannel-logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logout_token }),
      })
      expect(res.status).toBe(400)
    }
    expect((await me(b)).code).toBe(0)
    const out = await fetch(`${base}/base/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    })
    expect(((await out.json()) as { code: number }).code).toBe(0)
    expect((await me(b)).status).toBe(401)
  })
})

describe('the API envelope', () => {
  let teacher: Browser
  beforeAll(async () => {
    teacher = await signIn(base, appsUrl, 'probe', hw.teacher.token)
  })

  it('wraps data and ok(); a zod refusal is 400 with its message; AppError keeps its code', async () => {
    expect(await teacher.api('probe', '/notes', { text: '你好' })).toMatchObject({
      status: 200,
      code: 0,
      msg: '已记录',
      data: null,
    })
    expect(await teacher.api('probe', '/notes')).toMatchObject({
      code: 0,
      msg: '操作成功',
      data: [{ text: '你好-1' }, { text: '你好' }],
    })
    expect(await teacher.api('probe', '/notes', { text: '' })).toMatchObject({
      status: 400,
      code: 400,
      msg: '请填写内容',
      data: null,
    })
    expect(await teacher.api('probe', '/notes', { text: 'x'.repeat(21) })).toMatchObject({
      code: 400,
      msg: '内容不超过 20 个字',
    })
    const parent = await signIn(base, appsUrl, 'probe', hw.parent.token)
    expect(await parent.api('probe', '/notes', { text: '你好' })).toMatchObject({
      status: 403,
      code: 403,
      msg: '只有教职工可以记录',
    })
  })

  it('rolls a failed transaction back whole', async () => {
    const r = await teacher.api('probe', '/notes', { text: 'boom' })
    expect(r).toMatchObject({ status: 500, code: 500, msg: '服务器内部错误' })
    const notes = (await teacher.api<{ text: string }[]>('probe', '/notes')).data.map((n) => n.text)
    expect(notes).not.toContain('boom-1')
  })

  it('refuses NUL in any field, answers 500 without details for a crash, 404 for an unknown call', async () => {
    expect(await teacher.api('probe', '/notes', { text: 'a\u0000b' })).toMatchObject({
      status: 400,
      msg: '请求含有非法字符',
    })
    expect(await teacher.api('probe', '/crash')).toEqual({ status: 500, code: 500, msg: '服务器内部错误', data: null })
    expect(await teacher.api('probe', '/nothing')).toMatchObject({ status: 404, code: 404 })
  })

  it('passes a file a route builds through as it is; takes uploads up to 5 MB', async () => {
    const res = await teacher.fetch('/probe/api/export')
    expect(res.headers.get('content-type')).toContain('spreadsheetml')
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('统计.xlsx'))
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('PK fake xlsx')
    const upload = async (size: number) => {
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(size)]), '病假条.png')
      const r = await teacher.fetch('/probe/api/upload', { method: 'POST', body: form })
      return { status: r.status, ...((await r.json()) as { code: number; msg: string; data: unknown }) }
    }
    expect(await upload(1000)).toMatchObject({ status: 200, code: 0, data: { name: '病假条.png', size: 1000 } })
    // Over the 1 MB of a JSON body: a file has its own limit.
    expect(await upload(4 * 1024 * 1024)).toMatchObject({ code: 0, data: { size: 4 * 1024 * 1024 } })
    expect(await upload(5 * 1024 * 1024 + 1)).toMatchObject({ status: 413, code: 413 })
  })

  it('serves the page with the security headers (framed only by itself and the portal)', async () => {
    const res = await fetch(`${appsUrl}/probe/`)
    expect([200, 503]).toContain(res.status)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${base}`)
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect((await fetch(`${appsUrl}/probe`, { redirect: 'manual' })).headers.get('location')).toBe('/probe/')
  })
})

describe('the directory mirror', () => {
  const mirror = () => apps.apps.probe!.directory
  let teacherSub: string

  beforeAll(async () => {
    teacherSub = (await me(await signIn(base, appsUrl, 'probe', hw.teacher.token))).data.sub
  })

  it('holds the classes with their head teachers, the students and the teachers after the first sync', async () => {
    expect(await mirror().ready()).toBe(true)
    expect(await mirror().classOf(hw.classId)).toEqual({
      id: hw.classId,
      name: '一年级(1)班',
      schoolId: hw.w.schoolId,
      gradeId: hw.gradeId,
      gradeName: '一年级',
      label: '一年级(1)班',
      headTeacher: teacherSub,
    })
    expect(await mirror().classesTaughtBy(teacherSub)).toEqual([{ classId: hw.classId, isHead: true }])
    const students = await mirror().studentsOf(hw.classId)
    expect(students).toEqual([
      expect.objectContaining({ kind: 'student', name: '李小明', number: 'S20260001', classId: hw.classId }),
    ])
    expect((await mirror().teachersOf(hw.w.schoolId)).map((p) => p.name)).toContain('王老师')
    expect((await mirror().person(teacherSub))?.number).toBe('T001')
    const people = await mirror().people([teacherSub, students[0]!.sub, 'nobody'])
    expect([...people.keys()].sort()).toEqual([teacherSub, students[0]!.sub].sort())
    expect(await mirror().classOf(999_999)).toBeNull()
  })

  it('learns a class renamed at the hub from the delta', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/base/api/class/update',
      headers: { authorization: `Bearer ${hw.staff.schoolAdmin}` },
      payload: { id: hw.classId, name: '一年级(1)班·启航' },
    })
    expect(r.json<{ code: number }>().code).toBe(0)
    expect((await mirror().classOf(hw.classId))?.name).toBe('一年级(1)班')
    await apps.apps.probe!.syncNow()
    expect(mirror().lastError).toBeNull()
    expect((await mirror().classOf(hw.classId))?.name).toBe('一年级(1)班·启航')
  })

  it("hears the hub's signed webhook and syncs by itself", async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/base/api/class/update',
      headers: { authorization: `Bearer ${hw.staff.schoolAdmin}` },
      payload: { id: hw.classId, name: '一年级(1)班·远航' },
    })
    expect(r.json<{ code: number }>().code).toBe(0)
    await runWebhooks(t.ctx)
    const deadline = Date.now() + 15_000
    while ((await mirror().classOf(hw.classId))?.name !== '一年级(1)班·远航' && Date.now() < deadline)
      await new Promise((res) => setTimeout(res, 100))
    expect((await mirror().classOf(hw.classId))?.name).toBe('一年级(1)班·远航')
  })

  it('learns a removed class assignment from the delta (the class is reported, the teachers are read again)', async () => {
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx.deleteFrom('class_teacher').where('class_id', '=', hw.classId).execute(),
    )
    await apps.apps.probe!.syncNow()
    expect(mirror().lastError).toBeNull()
    expect(await mirror().classesTaughtBy(teacherSub)).toEqual([])
    expect((await mirror().classOf(hw.classId))?.headTeacher).toBeNull()
  })

  it('learns a removed parent binding from the guardian.unbound webhook, a new one from the delta', async () => {
    const student = (await mirror().studentsOf(hw.classId))[0]!
    const [parentSub] = await mirror().guardiansOf(student.sub)
    expect(parentSub).toBeTruthy()
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx.deleteFrom('parent_child').where('child_id', '=', hw.student.userInfoId).execute(),
    )
    await runWebhooks(t.ctx)
    const deadline = Date.now() + 15_000
    while ((await mirror().guardiansOf(student.sub)).length && Date.now() < deadline)
      await new Promise((res) => setTimeout(res, 100))
    expect(await mirror().guardiansOf(student.sub)).toEqual([])
    expect(await mirror().childrenOf(parentSub!)).toEqual([])
    // Bound again (no webhook this time): the guardians delta carries the parent with the child.
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx
        .insertInto('parent_child')
        .values({ parent_id: hw.parent.userInfoId, child_id: hw.student.userInfoId, relation: '母亲' })
        .execute(),
    )
    await apps.apps.probe!.syncNow()
    expect(await mirror().childrenOf(parentSub!)).toEqual([{ sub: student.sub, relation: '母亲' }])
  })

  it('refuses a webhook with a bad or stale signature', async () => {
    const body = JSON.stringify({ id: 'x', event: 'ping', data: {} })
    const ts = String(Math.floor(Date.now() / 1000))
    const post = (headers: Record<string, string>) =>
      fetch(`${appsUrl}/probe/hooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      })
    expect((await post({ 'x-zhixiao-timestamp': ts, 'x-zhixiao-signature': 'v1=00' })).status).toBe(401)
    expect((await post({})).status).toBe(401)
    const secret = 'the-secret'
    const sign = (at: string) => 'v1=' + createHmac('sha256', secret).update(`${at}.${body}`).digest('hex')
    const h = { 'x-zhixiao-timestamp': ts, 'x-zhixiao-signature': sign(ts) }
    expect(verifySignature(h, body, secret)).toBe(true)
    expect(verifySignature(h, body + ' ', secret)).toBe(false)
    const old = String(Number(ts) - 301)
    expect(verifySignature({ 'x-zhixiao-timestamp': old, 'x-zhixiao-signature': sign(old) }, body, secret)).toBe(false)
  })
})

describe("the hub's messages and badges", () => {
  const hub = () => apps.apps.probe!.hub
  let teacher: Browser
  let teacherSub: string
  let parentSub: string
  beforeAll(async () => {
    teacher = await signIn(base, appsUrl, 'probe', hw.teacher.token)
    teacherSub = (await me(teacher)).data.sub
    parentSub = (await me(await signIn(base, appsUrl, 'probe', hw.parent.token))).data.sub
  })

  it('recounts the badges after a sign-in and after a sync', async () => {
    const before = badgeRefreshes
    await signIn(base, appsUrl, 'probe', hw.teacher.token)
    await apps.apps.probe!.syncNow()
    expect(badgeRefreshes).toBeGreaterThanOrEqual(before + 2)
  })

  it("sends a message to the parent's message centre with the app's link", async () => {
    const link = `${appsUrl}/probe/#/request/1`
    const r = await teacher.api('probe', '/notify', {
      to: [parentSub],
      title: '请假申请已批准',
      content: '李小明 11月28日 病假',
      link,
    })
    expect(r).toMatchObject({ code: 0, msg: '已发送' })
    expect(hub().lastError).toBeNull()
    const inbox = await t.app.inject({
      method: 'POST',
      url: '/base/api/message/queryPage',
      headers: { authorization: `Bearer ${hw.parent.token}` },
      payload: { pageIndex: 1, pageSize: 50 },
    })
    const list = inbox.json<{ data: { list: { title: string; content: string; link: string }[] } }>().data.list
    expect(list).toEqual(expect.arrayContaining([expect.objectContaining({ title: '请假申请已批准', link })]))
  })

  it("sets and clears a person's badge at the hub", async () => {
    const appId = probeAppId
    const badge = () =>
      t.db.tenant(hw.w.tenantId, (trx) =>
        trx.selectFrom('app_badge').select(['user_info_id', 'count']).where('app_id', '=', appId).execute(),
      )
    expect((await teacher.api('probe', '/badges', { counts: [{ sub: teacherSub, count: 3 }] })).code).toBe(0)
    expect(hub().lastError).toBeNull()
    expect(await badge()).toEqual([{ user_info_id: hw.teacher.userInfoId, count: 3 }])
    await teacher.api('probe', '/badges', { counts: [{ sub: teacherSub, count: 0 }] })
    expect(await badge()).toEqual([])
  })

  it("keeps the app's write when the hub refuses a notice, and says why in lastError", async () => {
    const r = await teacher.api('probe', '/notify', { to: ['nobody-at-all'], title: '通知', content: '内容' })
    expect(r).toMatchObject({ code: 0, msg: '已发送' })
    expect(hub().lastError?.message).toContain('接收人不存在')
  })
})

describe('migrations', () => {
  it('splits statements on semicolons outside quotes and comments, and records what ran', async () => {
    expect(splitSql("SELECT 1; -- a; comment\nSELECT ';' ; SELECT $$a;b$$")).toEqual([
      'SELECT 1',
      "SELECT ';'",
      'SELECT $$a;b$$',
    ])
    const ran = await apps.db.query<{ id: string }>('SELECT id FROM school_app_migration ORDER BY id')
    expect(ran.map((r) => r.id)).toEqual([
      '202611270800_kit_sessions',
      '202611270801_kit_directory',
      '202611270900_probe_note',
    ])
  })
})

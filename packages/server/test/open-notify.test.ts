import { UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeHubWorld, registerApp, saveClient, type HubWorld } from './hub-fixtures.js'
import { subjectFor } from '../src/modules/app-clients/hub-client.js'
import { call, createTestApp, makePerson, makeWorld, type TestApp } from './helpers.js'

/**
 * An app's messages and badges (issue 25; docs/open-platform.md "Messages and badges"): with a client-credentials
 * token carrying zx:notify, the app's server sends messages to people of its district through the portal's message
 * centre (and SMS where the school saved an 应用通知 template) and sets each person's count of things waiting in the
 * app, which the portal's red dots show on the app. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
let t: TestApp
let base: string
let hw: HubWorld
const entry = 'https://leave.example.edu.cn/leave/'

interface App {
  appId: number
  uniqueId: string
  clientId: string
  secret: string
  tenantId: number
}

async function makeApp(tenantId: number, admin: string, name: string, extra: Record<string, unknown>): Promise<App> {
  const appId = await registerApp(t, tenantId, name, entry)
  const saved = await saveClient(t, admin, {
    appId,
    protocol: 'oidc',
    redirectUris: [`${entry}callback`],
    clientCredentials: true,
    ...extra,
  })
  // A registry key a red-dot rule may name (letters, digits, _ and -).
  const uniqueId = `app_${appId}`
  await t.db.tenant(tenantId, (trx) =>
    trx.updateTable('app').set({ unique_id: uniqueId }).where('id', '=', appId).execute(),
  )
  return { appId, uniqueId, clientId: saved.client.clientId, secret: saved.secret!.clientSecret, tenantId }
}

/** The token endpoint's answer for a client-credentials request of `scope`. */
async function tokenAnswer(app: App, scope: string) {
  const res = await fetch(`${base}/t/${app.tenantId}/oidc/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${encodeURIComponent(app.clientId)}:${encodeURIComponent(app.secret)}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope }).toString(),
    signal: AbortSignal.timeout(10_000),
  })
  return (await res.json()) as { access_token?: string; scope?: string; error?: string }
}
async function tokenOf(app: App, scope = 'directory zx:notify'): Promise<string> {
  const body = await tokenAnswer(app, scope)
  if (!body.access_token) throw new Error(`token endpoint answered ${JSON.stringify(body)}`)
  return body.access_token
}

async function open(method: 'POST' | 'PUT', url: string, token: string, body: unknown) {
  const res = await t.app.inject({
    method,
    url,
    payload: body as object,
    headers: { authorization: `Bearer ${token}` },
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own answer
  const json = res.json() as { code: number; msg: string; data: any }
  return { status: res.statusCode, ...json }
}
const send = (token: string, body: unknown) => open('POST', '/open/v1/messages', token, body)
const badges = (token: string, body: unknown) => open('PUT', '/open/v1/badges', token, body)

const inbox = async (userToken: string) =>
  (await call(t, { url: '/base/api/message/queryPage', token: userToken, body: { pageIndex: 1, pageSize: 50 } })).data
    .list as { event: string; title: string; content: string; link: string; read: boolean }[]
const dotsOf = async (userToken: string) =>
  (await call(t, { url: '/base/api/redot/counts', token: userToken })).data as {
    enabled: boolean
    maxCount: number
    dots: { kind: string; key: string; count: number; dot: boolean }[]
  }

let leave: App // public subjects (the district's own app), directory + zx:notify
let vendor: App // pairwise subjects, zx:notify
let plain: App // directory only
let leaveToken: string
let vendorToken: string

beforeAll(async () => {
  t = await createTestApp()
  base = await t.app.listen({ port: 0, host: '127.0.0.1' })
  hw = await makeHubWorld(t)
  await t.db.tenant(hw.w.tenantId, (trx) =>
    trx.updateTable('user_info').set({ phone: '13800000031' }).where('id', '=', hw.parent.userInfoId).execute(),
  )
  leave = await makeApp(hw.w.tenantId, hw.staff.bureauAdmin, '请假审批', {
    scopes: ['profile', 'zx:identity', 'directory', 'zx:notify'],
    subjectType: 'public',
  })
  vendor = await makeApp(hw.w.tenantId, hw.staff.bureauAdmin, '作业', { scopes: ['profile', 'zx:notify'] })
  plain = await makeApp(hw.w.tenantId, hw.staff.bureauAdmin, '通讯录', { scopes: ['directory'] })
  leaveToken = await tokenOf(leave)
  vendorToken = await tokenOf(vendor, 'zx:notify')
}, 60_000)

afterAll(async () => {
  await t?.close()
})

describe('the zx:notify token', () => {
  it('is granted only to an app granted zx:notify; a token without it is refused (403)', async () => {
    const refused = await tokenAnswer(plain, 'directory zx:notify')
    expect(refused.access_token).toBeUndefined()
    expect(refused.error).toBe('invalid_scope')
    const dirOnly = await tokenOf(leave, 'directory')
    const r = await send(dirOnly, { to: [String(hw.parent.userInfoId)], title: '请假', content: '已批准' })
    expect(r).toMatchObject({ status: 403, code: 403, msg: '访问令牌未包含 zx:notify 授权范围' })
    const b = await badges(dirOnly, { counts: [{ sub: String(hw.teacher.userInfoId), count: 1 }] })
    expect(b).toMatchObject({ status: 403, code: 403 })
    // The district withdraws the grant: a token issued before is refused from then on.
    const withdrawn = await makeApp(hw.w.tenantId, hw.staff.bureauAdmin, '撤销', { scopes: ['zx:notify'] })
    const token = await tokenOf(withdrawn, 'zx:notify')
    await saveClient(t, hw.staff.bureauAdmin, {
      appId: withdrawn.appId,
      protocol: 'oidc',
      redirectUris: [`${entry}callback`],
      clientCredentials: true,
      scopes: ['profile'],
    })
    const late = await send(token, { to: [String(hw.parent.userInfoId)], title: '请假', content: '已批准' })
    expect(late).toMatchObject({ status: 403, code: 403, msg: '应用未获授权发送消息与待办（zx:notify）' })
    const none = await open('POST', '/open/v1/messages', '', { to: ['1'], title: 'a', content: 'b' })
    expect(none.status).toBe(401)
  })
})

describe('POST /open/v1/messages', () => {
  it("puts the message in the person's message centre, as 应用通知, linking to the app", async () => {
    const r = await send(leaveToken, {
      to: [String(hw.parent.userInfoId)],
      title: '请假已批准',
      content: '李小明 11月28日 病假已批准',
      link: `${entry}requests/1`,
    })
    expect(r).toMatchObject({ status: 200, code: 0, msg: '操作成功', data: { sent: 1 } })
    const got = await inbox(hw.parent.token)
    expect(got[0]).toMatchObject({
      event: 'appNotice',
      title: '请假已批准',
      content: '李小明 11月28日 病假已批准',
      link: `${entry}requests/1`,
      read: false,
    })
    // Nobody else was told.
    expect((await inbox(hw.teacher.token)).filter((m) => m.event === 'appNotice')).toEqual([])
    // Without a link the message opens the app's entry address.
    await send(leaveToken, { to: [String(hw.teacher.userInfoId)], title: '待审批', content: '有 1 条请假待审批' })
    expect((await inbox(hw.teacher.token))[0]).toMatchObject({ title: '待审批', link: entry })
    const log = await t.db.tenant(hw.w.tenantId, (trx) =>
      trx
        .selectFrom('app_access_log')
        .select(['kind', 'scope', 'detail'])
        .where('app_id', '=', leave.appId)
        .where('kind', '=', 'notify')
        .orderBy('id')
        .execute(),
    )
    expect(log[0]).toEqual({ kind: 'notify', scope: 'directory zx:notify', detail: '/open/v1/messages 1' })
  })

  it("finds people by a pairwise app's own subject ids", async () => {
    // The vendor's subs are its pairwise ids: the person's own id means nobody to it.
    const wrong = await send(vendorToken, { to: [String(hw.student.userInfoId)], title: '作业', content: '新作业' })
    expect(wrong).toMatchObject({ status: 400, code: 400, msg: `接收人不存在：${hw.student.userInfoId}` })
    const sub = subjectFor(
      t.ctx,
      { tenantId: hw.w.tenantId, clientId: vendor.clientId, subjectType: 'pairwise' },
      hw.student.userInfoId,
    )
    const r = await send(vendorToken, { to: [sub], title: '作业', content: '语文作业已布置' })
    expect(r).toMatchObject({ code: 0, data: { sent: 1 } })
    expect((await inbox(hw.student.token))[0]).toMatchObject({ event: 'appNotice', title: '作业' })
  })

  it('queues an SMS when the school saved an SMS template for 应用通知', async () => {
    const saved = await call(t, {
      url: '/base/api/messagetemplate/create',
      token: hw.staff.schoolAdmin,
      body: {
        name: '应用通知短信',
        event: 'appNotice',
        pushType: 'sms',
        title: '',
        content: '【{应用名称}】{标题}：{内容}',
        smsTemplateCode: 'SMS_APP_1',
      },
    })
    expect(saved, JSON.stringify(saved)).toMatchObject({ code: 0 })
    const r = await send(leaveToken, { to: [String(hw.parent.userInfoId)], title: '请假已批准', content: '明天病假' })
    expect(r.data).toEqual({ sent: 1 })
    const push = await t.db.tenant(hw.w.tenantId, (trx) =>
      trx
        .selectFrom('message_push')
        .select(['channel', 'target', 'template_ref', 'text'])
        .where('channel', '=', 'sms')
        .where('target', '=', '13800000031')
        .executeTakeFirst(),
    )
    expect(push).toEqual({
      channel: 'sms',
      target: '13800000031',
      template_ref: 'SMS_APP_1',
      text: '【请假审批】请假已批准：明天病假',
    })
  })

  it('refuses an unknown sub naming it, and writes nothing for the others', async () => {
    const before = (await inbox(hw.student.token)).length
    const r = await send(leaveToken, {
      to: [String(hw.student.userInfoId), '999999999'],
      title: '通知',
      content: '内容',
    })
    expect(r).toMatchObject({ status: 400, code: 400, msg: '接收人不存在：999999999' })
    expect((await inbox(hw.student.token)).length).toBe(before)
  })

  it("never reaches another tenant's person", async () => {
    const w2 = await makeWorld(t)
    const outsider = await makePerson(t, w2.tenantId, {
      trueName: '外区家长',
      memberships: [{ orgId: w2.schoolId, userType: UserType.PARENT, roleIds: [] }],
    })
    const r = await send(leaveToken, { to: [String(outsider.userInfoIds[0])], title: '通知', content: '内容' })
    expect(r).toMatchObject({ status: 400, msg: `接收人不存在：${outsider.userInfoIds[0]}` })
    const b = await badges(leaveToken, { counts: [{ sub: String(outsider.userInfoIds[0]), count: 3 }] })
    expect(b).toMatchObject({ status: 400, msg: `接收人不存在：${outsider.userInfoIds[0]}` })
    const n = await t.db.tenant(w2.tenantId, (trx) =>
      trx
        .selectFrom('message')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event', '=', 'appNotice')
        .executeTakeFirstOrThrow(),
    )
    expect(Number(n.n)).toBe(0)
  })

  it('refuses 1001 recipients, a 51-character title, a NUL, a non-http link and an empty content', async () => {
    const to = Array.from({ length: 1001 }, (_, i) => String(i + 1))
    const many = await send(leaveToken, { to, title: '通知', content: '内容' })
    expect(many).toMatchObject({ status: 400, code: 400 })
    expect(many.msg).toContain('接收人最多 1000 位')
    const long = await send(leaveToken, { to: ['1'], title: '题'.repeat(51), content: '内容' })
    expect(long).toMatchObject({ status: 400 })
    expect(long.msg).toContain('标题为 1–50 个字')
    const nul = await send(leaveToken, { to: ['1'], title: '通知', content: 'a\u0000b' })
    expect(nul).toMatchObject({ status: 400, code: 400 })
    const js = await send(leaveToken, { to: ['1'], title: '通知', content: '内容', link: 'javascript:alert(1)' })
    expect(js.msg).toContain('http(s)')
    const empty = await send(leaveToken, { to: ['1'], title: '通知', content: '  ' })
    expect(empty.msg).toContain('内容为 1–500 个字')
  })
})

describe('PUT /open/v1/badges', () => {
  it("shows the count on the app in the person's red dots, and 0 removes it", async () => {
    const sub = String(hw.teacher.userInfoId)
    const r = await badges(leaveToken, {
      counts: [
        { sub, count: 3 },
        { sub: String(hw.parent.userInfoId), count: 0 },
      ],
    })
    expect(r).toMatchObject({ status: 200, code: 0, data: { updated: 2 } })
    const dots = await dotsOf(hw.teacher.token)
    expect(dots.enabled).toBe(true)
    expect(dots.dots.find((d) => d.key === leave.uniqueId)).toEqual({
      kind: 'app',
      key: leave.uniqueId,
      count: 3,
      dot: false,
      label: null,
    })
    // Only the teacher's own: the parent and the student see no count on the app.
    expect((await dotsOf(hw.parent.token)).dots.find((d) => d.key === leave.uniqueId)).toBeUndefined()
    expect((await dotsOf(hw.student.token)).dots.find((d) => d.key === leave.uniqueId)).toBeUndefined()
    // Set again: replaced, not added.
    await badges(leaveToken, { counts: [{ sub, count: 5 }] })
    expect((await dotsOf(hw.teacher.token)).dots.find((d) => d.key === leave.uniqueId)?.count).toBe(5)
    await badges(leaveToken, { counts: [{ sub, count: 0 }] })
    expect((await dotsOf(hw.teacher.token)).dots.find((d) => d.key === leave.uniqueId)).toBeUndefined()
    const rows = await t.db.tenant(hw.w.tenantId, (trx) =>
      trx.selectFrom('app_badge').select('count').where('app_id', '=', leave.appId).execute(),
    )
    expect(rows).toEqual([])
  })

  it('counts only for an app the person is offered, and not while red dots are off', async () => {
    const sub = String(hw.student.userInfoId)
    await badges(leaveToken, { counts: [{ sub, count: 2 }] })
    expect((await dotsOf(hw.student.token)).dots.find((d) => d.key === leave.uniqueId)?.count).toBe(2)
    // The app is no longer for students (应用管理 › 使用对象): no count, though the badge is kept.
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx
        .updateTable('app')
        .set({ user_types: JSON.stringify([UserType.STAFF, UserType.PARENT]) })
        .where('id', '=', leave.appId)
        .execute(),
    )
    expect((await dotsOf(hw.student.token)).dots.find((d) => d.key === leave.uniqueId)).toBeUndefined()
    await t.db.tenant(hw.w.tenantId, (trx) =>
      trx.updateTable('app').set({ user_types: null }).where('id', '=', leave.appId).execute(),
    )
    expect((await dotsOf(hw.student.token)).dots.find((d) => d.key === leave.uniqueId)?.count).toBe(2)
    const off = await call(t, {
      url: '/base/configMgr/setRedotMsgConfig',
      token: hw.staff.schoolAdmin,
      body: { value: { enabled: false, rules: [] } },
    })
    expect(off.code).toBe(0)
    expect(await dotsOf(hw.student.token)).toMatchObject({ enabled: false, dots: [] })
    const on = await call(t, {
      url: '/base/configMgr/setRedotMsgConfig',
      token: hw.staff.schoolAdmin,
      body: { value: { enabled: true, maxCount: 99, rules: [] } },
    })
    expect(on.code, on.msg).toBe(0)
    expect(await dotsOf(hw.student.token)).toMatchObject({
      enabled: true,
      maxCount: 99,
      dots: [{ kind: 'app', key: leave.uniqueId, count: 2 }],
    })
  })

  it('adds a rule on the app to its badge', async () => {
    const sub = String(hw.parent.userInfoId)
    await badges(leaveToken, { counts: [{ sub, count: 4 }] })
    const unread = (await inbox(hw.parent.token)).filter((m) => !m.read).length
    expect(unread).toBeGreaterThan(0)
    const rules = [
      {
        id: 'leave-msgs',
        name: '未读消息',
        target: { kind: 'app', key: leave.uniqueId },
        source: 'messages',
        style: 'count',
        endDate: null,
        enabled: true,
      },
    ]
    const saved = await call(t, {
      url: '/base/configMgr/setRedotMsgConfig',
      token: hw.staff.schoolAdmin,
      body: { value: { enabled: true, rules } },
    })
    expect(saved.code, saved.msg).toBe(0)
    expect((await dotsOf(hw.parent.token)).dots.find((d) => d.key === leave.uniqueId)?.count).toBe(4 + unread)
  })

  it('refuses 5001 counts, a count of 10000 or -1, a fraction, and an unknown sub', async () => {
    const counts = Array.from({ length: 5001 }, (_, i) => ({ sub: String(i + 1), count: 1 }))
    const many = await badges(leaveToken, { counts })
    expect(many).toMatchObject({ status: 400 })
    expect(many.msg).toContain('5000')
    for (const count of [10000, -1, 1.5]) {
      const r = await badges(leaveToken, { counts: [{ sub: String(hw.teacher.userInfoId), count }] })
      expect(r.status, String(count)).toBe(400)
      expect(r.msg).toContain('待办数须为 0–9999 的整数')
    }
    const unknown = await badges(leaveToken, {
      counts: [
        { sub: String(hw.teacher.userInfoId), count: 7 },
        { sub: 'nobody', count: 1 },
      ],
    })
    expect(unknown).toMatchObject({ status: 400, msg: '接收人不存在：nobody' })
    // Nothing half-written: the teacher's badge was not set by the refused call.
    const rows = await t.db.tenant(hw.w.tenantId, (trx) =>
      trx
        .selectFrom('app_badge')
        .select('count')
        .where('app_id', '=', leave.appId)
        .where('user_info_id', '=', hw.teacher.userInfoId)
        .execute(),
    )
    expect(rows).toEqual([])
  })
})

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { MpMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { drainPushes } from '../src/modules/messages/dispatch.js'
import { dingtalkProvider } from '../src/platform/providers/dingtalk.js'
import { wechatProvider } from '../src/platform/providers/wechat.js'
import {
  call,
  createTestApp,
  loginToken,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'

/**
 * The teacher and parent terminals' WeChat official accounts and DingTalk apps (/menhu-teacher/wenlist, dingTalk,
 * dingMessageindex, addModel; the same under /menhu-parent): a message to a teacher or a parent also leaves through
 * them as their settings say (docs/messages.md "Teacher and parent terminals"), against a local stand-in speaking
 * WeChat's and DingTalk's documented protocols.
 */
let t: TestApp
let w: World
let s: Staff
const A = '/base/api/mpApp'
const SECRET = 'S3cretS3cretS3cretS3cret'
const DD_SECRET = 'DdSecretDdSecretDdSecret'

type Seen = { method: string; path: string; query: Record<string, string>; body: Record<string, unknown> | null }
/** One server for both APIs: WeChat (cgi-bin/*, sns/*) and DingTalk (gettoken, topapi/*). Records every request. */
function standIn() {
  const seen: Seen[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x')
    let raw = ''
    req.on('data', (c: Buffer) => {
      raw += c.toString()
    })
    req.on('end', () => {
      const query = Object.fromEntries(url.searchParams)
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null
      seen.push({ method: req.method!, path: url.pathname, query, body })
      const answer = (o: unknown) => {
        res.setHeader('Content-Type', 'application/json')
        res.end(JSON.stringify(o))
      }
      switch (url.pathname) {
        case '/cgi-bin/token':
          return answer(
            query.secret === SECRET
              ? { access_token: 'WX-TOKEN', expires_in: 7200 }
              : { errcode: 40125, errmsg: 'invalid appsecret' },
          )
        case '/sns/oauth2/access_token':
          return answer(
            query.code?.startsWith('CODE-')
              ? { access_token: 'x', openid: `OPENID-${query.appid}-${query.code.slice(5)}` }
              : { errcode: 40029, errmsg: 'invalid code' },
          )
        case '/cgi-bin/message/template/send':
          return answer(
            query.access_token === 'WX-TOKEN'
              ? { errcode: 0, errmsg: 'ok', msgid: 1 }
              : { errcode: 40001, errmsg: 'invalid credential' },
          )
        case '/gettoken':
          return answer(
            query.appsecret === DD_SECRET
              ? { errcode: 0, access_token: 'DD-TOKEN', expires_in: 7200 }
              : { errcode: 40089, errmsg: 'invalid appsecret' },
          )
        case '/topapi/v2/user/getbymobile':
          if (query.access_token !== 'DD-TOKEN') return answer({ errcode: 88, errmsg: 'invalid token' })
          return answer(
            body?.mobile === '13900000404'
              ? { errcode: 60121, errmsg: 'user not found' }
              : { errcode: 0, errmsg: 'ok', result: { userid: `DD-${String(body?.mobile)}` } },
          )
        case '/topapi/message/corpconversation/asyncsend_v2':
          return answer({ errcode: 0, errmsg: 'ok', task_id: 256271667526 })
        case '/topapi/message/corpconversation/sendbytemplate':
          return answer({ errcode: 0, errmsg: 'ok', result: { task_id: 256271667527 } })
      }
      res.statusCode = 404
      res.end()
    })
  })
  return { server, seen }
}

let stand: ReturnType<typeof standIn>
let base: string
/** A fresh pair of clients per drain, so each test sees its own token calls. */
const drain = () => drainPushes(t.ctx, { wechat: wechatProvider(), dingtalk: dingtalkProvider() })
const pushes = (accountId: number) =>
  t.db.tenant(w.tenantId, (trx) =>
    trx
      .selectFrom('message_push as p')
      .innerJoin('message as m', (j) => j.onRef('m.tenant_id', '=', 'p.tenant_id').onRef('m.id', '=', 'p.message_id'))
      .select(['p.channel', 'p.target', 'p.template_ref', 'p.status', 'p.error'])
      .where('m.account_id', '=', accountId)
      .orderBy('p.channel')
      .execute(),
  )

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  stand = standIn()
  await new Promise<void>((r) => stand.server.listen(0, '127.0.0.1', r))
  base = `http://127.0.0.1:${(stand.server.address() as AddressInfo).port}/`
})
afterAll(async () => {
  await new Promise<void>((r) => {
    stand.server.close(() => r())
    stand.server.closeAllConnections()
  })
  await t.close()
})
beforeEach(() => {
  stand.seen.length = 0
})

const app = (scope: 'teacher' | 'parent', body: Record<string, unknown>) =>
  call(t, { url: `${A}/${scope}/save`, token: s.schoolAdmin, body: { apiBase: base, ...body } })
const resetTeacher = (userInfoId: number) =>
  call(t, { url: '/base/api/userInfo/teacherInfo/resetPassword', token: s.schoolAdmin, body: { id: userInfoId } })
const resetParent = (userInfoId: number) =>
  call(t, { url: '/base/api/userInfo/parentBindChild/resetPassword', token: s.schoolAdmin, body: { id: userInfoId } })

describe('DingTalk provider', () => {
  it('caches the access token until shortly before expiry, then fetches a new one', async () => {
    let now = 0
    const dd = dingtalkProvider(() => now)
    const app = { appKey: 'dingCACHE01', appSecret: DD_SECRET, agentId: '9', apiBase: base }
    const notice = { mobile: '13900000077', title: '', content: '你好', data: {} }
    expect(await dd.sendWorkNotice(app, notice)).toEqual({ ok: true, taskId: '256271667526' })
    expect(await dd.sendWorkNotice(app, notice)).toMatchObject({ ok: true })
    expect(stand.seen.filter((r) => r.path === '/gettoken')).toHaveLength(1)
    now += 7200_000
    await dd.sendWorkNotice(app, notice)
    expect(stand.seen.filter((r) => r.path === '/gettoken')).toHaveLength(2)
    expect(await dd.sendWorkNotice({ ...app, appSecret: 'wrongwrongwrongwrong' }, notice)).toEqual({
      ok: false,
      error: 'token 40089 invalid appsecret',
    })
  })
})

describe('teacher and parent terminals', () => {
  let teacher: Awaited<ReturnType<typeof makePerson>>
  let parent: Awaited<ReturnType<typeof makePerson>>
  const ids: Record<string, number> = {}

  beforeAll(async () => {
    teacher = await makePerson(t, w.tenantId, {
      trueName: '孙老师',
      phone: '13900000001',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    parent = await makePerson(t, w.tenantId, {
      trueName: '周家长',
      phone: '13900000002',
      memberships: [{ orgId: w.schoolId, userType: UserType.PARENT, roleIds: [] }],
    })
  })

  it('sends nothing outside the portal while no terminal app is configured (off by default)', async () => {
    // Others than the two above, whose passwords must stay theirs for the binding below.
    const tt = await makePerson(t, w.tenantId, {
      phone: '13900000011',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    const pp = await makePerson(t, w.tenantId, {
      phone: '13900000012',
      memberships: [{ orgId: w.schoolId, userType: UserType.PARENT, roleIds: [] }],
    })
    expect(await resetTeacher(tt.userInfoIds[0]!)).toMatchObject({ code: 0 })
    expect(await resetParent(pp.userInfoIds[0]!)).toMatchObject({ code: 0 })
    expect(await pushes(tt.accountId)).toEqual([])
    expect(await pushes(pp.accountId)).toEqual([])
    await drain()
    expect(stand.seen).toEqual([])
  })

  it('a terminal’s DingTalk app needs its AgentId; its secret is sealed and never returned', async () => {
    expect(
      await app('teacher', { platform: 'dd_mini', name: '教师钉钉', appId: 'dingTEACHER01', appSecret: DD_SECRET }),
    ).toMatchObject({ code: 400, msg: MpMsg.AGENT_REQUIRED })
    const dd = await app('teacher', {
      platform: 'dd_mini',
      name: '教师钉钉',
      appId: 'dingTEACHER01',
      appSecret: DD_SECRET,
      agentId: '2001',
    })
    expect(dd.code).toBe(0)
    ids.teacherDd = dd.data
    const row = (await call(t, { url: `${A}/teacher/get?id=${dd.data}`, token: s.schoolAdmin })).data
    expect(row).toMatchObject({ hasSecret: true, agentId: '2001' })
    expect(JSON.stringify(row)).not.toContain(DD_SECRET)
    ids.teacherWx = (
      await app('teacher', {
        platform: 'wx_mp',
        name: '教师公众号',
        appId: 'wxTEACHER01',
        appSecret: SECRET,
        templates: { passwordReset: 'WX-T-PWD' },
      })
    ).data
    ids.parentWx = (
      await app('parent', {
        platform: 'wx_mp',
        name: '家长公众号',
        appId: 'wxPARENT01',
        appSecret: SECRET,
        templates: { joinApproved: 'WX-P-JOIN' },
      })
    ).data
    ids.parentDd = (
      await app('parent', {
        platform: 'dd_mini',
        name: '家长钉钉',
        appId: 'dingPARENT01',
        appSecret: DD_SECRET,
        agentId: '3001',
        templates: { passwordReset: 'DD-P-PWD' },
      })
    ).data
    expect(Object.values(ids).every((id) => id > 0)).toBe(true)
  })

  it('binds an openid of the teacher terminal’s official account through its web-authorisation code', async () => {
    const token = await loginToken(t, teacher.userName)
    expect(
      await call(t, { url: '/base/api/message/bindWechat', token, body: { code: 'CODE-T', scope: 'teacher' } }),
    ).toMatchObject({ code: 0 })
    expect(stand.seen.find((r) => r.path === '/sns/oauth2/access_token')?.query).toMatchObject({
      appid: 'wxTEACHER01',
      code: 'CODE-T',
      grant_type: 'authorization_code',
    })
    const ptoken = await loginToken(t, parent.userName)
    expect(
      await call(t, { url: '/base/api/message/bindWechat', token: ptoken, body: { code: 'CODE-P', scope: 'parent' } }),
    ).toMatchObject({ code: 0 })
    expect(
      (await call(t, { url: '/base/api/message/bindWechat', token: ptoken, body: { code: 'CODE-P', scope: 'nope' } }))
        .code,
    ).toBe(400)
  })

  it('a teacher’s message goes out as a WeChat template message (mapped id, openid) and a DingTalk work notice (userid by phone)', async () => {
    expect(await resetTeacher(teacher.userInfoIds[0]!)).toMatchObject({ code: 0 })
    // Queued in the reset's transaction: the teacher terminal's two apps, none of the parent terminal's.
    expect(await pushes(teacher.accountId)).toEqual([
      { channel: 'dingtalk', target: '13900000001', template_ref: null, status: 0, error: null },
      { channel: 'wechat', target: 'OPENID-wxTEACHER01-T', template_ref: 'WX-T-PWD', status: 0, error: null },
    ])
    expect(await drain()).toBe(2)
    const path = (p: string) => stand.seen.filter((r) => r.path === p)
    expect(path('/cgi-bin/token').map((r) => r.query)).toEqual([
      { grant_type: 'client_credential', appid: 'wxTEACHER01', secret: SECRET },
    ])
    const wx = path('/cgi-bin/message/template/send')
    expect(wx).toHaveLength(1)
    expect(wx[0]!.query).toEqual({ access_token: 'WX-TOKEN' })
    expect(wx[0]!.body).toMatchObject({
      touser: 'OPENID-wxTEACHER01-T',
      template_id: 'WX-T-PWD',
      data: {
        first: { value: '密码已重置' },
        keyword1: { value: expect.stringContaining('孙老师，您的账号') as string },
        remark: { value: expect.any(String) as string },
      },
    })
    expect(path('/gettoken').map((r) => r.query)).toEqual([{ appkey: 'dingTEACHER01', appsecret: DD_SECRET }])
    expect(path('/topapi/v2/user/getbymobile')).toEqual([
      {
        method: 'POST',
        path: '/topapi/v2/user/getbymobile',
        query: { access_token: 'DD-TOKEN' },
        body: { mobile: '13900000001' },
      },
    ])
    const dd = path('/topapi/message/corpconversation/asyncsend_v2')
    expect(dd).toHaveLength(1)
    expect(dd[0]!.query).toEqual({ access_token: 'DD-TOKEN' })
    expect(dd[0]!.body).toEqual({
      agent_id: 2001,
      userid_list: 'DD-13900000001',
      msg: { msgtype: 'text', text: { content: expect.stringMatching(/^密码已重置\n孙老师，您的账号/) as string } },
    })
    expect((await pushes(teacher.accountId)).map((p) => p.status)).toEqual([1, 1])
  })

  it('a parent’s message uses the parent terminal and its template map: DingTalk’s template for the event, no WeChat for an unmapped one', async () => {
    expect(await resetParent(parent.userInfoIds[0]!)).toMatchObject({ code: 0 })
    // The parent official account maps joinApproved only, so a password reset does not go through it.
    expect(await pushes(parent.accountId)).toEqual([
      { channel: 'dingtalk', target: '13900000002', template_ref: 'DD-P-PWD', status: 0, error: null },
    ])
    await drain()
    expect(stand.seen.map((r) => r.path)).toEqual([
      '/gettoken',
      '/topapi/v2/user/getbymobile',
      '/topapi/message/corpconversation/sendbytemplate',
    ])
    expect(stand.seen[0]!.query).toEqual({ appkey: 'dingPARENT01', appsecret: DD_SECRET })
    const body = stand.seen[2]!.body!
    expect(body).toMatchObject({ agent_id: 3001, template_id: 'DD-P-PWD', userid_list: 'DD-13900000002' })
    expect(JSON.parse(body.data as string)).toMatchObject({
      title: '密码已重置',
      content: expect.stringContaining('周家长') as string,
      time: expect.any(String) as string,
    })
  })

  it('a DingTalk refusal is recorded on the push and retried later', async () => {
    const p = await makePerson(t, w.tenantId, {
      trueName: '冯老师',
      phone: '13900000404',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    expect(await resetTeacher(p.userInfoIds[0]!)).toMatchObject({ code: 0 })
    await drain()
    expect(await pushes(p.accountId)).toEqual([
      {
        channel: 'dingtalk',
        target: '13900000404',
        template_ref: null,
        status: 0,
        error: 'getbymobile 60121 user not found',
      },
    ])
    expect(stand.seen.some((r) => r.path.includes('corpconversation'))).toBe(false)
  })

  it('an app switched off sends nothing, and the settings stay with the school that saved them', async () => {
    for (const [scope, id, platform, appId, secret, agentId] of [
      ['teacher', ids.teacherDd, 'dd_mini', 'dingTEACHER01', DD_SECRET, '2001'],
      ['teacher', ids.teacherWx, 'wx_mp', 'wxTEACHER01', SECRET, ''],
      ['parent', ids.parentDd, 'dd_mini', 'dingPARENT01', DD_SECRET, '3001'],
    ] as const) {
      expect(
        await app(scope, { id, platform, name: '关闭', appId, appSecret: secret, agentId, enabled: false }),
      ).toMatchObject({ code: 0 })
    }
    await drain()
    stand.seen.length = 0
    expect(await resetTeacher(teacher.userInfoIds[0]!)).toMatchObject({ code: 0 })
    expect(await resetParent(parent.userInfoIds[0]!)).toMatchObject({ code: 0 })
    const queued = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('message_push')
        .select('id')
        .where('status', '=', 0)
        .where('target', 'in', ['13900000001', '13900000002', 'OPENID-wxTEACHER01-T'])
        .execute(),
    )
    expect(queued).toEqual([])
    await drain()
    expect(stand.seen).toEqual([])
    // Another school's people are not reached by this school's terminal apps.
    const other = await makePerson(t, w.tenantId, {
      phone: '13900000003',
      memberships: [{ orgId: w.school2Id, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    expect(
      await call(t, {
        url: '/base/api/userInfo/teacherInfo/resetPassword',
        token: s.school2Admin,
        body: { id: other.userInfoIds[0] },
      }),
    ).toMatchObject({ code: 0 })
    expect(await pushes(other.accountId)).toEqual([])
  })
})

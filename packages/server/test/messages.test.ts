import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { MessageMsg, Msg, MpMsg, InputMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRole } from '../src/modules/tenant/provisioning.js'
import { drainPushes } from '../src/modules/messages/dispatch.js'
import { notify } from '../src/platform/notify.js'
import { importRunner } from '../src/modules/imports/runner.js'
import { TEACHER_COLUMNS } from '../src/modules/people/columns.js'
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
import { upload, xlsx } from './xlsx.js'

let t: TestApp
let w: World
let s: Staff
let foreign: Staff
let foreignWorld: World
/** Holds the page and template codes of the service account, nothing else. */
let templater: string
/** Holds the teacher terminal's page code only (no edit button). */
let mobileViewer: string
const T = '/base/api/messagetemplate'
const M = '/base/api/message'
const A = '/base/api/mpApp'
const SECRET = 'S3cretS3cretS3cretS3cret'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreignWorld = await makeWorld(t)
  foreign = await staffOf(t, foreignWorld)
  const roles = await t.db.tenant(w.tenantId, async (trx) => ({
    tpl: await createRole(trx, {
      code: 'msg_tpl',
      name: '模板',
      permissions: ['sc_menhu_service_config', 'sc_menhu_service_config_template'],
    }),
    mob: await createRole(trx, { code: 'mob_view', name: '教师端查看', permissions: ['sc_menhu_mobile_t'] }),
  }))
  const as = async (roleId: number) =>
    loginToken(
      t,
      (
        await makePerson(t, w.tenantId, {
          memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [roleId] }],
        })
      ).userName,
    )
  templater = await as(roles.tpl)
  mobileViewer = await as(roles.mob)
})
afterAll(() => t.close())

const count = (table: 'message_template' | 'message' | 'mp_app' | 'message_push', tenantId = w.tenantId) =>
  t.db.tenant(tenantId, async (trx) =>
    Number(
      (
        await trx
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  )
const inbox = (token: string) => call(t, { url: `${M}/queryPage`, token, body: { pageIndex: 1, pageSize: 50 } })
const unread = async (token: string) => (await call(t, { url: `${M}/unreadCount`, token })).data as number
const tpl = (body: Record<string, unknown>) => ({
  name: '加入通过',
  event: 'joinApproved',
  pushType: 'site',
  title: '欢迎',
  content: '{姓名}，欢迎加入{学校名称}',
  ...body,
})

describe('message templates', () => {
  let id: number
  it('lists push types, events and each event’s keywords', async () => {
    expect(
      (await call(t, { url: `${T}/getPushType`, token: templater })).data.map((o: { value: string }) => o.value),
    ).toEqual(['site', 'sms', 'wechat'])
    expect((await call(t, { url: `${T}/getTriggerEvent`, token: templater })).data).toContainEqual({
      value: 'joinApproved',
      label: '加入申请审核通过',
    })
    expect((await call(t, { url: `${T}/getKeyword?event=joinApproved`, token: templater })).data).toContain(
      '{学生姓名}',
    )
    expect((await call(t, { url: `${T}/getKeyword?event=nope`, token: templater })).status).toBe(400)
  })

  it('creates, reads, pages, updates and deletes for holders of the template code only', async () => {
    expect((await call(t, { url: `${T}/create`, body: tpl({}) })).status).toBe(401)
    expect(await call(t, { url: `${T}/create`, token: s.teacher, body: tpl({}) })).toMatchObject({
      status: 403,
      msg: Msg.NO_PERMISSION,
    })
    expect((await call(t, { url: `${T}/queryPage`, token: s.teacher, body: {} })).status).toBe(403)
    const c = await call(t, { url: `${T}/create`, token: templater, body: tpl({}) })
    expect(c).toMatchObject({ code: 0 })
    id = c.data
    expect((await call(t, { url: `${T}/get?id=${id}`, token: templater })).data).toMatchObject({
      name: '加入通过',
      orgId: w.schoolId,
      enabled: true,
    })
    expect(
      (await call(t, { url: `${T}/queryPage`, token: templater, body: { event: 'joinApproved' } })).data.total,
    ).toBe(1)
    // One template per org, event and push type.
    expect(await call(t, { url: `${T}/create`, token: templater, body: tpl({}) })).toMatchObject({
      code: 409,
      msg: MessageMsg.DUPLICATE,
    })
    expect(
      await call(t, {
        url: `${T}/update`,
        token: templater,
        body: tpl({ id, content: '{姓名}：{学校名称}已通过您的申请', enabled: true }),
      }),
    ).toMatchObject({ code: 0 })
    const tmp = (
      await call(t, { url: `${T}/create`, token: templater, body: tpl({ pushType: 'sms', smsTemplateCode: 'SMS_1' }) })
    ).data
    expect(await call(t, { url: `${T}/delete`, token: templater, body: { id: tmp } })).toMatchObject({ code: 0 })
    expect((await call(t, { url: `${T}/get?id=${tmp}`, token: templater })).status).toBe(404)
  })

  it('hides other tenants’ and other schools’ templates', async () => {
    for (const token of [foreign.schoolAdmin, s.school2Admin]) {
      expect((await call(t, { url: `${T}/get?id=${id}`, token })).status).toBe(404)
      expect((await call(t, { url: `${T}/update`, token, body: tpl({ id, name: '改' }) })).status).toBe(404)
      expect((await call(t, { url: `${T}/delete`, token, body: { id } })).status).toBe(404)
    }
    expect((await call(t, { url: `${T}/get?id=${id}`, token: templater })).data.name).toBe('加入通过')
  })

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const before = await count('message_template')
    const bad: [Record<string, unknown>, string][] = [
      [{ name: 'a\u0000b' }, InputMsg.ILLEGAL_CHARS],
      [{ name: 'x'.repeat(31) }, '模板名称不能超过30个字'],
      [{ content: '{不存在}' }, MessageMsg.UNKNOWN_KEYWORD],
      [{ pushType: 'sms' }, MessageMsg.SMS_TEMPLATE_REQUIRED],
      [{ event: 1 }, MessageMsg.EVENT_REQUIRED],
      [{ link: 'javascript:alert(1)' }, InputMsg.PATH_LINK],
    ]
    for (const [b, msg] of bad)
      expect(await call(t, { url: `${T}/create`, token: templater, body: tpl({ name: '坏', ...b }) })).toMatchObject({
        status: 400,
        msg,
      })
    expect(await count('message_template')).toBe(before)
  })
})

describe('service accounts and mini-programs', () => {
  it('seals the secret, never returns it, and keeps it when an edit leaves it empty', async () => {
    const body = {
      platform: 'wx_mp',
      name: '一小服务号',
      appId: 'wx1234567890',
      appSecret: SECRET,
      templates: { joinApproved: 'TPL_JOIN' },
    }
    expect((await call(t, { url: `${A}/service/save`, body })).status).toBe(401)
    expect((await call(t, { url: `${A}/service/save`, token: s.teacher, body })).status).toBe(403)
    const saved = await call(t, { url: `${A}/service/save`, token: s.schoolAdmin, body })
    expect(saved).toMatchObject({ code: 0 })
    const list = await call(t, { url: `${A}/service/list`, token: s.schoolAdmin })
    expect(list.data).toEqual([
      expect.objectContaining({ appId: 'wx1234567890', hasSecret: true, templates: { joinApproved: 'TPL_JOIN' } }),
    ])
    expect(JSON.stringify(list)).not.toContain(SECRET)
    expect(
      JSON.stringify(await call(t, { url: `${A}/service/get?id=${saved.data}`, token: s.schoolAdmin })),
    ).not.toContain(SECRET)
    const row = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('mp_app').select('app_secret_sealed').where('id', '=', saved.data).executeTakeFirstOrThrow(),
    )
    expect(row.app_secret_sealed).not.toContain(SECRET)
    expect(t.ctx.secrets.open(row.app_secret_sealed)).toBe(SECRET)
    expect(
      await call(t, {
        url: `${A}/service/save`,
        token: s.schoolAdmin,
        body: { ...body, id: saved.data, appSecret: '', name: '改名' },
      }),
    ).toMatchObject({ code: 0 })
    const after = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('mp_app')
        .select(['app_secret_sealed', 'name'])
        .where('id', '=', saved.data)
        .executeTakeFirstOrThrow(),
    )
    expect([after.name, t.ctx.secrets.open(after.app_secret_sealed)]).toEqual(['改名', SECRET])
    await call(t, { url: `${A}/service/delete`, token: s.schoolAdmin, body: { id: saved.data } })
  })

  it('checks each terminal’s own codes, tenants and input', async () => {
    const dd = { platform: 'dd_mini', name: '教师钉钉', appId: 'ding123456', appSecret: SECRET, agentId: '123' }
    expect((await call(t, { url: `${A}/teacher/list`, token: mobileViewer })).status).toBe(200)
    // The page code reads; writing needs the terminal's edit button.
    expect((await call(t, { url: `${A}/teacher/save`, token: mobileViewer, body: dd })).status).toBe(403)
    expect((await call(t, { url: `${A}/parent/list`, token: mobileViewer })).status).toBe(403)
    const id = (await call(t, { url: `${A}/teacher/save`, token: s.schoolAdmin, body: dd })).data as number
    expect((await call(t, { url: `${A}/parent/get?id=${id}`, token: s.schoolAdmin })).status).toBe(404)
    expect((await call(t, { url: `${A}/teacher/get?id=${id}`, token: foreign.schoolAdmin })).status).toBe(404)
    expect((await call(t, { url: `${A}/teacher/delete`, token: foreign.schoolAdmin, body: { id } })).status).toBe(404)
    const before = await count('mp_app')
    for (const [b, msg] of [
      [{ appId: 'a b' }, MpMsg.APP_ID_INVALID],
      [{ appSecret: 'short' }, MpMsg.SECRET_INVALID],
      [{ name: 'x\u0000' }, InputMsg.ILLEGAL_CHARS],
      [{ platform: 'wx_mini' }, MpMsg.PLATFORM_NOT_ALLOWED],
      [{ agentId: 'abc' }, 'AgentId只能是数字'],
    ] as const)
      expect(await call(t, { url: `${A}/teacher/save`, token: s.schoolAdmin, body: { ...dd, ...b } })).toMatchObject({
        code: 400,
        msg,
      })
    expect(
      await call(t, { url: `${A}/waipin/save`, token: s.schoolAdmin, body: { ...dd, appSecret: '' } }),
    ).toMatchObject({ code: 400, msg: MpMsg.SECRET_REQUIRED })
    expect(await count('mp_app')).toBe(before)
  })
})

describe('message centre and the trigger events', () => {
  it('a join approval sends the in-app message through the org’s template; read one, read all', async () => {
    const p = await makePerson(t, w.tenantId, {
      trueName: '赵家长',
      memberships: [{ orgId: w.school2Id, userType: UserType.PARENT, roleIds: [] }],
    })
    const token = await loginToken(t, p.userName)
    const req = (await call(t, { url: '/base/api/userInfo/joinAudit/apply', token, body: { orgId: w.schoolId } })).data
    expect(await unread(token)).toBe(0)
    expect(
      await call(t, {
        url: '/base/api/userInfo/joinAudit/decide',
        token: s.schoolAdmin,
        body: { id: req, approve: true },
      }),
    ).toMatchObject({ code: 0 })
    const list = (await inbox(token)).data
    expect(list.list).toEqual([
      expect.objectContaining({
        event: 'joinApproved',
        title: '欢迎',
        content: '赵家长：测试一小已通过您的申请',
        read: false,
      }),
    ])
    expect(await unread(token)).toBe(1)
    // Nobody else reads it or marks it.
    expect((await call(t, { url: `${M}/read`, token: s.teacher, body: { id: list.list[0].id } })).status).toBe(404)
    expect(
      (await call(t, { url: `${M}/read`, token: foreign.schoolAdmin, body: { id: list.list[0].id } })).status,
    ).toBe(404)
    expect((await inbox(s.teacher)).data.total).toBe(0)
    expect(await call(t, { url: `${M}/read`, token, body: { id: list.list[0].id } })).toMatchObject({ code: 0 })
    expect(await unread(token)).toBe(0)
    expect((await call(t, { url: `${M}/unreadCount` })).status).toBe(401)
    expect((await call(t, { url: `${M}/read`, token, body: { id: 'x' } })).status).toBe(400)
  })

  it('an admin’s password reset uses the built-in template when the org has none', async () => {
    const p = await makePerson(t, w.tenantId, {
      trueName: '钱老师',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    expect(
      await call(t, {
        url: '/base/api/userInfo/teacherInfo/resetPassword',
        token: s.schoolAdmin,
        body: { id: p.userInfoIds[0] },
      }),
    ).toMatchObject({ code: 0 })
    const rows = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('message').select(['title', 'content', 'read_at']).where('account_id', '=', p.accountId).execute(),
    )
    expect(rows).toEqual([
      { title: '密码已重置', content: expect.stringContaining('钱老师，您的账号') as string, read_at: null },
    ])
    expect(rows[0]!.content).toContain('管理员重置')
  })

  it('an answered complaint tells its submitter', async () => {
    const C = '/base/complainSuggestion'
    await call(t, {
      url: `${C}/config/set`,
      token: s.schoolAdmin,
      body: { enable: true, userRole: [1002], allowAnonymous: true },
    })
    const handler = await makePerson(t, w.tenantId, {
      trueName: '孙处理',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    const classId = (
      await call(t, {
        url: `${C}/classification/add`,
        token: s.schoolAdmin,
        body: { name: '后勤', handlerIds: [handler.userInfoIds[0]] },
      })
    ).data
    const sub = await makePerson(t, w.tenantId, {
      trueName: '李老师',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    const token = await loginToken(t, sub.userName)
    const id = (await call(t, { url: `${C}/add`, token, body: { classId, title: '食堂太咸', content: '少放盐' } })).data
    await call(t, {
      url: `${C}/changeStatus`,
      token: await loginToken(t, handler.userName),
      body: { id, status: 1, reply: '' },
    })
    expect(await unread(token)).toBe(0)
    expect(
      await call(t, {
        url: `${C}/changeStatus`,
        token: await loginToken(t, handler.userName),
        body: { id, status: 2, reply: '已改进' },
      }),
    ).toMatchObject({ code: 0 })
    expect((await inbox(token)).data.list[0]).toMatchObject({
      event: 'complaintAnswered',
      content: expect.stringContaining('“食堂太咸”') as string,
    })
    expect((await inbox(token)).data.list[0].content).toContain('已改进')
  })

  it('a published news item asking for confirmation reaches every member below its org', async () => {
    const types = (await call(t, { url: '/base/portal/module/getCMSTypeList', token: s.schoolAdmin })).data as {
      id: number
      name: string
    }[]
    const add = await call(t, {
      url: '/base/api/cms2/news/add',
      token: s.schoolAdmin,
      body: { title: '安全须知', noticeType: types[0]!.id, content: '<p>x</p>', confirm: 1 },
    })
    const before = await count('message')
    expect(
      await call(t, { url: '/base/api/cms2/news/publish', token: s.schoolAdmin, body: { id: add.data } }),
    ).toMatchObject({ code: 0 })
    const members = await t.db.tenant(
      w.tenantId,
      async (trx) =>
        (
          await trx
            .selectFrom('user_info')
            .select('account_id')
            .distinct()
            .where('org_id', '=', w.schoolId)
            .where('status', '=', 0)
            .where('archived', '=', false)
            .execute()
        ).length,
    )
    expect((await count('message')) - before).toBe(members)
    expect((await inbox(s.teacher)).data.list[0]).toMatchObject({
      event: 'newsToConfirm',
      link: `/cms2-newslist/details?id=${add.data}`,
    })
    expect((await inbox(s.school2Admin)).data.list.some((m: { event: string }) => m.event === 'newsToConfirm')).toBe(
      false,
    )
  })

  it('a finished import tells the importer', async () => {
    const file = await xlsx(
      TEACHER_COLUMNS.map((c) => c.header),
      [
        ['周老师', '13900000001'],
        ['', '13900000002'],
      ],
    )
    const started = await upload(t, '/base/api/userInfo/teacherInfo/importExcel', s.schoolAdmin, file, '教师.xlsx')
    expect(started).toMatchObject({ code: 0 })
    await importRunner(t.ctx).idle()
    const m = (await inbox(s.schoolAdmin)).data.list.find((x: { event: string }) => x.event === 'importFinished')
    expect(m.content).toContain('教师导入已于')
    expect(m.content).toContain('成功1条，失败1条')
  })

  it('a rolled-back action makes no message and queues no push', async () => {
    const p = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    await expect(
      t.db.tenant(w.tenantId, async (trx) => {
        expect(await notify(trx, t.ctx, { event: 'passwordReset', orgId: w.schoolId, to: [p.accountId] })).toBe(1)
        throw new Error('the action failed after notifying')
      }),
    ).rejects.toThrow('the action failed')
    const [msgs, pushes] = await t.db.tenant(w.tenantId, async (trx) => [
      await trx.selectFrom('message').select('id').where('account_id', '=', p.accountId).execute(),
      await trx
        .selectFrom('message_push')
        .innerJoin('message', 'message.id', 'message_push.message_id')
        .select('message_push.id')
        .where('message.account_id', '=', p.accountId)
        .execute(),
    ])
    expect([msgs.length, pushes.length]).toEqual([0, 0])
  })

  it('an in-app template switched off sends no in-app message', async () => {
    const C = await call(t, {
      url: `${T}/create`,
      token: s.school2Admin,
      body: tpl({ event: 'passwordReset', content: '{姓名}', enabled: false }),
    })
    expect(C.code).toBe(0)
    const p = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.school2Id, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    await call(t, {
      url: '/base/api/userInfo/teacherInfo/resetPassword',
      token: s.school2Admin,
      body: { id: p.userInfoIds[0] },
    })
    const n = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('message').select('id').where('account_id', '=', p.accountId).execute(),
    )
    expect(n).toEqual([])
  })

  it('read all clears the count of the caller only', async () => {
    const p = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    const token = await loginToken(t, p.userName)
    await t.db.tenant(w.tenantId, (trx) =>
      notify(trx, t.ctx, { event: 'importFinished', orgId: w.schoolId, to: [p.accountId, p.accountId] }),
    )
    await t.db.tenant(w.tenantId, (trx) =>
      notify(trx, t.ctx, { event: 'passwordReset', orgId: w.schoolId, to: [p.accountId] }),
    )
    expect(await unread(token)).toBe(2)
    const adminBefore = await unread(s.schoolAdmin)
    expect(await call(t, { url: `${M}/readAll`, token, body: {} })).toMatchObject({ code: 0, data: 2 })
    expect([await unread(token), await unread(s.schoolAdmin)]).toEqual([0, adminBefore])
  })
})

/** A stand-in for api.weixin.qq.com speaking the documented protocol: token, template send, web-authorisation code. */
function wechatStandIn() {
  const state = {
    tokenCalls: 0,
    sends: [] as { token: string; body: Record<string, unknown> }[],
    token: 'TOKEN-1',
    expireNext: false,
  }
  const server = http.createServer((req, res) => {
    const url = new URL(req.url!, 'http://x')
    const answer = (o: unknown) => {
      res.setHeader('Content-Type', 'application/json')
      res.end(JSON.stringify(o))
    }
    if (url.pathname === '/cgi-bin/token') {
      state.tokenCalls++
      if (
        url.searchParams.get('appid') !== 'wxSTANDIN01' ||
        url.searchParams.get('secret') !== SECRET ||
        url.searchParams.get('grant_type') !== 'client_credential'
      ) {
        return answer({ errcode: 40125, errmsg: 'invalid appsecret' })
      }
      state.token = `TOKEN-${state.tokenCalls}`
      return answer({ access_token: state.token, expires_in: 7200 })
    }
    if (url.pathname === '/sns/oauth2/access_token') {
      return answer(
        url.searchParams.get('code') === 'GOOD' && url.searchParams.get('secret') === SECRET
          ? { access_token: 'x', openid: 'OPENID-PARENT' }
          : { errcode: 40029, errmsg: 'invalid code' },
      )
    }
    if (url.pathname === '/cgi-bin/message/template/send' && req.method === 'POST') {
      let raw = ''
      req.on('data', (c: Buffer) => {
        raw += c.toString()
      })
      req.on('end', () => {
        const token = url.searchParams.get('access_token') ?? ''
        if (state.expireNext) {
          state.expireNext = false
          return answer({ errcode: 40001, errmsg: 'invalid credential' })
        }
        if (token !== state.token) return answer({ errcode: 40001, errmsg: 'invalid credential' })
        const body = JSON.parse(raw) as Record<string, unknown>
        if (body.touser === 'BLOCKED') return answer({ errcode: 43004, errmsg: 'require subscribe' })
        state.sends.push({ token, body })
        answer({ errcode: 0, errmsg: 'ok', msgid: 200228332 })
      })
      return
    }
    res.statusCode = 404
    res.end()
  })
  return { server, state }
}

describe('WeChat template messages', () => {
  let stand: ReturnType<typeof wechatStandIn>
  let base: string
  beforeAll(async () => {
    stand = wechatStandIn()
    await new Promise<void>((r) => stand.server.listen(0, '127.0.0.1', r))
    base = `http://127.0.0.1:${(stand.server.address() as AddressInfo).port}/`
  })
  afterAll(
    () =>
      new Promise<void>((r) => {
        stand.server.close(() => r())
        stand.server.closeAllConnections()
      }),
  )

  it('caches the access token until expiry and fetches a new one on 40001', async () => {
    let now = 0
    const wx = wechatProvider(() => now)
    const app = { appId: 'wxSTANDIN01', appSecret: SECRET, apiBase: base }
    const calls = stand.state.tokenCalls
    expect(await wx.sendTemplate(app, { openid: 'O1', templateId: 'T', data: { first: 'a' } })).toEqual({
      ok: true,
      msgid: '200228332',
    })
    expect(await wx.sendTemplate(app, { openid: 'O1', templateId: 'T', data: { first: 'b' } })).toMatchObject({
      ok: true,
    })
    expect(stand.state.tokenCalls - calls).toBe(1)
    expect(stand.state.sends.at(-1)!.body).toEqual({ touser: 'O1', template_id: 'T', data: { first: { value: 'b' } } })
    now += 7200_000
    await wx.sendTemplate(app, { openid: 'O1', templateId: 'T', data: {} })
    expect(stand.state.tokenCalls - calls).toBe(2)
    stand.state.expireNext = true
    expect(await wx.sendTemplate(app, { openid: 'O1', templateId: 'T', data: {} })).toMatchObject({ ok: true })
    expect(stand.state.tokenCalls - calls).toBe(3)
    expect(await wx.sendTemplate(app, { openid: 'BLOCKED', templateId: 'T', data: {} })).toEqual({
      ok: false,
      error: '43004 require subscribe',
    })
    expect(
      await wx.sendTemplate({ ...app, appSecret: 'wrongwrongwrongwrong' }, { openid: 'O1', templateId: 'T', data: {} }),
    ).toMatchObject({ ok: false })
  })

  it('binds an openid, then a join approval pushes the template message after commit', async () => {
    const saved = await call(t, {
      url: `${A}/service/save`,
      token: s.bureauAdmin,
      body: {
        platform: 'wx_mp',
        name: '区服务号',
        appId: 'wxSTANDIN01',
        appSecret: SECRET,
        apiBase: base,
        templates: { joinApproved: 'TPL_JOIN' },
      },
    })
    expect(saved.code).toBe(0)
    expect(
      await call(t, { url: `${T}/create`, token: s.bureauAdmin, body: tpl({ pushType: 'wechat', name: '微信通知' }) }),
    ).toMatchObject({ code: 0 })
    const p = await makePerson(t, w.tenantId, {
      trueName: '吴家长',
      memberships: [{ orgId: w.bureauId, userType: UserType.PARENT, roleIds: [] }],
    })
    const token = await loginToken(t, p.userName)
    expect(await call(t, { url: `${M}/bindWechat`, token, body: { code: 'BAD' } })).toMatchObject({
      msg: MpMsg.BIND_FAILED,
    })
    expect(await call(t, { url: `${M}/bindWechat`, token, body: { code: 'GOOD' } })).toMatchObject({ code: 0 })
    const req = (await call(t, { url: '/base/api/userInfo/joinAudit/apply', token, body: { orgId: w.school2Id } })).data
    const sent = stand.state.sends.length
    expect(
      await call(t, {
        url: '/base/api/userInfo/joinAudit/decide',
        token: s.bureauAdmin,
        body: { id: req, approve: true },
      }),
    ).toMatchObject({ code: 0 })
    // Queued in the approval's transaction, sent by the dispatcher.
    const queued = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('message_push').selectAll().where('channel', '=', 'wechat').where('status', '=', 0).execute(),
    )
    expect(queued).toHaveLength(1)
    expect(queued[0]).toMatchObject({ target: 'OPENID-PARENT', template_ref: 'TPL_JOIN' })
    expect(await drainPushes(t.ctx)).toBeGreaterThanOrEqual(1)
    expect(stand.state.sends.length).toBe(sent + 1)
    expect(stand.state.sends.at(-1)!.body).toMatchObject({
      touser: 'OPENID-PARENT',
      template_id: 'TPL_JOIN',
      data: { first: { value: '欢迎' }, keyword1: { value: '吴家长，欢迎加入测试二中' } },
    })
    const row = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('message_push')
        .select(['status', 'attempts'])
        .where('id', '=', queued[0]!.id)
        .executeTakeFirstOrThrow(),
    )
    expect(row).toEqual({ status: 1, attempts: 1 })
  })

  it('an SMS template queues an SMS that the tenant’s provider (the outbox by default) sends', async () => {
    expect(
      await call(t, {
        url: `${T}/create`,
        token: s.schoolAdmin,
        body: tpl({
          event: 'importFinished',
          pushType: 'sms',
          name: '导入短信',
          title: '',
          content: '{导入类型}导入完成',
          smsTemplateCode: 'SMS_9',
        }),
      }),
    ).toMatchObject({ code: 0 })
    const p = await makePerson(t, w.tenantId, {
      phone: '13800000009',
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [] }],
    })
    await t.db.tenant(w.tenantId, (trx) =>
      notify(trx, t.ctx, {
        event: 'importFinished',
        orgId: w.schoolId,
        to: [p.accountId],
        values: { 导入类型: '教师' },
      }),
    )
    await drainPushes(t.ctx)
    const push = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('message_push')
        .select(['channel', 'target', 'text', 'status', 'template_ref'])
        .where('channel', '=', 'sms')
        .where('target', '=', '13800000009')
        .executeTakeFirstOrThrow(),
    )
    expect(push).toEqual({
      channel: 'sms',
      target: '13800000009',
      text: '教师导入完成',
      status: 1,
      template_ref: 'SMS_9',
    })
  })
})

import { CampusMsg, InputMsg, Msg } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { providerOf } from '../src/modules/sms/sender.js'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'
import { sample } from './zod-walk.js'

/**
 * Settings that act for the whole tenant (its SMS gateway, its sign-in providers, its two-factor policy, the types and
 * help every school shares) are written only from a session in the tenant's top organisation: a school's administrator
 * holds the same page codes, and with them pointed the district's SMS gateway or OpenID provider at their own server
 * and signed in as a teacher of another school (issue 22). docs/auth.md "Tenant-wide settings".
 */
let t: TestApp
let w: World
let s: Staff

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`

/** The writes that change something for every school of the tenant. A new one is listed here and marked tenantWide. */
const TENANT_WIDE_WRITES = [
  'POST /base/api/sms/config/saveOrUpdate',
  'POST /base/api/sms/config/removeConfig',
  'POST /base/api/sms/template/create',
  'POST /base/api/sms/template/update',
  'POST /base/api/sms/template/delete',
  'POST /base/openthirdconfig/add',
  'POST /base/openthirdconfig/update',
  'GET /base/openthirdconfig/delete',
  'POST /base/api/auth/totp/policy',
  'POST /base/api/orgType/add',
  'POST /base/api/orgType/update',
  'POST /base/api/orgType/updateStatus',
  'POST /base/api/orgType/delete',
  'POST /base/api/weather/config/save',
  'POST /base/api/assistant/config/save',
  'POST /base/api/assistant/article/add',
  'POST /base/api/assistant/article/update',
  'POST /base/api/assistant/article/delete',
]
/** Pages whose every call is about a tenant-wide setting (the provider screens): all their routes are marked. */
const TENANT_WIDE_CODES = ['sc_menhu_sms_config', 'sc_menhu_third_config']

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
}, 120_000)
afterAll(() => t.close())

describe('tenant-wide settings: the route table', () => {
  it('marks every tenant-wide write, and every route of the provider screens', () => {
    const marked = new Set(t.routes.filter((r) => r.tenantWide).map(key))
    expect(TENANT_WIDE_WRITES.filter((k) => !marked.has(k))).toEqual([])
    const screens = t.routes.filter((r) => [r.permission ?? []].flat().some((c) => TENANT_WIDE_CODES.includes(c)))
    expect(screens.length).toBeGreaterThan(15)
    expect(screens.filter((r) => !r.tenantWide).map(key)).toEqual([])
  })

  it('refuses a school administrator every marked route (403 仅顶级机构的管理员可维护此设置), and lets the bureau administrator through', async () => {
    const marked = t.routes.filter((r) => r.tenantWide)
    expect(marked.length).toBeGreaterThanOrEqual(TENANT_WIDE_WRITES.length)
    const failures: string[] = []
    for (const r of marked) {
      const payload = r.method === 'GET' ? undefined : ((sample(r.schema?.body) as object | undefined) ?? {})
      const q =
        r.method === 'GET' && r.schema?.querystring ? (sample(r.schema.querystring) as Record<string, unknown>) : {}
      const query = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()
      const url = `${r.url}${query ? `?${query}` : ''}`
      const as = (token: string) =>
        t.app.inject({
          method: r.method as 'GET' | 'POST',
          url,
          payload,
          headers: { authorization: `Bearer ${token}` },
        })
      for (const token of [s.schoolAdmin, s.school2Admin]) {
        const res = await as(token)
        const msg = res.body.startsWith('{') ? (res.json() as { msg: string }).msg : ''
        if (res.statusCode !== 403 || msg !== Msg.TOP_ORG_ONLY)
          failures.push(`${key(r)} school admin → ${res.statusCode} ${msg}`)
      }
      const bureau = await as(s.bureauAdmin)
      if ([401, 403].includes(bureau.statusCode) || bureau.statusCode >= 500)
        failures.push(`${key(r)} bureau admin → ${bureau.statusCode} ${bureau.body.slice(0, 80)}`)
    }
    expect(failures).toEqual([])
  }, 120_000)
})

describe('tenant-wide settings: no unmarked route writes them', () => {
  /** Tables that hold a setting of the whole tenant (no org): only tenantWide routes (or the super administrator's) write them. */
  const TENANT_WIDE_TABLES = [
    'sms_config',
    'sms_template',
    'third_config',
    'tenant',
    'org_type',
    'weather_config',
    'assistant_config',
    'help_article',
  ]

  it('a school administrator calling every other route (sampled payloads) writes no tenant-wide table', async () => {
    // Row triggers note each write; the function runs as its owner, so the restricted roles need no grant.
    await sql`CREATE TABLE tw_write (tbl text NOT NULL)`.execute(t.db.kysely)
    await sql`CREATE FUNCTION tw_log() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$ BEGIN INSERT INTO tw_write VALUES (TG_TABLE_NAME); RETURN NULL; END $$`.execute(
      t.db.kysely,
    )
    for (const table of TENANT_WIDE_TABLES) {
      await sql`CREATE TRIGGER ${sql.raw(`tw_${table}`)} AFTER INSERT OR UPDATE OR DELETE ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION tw_log()`.execute(
        t.db.kysely,
      )
    }
    const written = async () =>
      (await sql<{ tbl: string }>`DELETE FROM tw_write RETURNING tbl`.execute(t.db.kysely)).rows.map((r) => r.tbl)
    // The sweep proves itself: a marked write, had it no mark, is seen.
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .updateTable('tenant')
        .set({ config: sql`config` })
        .where('id', '=', w.tenantId)
        .execute(),
    )
    expect(await written()).toEqual(['tenant'])
    const failures: string[] = []
    // Signing out would end the sweep's session.
    const swept = t.routes.filter((r) => !r.public && !r.superAdmin && !r.tenantWide && !r.url.endsWith('/logout'))
    expect(swept.length).toBeGreaterThan(300)
    for (const r of swept) {
      const payload = r.method === 'GET' ? undefined : ((sample(r.schema?.body) as object | undefined) ?? {})
      const q = r.schema?.querystring ? (sample(r.schema.querystring) as Record<string, unknown>) : {}
      const query = new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString()
      const url = `${r.url.replace(/:(\w+)/g, '1')}${query ? `?${query}` : ''}`
      await t.app.inject({
        method: r.method as 'GET' | 'POST',
        url,
        payload,
        headers: { authorization: `Bearer ${s.schoolAdmin}` },
      })
      const tables = await written()
      if (tables.length) failures.push(`${key(r)} wrote ${[...new Set(tables)].join(', ')}`)
    }
    expect(failures).toEqual([])
    // The session lasted the whole sweep (a refused call proves nothing).
    expect(await call(t, { url: '/base/api/account/user/current/detail', token: s.schoolAdmin })).toMatchObject({
      code: 0,
    })
  }, 300_000)
})

describe('tenant-wide settings: what the audit did', () => {
  const gateway = {
    smsType: 'aliyun',
    accessKeyId: 'LTAI-school',
    accessKeySecret: 'school-secret',
    signName: '学校',
    endpoint: 'https://sms.school.example',
  }

  it('a school administrator cannot repoint the SMS gateway or add a template; the bureau administrator can', async () => {
    const refused = await call(t, { url: '/base/api/sms/config/saveOrUpdate', body: gateway, token: s.schoolAdmin })
    expect(refused).toMatchObject({ status: 403, msg: Msg.TOP_ORG_ONLY })
    expect((await call(t, { url: '/base/api/sms/config/getCurrentConfig', token: s.bureauAdmin })).data).toMatchObject({
      smsType: 'outbox',
      endpoint: null,
    })
    const template = { event: 'login', name: '登录', content: '验证码${code}', status: 0 }
    expect(await call(t, { url: '/base/api/sms/template/create', body: template, token: s.schoolAdmin })).toMatchObject(
      { status: 403, msg: Msg.TOP_ORG_ONLY },
    )
    expect((await call(t, { url: '/base/api/sms/template/queryPage', token: s.bureauAdmin })).data.total).toBe(0)
    // Reads of the tenant's provider are the top org's too (the screen is not offered to a school).
    expect(await call(t, { url: '/base/api/sms/config/getCurrentConfig', token: s.schoolAdmin })).toMatchObject({
      status: 403,
      msg: Msg.TOP_ORG_ONLY,
    })

    expect(
      await call(t, {
        url: '/base/api/sms/config/saveOrUpdate',
        body: { ...gateway, endpoint: 'https://dysmsapi.aliyuncs.com' },
        token: s.bureauAdmin,
      }),
    ).toMatchObject({ code: 0 })
    expect((await call(t, { url: '/base/api/sms/config/getCurrentConfig', token: s.bureauAdmin })).data).toMatchObject({
      smsType: 'aliyun',
      endpoint: 'https://dysmsapi.aliyuncs.com',
    })
    expect(await call(t, { url: '/base/api/sms/template/create', body: template, token: s.bureauAdmin })).toMatchObject(
      { code: 0 },
    )
    expect(await call(t, { url: '/base/api/sms/config/removeConfig', body: {}, token: s.bureauAdmin })).toMatchObject({
      code: 0,
    })
  })

  it('a school administrator cannot add or repoint the OpenID provider; the bureau administrator can', async () => {
    const provider = {
      thirdType: 'oidc',
      name: '区统一身份认证',
      clientId: 'zx',
      clientSecret: 'secret',
      issuer: 'https://idp.school.example',
    }
    expect(await call(t, { url: '/base/openthirdconfig/add', body: provider, token: s.schoolAdmin })).toMatchObject({
      status: 403,
      msg: Msg.TOP_ORG_ONLY,
    })
    const added = await call(t, {
      url: '/base/openthirdconfig/add',
      body: { ...provider, issuer: 'https://idp.district.example' },
      token: s.bureauAdmin,
    })
    expect(added).toMatchObject({ code: 0 })
    const repoint = await call(t, {
      url: '/base/openthirdconfig/update',
      body: { ...provider, id: added.data },
      token: s.schoolAdmin,
    })
    expect(repoint).toMatchObject({ status: 403, msg: Msg.TOP_ORG_ONLY })
    expect(
      (await call(t, { url: `/base/openthirdconfig/get?id=${added.data}`, token: s.bureauAdmin })).data,
    ).toMatchObject({ issuer: 'https://idp.district.example' })
    expect(await call(t, { url: `/base/openthirdconfig/delete?id=${added.data}`, token: s.schoolAdmin })).toMatchObject(
      { status: 403, msg: Msg.TOP_ORG_ONLY },
    )
    expect(await call(t, { url: `/base/openthirdconfig/delete?id=${added.data}`, token: s.bureauAdmin })).toMatchObject(
      { code: 0 },
    )
  })

  it("a school administrator cannot set the tenant's two-factor policy; the bureau administrator can", async () => {
    expect(
      await call(t, { url: '/base/api/auth/totp/policy', body: { requiredForAdmins: true }, token: s.schoolAdmin }),
    ).toMatchObject({ status: 403, msg: Msg.TOP_ORG_ONLY })
    expect((await call(t, { url: '/base/api/auth/totp/policy', token: s.bureauAdmin })).data).toEqual({
      requiredForAdmins: false,
    })
    expect(
      await call(t, { url: '/base/api/auth/totp/policy', body: { requiredForAdmins: false }, token: s.bureauAdmin }),
    ).toMatchObject({ code: 0 })
  })
})

describe('provider endpoints are https', () => {
  it('refuses an http SMS gateway or sign-in provider, and loopback http unless the server allows local stand-ins', async () => {
    const sms = (endpoint: string) =>
      call(t, {
        url: '/base/api/sms/config/saveOrUpdate',
        body: { smsType: 'aliyun', accessKeyId: 'k', accessKeySecret: 's', signName: '区', endpoint },
        token: s.bureauAdmin,
      })
    const oidc = (issuer: string) =>
      call(t, {
        url: '/base/openthirdconfig/add',
        body: { thirdType: 'oidc', name: '区认证', clientId: 'zx', clientSecret: 's', issuer },
        token: s.bureauAdmin,
      })
    const ding = (apiBase: string) =>
      call(t, {
        url: '/base/openthirdconfig/add',
        body: { thirdType: 'dingtalk', name: '钉钉', clientId: 'zx', clientSecret: 's', apiBase },
        token: s.bureauAdmin,
      })
    for (const bad of ['http://gw.example.com', 'ftp://gw.example.com', 'http://10.0.0.5:8080']) {
      expect(await sms(bad), bad).toMatchObject({ status: 400, msg: InputMsg.ENDPOINT_LINK })
      expect(await oidc(bad), bad).toMatchObject({ status: 400, msg: InputMsg.ENDPOINT_LINK })
      expect(await ding(bad), bad).toMatchObject({ status: 400, msg: InputMsg.ENDPOINT_LINK })
    }
    const config = t.ctx.config
    config.allowLoopbackProviders = false
    try {
      expect(await sms('http://127.0.0.1:9/')).toMatchObject({ status: 400, msg: InputMsg.ENDPOINT_LINK })
      expect(await oidc('http://localhost:9')).toMatchObject({ status: 400, msg: InputMsg.ENDPOINT_LINK })
    } finally {
      config.allowLoopbackProviders = true
    }
    expect(await sms('http://127.0.0.1:9/')).toMatchObject({ code: 0 })
    expect(await sms('https://dysmsapi.aliyuncs.com')).toMatchObject({ code: 0 })
  })

  it("the weather host and a WeChat or DingTalk app's API host are https too, and loopback only for local stand-ins", async () => {
    const weather = (apiHost: string) =>
      call(t, {
        url: '/base/api/weather/config/save',
        body: { provider: 'qweather', apiHost, apiKey: 'qw-key-123456' },
        token: s.bureauAdmin,
      })
    const mp = (apiBase: string) =>
      call(t, {
        url: '/base/api/mpApp/service/save',
        body: { platform: 'wx_mp', name: '区服务号', appId: 'wxHTTPS0001', appSecret: 'abcdefghijklmnop1234', apiBase },
        token: s.bureauAdmin,
      })
    for (const bad of ['http://weather.example.com', 'http://10.0.0.5:8080']) {
      expect(await weather(bad), bad).toMatchObject({ status: 400, msg: CampusMsg.HOST_BAD })
      expect(await mp(bad), bad).toMatchObject({ status: 400, msg: InputMsg.ENDPOINT_LINK })
    }
    const config = t.ctx.config
    config.allowLoopbackProviders = false
    try {
      expect(await weather('http://127.0.0.1:9')).toMatchObject({ status: 400, msg: InputMsg.ENDPOINT_LINK })
      expect(await mp('http://127.0.0.1:9')).toMatchObject({ status: 400, msg: InputMsg.ENDPOINT_LINK })
    } finally {
      config.allowLoopbackProviders = true
    }
    expect(await weather('https://devapi.qweather.com')).toMatchObject({ code: 0 })
    expect(await mp('https://api.weixin.qq.com')).toMatchObject({ code: 0 })
  })

  it("an http gateway stored before the rule is not called: a code goes to Alibaba's own address", async () => {
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .insertInto('sms_config')
        .values({
          sms_type: 'aliyun',
          access_key_id: 'k',
          access_key_secret: t.ctx.secrets.seal('s'),
          sign_name: '区',
          endpoint: 'http://gw.school.example/',
        })
        .onConflict((oc) =>
          oc.column('tenant_id').doUpdateSet({
            sms_type: 'aliyun',
            access_key_id: 'k',
            access_key_secret: t.ctx.secrets.seal('s'),
            endpoint: 'http://gw.school.example/',
          }),
        )
        .execute(),
    )
    const asked: string[] = []
    const fetchStub = vi.spyOn(globalThis, 'fetch').mockImplementation(async (u) => {
      asked.push(String(u))
      return Response.json({ Code: 'OK', BizId: '1' })
    })
    try {
      const { provider } = await providerOf(t.ctx, w.tenantId)
      expect(
        await provider.send({
          phone: '13900000000',
          signName: '区',
          templateCode: 'SMS_1',
          params: { code: '123456' },
          text: '',
        }),
      ).toMatchObject({ ok: true })
    } finally {
      fetchStub.mockRestore()
      await t.db.tenant(w.tenantId, (trx) => trx.deleteFrom('sms_config').execute())
    }
    expect(asked.map((u) => new URL(u).origin)).toEqual(['https://dysmsapi.aliyuncs.com'])
  })
})

describe('reads of configuration are scoped', () => {
  it("another school's mobile settings answer like a missing org; the own org, the org above and (for the bureau) the schools below answer", async () => {
    const get = (token: string, orgId?: number) =>
      call(t, { url: `/base/configMgr/getMobilePortalSettings${orgId ? `?orgId=${orgId}` : ''}`, token })
    expect(await get(s.schoolAdmin, w.school2Id)).toMatchObject({ status: 404, msg: Msg.ORG_NOT_FOUND })
    expect(await get(s.teacher, w.school2Id)).toMatchObject({ status: 404 })
    expect(await get(s.schoolAdmin)).toMatchObject({ code: 0, data: { orgId: w.schoolId } })
    expect(await get(s.schoolAdmin, w.bureauId)).toMatchObject({ code: 0 })
    expect(await get(s.bureauAdmin, w.school2Id)).toMatchObject({ code: 0, data: { orgId: w.school2Id } })
    expect(
      await call(t, { url: `/base/api/Mobile/getMobileHomeAlarmConfig?orgId=${w.school2Id}`, token: s.schoolAdmin }),
    ).toMatchObject({ status: 404 })
    expect(await call(t, { url: `/base/portal/custom/get?orgId=${w.school2Id}`, token: s.schoolAdmin })).toMatchObject({
      status: 404,
    })
    expect(
      await call(t, { url: `/base/api/Sidebar/fullAllInfo?orgId=${w.school2Id}`, token: s.schoolAdmin }),
    ).toMatchObject({ status: 404 })
  })

  it("mobile entries: hidden ones only for the maintainers of the org, another school's not at all", async () => {
    const M = '/base/api/Mobile'
    const entry = { mobileName: '隐藏入口', decodePath: 'https://m.example/hidden', type: 1, hasShow: false }
    expect(
      await call(t, { url: `${M}/save`, body: { ...entry, orgId: w.school2Id }, token: s.school2Admin }),
    ).toMatchObject({ code: 0 })
    expect(await call(t, { url: `${M}/fullInfo?all=1&orgId=${w.school2Id}`, token: s.schoolAdmin })).toMatchObject({
      status: 404,
    })
    expect(await call(t, { url: `${M}/fullInfo?orgId=${w.school2Id}`, token: s.teacher })).toMatchObject({
      status: 404,
    })
    expect(await call(t, { url: `${M}/fullInfo?all=1`, token: s.teacher })).toMatchObject({
      status: 403,
      msg: Msg.NO_PERMISSION,
    })
    expect((await call(t, { url: `${M}/fullInfo?all=1&orgId=${w.school2Id}`, token: s.school2Admin })).data).toEqual([
      expect.objectContaining({ mobileName: '隐藏入口' }),
    ])
    expect((await call(t, { url: `${M}/fullInfo?orgId=${w.school2Id}`, token: s.school2Admin })).data).toEqual([])
    expect(
      (await call(t, { url: `${M}/fullInfo?all=1&orgId=${w.school2Id}`, token: s.bureauAdmin })).data,
    ).toHaveLength(1)
  })
})

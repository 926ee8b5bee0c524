import { ConfigCenterMsg, ErrorCode, Msg, TenantMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ADMIN_PASSWORD,
  call,
  createTestApp,
  login,
  loginToken,
  makePerson,
  makeWorld,
  type TestApp,
  type World,
} from './helpers.js'

/** The config centre (001 §2.4) and tenant by domain (000 §7.5): docs/config-center.md "Startup", docs/auth.md "Tenant by domain". */
let t: TestApp
let w: World
let other: World
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  other = await makeWorld(t)
  admin = (await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })).data.userToken
})
afterAll(() => t.close())

const CENTER = '/base/api/config/center'
const SAVE = `${CENTER}/save`
const full = (over: Record<string, unknown> = {}) => ({
  gateway: 'https://gw.example.cn',
  file: 'https://files.example.cn',
  mqtt: 'wss://mqtt.example.cn:8084/mqtt',
  ai: 'https://ai.example.cn/ai',
  placeBookingUrl: 'https://m.example.cn/placemeet',
  schoolOrgId: w.schoolId,
  version: '2.3.1',
  ...over,
})

describe('config centre', () => {
  it('answers everyone, signed in or not, with empty fields until the super administrator saves', async () => {
    const before = await call(t, { url: CENTER })
    expect(before).toMatchObject({
      status: 200,
      code: 0,
      data: { gateway: '', file: '', mqtt: '', ai: '', placeBookingUrl: '', schoolOrgId: null, version: '' },
    })
    const saved = await call(t, { url: SAVE, token: admin, body: full() })
    expect(saved).toMatchObject({ code: 0, msg: ConfigCenterMsg.SAVED })
    // Public: no token, no tenant header; the trailing-slash form too.
    expect((await call(t, { url: CENTER })).data).toEqual(full())
    expect((await call(t, { url: `${CENTER}/` })).data).toEqual(full())
    // Clearing a field (empty address, null school) is a save like any other.
    expect((await call(t, { url: SAVE, token: admin, body: full({ ai: '', schoolOrgId: null }) })).code).toBe(0)
    expect((await call(t, { url: CENTER })).data).toMatchObject({
      ai: '',
      schoolOrgId: null,
      file: 'https://files.example.cn',
    })
  })

  it('writes only for the super administrator: 401 without a session, 403 for a tenant admin or a teacher, nothing changed', async () => {
    expect((await call(t, { url: SAVE, token: admin, body: full({ version: 'keep-1' }) })).code).toBe(0)
    expect(await call(t, { url: SAVE, body: full({ version: 'anon' }) })).toMatchObject({ status: 401, code: 401 })
    const tenantAdmin = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.bureauId, userType: UserType.STAFF, roleIds: [w.roles.admin] }],
    })
    const teacher = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
    })
    for (const p of [tenantAdmin, teacher]) {
      expect(
        await call(t, { url: SAVE, token: await loginToken(t, p.userName), body: full({ version: 'hacked' }) }),
      ).toMatchObject({ status: 403, code: 403, msg: Msg.NO_PERMISSION })
    }
    expect((await call(t, { url: CENTER })).data.version).toBe('keep-1')
  })

  it('refuses a bad address, version or school with a Chinese message and a non-success code, keeping the stored values', async () => {
    expect((await call(t, { url: SAVE, token: admin, body: full({ version: 'good-1' }) })).code).toBe(0)
    const bad: [Record<string, unknown>, string][] = [
      [{ file: 'javascript:alert(1)' }, ConfigCenterMsg.HTTP('文件服务地址')],
      [{ gateway: 'ftp://gw.example.cn' }, ConfigCenterMsg.HTTP('网关地址')],
      [{ ai: '//ai.example.cn' }, ConfigCenterMsg.HTTP('智能助手地址')],
      [{ placeBookingUrl: 'https://m.example.cn/a b' }, ConfigCenterMsg.HTTP('移动端场地预约地址')],
      [{ mqtt: 'http://mqtt.example.cn' }, ConfigCenterMsg.MQTT('消息服务地址')],
      [{ file: `https://files.example.cn/${'a'.repeat(300)}` }, ConfigCenterMsg.TOO_LONG('文件服务地址')],
      [{ version: '1.0 beta' }, ConfigCenterMsg.VERSION],
      [{ schoolOrgId: -3 }, '学校门户机构ID须为正整数'],
      [{ schoolOrgId: 987654321 }, ConfigCenterMsg.SCHOOL_NOT_FOUND],
      // A bureau is not a school.
      [{ schoolOrgId: w.bureauId }, ConfigCenterMsg.SCHOOL_NOT_FOUND],
    ]
    for (const [over, msg] of bad) {
      const r = await call(t, { url: SAVE, token: admin, body: full(over) })
      expect(r.code, JSON.stringify(over)).not.toBe(0)
      expect(r.msg, JSON.stringify(over)).toBe(msg)
    }
    expect((await call(t, { url: CENTER })).data).toEqual(full({ version: 'good-1' }))
  })
})

describe('tenant by domain', () => {
  const DOMAIN = '/base/api/tenant/public/domain'
  const setDomain = (id: number, domain: string | null) =>
    call(t, { url: '/base/api/tenant/update', token: admin, body: { id, domain } })

  it('answers the enabled tenant of a host name (case and spaces aside), null for an unknown host', async () => {
    expect((await setDomain(w.tenantId, 'Portal.Example.EDU.cn')).code).toBe(0)
    const found = await call(t, { url: `${DOMAIN}?domain=${encodeURIComponent(' portal.example.edu.CN ')}` })
    expect(found).toMatchObject({ code: 0, data: { id: w.tenantId } })
    expect(found.data.name).toMatch(/^测试区/)
    expect(await call(t, { url: `${DOMAIN}?domain=nobody.example.cn` })).toMatchObject({
      status: 200,
      code: 0,
      data: null,
    })
    // The list shows it for the edit form.
    const listed = await call(t, { url: '/base/api/tenant/query?pageSize=100', token: admin })
    expect(listed.data.list.find((r: { id: number }) => r.id === w.tenantId)).toMatchObject({
      domain: 'portal.example.edu.cn',
    })
  })

  it('answers null for a stopped tenant, and the tenant again once it is enabled', async () => {
    expect((await setDomain(other.tenantId, 'stopped.example.cn')).code).toBe(0)
    expect(
      (await call(t, { url: '/base/api/tenant/updateStatus', token: admin, body: { id: other.tenantId, status: 1 } }))
        .code,
    ).toBe(0)
    expect((await call(t, { url: `${DOMAIN}?domain=stopped.example.cn` })).data).toBeNull()
    expect(
      (await call(t, { url: '/base/api/tenant/updateStatus', token: admin, body: { id: other.tenantId, status: 0 } }))
        .code,
    ).toBe(0)
    expect((await call(t, { url: `${DOMAIN}?domain=stopped.example.cn` })).data).toMatchObject({ id: other.tenantId })
  })

  it('refuses a domain another tenant has, and one that is not a host name; an empty one clears it', async () => {
    expect((await setDomain(w.tenantId, 'shared.example.cn')).code).toBe(0)
    expect(await setDomain(other.tenantId, 'SHARED.example.cn')).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: TenantMsg.DOMAIN_TAKEN,
    })
    expect((await call(t, { url: `${DOMAIN}?domain=shared.example.cn` })).data).toMatchObject({ id: w.tenantId })
    for (const bad of [
      'https://x.example.cn',
      'x.example.cn/path',
      '-x.example.cn',
      'a..b',
      'x y.cn',
      `${'a'.repeat(64)}.cn`,
    ]) {
      const r = await setDomain(other.tenantId, bad)
      expect(r.code, bad).toBe(ErrorCode.BAD_REQUEST)
      expect(r.msg, bad).toMatch(/^域名格式有误/)
    }
    expect((await call(t, { url: `${DOMAIN}?domain=${encodeURIComponent('https://x.cn')}` })).code).toBe(
      ErrorCode.BAD_REQUEST,
    )
    expect((await setDomain(w.tenantId, '')).code).toBe(0)
    expect((await call(t, { url: `${DOMAIN}?domain=shared.example.cn` })).data).toBeNull()
    // Freed, the other tenant may take it.
    expect((await setDomain(other.tenantId, 'shared.example.cn')).code).toBe(0)
  })

  it('a tenant created with a domain is found by it; a taken one refuses the creation', async () => {
    const body = (uniqueName: string, adminUserName: string, domain: string) => ({
      name: '域名区教育局',
      uniqueName,
      trade: 1,
      tenantModuleType: 1,
      appType: 1,
      topOrgName: '域名区教育局',
      topOrgUnitAttr: 4,
      adminUserName,
      defaultPassword: 'Init2026a',
      domain,
    })
    const r = await call(t, {
      url: '/base/api/tenant/add',
      token: admin,
      body: body('domain-a', 'domadmin-a', 'new.example.cn'),
    })
    expect(r.code).toBe(0)
    expect((await call(t, { url: `${DOMAIN}?domain=new.example.cn` })).data).toMatchObject({
      id: r.data.tenantId,
      name: '域名区教育局',
    })
    expect(
      await call(t, {
        url: '/base/api/tenant/add',
        token: admin,
        body: body('domain-b', 'domadmin-b', 'new.example.cn'),
      }),
    ).toMatchObject({ code: ErrorCode.CONFLICT, msg: TenantMsg.DOMAIN_TAKEN })
  })
})

import { ErrorCode, Msg, UserType } from '@zhixiao/shared'
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

let t: TestApp
let w: World
let other: World
beforeAll(async () => {
  t = await createTestApp({ apiDocs: true })
  w = await makeWorld(t)
  other = await makeWorld(t)
})
afterAll(() => t.close())

const member = (world: World, ...orgIds: number[]) =>
  makePerson(t, world.tenantId, {
    memberships: orgIds.map((orgId) => ({ orgId, userType: UserType.STAFF, roleIds: [world.roles.teacher] })),
  })

describe('tenant calls', () => {
  it('getLoginInfo names the tenant of ?orgId= or of the tenantId header, with the password rule', async () => {
    const byOrg = await call(t, { url: `/base/api/tenant/getLoginInfo?orgId=${w.schoolId}` })
    expect(byOrg.data).toMatchObject({ tenantId: w.tenantId, sysName: '测试区智慧教育平台', tenantModuleType: 1 })
    expect(byOrg.data.passwordRule).toMatchObject({ minLength: 8, maxLength: 20 })
    const byHeader = await call(t, {
      url: '/base/api/tenant/getLoginInfo',
      headers: { tenantId: String(other.tenantId) },
    })
    expect(byHeader.data.tenantId).toBe(other.tenantId)
    const platform = await call(t, { url: '/base/api/tenant/getLoginInfo' })
    expect(platform.data).toMatchObject({ tenantId: 0, sysName: '智慧平台' })
  })

  it('public/info answers a tenant and 404 for an unknown one', async () => {
    const r = await call(t, { url: `/base/api/tenant/public/info?tenantId=${w.tenantId}` })
    expect(r.data).toMatchObject({ id: w.tenantId, trade: 1, pubInfo: { tenantModuleType: 1 } })
    const missing = await call(t, { url: '/base/api/tenant/public/info?tenantId=987654' })
    expect(missing).toMatchObject({ status: 404, code: 404, msg: Msg.TENANT_NOT_FOUND })
  })

  it('public/info finds an enabled tenant by its unique name (?tn=, 切换租户): not a stopped one, not an unknown or empty name', async () => {
    const info = (await call(t, { url: `/base/api/tenant/public/info?tenantId=${other.tenantId}` })).data
    const byName = await call(t, {
      url: `/base/api/tenant/public/info?uniqueName=${encodeURIComponent(` ${info.uniqueName.toUpperCase()} `)}`,
    })
    expect(byName).toMatchObject({
      code: 0,
      data: { id: other.tenantId, name: info.name, uniqueName: info.uniqueName },
    })
    expect(await call(t, { url: '/base/api/tenant/public/info?uniqueName=nobody-here' })).toMatchObject({
      status: 404,
      msg: Msg.TENANT_NOT_FOUND,
    })
    expect(await call(t, { url: '/base/api/tenant/public/info?uniqueName=' })).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: '请输入租户标识',
    })
    expect((await call(t, { url: `/base/api/tenant/public/info?uniqueName=${'a'.repeat(41)}` })).code).not.toBe(0)
    expect((await call(t, { url: '/base/api/tenant/public/info?uniqueName=a%00b' })).code).not.toBe(0)
    const admin = (await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })).data.userToken
    expect(
      (await call(t, { url: '/base/api/tenant/updateStatus', token: admin, body: { id: other.tenantId, status: 1 } }))
        .code,
    ).toBe(0)
    expect(await call(t, { url: `/base/api/tenant/public/info?uniqueName=${info.uniqueName}` })).toMatchObject({
      status: 404,
      msg: Msg.TENANT_NOT_FOUND,
    })
    expect(
      (await call(t, { url: '/base/api/tenant/updateStatus', token: admin, body: { id: other.tenantId, status: 0 } }))
        .code,
    ).toBe(0)
  })

  it('query lists tenants for the super administrator only', async () => {
    const admin = (await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })).data.userToken
    const r = await call(t, { url: '/base/api/tenant/query?pageIndex=1&pageSize=50', token: admin })
    expect(r.code).toBe(0)
    expect(r.data.list.map((x: { id: number }) => x.id)).toEqual(
      expect.arrayContaining([0, w.tenantId, other.tenantId]),
    )
    expect(r.data.total).toBeGreaterThanOrEqual(3)

    const p = await member(w, w.schoolId)
    const teacher = await loginToken(t, p.userName)
    const denied = await call(t, { url: '/base/api/tenant/query', token: teacher })
    expect(denied).toMatchObject({ status: 403, code: 403, msg: Msg.NO_PERMISSION })
    // The tenant admin role holds every catalogue code, but tenant management is the platform's alone.
    const a = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.bureauId, userType: UserType.STAFF, roleIds: [w.roles.admin] }],
    })
    expect((await call(t, { url: '/base/api/tenant/query', token: await loginToken(t, a.userName) })).status).toBe(403)
    expect((await call(t, { url: '/base/api/tenant/query' })).status).toBe(401)
  })

  it('password rule needs a session', async () => {
    expect(
      (await call(t, { method: 'POST', url: '/base/api/tenant/base/tenant/config/password/rule', body: {} })).status,
    ).toBe(401)
    const p = await member(w, w.schoolId)
    const r = await call(t, {
      method: 'POST',
      url: '/base/api/tenant/base/tenant/config/password/rule',
      token: await loginToken(t, p.userName),
      body: {},
    })
    expect(r.data.text).toContain('8-20')
  })
})

describe('organizationUnit calls', () => {
  it('get answers the session org by default and the orgs above it', async () => {
    const p = await member(w, w.schoolId)
    const token = await loginToken(t, p.userName)
    const mine = await call(t, { url: '/base/api/organizationUnit/get', token })
    expect(mine.data).toMatchObject({
      orgId: w.schoolId,
      displayName: '测试一小',
      unitAttr: 8,
      parentId: w.bureauId,
      tenantId: w.tenantId,
    })
    const bureau = await call(t, { url: `/base/api/organizationUnit/get?orgId=${w.bureauId}`, token })
    expect(bureau.data.unitAttr).toBe(4)
  })

  it("another tenant's org id answers 404, exactly like a missing one", async () => {
    const p = await member(w, w.schoolId)
    const token = await loginToken(t, p.userName)
    const foreign = await call(t, { url: `/base/api/organizationUnit/get?orgId=${other.schoolId}`, token })
    const missing = await call(t, { url: '/base/api/organizationUnit/get?orgId=99999999', token })
    expect(foreign).toMatchObject({ status: 404, code: 404, msg: Msg.ORG_NOT_FOUND })
    expect(missing).toEqual(foreign)
  })

  it('public/info is open and shows only public fields', async () => {
    const r = await call(t, { url: `/base/api/organizationUnit/public/info?orgId=${w.schoolId}` })
    expect(r.data).toEqual({
      orgId: w.schoolId,
      displayName: '测试一小',
      unitAttr: 8,
      iconUrl: null,
      tenantId: w.tenantId,
      tenantName: expect.any(String),
    })
    expect((await call(t, { url: '/base/api/organizationUnit/public/info?orgId=99999999' })).status).toBe(404)
  })

  it('changeOrg issues a token for the other org and revokes the old one', async () => {
    const p = await member(w, w.schoolId, w.school2Id)
    const token = await loginToken(t, p.userName, undefined, w.schoolId)
    const r = await call(t, {
      url: `/base/api/organizationUnit/changeOrg?newOrgId=${w.school2Id}&accountId=${p.accountId}`,
      token,
    })
    expect(r).toMatchObject({ code: 0, msg: Msg.SWITCH_OK })
    const fresh = r.data as string
    expect((await call(t, { url: '/base/api/account/user/current/detail', token: fresh })).data.orgId).toBe(w.school2Id)
    expect((await call(t, { url: '/base/api/account/user/current/detail', token })).status).toBe(401)
    const orgs = await call(t, { url: '/base/api/account/user/orgs', token: fresh })
    expect(orgs.data.map((o: { orgId: number }) => o.orgId)).toEqual([w.schoolId, w.school2Id])
  })

  it("user/orgs takes the spec's openAccountId (001 §7.1): the own account answers, another account is refused", async () => {
    const p = await member(w, w.schoolId, w.school2Id)
    const neighbour = await member(w, w.schoolId)
    const stranger = await member(other, other.schoolId)
    const token = await loginToken(t, p.userName, undefined, w.schoolId)
    const openAccountId = (await call(t, { url: '/base/api/account/user/current/detail', token })).data
      .openAccountId as number
    expect(openAccountId).toBe(p.accountId)
    const own = await call(t, { url: `/base/api/account/user/orgs?openAccountId=${openAccountId}`, token })
    expect(own.code).toBe(0)
    expect(own.data.map((o: { orgId: number }) => o.orgId)).toEqual([w.schoolId, w.school2Id])
    for (const id of [neighbour.accountId, stranger.accountId]) {
      const r = await call(t, { url: `/base/api/account/user/orgs?openAccountId=${id}`, token })
      expect(r).toMatchObject({ status: 403, code: ErrorCode.FORBIDDEN, msg: '只能查看本人账号的机构', data: null })
    }
    expect(await call(t, { url: '/base/api/account/user/orgs?openAccountId=abc', token })).toMatchObject({
      status: 400,
      msg: '账号有误',
    })
    expect((await call(t, { url: `/base/api/account/user/orgs?openAccountId=${openAccountId}` })).status).toBe(401)
  })

  it('changeOrg refuses an org the account is not in, another account id, and a one-org account', async () => {
    const p = await member(w, w.schoolId, w.school2Id)
    const token = await loginToken(t, p.userName, undefined, w.schoolId)
    expect(
      (await call(t, { url: `/base/api/organizationUnit/changeOrg?newOrgId=${other.schoolId}`, token })).code,
    ).toBe(ErrorCode.ORG_NOT_MEMBER)
    expect((await call(t, { url: `/base/api/organizationUnit/changeOrg?newOrgId=${w.bureauId}`, token })).code).toBe(
      ErrorCode.ORG_NOT_MEMBER,
    )
    expect(
      (
        await call(t, {
          url: `/base/api/organizationUnit/changeOrg?newOrgId=${w.school2Id}&accountId=${p.accountId + 1000}`,
          token,
        })
      ).status,
    ).toBe(403)

    const single = await member(w, w.schoolId)
    const st = await loginToken(t, single.userName)
    expect(
      await call(t, { url: `/base/api/organizationUnit/changeOrg?newOrgId=${w.schoolId}`, token: st }),
    ).toMatchObject({ msg: Msg.ONLY_ONE_ORG })
    expect((await call(t, { url: `/base/api/organizationUnit/changeOrg?newOrgId=${w.school2Id}` })).status).toBe(401)
  })
})

describe('API surface', () => {
  it('an unknown API path answers the 404 envelope', async () => {
    expect(await call(t, { url: '/base/api/nothing/here' })).toMatchObject({ status: 404, code: 404 })
  })

  it('serves the OpenAPI document at /docs when API_DOCS=1 (web-static.test.ts: not by default)', async () => {
    const res = await t.app.inject({ url: '/docs/json' })
    expect(res.statusCode).toBe(200)
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining(['/base/api/auth/loginByUserPwd', '/base/api/account/user/current/detail']),
    )
  })
})

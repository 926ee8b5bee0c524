import { ErrorCode, OperationType, TenantMsg } from '@zhixiao/shared'
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
} from './helpers.js'

let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = (await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })).data.userToken
})
afterAll(() => t.close())

const body = (over: Record<string, unknown> = {}) => ({
  name: '新区教育局',
  uniqueName: 'new-district',
  trade: 1,
  tenantModuleType: 1,
  appType: 1,
  topOrgName: '新区教育局',
  topOrgUnitAttr: 4,
  adminUserName: 'xqadmin',
  adminTrueName: '新区管理员',
  defaultPassword: 'Init2026a',
  sysName: '新区智慧教育',
  ...over,
})

describe('tenant management (super administrator)', () => {
  it('creates a tenant, its top org and an admin who must change the initial password, then can work', async () => {
    const r = await call(t, { url: '/base/api/tenant/add', token: admin, body: body() })
    expect(r).toMatchObject({ code: 0, msg: '新增成功', data: { adminUserName: 'xqadmin' } })
    const first = await login(t, { userName: 'xqadmin', password: 'Init2026a' })
    expect(first.data).toMatchObject({ operationType: OperationType.MUST_RESET_PASSWORD, resetReason: 'default' })
    await call(t, {
      url: '/base/api/account/must/change/default/password',
      body: { mustRstPwdId: first.data.mustRstPwdId, newPassword: 'Chosen2026x' },
    })
    const token = await loginToken(t, 'xqadmin', 'Chosen2026x')
    const me = await call(t, { url: '/base/api/account/user/current/detail', token })
    expect(me.data).toMatchObject({
      tenantId: r.data.tenantId,
      orgId: r.data.orgId,
      orgName: '新区教育局',
      roles: ['admin'],
    })
    expect(me.data.currentOrgData).toMatchObject({
      unitAttr: 4,
      tenantModuleType: 1,
      parentId: null,
      justOneOrgTenant: true,
    })
    // The new admin can build the tree under the top org.
    const school = await call(t, {
      url: '/base/api/organizationUnit/add',
      token,
      body: { parentId: r.data.orgId, name: '新区一小', unitAttr: 8 },
    })
    expect(school.code).toBe(0)
    const info = await call(t, { url: `/base/api/tenant/getLoginInfo?orgId=${r.data.orgId}` })
    expect(info.data).toMatchObject({ sysName: '新区智慧教育', tenantName: '新区教育局' })
    // The list carries what the edit form shows.
    const listed = await call(t, { url: '/base/api/tenant/query?keyword=new-district', token: admin })
    expect(listed.data.list).toEqual([
      expect.objectContaining({ uniqueName: 'new-district', sysName: '新区智慧教育', passwordMaxAgeDays: 0 }),
    ])
  })

  it('keeps the login settings (verify-info fields, student site) in the tenant config and serves them', async () => {
    const r = await call(t, {
      url: '/base/api/tenant/add',
      token: admin,
      body: body({
        uniqueName: 'verify-district',
        adminUserName: 'vdadmin',
        requiredInfoAfterLogin: true,
        requiredInfoFields: ['idCard', 'sex'],
        studentSiteUrl: 'https://student.example.cn',
      }),
    })
    expect(r.code).toBe(0)
    const info = await call(t, { url: `/base/api/tenant/getLoginInfo?orgId=${r.data.orgId}` })
    expect(info.data).toMatchObject({
      requiredInfoAfterLogin: true,
      studentSiteUrl: 'https://student.example.cn',
      backgroundUrl: null,
    })
    expect(
      (
        await call(t, {
          url: '/base/api/tenant/update',
          token: admin,
          body: {
            id: r.data.tenantId,
            requiredInfoFields: ['phone'],
            studentSiteUrl: '',
            backgroundUrl: 'https://img.example.cn/bg.jpg',
          },
        })
      ).code,
    ).toBe(0)
    const listed = await call(t, { url: '/base/api/tenant/query?keyword=verify-district', token: admin })
    expect(listed.data.list[0]).toMatchObject({
      requiredInfoAfterLogin: true,
      requiredInfoFields: ['phone'],
      studentSiteUrl: null,
      sysName: '新区智慧教育',
      backgroundUrl: 'https://img.example.cn/bg.jpg',
    })
    expect((await call(t, { url: `/base/api/tenant/getLoginInfo?orgId=${r.data.orgId}` })).data.backgroundUrl).toBe(
      'https://img.example.cn/bg.jpg',
    )
    expect(
      (
        await call(t, {
          url: '/base/api/tenant/update',
          token: admin,
          body: { id: r.data.tenantId, studentSiteUrl: 'ftp://x' },
        })
      ).msg,
    ).toBe('学生站点地址须以 http:// 或 https:// 开头')
    expect(
      (
        await call(t, {
          url: '/base/api/tenant/update',
          token: admin,
          body: { id: r.data.tenantId, requiredInfoFields: ['shoeSize'] },
        })
      ).msg,
    ).toBe('核验字段有误')
  })

  it('keeps 智慧教育平台登录 (smartChinaLogin) and the landing address (jumpAfterLogin) and serves them to the login page', async () => {
    const r = await call(t, {
      url: '/base/api/tenant/add',
      token: admin,
      body: body({ uniqueName: 'jump-district', adminUserName: 'jumpadmin' }),
    })
    expect(r.code).toBe(0)
    expect((await call(t, { url: `/base/api/tenant/getLoginInfo?orgId=${r.data.orgId}` })).data).toMatchObject({
      smartChinaLogin: false,
      jumpAfterLogin: null,
    })
    expect(
      (
        await call(t, {
          url: '/base/api/tenant/update',
          token: admin,
          body: { id: r.data.tenantId, smartChinaLogin: true, jumpAfterLogin: '/portal/personal' },
        })
      ).code,
    ).toBe(0)
    expect((await call(t, { url: `/base/api/tenant/getLoginInfo?orgId=${r.data.orgId}` })).data).toMatchObject({
      smartChinaLogin: true,
      jumpAfterLogin: '/portal/personal',
    })
    expect(
      (await call(t, { url: '/base/api/tenant/query?keyword=jump-district', token: admin })).data.list[0],
    ).toMatchObject({ smartChinaLogin: true, jumpAfterLogin: '/portal/personal' })
    expect(
      (
        await call(t, {
          url: '/base/api/tenant/update',
          token: admin,
          body: { id: r.data.tenantId, jumpAfterLogin: 'javascript:alert(1)' },
        })
      ).msg,
    ).toBe('登录后跳转地址须以 http:// 、https:// 或 / 开头')
    expect(
      (
        await call(t, {
          url: '/base/api/tenant/update',
          token: admin,
          body: { id: r.data.tenantId, smartChinaLogin: false, jumpAfterLogin: '' },
        })
      ).code,
    ).toBe(0)
    expect((await call(t, { url: `/base/api/tenant/getLoginInfo?orgId=${r.data.orgId}` })).data).toMatchObject({
      smartChinaLogin: false,
      jumpAfterLogin: null,
    })
  })

  it('refuses a taken unique name or login name and writes nothing', async () => {
    await call(t, {
      url: '/base/api/tenant/add',
      token: admin,
      body: body({ uniqueName: 'dup-a', adminUserName: 'dupadmin' }),
    })
    const sameUnique = await call(t, {
      url: '/base/api/tenant/add',
      token: admin,
      body: body({ uniqueName: 'dup-a', adminUserName: 'other-admin' }),
    })
    expect(sameUnique).toMatchObject({ code: ErrorCode.CONFLICT, msg: TenantMsg.UNIQUE_TAKEN })
    const sameLogin = await call(t, {
      url: '/base/api/tenant/add',
      token: admin,
      body: body({ uniqueName: 'dup-b', adminUserName: 'dupadmin' }),
    })
    expect(sameLogin).toMatchObject({ code: ErrorCode.CONFLICT, msg: TenantMsg.LOGIN_TAKEN })
    // Neither the half-made tenant nor its org or admin exists.
    const list = await call(t, { url: '/base/api/tenant/query?keyword=dup-b', token: admin })
    expect(list.data.total).toBe(0)
    expect(
      (await login(t, { userName: 'other-admin', password: 'Init2026a' }, { ip: '127.0.2.1' })).data.operationType,
    ).toBe(OperationType.FAILED)
  })

  it('validates with Chinese messages', async () => {
    expect(
      (await call(t, { url: '/base/api/tenant/add', token: admin, body: body({ uniqueName: 'Bad Name' }) })).msg,
    ).toBe('租户标识为2-40位小写字母、数字或-')
    expect(
      (
        await call(t, {
          url: '/base/api/tenant/add',
          token: admin,
          body: body({ uniqueName: 'ok-1', defaultPassword: 'abcdefgh' }),
        })
      ).msg,
    ).toBe('初始密码须同时包含字母和数字')
  })

  it('a disabled tenant cannot log in and its sessions end; enabling restores it', async () => {
    const w = await makeWorld(t)
    const p = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: 1002, roleIds: [w.roles.teacher] }],
    })
    const token = await loginToken(t, p.userName)
    expect(
      (await call(t, { url: '/base/api/tenant/updateStatus', token: admin, body: { id: w.tenantId, status: 1 } })).msg,
    ).toBe('停用成功')
    expect((await call(t, { url: '/base/api/account/user/current/detail', token })).status).toBe(401)
    expect(await login(t, { userName: p.userName, password: p.password })).toMatchObject({
      code: ErrorCode.TENANT_DISABLED,
      msg: TenantMsg.DISABLED,
    })
    await call(t, { url: '/base/api/tenant/updateStatus', token: admin, body: { id: w.tenantId, status: 0 } })
    expect((await login(t, { userName: p.userName, password: p.password })).data.operationType).toBe(
      OperationType.SUCCESS,
    )
    expect(
      (await call(t, { url: '/base/api/tenant/updateStatus', token: admin, body: { id: 0, status: 1 } })).msg,
    ).toBe(TenantMsg.PLATFORM)
  })

  it('only the super administrator: a tenant admin gets 403, a stranger 401', async () => {
    const w = await makeWorld(t)
    const a = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.bureauId, userType: 1002, roleIds: [w.roles.admin] }],
    })
    const tenantAdmin = await loginToken(t, a.userName)
    for (const url of ['/base/api/tenant/add', '/base/api/tenant/update', '/base/api/tenant/updateStatus']) {
      expect((await call(t, { url, token: tenantAdmin, body: { id: w.tenantId, status: 1 } })).status, url).toBe(403)
      expect((await call(t, { url, body: {} })).status, url).toBe(401)
    }
  })

  it('update renames and changes the module type', async () => {
    const w = await makeWorld(t)
    expect(
      (
        await call(t, {
          url: '/base/api/tenant/update',
          token: admin,
          body: { id: w.tenantId, name: '改名区', tenantModuleType: 0, sysName: '改名平台' },
        })
      ).code,
    ).toBe(0)
    const info = await call(t, { url: `/base/api/tenant/public/info?tenantId=${w.tenantId}` })
    expect(info.data).toMatchObject({ name: '改名区', pubInfo: { tenantModuleType: 0 } })
    expect(
      (await call(t, { url: '/base/api/tenant/update', token: admin, body: { id: 99999999, name: 'x' } })).status,
    ).toBe(404)
  })
})

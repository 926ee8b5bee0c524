import { DataCentreMsg, ErrorCode, IOT_MENU, UserType, type DataCentreList, type IotMenuEntry } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRole } from '../src/modules/tenant/provisioning.js'
import {
  ADMIN_PASSWORD,
  call,
  createTestApp,
  login,
  loginToken,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'

let t: TestApp
let w: World
let s: Staff
let foreignWorld: World
let foreign: Staff
let platform: string

const listOf = async (token: string, kind: string) => {
  const r = await call(t, { url: `/base/api/dataCenter/appList?kind=${kind}`, token })
  expect(r.code).toBe(0)
  return r.data as DataCentreList
}
const uids = (l: DataCentreList) => l.apps.map((a) => a.uniqueId).sort()
const register = async (token: string, body: Record<string, unknown>) => {
  const r = await call(t, {
    url: '/base/mobileApp/save',
    token,
    body: { entryUrl: 'https://apps.example.com/x', ...body },
  })
  expect(r.code, r.msg).toBe(0)
}
const warehouseRow = async (tenantId: number) => {
  const r = await call(t, { url: '/base/api/dataCenter/warehouse/list?pageSize=100', token: platform })
  expect(r.code).toBe(0)
  return (r.data.list as { tenantId: number; enabled: boolean }[]).find((x) => x.tenantId === tenantId)
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreignWorld = await makeWorld(t)
  foreign = await staffOf(t, foreignWorld)
  platform = (await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })).data.userToken
  // The district registers apps of both lists, and some that must stay out of them.
  await register(s.bureauAdmin, { name: '数据大屏', uniqueId: 'datav', appType: 3 })
  await register(s.bureauAdmin, { name: 'ICT发布', uniqueId: 'ict_pub', appType: 4 })
  await register(s.bureauAdmin, { name: '剪辑中心', uniqueId: 'clipCenter', appType: 7 }) // app type 7: no list
  await register(s.bureauAdmin, {
    name: '报表中心',
    uniqueId: 'report_center',
    appType: 4,
    permissionName: 'dc_report_center',
  }) // teacher lacks it
  await register(s.bureauAdmin, { name: '知识中心', uniqueId: 'knowledgeCenter', appType: 3, hasShow: false }) // hidden
  await register(s.bureauAdmin, { name: '其他应用', uniqueId: 'other_app', appType: 3 }) // not a list id
  // The other tenant registers a low-code app of its own.
  await register(foreign.bureauAdmin, { name: '监控中心', uniqueId: 'monitorCenter', appType: 4 })
})
afterAll(() => t.close())

describe('data-centre and low-code lists', () => {
  it('401 signed out; bad kind refused with a Chinese message', async () => {
    expect((await call(t, { url: '/base/api/dataCenter/appList?kind=lowCode' })).status).toBe(401)
    expect((await call(t, { url: '/base/api/dataCenter/iotMenu' })).status).toBe(401)
    for (const kind of ['other', 'low%00Code', 'x'.repeat(300)]) {
      const r = await call(t, { url: `/base/api/dataCenter/appList?kind=${kind}`, token: s.teacher })
      expect(r.code).not.toBe(0)
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/)
    }
  })

  it('low-code: app types 3 and 4 with a low-code id the user may open; never another tenant’s', async () => {
    expect(uids(await listOf(s.teacher, 'lowCode'))).toEqual(['datav', 'ict_pub'])
    // Default kind is low-code.
    expect(
      uids((await call(t, { url: '/base/api/dataCenter/appList', token: s.teacher })).data as DataCentreList),
    ).toEqual(['datav', 'ict_pub'])
    expect(uids(await listOf(foreign.teacher, 'lowCode'))).toEqual(['monitorCenter'])
  })

  it('data centre: empty until the platform admin enables the data warehouse, then the permitted apps', async () => {
    const off = await listOf(s.teacher, 'dataCenter')
    expect(off).toMatchObject({ enabled: false, apps: [] })
    expect(
      (
        await call(t, {
          url: '/base/api/dataCenter/warehouse/set',
          token: platform,
          body: { tenantId: w.tenantId, enabled: true },
        })
      ).msg,
    ).toBe(DataCentreMsg.ENABLED)
    const on = await listOf(s.teacher, 'dataCenter')
    expect(on.enabled).toBe(true)
    // report_center needs a permission the teacher lacks; knowledgeCenter is hidden; other_app is no data-centre id.
    expect(uids(on)).toEqual(['datav'])
    // A user holding the app's permission sees it.
    const role = await t.db.tenant(w.tenantId, (trx) =>
      createRole(trx, { code: 'dc_reader', name: '报表', permissions: ['dc_report_center'] }),
    )
    const reader = await loginToken(
      t,
      (
        await makePerson(t, w.tenantId, {
          memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [role] }],
        })
      ).userName,
    )
    expect(uids(await listOf(reader, 'dataCenter'))).toEqual(['datav', 'report_center'])
    // The other tenant's warehouse stays off.
    expect(await listOf(foreign.teacher, 'dataCenter')).toMatchObject({ enabled: false, apps: [] })
    expect(await warehouseRow(w.tenantId)).toMatchObject({ enabled: true })
    expect(await warehouseRow(foreignWorld.tenantId)).toMatchObject({ enabled: false })
    // Turned off again, the list empties.
    expect(
      (
        await call(t, {
          url: '/base/api/dataCenter/warehouse/set',
          token: platform,
          body: { tenantId: w.tenantId, enabled: false },
        })
      ).msg,
    ).toBe(DataCentreMsg.DISABLED)
    expect(await listOf(s.teacher, 'dataCenter')).toMatchObject({ enabled: false, apps: [] })
  })
})

describe('data warehouse switch (platform administrator)', () => {
  it('401 signed out, 403 for a tenant admin; nothing changes', async () => {
    const body = { tenantId: w.tenantId, enabled: true }
    expect((await call(t, { url: '/base/api/dataCenter/warehouse/set', body })).status).toBe(401)
    const r = await call(t, { url: '/base/api/dataCenter/warehouse/set', token: s.bureauAdmin, body })
    expect(r.status).toBe(403)
    expect(r.code).toBe(ErrorCode.FORBIDDEN)
    expect((await call(t, { url: '/base/api/dataCenter/warehouse/list', token: s.bureauAdmin })).status).toBe(403)
    expect(await warehouseRow(w.tenantId)).toMatchObject({ enabled: false })
  })

  it('an unknown tenant is not found; the platform tenant is refused; bad input refused in Chinese', async () => {
    const gone = await call(t, {
      url: '/base/api/dataCenter/warehouse/set',
      token: platform,
      body: { tenantId: 987654, enabled: true },
    })
    expect(gone.msg).toBe(DataCentreMsg.TENANT_NOT_FOUND)
    expect(gone.code).not.toBe(0)
    const plat = await call(t, {
      url: '/base/api/dataCenter/warehouse/set',
      token: platform,
      body: { tenantId: 0, enabled: true },
    })
    expect(plat.msg).toBe(DataCentreMsg.PLATFORM)
    for (const body of [
      { tenantId: w.tenantId, enabled: 'yes' },
      { tenantId: 'x\u0000', enabled: true },
      { enabled: true },
    ]) {
      const r = await call(t, { url: '/base/api/dataCenter/warehouse/set', token: platform, body })
      expect(r.code).not.toBe(0)
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/)
    }
    const long = await call(t, {
      url: `/base/api/dataCenter/warehouse/list?keyword=${'字'.repeat(51)}`,
      token: platform,
    })
    expect(long.code).not.toBe(0)
    expect(await warehouseRow(w.tenantId)).toMatchObject({ enabled: false })
  })

  it('keyword search finds the tenant, and other config keys survive the switch', async () => {
    const name = (
      await t.db.platform((trx) =>
        trx.selectFrom('tenant').select('name').where('id', '=', w.tenantId).executeTakeFirstOrThrow(),
      )
    ).name
    const r = await call(t, {
      url: `/base/api/dataCenter/warehouse/list?keyword=${encodeURIComponent(name)}`,
      token: platform,
    })
    expect((r.data.list as { tenantId: number }[]).map((x) => x.tenantId)).toEqual([w.tenantId])
    await call(t, {
      url: '/base/api/dataCenter/warehouse/set',
      token: platform,
      body: { tenantId: w.tenantId, enabled: true },
    })
    const cfg = (
      await t.db.platform((trx) =>
        trx.selectFrom('tenant').select('config').where('id', '=', w.tenantId).executeTakeFirstOrThrow(),
      )
    ).config as Record<string, unknown>
    expect(cfg).toMatchObject({ sysName: '测试区智慧教育平台', dataWarehouse: true })
    await call(t, {
      url: '/base/api/dataCenter/warehouse/set',
      token: platform,
      body: { tenantId: w.tenantId, enabled: false },
    })
  })
})

describe('IoT menu', () => {
  it('lists the entries whose permission the user holds; 智能手机 needs none', async () => {
    const teacher = (await call(t, { url: '/base/api/dataCenter/iotMenu', token: s.teacher })).data as IotMenuEntry[]
    expect(teacher).toEqual([{ key: 'phone', name: '智能手机', permission: null, route: '/iot/smartPhone' }])
    const role = await t.db.tenant(w.tenantId, (trx) =>
      createRole(trx, { code: 'iot_viewer', name: '物联', permissions: ['iot_ysgw_dev_data', 'iot_ysgw_dev_p'] }),
    )
    const viewer = await loginToken(
      t,
      (
        await makePerson(t, w.tenantId, {
          memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [role] }],
        })
      ).userName,
    )
    const got = (await call(t, { url: '/base/api/dataCenter/iotMenu', token: viewer })).data as IotMenuEntry[]
    expect(got.map((m) => m.permission)).toEqual(['iot_ysgw_dev_data', 'iot_ysgw_dev_p', null])
    expect(got.every((m) => m.route.startsWith('/iot/'))).toBe(true)
    // A role of another tenant with the same name grants nothing here.
    expect(
      ((await call(t, { url: '/base/api/dataCenter/iotMenu', token: foreign.teacher })).data as IotMenuEntry[]).length,
    ).toBe(1)
    expect(IOT_MENU).toHaveLength(7)
  })
})

import {
  AppMsg,
  BASE_SET_ENTRY,
  BUILTIN_APPS,
  ErrorCode,
  Msg,
  ONCE_TOKEN_TTL_MS,
  UserType,
  type AppRow,
  type AppUpdateBody,
} from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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
let foreign: Staff
/** A student and a parent of the first school. */
let student: string
let parent: string

interface G {
  id: number
  name: string
  groupingType: number | null
  appList: AppRow[]
}
const groupsOf = async (token: string, appType = 3, filter = '1') =>
  (
    await call(t, {
      url: `/base/mobileAppGroup/getAppGroupList?appType=${appType}&filter=${filter}&showDefaultGroup=true`,
      token,
    })
  ).data as G[]
const appsOf = (gs: G[]) => gs.flatMap((g) => g.appList)
const uidsOf = (gs: G[]) => appsOf(gs).map((a) => a.uniqueId)
/** 应用管理's list: every app of the admin's view, configured or not. */
const adminApps = async (token: string) =>
  (await call(t, { url: '/base/mobileApp/getAppPage', token, body: { pageSize: 200 } })).data.list as AppRow[]
const appOf = async (token: string, uniqueId: string) => {
  const a = (await adminApps(token)).find((x) => x.uniqueId === uniqueId)
  if (!a) throw new Error(`no app ${uniqueId}`)
  return a
}
const idOf = async (token: string, uniqueId: string) => (await appOf(token, uniqueId)).appId
/** Changes some settings of an app the way the edit form does (the whole row, some fields changed). */
const editApp = async (token: string, uniqueId: string, change: Partial<AppUpdateBody>) => {
  const a = await appOf(token, uniqueId)
  const body: AppUpdateBody = {
    appId: a.appId,
    name: a.name,
    uniqueId: a.uniqueId,
    iconUri: a.iconUri,
    reqUri: a.reqUri,
    entryUrl: a.entryUrl,
    permissionName: a.permissionName,
    appType: a.appType,
    openWay: a.openWay,
    isScrap: a.isScrap,
    expireDate: a.expireDate,
    hasShow: a.hasShow,
    isNewApp: a.isNewApp,
    groupingType: a.groupingType,
    userTypes: a.userTypes,
    ...change,
  }
  return call(t, { url: '/base/mobileApp/update', token, body })
}
const DEMO_ENTRY = '/subapps/demo/index.html'
const oftenOf = async (token: string) =>
  ((await call(t, { url: '/base/oftenUse/selectOftenUseAppList', token })).data as AppRow[]).map((a) => a.uniqueId)
const fallbackOf = async (token: string) =>
  ((await call(t, { url: '/base/api/tenant/getAppListById', token })).data as { appUniqueId: string }[]).map(
    (a) => a.appUniqueId,
  )

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreign = await staffOf(t, await makeWorld(t))
  const member = async (userType: number) =>
    loginToken(
      t,
      (await makePerson(t, w.tenantId, { memberships: [{ orgId: w.schoolId, userType, roleIds: [] }] })).userName,
    )
  student = await member(UserType.STUDENT)
  parent = await member(UserType.PARENT)
  // Built-in sub-app routes open nothing until the district registers an entry: these get one (the top org's admin).
  for (const uid of ['attendance', 'leave', 'worklog', 'salary', 'grade_manage']) {
    expect((await editApp(s.bureauAdmin, uid, { entryUrl: DEMO_ENTRY })).code).toBe(0)
  }
})
afterAll(() => t.close())

describe('app groups', () => {
  it('lays out the default groups of the scope (school vs bureau) with their built-in apps', async () => {
    // Unfiltered (the admin's group screen): the layout, configured or not.
    const school = await groupsOf(s.schoolAdmin, 3, '0')
    expect(school.slice(0, 6).map((g) => g.name)).toEqual([
      '中台',
      '教师服务',
      '教务教学',
      '教研',
      '校园管理',
      '学生工作',
    ])
    const bureau = await groupsOf(s.bureauAdmin, 10, '0')
    expect(bureau.slice(0, 6).map((g) => g.name)).toEqual([
      '中台',
      '教师服务',
      '教务教学',
      '教研',
      '局务工作',
      '学生工作',
    ])
    expect(appsOf(school).map((a) => a.uniqueId)).toContain('attendance')
    expect(appsOf(bureau).map((a) => a.uniqueId)).not.toContain('attendance')
    expect(appsOf(bureau).map((a) => a.uniqueId)).toContain('inspection')
  })

  it("filter '1' keeps only apps whose permission the user holds; admin-only apps only for the platform admin", async () => {
    const teacher = appsOf(await groupsOf(s.teacher)).map((a) => a.uniqueId)
    expect(teacher).toContain('attendance')
    expect(teacher).not.toContain('role_permission')
    expect(teacher).not.toContain('base_data')
    const admin = appsOf(await groupsOf(s.schoolAdmin)).map((a) => a.uniqueId)
    expect(admin).toEqual(expect.arrayContaining(['role_permission', 'base_data']))
    expect(admin).not.toContain('tenant_management')
    expect(admin).not.toContain('data_warehouse')
    // Unfiltered (the group admin screen), every app of the group is listed, to app managers only: anyone else
    // asking for filter=0 still gets the filtered list.
    expect(appsOf(await groupsOf(s.teacher, 3, '0')).map((a) => a.uniqueId)).not.toContain('role_permission')
    expect(new Set(appsOf(await groupsOf(s.schoolAdmin, 3, '0')).map((a) => a.uniqueId)).size).toBe(
      BUILTIN_APPS.filter((b) => b.scopes.includes('s') && !b.adminOnly).length,
    )
    // The platform administrator (tenant 0) sees tenant management and the data warehouse.
    const platform = (await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })).data
      .userToken as string
    expect(appsOf(await groupsOf(platform, 10)).map((a) => a.uniqueId)).toEqual(
      expect.arrayContaining(['tenant_management', 'data_warehouse']),
    )
    // The platform admin's apps are not even listed to a tenant admin.
    const listed = (await call(t, { url: '/base/mobileApp/getAppPage', token: s.bureauAdmin, body: { pageSize: 200 } }))
      .data.list as { uniqueId: string }[]
    expect(listed.map((a) => a.uniqueId)).not.toContain('tenant_management')
    expect(listed.map((a) => a.uniqueId)).toContain('role_permission')
  })

  it('admin group writes: add, rename, link, unlink, reset; each in the operation log', async () => {
    const id = (
      await call(t, { url: '/base/mobileAppGroup/save', token: s.schoolAdmin, body: { name: '我的分组', appType: 3 } })
    ).data as number
    expect(id).toBeGreaterThan(0)
    expect(
      (
        await call(t, {
          url: '/base/mobileAppGroup/update',
          token: s.schoolAdmin,
          body: { id, name: '常用工具', appType: 3 },
        })
      ).code,
    ).toBe(0)
    const attendance = await idOf(s.schoolAdmin, 'attendance')
    expect(
      (
        await call(t, {
          url: '/base/mobileAppLink/addAppLinkToAppGroup',
          token: s.schoolAdmin,
          body: { groupId: id, appIds: [attendance] },
        })
      ).code,
    ).toBe(0)
    let mine = (await groupsOf(s.teacher)).find((g) => g.id === id)!
    expect(mine.name).toBe('常用工具')
    expect(mine.appList.map((a) => a.appId)).toEqual([attendance])
    await call(t, {
      url: '/base/mobileAppLink/deleteAppLinkToAppGroup',
      token: s.schoolAdmin,
      body: { groupId: id, appIds: [attendance] },
    })
    mine = (await groupsOf(s.teacher)).find((g) => g.id === id)!
    expect(mine.appList).toEqual([])
    // Groups are the org's own: the other school's admin cannot touch this one.
    expect((await call(t, { url: `/base/mobileAppGroup/delete?id=${id}`, token: s.school2Admin })).status).toBe(404)
    expect((await call(t, { url: `/base/mobileAppGroup/delete?id=${id}`, token: s.schoolAdmin })).code).toBe(0)
    expect((await groupsOf(s.teacher)).find((g) => g.id === id)).toBeUndefined()
    // Reset: the default groups come back after deleting one of them.
    const first = (await groupsOf(s.schoolAdmin))[0]!
    await call(t, { url: `/base/mobileAppGroup/delete?id=${first.id}`, token: s.schoolAdmin })
    expect((await groupsOf(s.schoolAdmin)).map((g) => g.name)).not.toContain('中台')
    expect(
      (await call(t, { url: '/base/mobileAppGroup/resetAppGroupList', token: s.schoolAdmin, body: { appType: 3 } }))
        .code,
    ).toBe(0)
    expect((await groupsOf(s.schoolAdmin))[0]!.name).toBe('中台')
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('operation_log').select('action').where('module', '=', '应用管理').execute(),
    )
    expect(log.map((l) => l.action)).toEqual(
      expect.arrayContaining([
        '新增应用分组',
        '编辑应用分组',
        '添加应用到分组',
        '从分组移除应用',
        '删除应用分组',
        '重置应用分组',
      ]),
    )
  })

  it("another tenant's app id is not found when linking", async () => {
    const group = (await groupsOf(s.schoolAdmin))[0]!
    const alien = await idOf(foreign.schoolAdmin, 'attendance')
    const r = await call(t, {
      url: '/base/mobileAppLink/addAppLinkToAppGroup',
      token: s.schoolAdmin,
      body: { groupId: group.id, appIds: [alien] },
    })
    expect(r).toMatchObject({ status: 404, msg: AppMsg.NOT_FOUND })
  })
})

describe('favourites (常用)', () => {
  it('add, list with hasCollect, delete, clear; per membership', async () => {
    const a = await idOf(s.schoolAdmin, 'attendance')
    const b = await idOf(s.schoolAdmin, 'leave')
    expect((await call(t, { url: `/base/oftenUse/addOftenUseApp?appId=${a}`, token: s.teacher })).code).toBe(0)
    t.clock.advance(1000)
    await call(t, { url: `/base/oftenUse/addOftenUseApp?appId=${b}`, token: s.teacher })
    let list = (await call(t, { url: '/base/oftenUse/selectOftenUseAppList', token: s.teacher })).data as {
      appId: number
      hasCollect: boolean
    }[]
    expect(list.map((x) => x.appId)).toEqual([b, a])
    expect(list.every((x) => x.hasCollect)).toBe(true)
    expect(appsOf(await groupsOf(s.teacher)).find((x) => x.appId === a)!.hasCollect).toBe(true)
    // Someone else's list is their own.
    expect((await call(t, { url: '/base/oftenUse/selectOftenUseAppList', token: s.schoolAdmin })).data).toEqual([])
    expect((await call(t, { url: `/base/oftenUse/deleteOftenUseApp?appId=${a}`, token: s.teacher })).code).toBe(0)
    list = (await call(t, { url: '/base/oftenUse/selectOftenUseAppList', token: s.teacher })).data
    expect(list.map((x) => x.appId)).toEqual([b])
    expect((await call(t, { url: '/base/oftenUse/clearOftenUseApp', token: s.teacher })).data).toBe(1)
    expect((await call(t, { url: '/base/oftenUse/selectOftenUseAppList', token: s.teacher })).data).toEqual([])
  })

  it("refuses another tenant's app id and an app the user may not open", async () => {
    const alien = await idOf(foreign.schoolAdmin, 'attendance')
    expect((await call(t, { url: `/base/oftenUse/addOftenUseApp?appId=${alien}`, token: s.teacher })).status).toBe(404)
    const roles = await idOf(s.schoolAdmin, 'role_permission')
    expect((await call(t, { url: `/base/oftenUse/addOftenUseApp?appId=${roles}`, token: s.teacher })).status).toBe(404)
  })

  it('401 without a session', async () => {
    for (const url of [
      '/base/oftenUse/selectOftenUseAppList',
      '/base/oftenUse/clearOftenUseApp',
      '/base/mobileAppGroup/getAppGroupList',
      '/base/api/auth/once/token',
      '/base/api/tenant/getAppListById',
    ]) {
      expect((await call(t, { url })).status).toBe(401)
    }
    expect((await call(t, { url: '/base/configMgr/permissions/dynamic', body: [] })).status).toBe(401)
  })
})

describe('app registry (应用管理)', () => {
  it('403 without sc_menhu_app_mgr', async () => {
    const r = await call(t, { url: '/base/mobileApp/save', token: s.teacher, body: { name: 'x', reqUri: '/x' } })
    expect(r).toMatchObject({ status: 403, msg: Msg.NO_PERMISSION })
    expect((await call(t, { url: '/base/mobileAppGroup/save', token: s.teacher, body: { name: 'x' } })).status).toBe(
      403,
    )
  })

  it('validates the icon address', async () => {
    const r = await call(t, {
      url: '/base/mobileApp/save',
      token: s.schoolAdmin,
      body: { name: '图标', reqUri: '/dynamic', iconUri: 'ftp://x/a.png' },
    })
    expect(r.msg).toBe(AppMsg.ICON_HTTP)
  })

  it('registering an app with a new permission name adds a grantable code under 机构应用, and the app shows to holders only', async () => {
    const saved = await call(t, {
      url: '/base/mobileApp/save',
      token: s.schoolAdmin,
      body: {
        name: '实验室预约',
        uniqueId: 'lab_booking',
        iconUri: 'https://img.example.com/lab.png',
        reqUri: '/placemeet',
        entryUrl: 'https://lab.example.com/',
        permissionName: 'lab_booking_use',
        groupingType: 5,
      },
    })
    expect(saved).toMatchObject({ code: 0 })
    type Group = { name: string; desc: string; children: { name: string }[] }
    const tree = (await call(t, { url: '/base/api/account/getPermissionTree', token: s.schoolAdmin })).data as Group[]
    const node = tree.find((n) => n.name === 'tenant_app')
    expect(node).toMatchObject({ desc: '机构应用' })
    expect(node!.children.map((c) => c.name)).toEqual(['lab_booking_use'])
    // The app's appType (3 by default) puts its code in the in-org list (3), not the student (12) or public portal (7) one.
    const listOf = async (appType: number) =>
      (
        (await call(t, { url: `/base/api/account/getPermissionTree?appType=${appType}`, token: s.schoolAdmin }))
          .data as Group[]
      ).map((n) => n.name)
    expect(await listOf(3)).toContain('tenant_app')
    expect(await listOf(12)).not.toContain('tenant_app')
    expect(await listOf(7)).not.toContain('tenant_app')
    // Another tenant's tree does not get the code.
    const alienTree = (await call(t, { url: '/base/api/account/getPermissionTree', token: foreign.schoolAdmin }))
      .data as Group[]
    expect(alienTree.find((n) => n.name === 'tenant_app')).toBeUndefined()
    // Not yet granted: hidden from the teacher; listed for the admin (admins hold every code of their tenant).
    expect(appsOf(await groupsOf(s.teacher)).map((a) => a.uniqueId)).not.toContain('lab_booking')
    expect(appsOf(await groupsOf(s.schoolAdmin)).map((a) => a.uniqueId)).toContain('lab_booking')
    // Grant it through a role of the school: then the teacher sees it.
    const role = (
      await call(t, {
        url: '/base/api/account/addRole/batch',
        token: s.schoolAdmin,
        body: { roles: [{ name: '实验员' }] },
      })
    ).data[0] as number
    expect(
      (
        await call(t, {
          url: '/base/api/account/associatedPermission',
          token: s.schoolAdmin,
          body: { roleId: role, orgId: w.schoolId, names: ['lab_booking_use'] },
        })
      ).code,
    ).toBe(0)
    const teacherInfo = (await call(t, { url: '/base/api/account/user/current/detail', token: s.teacher })).data
      .userInfoId as number
    expect(
      (
        await call(t, {
          url: '/base/api/account/associatedAccount',
          token: s.schoolAdmin,
          body: { roleId: role, userInfoIds: [teacherInfo] },
        })
      ).code,
    ).toBe(0)
    expect(appsOf(await groupsOf(s.teacher)).map((a) => a.uniqueId)).toContain('lab_booking')
    // The unified portal check answers the held pairs only.
    const dyn = await call(t, {
      url: '/base/configMgr/permissions/dynamic',
      token: s.teacher,
      body: [
        { appUniqueId: 'lab_booking', permission: 'lab_booking_use' },
        { appUniqueId: 'lab_booking', permission: 'lab_booking_use' },
        { appUniqueId: 'roles', permission: 'permission_role' },
      ],
    })
    expect(dyn.data).toEqual([{ appUniqueId: 'lab_booking', permission: 'lab_booking_use' }])
    const log = await t.db.tenant(w.tenantId, (trx) =>
      trx
        .selectFrom('operation_log')
        .select('action')
        .where('module', '=', '应用管理')
        .where('action', '=', '注册应用')
        .execute(),
    )
    expect(log).toHaveLength(1)
  })

  it('a registered app is seen in the registering org only; another org cannot edit it; another tenant cannot see it', async () => {
    const id = (
      await call(t, {
        url: '/base/mobileApp/save',
        token: s.schoolAdmin,
        body: { name: '校本课程', reqUri: '/courseCenter', entryUrl: '/subapps/demo/index.html' },
      })
    ).data as number
    const page = async (token: string) =>
      (
        (await call(t, { url: '/base/mobileApp/getAppPage', token, body: { source: 'registered', pageSize: 100 } }))
          .data.list as { appId: number }[]
      ).map((a) => a.appId)
    expect(await page(s.schoolAdmin)).toContain(id)
    expect(await page(s.school2Admin)).not.toContain(id)
    expect(await page(foreign.schoolAdmin)).not.toContain(id)
    const upd = { appId: id, name: '改名', reqUri: '/courseCenter' }
    expect((await call(t, { url: '/base/mobileApp/update', token: s.school2Admin, body: upd })).status).toBe(404)
    expect((await call(t, { url: '/base/mobileApp/update', token: foreign.schoolAdmin, body: upd })).status).toBe(404)
    expect((await call(t, { url: `/base/mobileApp/delete?id=${id}`, token: foreign.schoolAdmin })).status).toBe(404)
    // The bureau above it may manage it.
    expect((await call(t, { url: '/base/mobileApp/update', token: s.bureauAdmin, body: upd })).code).toBe(0)
    expect((await call(t, { url: `/base/mobileApp/delete?id=${id}`, token: s.schoolAdmin })).code).toBe(0)
  })

  it('scrapped and expired flags; built-in apps only by the top org, and only their settings', async () => {
    const leave = await idOf(s.bureauAdmin, 'leave')
    const body = { appId: leave, name: '别名', reqUri: '/oafn/leave', entryUrl: DEMO_ENTRY, isScrap: true }
    expect((await call(t, { url: '/base/mobileApp/update', token: s.schoolAdmin, body })).status).toBe(403)
    expect((await call(t, { url: '/base/mobileApp/update', token: s.bureauAdmin, body })).code).toBe(0)
    const worklog = await idOf(s.bureauAdmin, 'worklog')
    await call(t, {
      url: '/base/mobileApp/update',
      token: s.bureauAdmin,
      body: {
        appId: worklog,
        name: '工作日志',
        reqUri: '/oafn/worklog',
        entryUrl: DEMO_ENTRY,
        expireDate: '2026-10-31',
      },
    })
    const apps = appsOf(await groupsOf(s.teacher))
    expect(apps.find((a) => a.appId === leave)).toMatchObject({ name: '请假审批', isScrap: true, hasExpire: false })
    expect(apps.find((a) => a.appId === worklog)).toMatchObject({ isScrap: false, hasExpire: true })
    expect((await call(t, { url: `/base/mobileApp/delete?id=${leave}`, token: s.bureauAdmin })).msg).toBe(
      AppMsg.BUILTIN,
    )
    const hosted = (await call(t, { url: '/base/mobileApp/hosted?route=/oafn/leave', token: s.teacher })).data
    expect(hosted).toMatchObject({ mayOpen: true, app: { isScrap: true } })
    expect((await call(t, { url: '/base/mobileApp/hosted?route=/cwj', token: s.teacher })).data).toBeNull()
  })
})

describe('what users are offered: apps that open something, for their user type (issue 11 points 10, 11)', () => {
  it('an app with no entry address is absent from every user list and listed to admins as 未配置 with what is missing', async () => {
    // 公文流转 is a sub-app route no entry was registered for; 物联网平台 too.
    const doc = await appOf(s.schoolAdmin, 'official_document')
    expect(doc).toMatchObject({ missing: AppMsg.MISSING_ENTRY, entryUrl: null })
    expect(await appOf(s.schoolAdmin, 'internet_of_things')).toMatchObject({ missing: AppMsg.MISSING_ENTRY })
    // Internal pages and configured sub-apps open something.
    expect(await appOf(s.schoolAdmin, 'role_permission')).toMatchObject({ missing: null })
    expect(await appOf(s.schoolAdmin, 'attendance')).toMatchObject({ missing: null })
    for (const token of [s.teacher, s.schoolAdmin, student]) {
      expect(uidsOf(await groupsOf(token))).not.toContain('official_document')
      expect(uidsOf(await groupsOf(token))).not.toContain('internet_of_things')
      expect(await fallbackOf(token)).not.toContain('official_document')
    }
    // The group admin screen (filter 0, app managers) still lists it, with what is missing.
    expect(appsOf(await groupsOf(s.schoolAdmin, 3, '0')).find((a) => a.uniqueId === 'official_document')).toMatchObject(
      { missing: AppMsg.MISSING_ENTRY },
    )
    // It cannot become a favourite.
    expect(await call(t, { url: `/base/oftenUse/addOftenUseApp?appId=${doc.appId}`, token: s.teacher })).toMatchObject({
      code: ErrorCode.BAD_REQUEST,
      msg: AppMsg.NOT_REGISTERED,
    })
    // Once an entry is registered it is offered; a favourite of it goes again when the entry is removed.
    expect((await editApp(s.bureauAdmin, 'official_document', { entryUrl: DEMO_ENTRY })).code).toBe(0)
    expect(uidsOf(await groupsOf(s.teacher))).toContain('official_document')
    expect((await call(t, { url: `/base/oftenUse/addOftenUseApp?appId=${doc.appId}`, token: s.teacher })).code).toBe(0)
    expect(await oftenOf(s.teacher)).toContain('official_document')
    expect((await editApp(s.bureauAdmin, 'official_document', { entryUrl: null })).code).toBe(0)
    expect(await oftenOf(s.teacher)).not.toContain('official_document')
    expect(uidsOf(await groupsOf(s.teacher))).not.toContain('official_document')
    // A route that is no portal page opens nothing either; an http entry without a route opens the outside site.
    const reg = async (body: object) =>
      (await call(t, { url: '/base/mobileApp/save', token: s.schoolAdmin, body: { name: '外部', ...body } }))
        .data as number
    const bad = await reg({ reqUri: '/no-such-page' })
    const site = await reg({ entryUrl: 'https://example.com/' })
    const bare = await reg({ entryUrl: DEMO_ENTRY })
    const listed = await adminApps(s.schoolAdmin)
    expect(listed.find((a) => a.appId === bad)).toMatchObject({ missing: AppMsg.UNKNOWN_ROUTE })
    expect(listed.find((a) => a.appId === site)).toMatchObject({ missing: null })
    expect(listed.find((a) => a.appId === bare)).toMatchObject({ missing: AppMsg.MISSING_ROUTE })
    const teacherIds = appsOf(await groupsOf(s.teacher)).map((a) => a.appId)
    expect(teacherIds).toContain(site)
    expect(teacherIds).not.toContain(bad)
    expect(teacherIds).not.toContain(bare)
    for (const id of [bad, site, bare]) await call(t, { url: `/base/mobileApp/delete?id=${id}`, token: s.schoolAdmin })
  })

  it("students and parents get no teacher's app in the launcher, header, 常用 or fallback list, and cannot star one", async () => {
    const salary = await appOf(s.schoolAdmin, 'salary')
    expect(salary).toMatchObject({ userTypes: [UserType.STAFF], missing: null })
    expect(uidsOf(await groupsOf(s.teacher))).toContain('salary')
    for (const token of [student, parent]) {
      // Unfiltered or filtered, school or bureau scope: the same offer.
      for (const [scope, filter] of [
        [3, '1'],
        [3, '0'],
        [10, '1'],
      ] as const) {
        const uids = uidsOf(await groupsOf(token, scope, filter))
        for (const staffOnly of ['salary', 'worklog', 'leave', 'attendance', 'archive_teacher'])
          expect(uids).not.toContain(staffOnly)
      }
      expect(await fallbackOf(token)).not.toContain('salary')
      const r = await call(t, { url: `/base/oftenUse/addOftenUseApp?appId=${salary.appId}`, token })
      expect(r).toMatchObject({ status: 403, code: ErrorCode.FORBIDDEN, msg: AppMsg.USER_TYPE_REFUSED })
      expect(await oftenOf(token)).toEqual([])
      // Opening its route directly: the host page is told it may not open it, and gets no frame address.
      expect((await call(t, { url: '/base/mobileApp/hosted?route=/salary', token })).data).toMatchObject({
        mayOpen: false,
        app: { entryUrl: null },
      })
    }
    // 成绩管理 is for everyone: students and parents are offered it and may star it.
    const grades = await appOf(s.schoolAdmin, 'grade_manage')
    expect(grades.userTypes).toEqual([UserType.STAFF, UserType.STUDENT, UserType.PARENT])
    expect(uidsOf(await groupsOf(student))).toContain('grade_manage')
    expect((await call(t, { url: `/base/oftenUse/addOftenUseApp?appId=${grades.appId}`, token: parent })).code).toBe(0)
    expect(await oftenOf(parent)).toEqual(['grade_manage'])
  })

  it('the user types are edited in 应用管理; a favourite drops out when its app is no longer for the user type', async () => {
    expect((await editApp(s.bureauAdmin, 'grade_manage', { userTypes: [] })).msg).toBe(AppMsg.USER_TYPES_REQUIRED)
    expect((await editApp(s.bureauAdmin, 'salary', { userTypes: [UserType.STAFF, UserType.STUDENT] })).code).toBe(0)
    expect(uidsOf(await groupsOf(student))).toContain('salary')
    expect(uidsOf(await groupsOf(parent))).not.toContain('salary')
    expect((await editApp(s.bureauAdmin, 'grade_manage', { userTypes: [UserType.STAFF, UserType.STUDENT] })).code).toBe(
      0,
    )
    expect(await oftenOf(parent)).toEqual([])
    // An edit that does not name the user types keeps them.
    const a = await appOf(s.bureauAdmin, 'salary')
    await call(t, {
      url: '/base/mobileApp/update',
      token: s.bureauAdmin,
      body: { appId: a.appId, name: a.name, reqUri: a.reqUri, entryUrl: a.entryUrl },
    })
    expect((await appOf(s.bureauAdmin, 'salary')).userTypes).toEqual([UserType.STAFF, UserType.STUDENT])
    // A registered app is for every user type unless the admin narrows it.
    const id = (
      await call(t, {
        url: '/base/mobileApp/save',
        token: s.schoolAdmin,
        body: { name: '家校通', reqUri: '/placemeet', entryUrl: DEMO_ENTRY },
      })
    ).data as number
    expect((await adminApps(s.schoolAdmin)).find((x) => x.appId === id)?.userTypes).toEqual([
      UserType.STAFF,
      UserType.STUDENT,
      UserType.PARENT,
    ])
    expect(appsOf(await groupsOf(parent)).map((x) => x.appId)).toContain(id)
    await call(t, { url: `/base/mobileApp/delete?id=${id}`, token: s.schoolAdmin })
    await editApp(s.bureauAdmin, 'salary', { userTypes: [UserType.STAFF] })
  })

  it("基础数据 opens /base-set, the base-data set-up of admins (not the super administrator's /base-set/system)", async () => {
    const base = await appOf(s.schoolAdmin, 'base_data')
    expect(base).toMatchObject({ reqUri: BASE_SET_ENTRY, missing: null })
    expect(uidsOf(await groupsOf(s.bureauAdmin, 10))[0]).toBe('base_data')
  })
})

describe('once-token hand-over', () => {
  it('swaps once for a session of the same account and org; a second swap fails', async () => {
    const issued = await call(t, { url: '/base/api/auth/once/token', token: s.teacher })
    expect(issued.data.expiresInMs).toBe(ONCE_TOKEN_TTL_MS)
    const swap = () => call(t, { url: '/base/api/auth/swap/once/token', body: { onceToken: issued.data.onceToken } })
    const first = await swap()
    expect(first.code).toBe(0)
    expect(first.data.accessToken).not.toBe(s.teacher)
    const me = (tok: string) => call(t, { url: '/base/api/account/user/current/detail', token: tok })
    const [a, b] = [await me(s.teacher), await me(first.data.accessToken)]
    expect(b.data).toMatchObject({ userInfoId: a.data.userInfoId, orgId: a.data.orgId, userName: a.data.userName })
    expect(await swap()).toMatchObject({ status: 401, code: ErrorCode.UNAUTHORIZED, msg: AppMsg.ONCE_TOKEN_INVALID })
  })

  it('expires after its minute; a session token is no once-token', async () => {
    const issued = await call(t, { url: '/base/api/auth/once/token', token: s.teacher })
    t.clock.advance(ONCE_TOKEN_TTL_MS + 1)
    expect(
      (await call(t, { url: '/base/api/auth/swap/once/token', body: { onceToken: issued.data.onceToken } })).status,
    ).toBe(401)
    expect((await call(t, { url: '/base/api/auth/swap/once/token', body: { onceToken: s.teacher } })).status).toBe(401)
  })
})

describe('fallback list and CORS', () => {
  it('getAppListById lists what the user may open', async () => {
    const list = (await call(t, { url: '/base/api/tenant/getAppListById?id=0', token: s.teacher })).data as {
      appUniqueId: string
    }[]
    expect(list.map((a) => a.appUniqueId)).toContain('attendance')
    expect(list.map((a) => a.appUniqueId)).not.toContain('role_permission')
  })

  it('answers a preflight from a sandboxed frame without allowing credentials', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/base/api/auth/swap/once/token',
      headers: { origin: 'null', 'access-control-request-method': 'POST' },
    })
    expect(res.statusCode).toBe(204)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.headers['access-control-allow-credentials']).toBeUndefined()
  })
})

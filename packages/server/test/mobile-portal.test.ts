import { MobileMsg, Msg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRole } from '../src/modules/tenant/provisioning.js'
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

/** The mobile portal and its maintenance calls (docs/mobile-portal.md "Mobile portal"). */
let t: TestApp
let w: World
let s: Staff
let other: { world: World; staff: Staff }
let tOnly: string
let parent: string
let student: string
let childId: number
let staffApp: number
let everyoneApp: number

const Q = '/base/mobileHomeQuick'
const C = '/base/configMgr'
const img = 'https://img.example/b.png'
const MOBILE_T = ['sc_menhu_mobile_t', 'sc_menhu_mobile_t_add', 'sc_menhu_mobile_t_edit', 'sc_menhu_mobile_t_delete']

beforeAll(async () => {
  t = await createTestApp({
    logStream: {
      write: (l: string) => {
        if (l.includes('"level":50')) process.stderr.write(l)
      },
    },
  })
  w = await makeWorld(t)
  s = await staffOf(t, w)
  const ow = await makeWorld(t)
  other = { world: ow, staff: await staffOf(t, ow) }
  const role = await t.db.tenant(w.tenantId, (trx) =>
    createRole(trx, { code: 'mobile_t_only', name: '教师移动端管理', permissions: MOBILE_T }),
  )
  tOnly = await loginToken(
    t,
    (
      await makePerson(t, w.tenantId, {
        memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [role] }],
      })
    ).userName,
  )
  const kid = await makePerson(t, w.tenantId, {
    trueName: '小明',
    memberships: [{ orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] }],
  })
  const mum = await makePerson(t, w.tenantId, {
    trueName: '小明妈妈',
    memberships: [{ orgId: w.schoolId, userType: UserType.PARENT, roleIds: [] }],
  })
  childId = kid.userInfoIds[0]!
  await t.db.tenant(w.tenantId, (trx) =>
    trx
      .insertInto('parent_child')
      .values({ parent_id: mum.userInfoIds[0]!, child_id: childId, relation: '母亲' })
      .execute(),
  )
  student = await loginToken(t, kid.userName)
  parent = await loginToken(t, mum.userName)
  const reg = async (name: string, userTypes: number[]) =>
    (
      await call(t, {
        url: '/base/mobileApp/save',
        token: s.schoolAdmin,
        body: { name, entryUrl: `https://apps.example/${name}`, userTypes },
      })
    ).data as number
  staffApp = await reg('教师考勤', [UserType.STAFF])
  everyoneApp = await reg('校园通知', [UserType.STAFF, UserType.PARENT, UserType.STUDENT])
})
afterAll(() => t.close())

const home = (token: string, q = '') => call(t, { url: `/base/api/Mobile/home${q}`, token })

describe('mobile home', () => {
  it('401 signed out; a teacher, a parent and a student each get their terminal with the default tabs', async () => {
    expect((await call(t, { url: '/base/api/Mobile/home' })).status).toBe(401)
    const teacher = await home(s.teacher)
    expect(teacher.data).toMatchObject({
      terminal: 'teacher',
      enabled: true,
      appType: 0,
      tabs: [{ key: 'home' }, { key: 'apps' }, { key: 'mine' }],
      blocks: ['alarm', 'banner', 'quick', 'apps'],
    })
    expect((await home(parent)).data).toMatchObject({
      terminal: 'parent',
      appType: 1,
      children: [{ id: childId, trueName: '小明' }],
      currentChild: { id: childId },
    })
    expect((await home(student)).data).toMatchObject({ terminal: 'student', appType: 5, children: [] })
    expect((await home(student)).data.blocks).not.toContain('child')
  })

  it('a parent may pick only their own child', async () => {
    expect((await home(parent, `?childId=${childId}`)).data.currentChild.trueName).toBe('小明')
    const stranger = await home(parent, `?childId=${childId + 999}`)
    expect(stranger).toMatchObject({ status: 404, msg: MobileMsg.CHILD_NOT_FOUND })
  })
})

describe('banners per terminal', () => {
  it('a teacher-mobile banner shows on the teacher home only, never in the PC carousel; PC banners stay PC', async () => {
    const add = await call(t, {
      url: '/base/api/banner/add',
      token: tOnly,
      body: { terminal: 1, title: '教师移动端横幅', imageUrl: img },
    })
    expect(add.code).toBe(0)
    await call(t, { url: '/base/api/banner/add', token: s.schoolAdmin, body: { title: 'PC横幅', imageUrl: img } })
    expect((await home(s.teacher)).data.banners.map((b: { title: string }) => b.title)).toEqual(['教师移动端横幅'])
    expect((await home(parent)).data.banners).toEqual([])
    const pc = await call(t, { url: '/base/portal/module/getModuleLayout?homeKind=school', token: s.teacher })
    expect(pc.data.banners.map((b: { title: string }) => b.title)).toEqual(['PC横幅'])
    const page = await call(t, { url: '/base/api/banner/page', token: tOnly, body: {} })
    expect(page.data.list.map((b: { title: string; terminal: number }) => [b.title, b.terminal])).toEqual([
      ['教师移动端横幅', 1],
    ])
    expect(
      (await call(t, { url: '/base/api/banner/page', token: s.schoolAdmin, body: {} })).data.list.map(
        (b: { title: string }) => b.title,
      ),
    ).toEqual(['PC横幅'])
  })

  it("403 for a terminal one does not keep; another terminal or tenant's banner id is not found; bad input writes nothing", async () => {
    expect(
      (await call(t, { url: '/base/api/banner/add', token: tOnly, body: { terminal: 2, title: 'x', imageUrl: img } }))
        .status,
    ).toBe(403)
    expect(
      (await call(t, { url: '/base/api/banner/add', token: tOnly, body: { terminal: 0, title: 'x', imageUrl: img } }))
        .status,
    ).toBe(403)
    expect(
      (
        await call(t, {
          url: '/base/api/banner/add',
          token: s.teacher,
          body: { terminal: 1, title: 'x', imageUrl: img },
        })
      ).status,
    ).toBe(403)
    const mine = (await call(t, { url: '/base/api/banner/page', token: tOnly, body: { terminal: 1 } })).data.list[0].id
    expect(
      (
        await call(t, {
          url: '/base/api/banner/update',
          token: s.schoolAdmin,
          body: { id: mine, terminal: 0, title: '改', imageUrl: img },
        })
      ).status,
    ).toBe(404)
    expect(
      (
        await call(t, {
          url: '/base/api/banner/delete',
          token: other.staff.schoolAdmin,
          body: { id: mine, terminal: 1 },
        })
      ).status,
    ).toBe(404)
    for (const body of [
      { terminal: 1, title: 'a\u0000b', imageUrl: img },
      { terminal: 1, title: 'x'.repeat(51), imageUrl: img },
      { terminal: 'abc', title: 'x', imageUrl: img },
      { terminal: 7, title: 'x', imageUrl: img },
    ]) {
      const r = await call(t, { url: '/base/api/banner/add', token: tOnly, body })
      expect(r.code).not.toBe(0)
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/)
    }
    expect(
      (await call(t, { url: '/base/api/banner/page', token: tOnly, body: { terminal: 1 } })).data.list,
    ).toHaveLength(1)
  })
})

describe('mobile app groups', () => {
  it("a teacher-mobile group with an app reaches the teacher; parents get their own scope; writes need the scope's button code", async () => {
    const gid = (
      await call(t, { url: '/base/mobileAppGroup/save', token: tOnly, body: { name: '移动办公', appType: 0 } })
    ).data as number
    expect(
      (
        await call(t, {
          url: '/base/mobileAppLink/addAppLinkToAppGroup',
          token: tOnly,
          body: { groupId: gid, appIds: [staffApp] },
        })
      ).code,
    ).toBe(0)
    const list = await call(t, {
      url: '/base/mobileAppGroup/getAppGroupList?appType=0&filter=1&showDefaultGroup=false',
      token: s.teacher,
    })
    expect(
      list.data.find((g: { name: string }) => g.name === '移动办公').appList.map((a: { name: string }) => a.name),
    ).toEqual(['教师考勤'])
    const fam = await call(t, {
      url: '/base/mobileAppGroup/getAppGroupList?appType=1&filter=1&showDefaultGroup=false',
      token: parent,
    })
    expect(fam.data.map((g: { name: string }) => g.name)).toEqual(['家校服务'])
    // The teacher-mobile keeper has no code of the parent scope nor of the PC scopes.
    expect(
      (await call(t, { url: '/base/mobileAppGroup/save', token: tOnly, body: { name: 'x', appType: 1 } })).status,
    ).toBe(403)
    expect(
      (await call(t, { url: '/base/mobileAppGroup/save', token: tOnly, body: { name: 'x', appType: 3 } })).status,
    ).toBe(403)
    expect(
      (await call(t, { url: '/base/mobileAppGroup/save', token: s.teacher, body: { name: 'x', appType: 0 } })).status,
    ).toBe(403)
    // Another tenant's group id is not found.
    expect(
      (await call(t, { url: `/base/mobileAppGroup/delete?id=${gid}`, token: other.staff.schoolAdmin })).status,
    ).toBe(404)
  })
})

describe('quick entries (/base/mobileHomeQuick)', () => {
  it('lists user types and roles; entries of a user type reach its users, only apps they are offered', async () => {
    const roles = await call(t, { url: `${Q}/getRoleList`, token: tOnly })
    expect(roles.data.slice(0, 3).map((r: { roleKey: string }) => r.roleKey)).toEqual(['ut:1002', 'ut:1004', 'ut:1003'])
    expect(roles.data.map((r: { roleName: string }) => r.roleName)).toContain('教师')
    const gid = (
      await call(t, { url: `${Q}/addMobileHomeAppGroup`, token: tOnly, body: { roleKey: 'ut:1002', name: '常用办公' } })
    ).data as number
    expect(
      (
        await call(t, {
          url: `${Q}/addMobileHomeApp`,
          token: tOnly,
          body: { groupId: gid, appIds: [staffApp, everyoneApp] },
        })
      ).code,
    ).toBe(0)
    expect((await call(t, { url: `${Q}/getAppList?roleKey=ut:1002`, token: tOnly })).data[0].appList).toHaveLength(2)
    expect((await home(s.teacher)).data.quick).toMatchObject([
      { name: '常用办公', appList: [{ name: '教师考勤' }, { name: '校园通知' }] },
    ])
    expect((await home(parent)).data.quick).toEqual([])
    const fam = (
      await call(t, {
        url: `${Q}/addMobileHomeAppGroup`,
        token: s.schoolAdmin,
        body: { roleKey: 'ut:1004', name: '家长常用' },
      })
    ).data as number
    // A staff-only app put in a parents' group is still never offered to a parent.
    await call(t, {
      url: `${Q}/addMobileHomeApp`,
      token: s.schoolAdmin,
      body: { groupId: fam, appIds: [staffApp, everyoneApp] },
    })
    expect((await home(parent)).data.quick).toMatchObject([{ name: '家长常用', appList: [{ name: '校园通知' }] }])
  })

  it("401, 403 by the key's group, another tenant's ids not found, bad input refused with nothing written", async () => {
    expect((await call(t, { url: `${Q}/getRoleList` })).status).toBe(401)
    expect((await call(t, { url: `${Q}/getRoleList`, token: s.teacher })).status).toBe(403)
    expect(
      (await call(t, { url: `${Q}/addMobileHomeAppGroup`, token: tOnly, body: { roleKey: 'ut:1004', name: 'x' } }))
        .status,
    ).toBe(403)
    expect(
      (await call(t, { url: `${Q}/addMobileHomeAppGroup`, token: s.teacher, body: { roleKey: 'ut:1002', name: 'x' } }))
        .status,
    ).toBe(403)
    const gid = (await call(t, { url: `${Q}/getAppList?roleKey=ut:1002`, token: tOnly })).data[0].id
    expect(
      (await call(t, { url: `${Q}/deleteMobileHomeAppGroup?id=${gid}`, token: other.staff.schoolAdmin })).status,
    ).toBe(404)
    const foreignGroup = (
      await call(t, {
        url: `${Q}/addMobileHomeAppGroup`,
        token: other.staff.schoolAdmin,
        body: { roleKey: 'ut:1002', name: '别校' },
      })
    ).data
    expect(
      (
        await call(t, {
          url: `${Q}/addMobileHomeApp`,
          token: tOnly,
          body: { groupId: foreignGroup, appIds: [staffApp] },
        })
      ).status,
    ).toBe(404)
    const foreignApp = (
      await call(t, {
        url: '/base/mobileApp/save',
        token: other.staff.schoolAdmin,
        body: { name: '别校应用', entryUrl: 'https://o.example/' },
      })
    ).data
    expect(
      (await call(t, { url: `${Q}/addMobileHomeApp`, token: tOnly, body: { groupId: gid, appIds: [foreignApp] } }))
        .status,
    ).toBe(404)
    const foreignRole = other.world.roles.teacher
    expect(
      (
        await call(t, {
          url: `${Q}/addMobileHomeAppGroup`,
          token: s.schoolAdmin,
          body: { roleKey: `role:${foreignRole}`, name: 'x' },
        })
      ).status,
    ).toBe(404)
    for (const body of [
      { roleKey: 'ut:1002', name: 'a\u0000' },
      { roleKey: 'ut:1002', name: 'x'.repeat(21) },
      { roleKey: 'ut:9', name: 'x' },
      { roleKey: 1002, name: 'x' },
    ]) {
      const r = await call(t, { url: `${Q}/addMobileHomeAppGroup`, token: tOnly, body })
      expect(r.code).not.toBe(0)
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/)
    }
    expect((await call(t, { url: `${Q}/getAppList?roleKey=ut:1002`, token: tOnly })).data).toHaveLength(1)
  })

  it("inherits the bureau's entries until the school sets its own; reset drops the school's", async () => {
    const b = (
      await call(t, {
        url: `${Q}/addMobileHomeAppGroup`,
        token: s.bureauAdmin,
        body: { roleKey: 'ut:1003', name: '局端学生入口' },
      })
    ).data
    const bureauApp = (
      await call(t, {
        url: '/base/mobileApp/save',
        token: s.bureauAdmin,
        body: { name: '区域资源', entryUrl: 'https://b.example/' },
      })
    ).data
    // An app registered by a school is not in the bureau's view.
    expect(
      (
        await call(t, {
          url: `${Q}/addMobileHomeApp`,
          token: s.bureauAdmin,
          body: { groupId: b, appIds: [everyoneApp] },
        })
      ).status,
    ).toBe(404)
    expect(
      (await call(t, { url: `${Q}/addMobileHomeApp`, token: s.bureauAdmin, body: { groupId: b, appIds: [bureauApp] } }))
        .code,
    ).toBe(0)
    expect((await home(student)).data.quick.map((g: { name: string }) => g.name)).toEqual(['局端学生入口'])
    const own = (
      await call(t, {
        url: `${Q}/addMobileHomeAppGroup`,
        token: s.schoolAdmin,
        body: { roleKey: 'ut:1003', name: '本校学生入口' },
      })
    ).data
    await call(t, { url: `${Q}/addMobileHomeApp`, token: s.schoolAdmin, body: { groupId: own, appIds: [everyoneApp] } })
    expect((await home(student)).data.quick.map((g: { name: string }) => g.name)).toEqual(['本校学生入口'])
    expect((await call(t, { url: `${Q}/resetAppList`, token: s.schoolAdmin, body: { roleKey: 'ut:1003' } })).data).toBe(
      1,
    )
    expect((await home(student)).data.quick.map((g: { name: string }) => g.name)).toEqual(['局端学生入口'])
  })
})

describe('mobile settings, menu, alarm and the parent-student layout', () => {
  it('a switched-off terminal answers closed with the message; the school may open it again for itself', async () => {
    const set = (token: string, value: Record<string, unknown>) =>
      call(t, { url: `${C}/setMobilePortalSettings`, token, body: { value } })
    expect((await set(s.teacher, { teacherEnabled: false })).status).toBe(403)
    expect((await set(tOnly, { teacherEnabled: false })).status).toBe(403)
    expect((await set(s.bureauAdmin, { teacherEnabled: false, closedMessage: '教师移动端维护中' })).code).toBe(0)
    expect((await home(s.teacher)).data).toMatchObject({
      enabled: false,
      closedMessage: '教师移动端维护中',
      tabs: [],
      banners: [],
    })
    expect((await home(parent)).data.enabled).toBe(true)
    await set(s.schoolAdmin, { teacherEnabled: true, showBanner: false })
    expect((await home(s.teacher)).data).toMatchObject({ enabled: true, banners: [] })
    expect((await home(s.teacher)).data.blocks).not.toContain('banner')
    expect((await set(s.schoolAdmin, { closedMessage: 'a\u0000' })).code).not.toBe(0)
    await set(s.schoolAdmin, {})
  })

  it('MobileMenuConfig names, orders and hides the tabs per terminal', async () => {
    const value = {
      teacher: [
        { key: 'apps', name: '工作台', show: true },
        { key: 'home', name: '首页', show: true },
        { key: 'mine', name: '我的', show: false },
      ],
    }
    expect((await call(t, { url: `${C}/setMobileMenuConfig`, token: tOnly, body: { value } })).code).toBe(0)
    expect((await home(s.teacher)).data.tabs).toEqual([
      { key: 'apps', name: '工作台', show: true },
      { key: 'home', name: '首页', show: true },
    ])
    expect((await home(parent)).data.tabs).toHaveLength(3)
    const dup = await call(t, {
      url: `${C}/setMobileMenuConfig`,
      token: tOnly,
      body: {
        value: {
          teacher: [
            { key: 'home', name: 'a', show: true },
            { key: 'home', name: 'b', show: true },
          ],
        },
      },
    })
    expect(dup.msg).toBe(MobileMsg.TAB_DUPLICATE)
    const none = await call(t, {
      url: `${C}/setMobileMenuConfig`,
      token: tOnly,
      body: { value: { teacher: [{ key: 'home', name: 'a', show: false }] } },
    })
    expect(none.msg).toBe(MobileMsg.TAB_NONE_SHOWN)
    expect((await call(t, { url: `${C}/setMobileMenuConfig`, token: s.teacher, body: { value } })).status).toBe(403)
  })

  it('the home alarm shows within its dates (China time) to its terminals only', async () => {
    const A = '/base/api/Mobile'
    const value = {
      enabled: true,
      text: '明日停课',
      level: 'warning',
      startDate: '2026-11-01',
      endDate: '2026-11-02',
      terminals: ['parent'],
    }
    expect((await call(t, { url: `${A}/settingMobileHomeAlarmConfig`, token: tOnly, body: { value } })).status).toBe(
      403,
    )
    expect(
      (await call(t, { url: `${A}/settingMobileHomeAlarmConfig`, token: s.bureauAdmin, body: { value } })).code,
    ).toBe(0)
    expect((await call(t, { url: `${A}/getMobileHomeAlarmConfig`, token: s.teacher })).data).toMatchObject({
      value: { text: '明日停课' },
      source: 'org',
    })
    expect((await home(parent)).data.alarm).toEqual({ text: '明日停课', level: 'warning' })
    expect((await home(s.teacher)).data.alarm).toBeNull()
    const back = +new Date('2026-11-02T17:00:00Z') - +t.clock.now()
    t.clock.advance(back) // 11-03 01:00 in China: over
    expect((await home(parent)).data.alarm).toBeNull()
    t.clock.advance(-back)
    for (const bad of [
      { ...value, endDate: '2026-10-01' },
      { ...value, text: '' },
      { ...value, level: 'x' },
      { ...value, text: 'a\u0000' },
    ]) {
      const r = await call(t, { url: `${A}/settingMobileHomeAlarmConfig`, token: s.bureauAdmin, body: { value: bad } })
      expect(r.code).not.toBe(0)
      expect(r.msg).toMatch(/[\u4e00-\u9fa5]/)
    }
    expect((await home(parent)).data.alarm.text).toBe('明日停课')
  })

  it('/base/portal/custom orders and hides the parent and student blocks', async () => {
    const P = '/base/portal/custom'
    expect(
      (await call(t, { url: `${P}/get`, token: parent })).data.value.parent.map((b: { key: string }) => b.key),
    ).toEqual(['alarm', 'child', 'banner', 'quick', 'apps'])
    const value = {
      parent: [
        { key: 'child', show: true },
        { key: 'apps', show: true },
        { key: 'quick', show: false },
      ],
      student: [{ key: 'apps', show: true }],
    }
    expect((await call(t, { url: `${P}/update`, token: tOnly, body: { value } })).status).toBe(403)
    expect((await call(t, { url: `${P}/save`, token: s.schoolAdmin, body: { value } })).code).toBe(0)
    expect((await home(parent)).data).toMatchObject({ blocks: ['child', 'apps'], quick: [] })
    expect((await home(student)).data.blocks).toEqual(['apps'])
    const dup = await call(t, {
      url: `${P}/update`,
      token: s.schoolAdmin,
      body: { value: { parent: [{ key: 'apps' }, { key: 'apps' }] } },
    })
    expect(dup.msg).toBe(MobileMsg.BLOCK_DUPLICATE)
    expect((await call(t, { url: `${P}/get?orgId=${other.world.schoolId}`, token: parent })).status).toBe(404)
  })

  it('MHSysConfigForStudentPC round-trips and inherits', async () => {
    const value = { hiddenBlockTypes: ['video'], notice: '请按时完成作业' }
    expect((await call(t, { url: `${C}/setMHSysConfigForStudentPC`, token: s.teacher, body: { value } })).msg).toBe(
      Msg.NO_PERMISSION,
    )
    expect(
      (await call(t, { url: `${C}/setMHSysConfigForStudentPC`, token: s.bureauAdmin, body: { value } })).code,
    ).toBe(0)
    expect((await call(t, { url: `${C}/getMHSysConfigForStudentPC`, token: student })).data).toMatchObject({
      hiddenBlockTypes: ['video'],
      notice: '请按时完成作业',
      source: 'org',
    })
    expect(
      (
        await call(t, {
          url: `${C}/setMHSysConfigForStudentPC`,
          token: s.bureauAdmin,
          body: { value: { hiddenBlockTypes: ['nope'] } },
        })
      ).code,
    ).not.toBe(0)
  })
})

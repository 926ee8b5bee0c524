import { describe, expect, it } from 'vitest'
import {
  ALL_PAGE_ROUTES,
  BASE_ROUTES,
  menuContextOf,
  menuVisible,
  pageFitsOrg,
  type CurrentUserDetail,
  type MenuContext,
} from '../src/index.js'

const school: MenuContext = {
  unitAttr: 8,
  allianceSchool: false,
  mode: 'Z12',
  justOneOrgTenant: false,
  isTopOrg: false,
  isSuperAdmin: false,
}
const visible = (c: MenuContext) => BASE_ROUTES.filter((r) => menuVisible(r, c)).map((r) => r.path)

describe('base-data menu rules (000 §6)', () => {
  it('a Z12 school of a multi-org tenant: non-zz class/student pages, no zz, no majors, no One variants', () => {
    const v = visible(school)
    expect(v).toEqual(
      expect.arrayContaining([
        '/base-school/classManage',
        '/base-userAccount/students',
        '/base-userAccount/parents',
        '/base-organization/orgType',
        '/base-school/dictionary/learnPeriod',
        '/base-logMonitor/index',
      ]),
    )
    for (const hidden of [
      '/base-school/classManage-zz',
      '/base-userAccount/students-zz',
      '/base-school/major/majorManage',
      '/base-organization/orgTypeOne',
      '/base-school/dictionaryOne/learnPeriod',
      '/base-userAccount/typeChangeTeacherOne',
      '/base-communalFields',
    ]) {
      expect(v).not.toContain(hidden)
    }
  })
  it('Z3 swaps to the zz pages and shows faculties and majors', () => {
    const v = visible({ ...school, mode: 'Z3', unitAttr: 10 })
    expect(v).toEqual(
      expect.arrayContaining([
        '/base-school/classManage-zz',
        '/base-userAccount/students-zz',
        '/base-school/major/schoolManage',
      ]),
    )
    expect(v).not.toContain('/base-school/classManage')
    expect(v).not.toContain('/base-userAccount/students')
  })
  it('a bureau (unit attribute below 8) loses student, parent and log-monitor menus', () => {
    const v = visible({ ...school, unitAttr: 4, isTopOrg: true })
    for (const hidden of [
      '/base-userAccount/students',
      '/base-userAccount/parents',
      '/base-userAccount/studentGuidang',
      '/base-logMonitor/index',
    ])
      expect(v).not.toContain(hidden)
    expect(v).toContain('/base-userAccount/teachers')
    expect(v).toContain('/base-communalFields')
  })
  it('an alliance school loses student and parent menus but keeps the log monitor', () => {
    const v = visible({ ...school, allianceSchool: true })
    expect(v).not.toContain('/base-userAccount/students')
    expect(v).not.toContain('/base-userAccount/parentsGuidang')
    expect(v).toContain('/base-logMonitor/index')
  })
  it('tenant-wide settings (the SMS and sign-in provider screens) only in the top organisation', () => {
    const wide = ALL_PAGE_ROUTES.filter((r) => r.tenantWide).map((r) => r.path)
    expect(wide).toEqual(
      expect.arrayContaining(['/menhu-Duanxin/index', '/menhu-Duanxin/log', '/menhu-port/thirdConfig']),
    )
    const shown = (c: MenuContext) =>
      ALL_PAGE_ROUTES.filter((r) => r.tenantWide && menuVisible(r, c)).map((r) => r.path)
    expect(shown(school)).toEqual([])
    expect(shown({ ...school, unitAttr: 4, isTopOrg: true })).toEqual(wide)
    // A single-school tenant: the school is the top org.
    expect(shown({ ...school, justOneOrgTenant: true, isTopOrg: true })).toEqual(wide)
  })
  it('a single-org tenant sees the One variants instead', () => {
    const v = visible({ ...school, justOneOrgTenant: true })
    expect(v).toEqual(
      expect.arrayContaining([
        '/base-organization/orgTypeOne',
        '/base-school/dictionaryOne/learnPeriod',
        '/base-userAccount/dictionaryOne',
        '/base-userAccount/typeChangeTeacherOne',
        '/base-userAccount/typeChangeStudentOne',
      ]),
    )
    for (const hidden of [
      '/base-organization/orgType',
      '/base-school/dictionary/learnPeriod',
      '/base-userAccount/dictionary',
      '/base-userAccount/typeChangeTeacher',
    ])
      expect(v).not.toContain(hidden)
  })
  it('no context leaves two menu entries with one title (the One and zz variants never show beside their twins)', () => {
    for (const unitAttr of [4, 8])
      for (const allianceSchool of [false, true])
        for (const mode of ['Z12', 'Z3', 'Medical', 'Universal'] as const)
          for (const justOneOrgTenant of [false, true])
            for (const isTopOrg of [false, true]) {
              const titles = BASE_ROUTES.filter(
                (r) =>
                  !r.hidden &&
                  menuVisible(r, { unitAttr, allianceSchool, mode, justOneOrgTenant, isTopOrg, isSuperAdmin: false }),
              ).map((r) => r.title)
              expect(
                titles.filter((t, i) => titles.indexOf(t) !== i),
                JSON.stringify({ unitAttr, allianceSchool, mode, justOneOrgTenant }),
              ).toEqual([])
            }
  })
  it('a Z3 single-org tenant keeps the Zz student change page only; medical and universal tenants have no zz pages', () => {
    const z3One = visible({ ...school, mode: 'Z3', justOneOrgTenant: true })
    expect(z3One).toContain('/base-userAccount/typeChangeStudentZz')
    expect(z3One).not.toContain('/base-userAccount/typeChangeStudentOne')
    for (const mode of ['Medical', 'Universal'] as const) {
      const v = visible({ ...school, mode })
      expect(v).toContain('/base-school/classManage')
      expect(v).not.toContain('/base-school/classManage-zz')
    }
  })
  it('reads the context from the signed-in user: the top org has no parent, the mode comes from trade and app type', () => {
    const org = {
      orgId: 3,
      orgCode: null,
      displayName: '学院',
      unitAttr: 10,
      trade: 1,
      appType: 2,
      justOneOrgTenant: false,
      xdPage: null,
      jdPage: null,
      iconUrl: null,
      tenantModuleType: 1,
      allianceSchool: false,
      sportSchool: false,
      parentId: 1,
      tenantId: 2,
    }
    const user = {
      id: 1,
      userInfoId: 1,
      openAccountId: 1,
      userName: 'zyadmin',
      trueName: '钱院长',
      avatarUrl: null,
      phoneNumber: null,
      orgId: 3,
      orgName: '学院',
      tenantId: 2,
      userType: 1002,
      roles: ['admin'],
      roleNames: ['管理员'],
      permissions: [],
      currentOrgData: org,
      orgCount: 1,
    } satisfies CurrentUserDetail
    expect(menuContextOf(user)).toEqual({
      unitAttr: 10,
      allianceSchool: false,
      mode: 'Z3',
      justOneOrgTenant: false,
      isTopOrg: false,
      isSuperAdmin: false,
    })
    expect(pageFitsOrg({ path: '/base-school/classManage', title: '班级管理', layout: 'default' }, user)).toBe(false)
    expect(pageFitsOrg({ path: '/base-school/classManage-zz', title: '班级管理', layout: 'default' }, user)).toBe(true)
    expect(menuContextOf({ ...user, currentOrgData: null })).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { BASE_ROUTES, menuVisible, type MenuContext } from '../src/index.js'

const school: MenuContext = { unitAttr: 8, allianceSchool: false, mode: 'Z12', justOneOrgTenant: false, isTopOrg: false, isSuperAdmin: false }
const visible = (c: MenuContext) => BASE_ROUTES.filter((r) => menuVisible(r, c)).map((r) => r.path)

describe('base-data menu rules (000 §6)', () => {
  it('a Z12 school of a multi-org tenant: non-zz class/student pages, no zz, no majors, no One variants', () => {
    const v = visible(school)
    expect(v).toEqual(expect.arrayContaining(['/base-school/classManage', '/base-userAccount/students', '/base-userAccount/parents', '/base-organization/orgType', '/base-school/dictionary/learnPeriod', '/base-logMonitor/index']))
    for (const hidden of ['/base-school/classManage-zz', '/base-userAccount/students-zz', '/base-school/major/majorManage', '/base-organization/orgTypeOne', '/base-school/dictionaryOne/learnPeriod', '/base-userAccount/typeChangeTeacherOne', '/base-communalFields']) {
      expect(v).not.toContain(hidden)
    }
  })
  it('Z3 swaps to the zz pages and shows faculties and majors', () => {
    const v = visible({ ...school, mode: 'Z3', unitAttr: 10 })
    expect(v).toEqual(expect.arrayContaining(['/base-school/classManage-zz', '/base-userAccount/students-zz', '/base-school/major/schoolManage']))
    expect(v).not.toContain('/base-school/classManage')
    expect(v).not.toContain('/base-userAccount/students')
  })
  it('a bureau (unit attribute below 8) loses student, parent and log-monitor menus', () => {
    const v = visible({ ...school, unitAttr: 4, isTopOrg: true })
    for (const hidden of ['/base-userAccount/students', '/base-userAccount/parents', '/base-userAccount/studentGuidang', '/base-logMonitor/index']) expect(v).not.toContain(hidden)
    expect(v).toContain('/base-userAccount/teachers')
    expect(v).toContain('/base-communalFields')
  })
  it('an alliance school loses student and parent menus but keeps the log monitor', () => {
    const v = visible({ ...school, allianceSchool: true })
    expect(v).not.toContain('/base-userAccount/students')
    expect(v).not.toContain('/base-userAccount/parentsGuidang')
    expect(v).toContain('/base-logMonitor/index')
  })
  it('a single-org tenant sees the One variants instead', () => {
    const v = visible({ ...school, justOneOrgTenant: true })
    expect(v).toEqual(expect.arrayContaining(['/base-organization/orgTypeOne', '/base-school/dictionaryOne/learnPeriod', '/base-userAccount/dictionaryOne', '/base-userAccount/typeChangeTeacherOne', '/base-userAccount/typeChangeStudentOne']))
    for (const hidden of ['/base-organization/orgType', '/base-school/dictionary/learnPeriod', '/base-userAccount/dictionary', '/base-userAccount/typeChangeTeacher']) expect(v).not.toContain(hidden)
  })
})

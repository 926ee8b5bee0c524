import { describe, expect, it } from 'vitest'
import { baseMode, findRouteMeta, isSuperAdmin, landingPath, subAppPath } from '../src/index.js'

describe('landingPath (000 §2.4, 001 §2.3)', () => {
  it('below 8: jujiguan → home, person → personal, else systemCenter', () => {
    expect(landingPath(4, ['sc_menhu_menu_jujiguan', 'sc_menhu_menu_person'])).toBe('/portal/home')
    expect(landingPath(7, ['sc_menhu_menu_person', 'sc_menhu_menu_school'])).toBe('/portal/personal')
    expect(landingPath(4, ['sc_menhu_menu_school', 'sc_menhu_menu_class'])).toBe('/portal/systemCenter')
  })
  it('8 and above: school → home, person → personal, class → class, else systemCenter', () => {
    expect(landingPath(8, ['sc_menhu_menu_school'])).toBe('/portal/home')
    expect(landingPath(9, ['sc_menhu_menu_jujiguan', 'sc_menhu_menu_person'])).toBe('/portal/personal')
    expect(landingPath(8, ['sc_menhu_menu_class'])).toBe('/portal/class')
    expect(landingPath(10, [])).toBe('/portal/systemCenter')
  })
})

describe('identity and modes', () => {
  it('the super administrator is orgId 0, administrator, role admin', () => {
    expect(isSuperAdmin({ orgId: 0, userName: 'administrator', roles: ['admin'] })).toBe(true)
    expect(isSuperAdmin({ orgId: 1, userName: 'administrator', roles: ['admin'] })).toBe(false)
    expect(isSuperAdmin({ orgId: 0, userName: 'administrator', roles: ['teacher'] })).toBe(false)
  })
  it('base mode from trade and appType', () => {
    expect(baseMode(2, 1)).toBe('Medical')
    expect(baseMode(1, 2)).toBe('Z3')
    expect(baseMode(1, null)).toBe('Z12')
    expect(baseMode(3, null)).toBe('Universal')
  })
  it('oafn sub-apps live under /oafn', () => {
    expect(subAppPath('leave')).toBe('/oafn/leave')
    expect(subAppPath('cms2')).toBe('/cms2')
  })
  it('route meta is found by longest prefix', () => {
    expect(findRouteMeta('/roles-roleManage/edit')?.title).toBe('角色授权编辑')
    expect(findRouteMeta('/roles-userOptionlog')?.permission).toBe('permission_operation_log')
    expect(findRouteMeta('/nowhere')).toBeUndefined()
  })
})

import { describe, expect, it } from 'vitest'
import {
  DEFAULT_PORTAL_MENU,
  DEFAULT_SIDEBAR,
  portalMenuConfig,
  portalMenuTabs,
  sidebarInfo,
  websiteFields,
} from '../src/index.js'

const teacher = { unitAttr: 8, permissions: ['sc_menhu_menu_school', 'sc_menhu_menu_person'] }
const cfg = (entries: unknown[]) => portalMenuConfig.parse({ entries })

describe('portalMenuTabs', () => {
  it('built in: the homes the user may open, in order, with the system centre', () => {
    expect(portalMenuTabs(cfg([]), teacher).map((t) => [t.name, t.to])).toEqual([
      ['首页', '/portal/home'],
      ['个人门户', '/portal/personal'],
      ['系统中心', '/portal/systemCenter'],
    ])
  })

  it('renames, reorders, hides and adds links; homes the config leaves out are appended', () => {
    const tabs = portalMenuTabs(
      cfg([
        { kind: 'link', name: '教育局', url: 'https://edu.cn', openWay: 2 },
        { kind: 'home', home: 'personal', name: '我的' },
        { kind: 'home', home: 'systemCenter', hidden: true },
        { kind: 'link', name: '校历', url: '/portal/class', openWay: 1, hidden: true },
      ]),
      teacher,
    )
    expect(tabs.map((t) => [t.name, t.newWindow])).toEqual([
      ['教育局', true],
      ['我的', false],
      ['首页', false],
    ])
  })

  it('never shows a home the user may not open, whatever the config says', () => {
    const all = cfg([
      { kind: 'home', home: 'class', name: '班级' },
      { kind: 'home', home: 'home', name: '学校' },
    ])
    // No sc_menhu_menu_class: no class tab; the home tab at a bureau needs sc_menhu_menu_jujiguan.
    expect(portalMenuTabs(all, teacher).map((t) => t.key)).toEqual(['home', 'personal', 'systemCenter'])
    expect(
      portalMenuTabs(all, { unitAttr: 4, permissions: ['sc_menhu_menu_school', 'sc_menhu_menu_class'] }).map(
        (t) => t.key,
      ),
    ).toEqual(['systemCenter'])
    expect(portalMenuTabs(all, { unitAttr: 4, permissions: ['sc_menhu_menu_jujiguan'] }).map((t) => t.name)).toEqual([
      '学校',
      '系统中心',
    ])
  })
})

describe('schemas', () => {
  it('refuses javascript: everywhere and non-http websites', () => {
    expect(
      portalMenuConfig.safeParse({ entries: [{ kind: 'link', name: 'x', url: 'javascript:alert(1)' }] }).success,
    ).toBe(false)
    expect(sidebarInfo.safeParse({ items: [{ kind: 'link', title: 'x', url: 'JavaScript:alert(1)' }] }).success).toBe(
      false,
    )
    expect(websiteFields.safeParse({ name: 'x', url: '/portal/home' }).success).toBe(false)
    expect(websiteFields.safeParse({ name: 'x', url: 'https://a.cn' }).success).toBe(true)
  })
})

describe('the written-out defaults the web falls back to', () => {
  it('equal what the schemas give an empty config', () => {
    expect(DEFAULT_PORTAL_MENU).toEqual(portalMenuConfig.parse({}))
    expect(DEFAULT_SIDEBAR).toEqual(sidebarInfo.parse({}))
  })
})

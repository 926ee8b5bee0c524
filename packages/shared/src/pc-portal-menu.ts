import { isSchoolUnit } from './constants.js'
import {
  DEFAULT_SIDEBAR_ITEMS,
  PORTAL_HOME_DEFAULT_NAME,
  PORTAL_HOME_KEYS,
  PORTAL_HOME_PATH,
  type PortalHomeKey,
} from './pc-portal.js'
import type { PortalMenuConfig, PortalMenuEntry, SidebarInfo } from './pc-portal-schemas.js'

/**
 * What the PC portal's home computes from its menu and sidebar config: the tabs a user sees and the built-in values
 * while an org has none. Apart from pc-portal-schemas.ts, whose types it uses only as types, so the home's first
 * screen builds no schema (issue 28).
 */

export interface PortalMenuTab {
  key: string
  name: string
  to: string
  home: PortalHomeKey | null
  newWindow: boolean
}

/**
 * Whether the user may open a home (001 §2.3): the home tab is the school home (sc_menhu_menu_school) at a school
 * and the bureau home (sc_menhu_menu_jujiguan) above; the class home belongs to schools; the system centre is
 * everyone's.
 */
function mayOpenHome(home: PortalHomeKey, unitAttr: number, permissions: readonly string[]): boolean {
  const school = isSchoolUnit(unitAttr)
  switch (home) {
    case 'home':
      return permissions.includes(school ? 'sc_menhu_menu_school' : 'sc_menhu_menu_jujiguan')
    case 'personal':
      return permissions.includes('sc_menhu_menu_person')
    case 'class':
      return school && permissions.includes('sc_menhu_menu_class')
    case 'systemCenter':
      return true
  }
}

/**
 * The tabs the PC portal menu draws: the configured order, homes the config does not name appended in their
 * built-in order (so a home added later still shows), hidden entries dropped, and a home the user may not open
 * never shown whatever the config says.
 */
export function portalMenuTabs(
  cfg: PortalMenuConfig,
  user: { unitAttr: number; permissions: readonly string[] },
): PortalMenuTab[] {
  const named = new Set(cfg.entries.flatMap((e) => (e.kind === 'home' ? [e.home] : [])))
  const entries: PortalMenuEntry[] = [
    ...cfg.entries,
    ...PORTAL_HOME_KEYS.filter((h) => !named.has(h)).map((home): PortalMenuEntry => ({
      kind: 'home',
      home,
      name: '',
      hidden: false,
    })),
  ]
  const tabs: PortalMenuTab[] = []
  entries.forEach((e, i) => {
    if (e.hidden) return
    if (e.kind === 'home') {
      if (!mayOpenHome(e.home, user.unitAttr, user.permissions)) return
      tabs.push({
        key: e.home,
        name: e.name || PORTAL_HOME_DEFAULT_NAME[e.home],
        to: PORTAL_HOME_PATH[e.home],
        home: e.home,
        newWindow: false,
      })
    } else {
      tabs.push({ key: `link-${i}`, name: e.name, to: e.url, home: null, newWindow: e.openWay === 2 })
    }
  })
  return tabs
}

/**
 * What an org without its own menu or sidebar shows: the schemas' defaults written out, so the web's fallback when the
 * call fails needs no zod on the home (issue 28); shared/test/pc-portal.test.ts keeps them equal to `parse({})`.
 */
export const DEFAULT_PORTAL_MENU: PortalMenuConfig = { entries: [] }
export const DEFAULT_SIDEBAR: SidebarInfo = { enabled: false, items: DEFAULT_SIDEBAR_ITEMS }

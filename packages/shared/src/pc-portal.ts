import { isSchoolUnit } from './constants.js'
import { configSource } from './portal-config.js'
import * as z from './z.js'

/**
 * The PC portal pieces that read their config (issue 14, docs/portal-config.md "PC portal menu, sidebar, websites, system
 * info"): the portal menu (PortalMenuConfig), the floating sidebar (Sidebar calls), the recommended websites and the
 * system info (/menhu-systems).
 */

export const PcPortalMsg = {
  SAVED: '保存成功',
  ADDED: '新增成功',
  UPDATED: '编辑成功',
  DELETED: '删除成功',
  NAME_REQUIRED: '请输入名称',
  NAME_LONG: '名称不能超过10个字符',
  SITE_NAME_LONG: '网站名称不能超过30个字符',
  URL_REQUIRED: '请输入链接地址',
  SITE_URL_HTTP: '网站地址必须以 http:// 或 https:// 开头',
  ICON_HTTP: '图标地址必须以 http:// 或 https:// 开头，或是以 / 开头的本站地址',
  HOME_DUPLICATE: '同一个门户首页只能出现一次',
  WEBSITE_NOT_FOUND: '推荐网站不存在',
  PHONE_BAD: '联系电话只能包含数字、空格、+ 和 -',
  EMAIL_BAD: '请输入正确的邮箱地址',
  TOO_MANY: '条目过多',
} as const

/** Button codes under the page nodes of permissions.ts: the server refuses a write without its code (403). */
export const PcPortalPerm = {
  MENU_SAVE: 'sc_menhu_pc_menu_save',
  SIDEBAR_SAVE: 'sc_menhu_pc_sidebar_save',
  WEBSITE_ADD: 'sc_menhu_pc_website_add',
  WEBSITE_EDIT: 'sc_menhu_pc_website_edit',
  WEBSITE_DELETE: 'sc_menhu_pc_website_delete',
  /** /menhu-port/app-manager reuses app management: its writes keep 应用管理's code. */
  APP_GROUP: 'sc_menhu_app_mgr',
  SYS_INFO_SAVE: 'sc_menhu_sys_info_save',
} as const

/** Config names stored in portal_config (modules/portal-config/named-config.ts). */
export const PcPortalConfigName = {
  MENU: 'PortalMenuConfig',
  SIDEBAR: 'SidebarConfig',
  SYS_INFO: 'SystemInfoConfig',
} as const

const name10 = () => z.line().max(10, PcPortalMsg.NAME_LONG)
/** 1 opens in the same window, 2 in a new window. */
const openWay = z.coerce.number().int().min(1).max(2).default(2)

// ---------------------------------------------------------------- portal menu

/** The homes of 001 §2.3 a portal menu can show, in their built-in order. */
export const PORTAL_HOME_KEYS = ['home', 'personal', 'class', 'systemCenter'] as const
export type PortalHomeKey = (typeof PORTAL_HOME_KEYS)[number]
export const PORTAL_HOME_PATH: Record<PortalHomeKey, string> = {
  home: '/portal/home',
  personal: '/portal/personal',
  class: '/portal/class',
  systemCenter: '/portal/systemCenter',
}
export const PORTAL_HOME_DEFAULT_NAME: Record<PortalHomeKey, string> = {
  home: '首页',
  personal: '个人门户',
  class: '班级门户',
  systemCenter: '系统中心',
}
/** What the admin screen calls each home (the home tab is the school home at a school, the bureau home above). */
export const PORTAL_HOME_LABEL: Record<PortalHomeKey, string> = {
  home: '首页（学校门户 / 局机关门户）',
  personal: '个人门户',
  class: '班级门户',
  systemCenter: '系统中心',
}

export const portalMenuHomeEntry = z.object({
  kind: z.literal('home'),
  home: z.enum(PORTAL_HOME_KEYS),
  /** Empty: the built-in name. */
  name: name10().default(''),
  hidden: z.boolean().default(false),
})
export const portalMenuLinkEntry = z.object({
  kind: z.literal('link'),
  name: name10().min(1, PcPortalMsg.NAME_REQUIRED),
  url: z.link('web').min(1, PcPortalMsg.URL_REQUIRED),
  openWay,
  hidden: z.boolean().default(false),
})
export const portalMenuEntry = z.discriminatedUnion('kind', [portalMenuHomeEntry, portalMenuLinkEntry])
export type PortalMenuEntry = z.infer<typeof portalMenuEntry>

/** PortalMenuConfig: the PC portal's menu tabs in order (homes renamed or hidden, extra links). */
export const portalMenuConfig = z.object({
  entries: z
    .array(portalMenuEntry)
    .max(20, PcPortalMsg.TOO_MANY)
    .default([])
    .refine((list) => {
      const homes = list.flatMap((e) => (e.kind === 'home' ? [e.home] : []))
      return new Set(homes).size === homes.length
    }, PcPortalMsg.HOME_DUPLICATE),
})
export type PortalMenuConfig = z.infer<typeof portalMenuConfig>

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

// ---------------------------------------------------------------- sidebar

/** feedback: 意见反馈 (the complaint entry, when enabled for the user); top: 回到顶部; websites: the recommended websites; link: a custom link. */
export const SIDEBAR_KINDS = ['feedback', 'top', 'websites', 'link'] as const
export type SidebarKind = (typeof SIDEBAR_KINDS)[number]
export const SIDEBAR_KIND_LABEL: Record<SidebarKind, string> = {
  feedback: '意见反馈',
  top: '回到顶部',
  websites: '推荐网站',
  link: '自定义链接',
}

export const sidebarItem = z
  .object({
    kind: z.enum(SIDEBAR_KINDS),
    title: name10().min(1, PcPortalMsg.NAME_REQUIRED),
    /** An icon image; empty: the built-in icon of the kind (a link shows its title's first character). */
    icon: z.link('web', PcPortalMsg.ICON_HTTP).default(''),
    /** Only for kind link (required there). */
    url: z.link('web').default(''),
    openWay,
    enabled: z.boolean().default(true),
  })
  .refine((i) => i.kind !== 'link' || i.url !== '', { message: PcPortalMsg.URL_REQUIRED, path: ['url'] })
export type SidebarItem = z.infer<typeof sidebarItem>

export const DEFAULT_SIDEBAR_ITEMS: SidebarItem[] = [
  { kind: 'feedback', title: '意见反馈', icon: '', url: '', openWay: 1, enabled: true },
  { kind: 'websites', title: '推荐网站', icon: '', url: '', openWay: 1, enabled: true },
  { kind: 'top', title: '回到顶部', icon: '', url: '', openWay: 1, enabled: true },
]

/** The floating sidebar of the PC portal homes; off until an admin turns it on. */
export const sidebarInfo = z.object({
  enabled: z.boolean().default(false),
  items: z.array(sidebarItem).max(12, PcPortalMsg.TOO_MANY).default(DEFAULT_SIDEBAR_ITEMS),
})
export type SidebarInfo = z.infer<typeof sidebarInfo>
/**
 * What an org without its own menu or sidebar shows: the schemas' defaults written out, so the web's fallback when the
 * call fails needs no zod on the home (issue 28); shared/test/pc-portal.test.ts keeps them equal to `parse({})`.
 */
export const DEFAULT_PORTAL_MENU: PortalMenuConfig = { entries: [] }
export const DEFAULT_SIDEBAR: SidebarInfo = { enabled: false, items: DEFAULT_SIDEBAR_ITEMS }
export const sidebarInfoAnswer = sidebarInfo.extend({ orgId: z.number(), source: configSource })
export type SidebarInfoAnswer = z.infer<typeof sidebarInfoAnswer>
export const sidebarQuery = z.object({ orgId: z.coerce.number().int().optional() })
export const saveSidebarBody = z.object({
  orgId: z.coerce.number().int().optional(),
  tenantDefault: z.boolean().optional(),
  value: sidebarInfo,
})
export type SaveSidebarBody = z.input<typeof saveSidebarBody>

// ---------------------------------------------------------------- recommended websites

export const websiteFields = z.object({
  name: z.line().min(1, PcPortalMsg.NAME_REQUIRED).max(30, PcPortalMsg.SITE_NAME_LONG),
  /** Only http(s): a recommended website is another site. */
  url: z.link('http', PcPortalMsg.SITE_URL_HTTP).min(1, PcPortalMsg.URL_REQUIRED),
  iconUrl: z.link('web', PcPortalMsg.ICON_HTTP).default(''),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  enabled: z.boolean().default(true),
})
export const saveWebsiteBody = websiteFields.extend({ orgId: z.coerce.number().int().optional() })
export type SaveWebsiteBody = z.input<typeof saveWebsiteBody>
export const updateWebsiteBody = websiteFields.extend({ id: z.id() })
export type UpdateWebsiteBody = z.input<typeof updateWebsiteBody>
export const website = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  name: z.string(),
  url: z.string(),
  iconUrl: z.string(),
  sort: z.number(),
  enabled: z.boolean(),
  /** Set by an org above the one asked about (a bureau's website shown at its schools). */
  inherited: z.boolean(),
})
export type Website = z.infer<typeof website>
/** id: one website; otherwise the org's list (orgId, default the caller's; all=1 with the disabled ones). */
export const websiteQuery = z.object({
  id: z.id().optional(),
  orgId: z.coerce.number().int().optional(),
  all: z.enum(['0', '1']).optional(),
})
export const websiteIdQuery = z.object({ id: z.id() })

// ---------------------------------------------------------------- system info

const phone = z
  .line()
  .max(30)
  .refine((v) => v === '' || /^[\d\s+-]+$/.test(v), PcPortalMsg.PHONE_BAD)
const email = z
  .line()
  .max(100)
  .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), PcPortalMsg.EMAIL_BAD)

/** System info (/menhu-systems): what the login footer and the 关于系统 dialog show. Empty fields are not shown. */
export const systemInfoConfig = z.object({
  /** Empty: the tenant's system name. */
  sysName: z.line().max(30).default(''),
  operator: z.line().max(50).default(''),
  contactPhone: phone.default(''),
  contactEmail: email.default(''),
  icpNumber: z.line().max(50).default(''),
  notice: z.string().trim().max(200, '公告不能超过200个字符').default(''),
  supportUrl: z.link('http', PcPortalMsg.SITE_URL_HTTP).default(''),
  /** Show the footer line on the login page. */
  showOnLogin: z.boolean().default(true),
})
export type SystemInfoConfig = z.infer<typeof systemInfoConfig>
/** The public answer: the config with the running version and the resolved system name. */
export const systemInfoAnswer = systemInfoConfig.extend({
  version: z.string(),
  orgId: z.number().nullable(),
  source: configSource,
})
export type SystemInfoAnswer = z.infer<typeof systemInfoAnswer>
/** Ids are never negative (tenant 0 is the platform's, whose login page shows the built-in values). */
export const systemInfoQuery = z.object({
  orgId: z.coerce.number().int().min(0).optional(),
  tenantId: z.coerce.number().int().min(0).optional(),
})

/**
 * The PC portal pieces that read their config (issue 14, docs/portal-config.md "PC portal menu, sidebar, websites, system
 * info"): the portal menu (PortalMenuConfig), the floating sidebar (Sidebar calls), the recommended websites and the
 * system info (/menhu-systems). This file holds their plain values; the schemas are in pc-portal-schemas.ts and what
 * the home computes from a config (the menu's tabs, the built-in menu and sidebar) in pc-portal-menu.ts, so the home's
 * first screen builds no schema (issue 28).
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

/** The sidebar's items when an org has set none (sidebarInfo's default; pc-portal-schemas.ts checks the shape). */
export const DEFAULT_SIDEBAR_ITEMS: {
  kind: SidebarKind
  title: string
  icon: string
  url: string
  openWay: number
  enabled: boolean
}[] = [
  { kind: 'feedback', title: '意见反馈', icon: '', url: '', openWay: 1, enabled: true },
  { kind: 'websites', title: '推荐网站', icon: '', url: '', openWay: 1, enabled: true },
  { kind: 'top', title: '回到顶部', icon: '', url: '', openWay: 1, enabled: true },
]

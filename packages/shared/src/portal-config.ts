import { Trade } from './constants.js'
import { isSafeLink } from './input.js'
import * as z from './z.js'

/**
 * Portal header configuration (001 §3, §7.1; 000 §7.4, §7.6): the portal system config mh_sys_config (with the
 * footer and the public-portal switch), the bureau header config, the alliance header config, the personal
 * multiple-apps override and the mobile entries. Stored per org and name, with a tenant default; see docs/portal-config.md.
 */

export const PortalMsg = {
  SAVED: '保存成功',
  URL_HTTP: '链接必须以http或/开头',
  ROUTE_SLASH: '菜单路由必须以/开头',
  IMAGE_HTTP: '图片地址必须以http或/开头',
  SYS_NAME_REQUIRED: '请输入系统名称',
  SYS_NAME_LONG: '系统名称不能超过30个字符',
  MOBILE_NAME_REQUIRED: '请输入名称',
  MOBILE_PATH_REQUIRED: '请输入二维码内容或图片地址',
  MOBILE_NOT_FOUND: '移动端入口不存在',
  ORG_NOT_FOUND: '机构不存在',
  TOP_ONLY: '仅顶级机构的管理员可维护租户默认配置',
  EMPTY: '暂无内容',
  MOBILE_DRAWER_TITLE: '移动端入口',
} as const

/** Config names of 001 §7.1. */
export const ConfigName = {
  MH_SYS: 'mh_sys_config',
  JD_MH_SYS: 'jd_mh_sys_config',
  ALLIANCE_MH_SYS: 'alliance_mh_sys_config',
  MH_PERSONAL: 'mh_personal_config',
} as const
export const SYS_CONFIG_NAMES = [ConfigName.MH_SYS, ConfigName.JD_MH_SYS, ConfigName.ALLIANCE_MH_SYS] as const
export type SysConfigName = (typeof SYS_CONFIG_NAMES)[number]

/** Default titles of 001 §9. */
export const DefaultTitle = {
  PLATFORM: '智慧平台',
  CLOUD: '智慧云平台',
  BUREAU: '局校一体平台',
  PORTAL: '统一门户',
  CAMPUS: '智慧校园',
} as const

/**
 * The portal header's title while the org has saved none (mh_sys_config source 'default'), by the org's trade
 * (docs/portal-config.md "Default titles"): a universal-mode org's portal is the 统一门户, a medical one's the 智慧云平台,
 * a school or bureau the 智慧平台. The bureau header (局校一体平台) and the campus portal (智慧校园) have their own.
 */
export function defaultPortalTitle(trade: number | null | undefined): string {
  if (trade === Trade.UNIVERSAL) return DefaultTitle.PORTAL
  if (trade === Trade.MEDICAL) return DefaultTitle.CLOUD
  return DefaultTitle.PLATFORM
}

/** An icon- logo (001 §3: logoUrl with the icon- prefix names an icon class): the icon's name, or null for an image address. */
export const logoIconName = (logoUrl: string | null | undefined): string | null =>
  logoUrl?.startsWith('icon-') ? logoUrl.slice(5) : null

/** An address: an http(s) URL or a same-origin path (isSafeLink 'web'); empty means none. */
const address = (msg: string) => z.link('web', msg)
/** A logo: an address, or an icon- name (001 §3), which the header draws from its own icons (logoIconName). */
const logo = (msg: string) =>
  z
    .line()
    .trim()
    .max(500, msg)
    .refine((v) => v === '' || /^icon-[A-Za-z0-9_-]{1,40}$/.test(v) || isSafeLink(v, 'web'), msg)
const text = (max: number) => z.line().trim().max(max)

/** Footer (001 §3 footer config): typeUp 2 image/icon (else text); typeDown 1 link, 2 image popover (either way an address). */
export const footerItem = z.object({
  typeUp: z.coerce.number().int().min(1).max(2).default(1),
  contentUp: text(200).default(''),
  iconDescriptionUp: text(100).default(''),
  typeDown: z.coerce.number().int().min(0).max(2).default(0),
  contentDown: address(PortalMsg.URL_HTTP).default(''),
})
export type FooterItem = z.infer<typeof footerItem>
export const footerGroup = z.object({ bottomInfo: z.array(footerItem).max(20).default([]) })
export const footerConfig = z.object({
  /** 1 background colour, 2 background image. */
  type: z.coerce.number().int().min(1).max(2).default(1),
  color: text(30).default('#1f2d3d'),
  fontColor: text(30).default('#ffffff'),
  backgroundUrl: address(PortalMsg.IMAGE_HTTP).default(''),
  bottomGroup: z.array(footerGroup).max(10).default([]),
})
export type FooterConfig = z.infer<typeof footerConfig>

/** mh_sys_config (001 §3 header config). */
export const mhSysConfig = z.object({
  logoUrl: logo(PortalMsg.IMAGE_HTTP).default(''),
  showLogo: z.boolean().default(true),
  sysName: z
    .line({ message: PortalMsg.SYS_NAME_REQUIRED })
    .trim()
    .min(1, PortalMsg.SYS_NAME_REQUIRED)
    .max(30, PortalMsg.SYS_NAME_LONG)
    .default(DefaultTitle.PLATFORM),
  wideImgUrl: address(PortalMsg.IMAGE_HTTP).default(''),
  /** 0 logo plus name; otherwise the wide image. */
  styleSelect: z.coerce.number().int().min(0).max(1).default(0),
  /** 1 app tabs, 2 grouped dropdown menus. */
  navigationStyle: z.coerce.number().int().min(1).max(2).default(1),
  hasOftenUse: z.boolean().default(true),
  hasMultiple: z.boolean().default(true),
  hasUserDefined: z.boolean().default(true),
  openMobileEntry: z.boolean().default(false),
  webPageName: text(30).default(''),
  webPageUrl: address(PortalMsg.URL_HTTP).default(''),
  bigDataCenter: z.boolean().default(false),
  lowCodeApplication: z.boolean().default(false),
  lotPlatform: z.boolean().default(false),
  portalGray: z.boolean().default(false),
  /** Whether the public portal (/openPortal) is open to visitors (tenant getOutSchoolPortalEnable). */
  openPortalEnable: z.boolean().default(false),
  footer: footerConfig.default({ type: 1, color: '#1f2d3d', fontColor: '#ffffff', backgroundUrl: '', bottomGroup: [] }),
})
export type MhSysConfig = z.infer<typeof mhSysConfig>

/** Bureau menu entry target (001 §3 menu option skipList). */
export const skipItem = z.object({
  skipName: text(30).min(1, '请输入菜单名称'),
  skipUrl: address(PortalMsg.URL_HTTP).default(''),
  reqUri: z.link('path', PortalMsg.ROUTE_SLASH, 300).default(''),
  uniqueId: text(80).default(''),
  isNewApp: z.boolean().default(false),
  permissionName: text(80).default(''),
  /** 1 same window, 2 new window. */
  openWay: z.coerce.number().int().min(1).max(2).default(1),
})
export type SkipItem = z.infer<typeof skipItem>
export const menuOption = z.object({
  optionName: text(30).min(1, '请输入菜单名称'),
  /** 1 flat, 2 dropdown. */
  menuForm: z.coerce.number().int().min(1).max(2).default(1),
  /** 3 means the app centre. */
  contentType: z.coerce.number().int().min(0).max(9).default(1),
  /** Template type: 1 → /localSide/appCenter/index?type=mode1, otherwise mode2. */
  tempType: z.coerce.number().int().min(0).max(9).default(1),
  skipList: z.array(skipItem).max(50).default([]),
})
export type MenuOption = z.infer<typeof menuOption>

/** Bureau/portal header config (001 §3), also used for the alliance header. */
export const jdMhSysConfig = z.object({
  styleType: z.coerce.number().int().min(0).max(9).default(1),
  styleSelect: z.coerce.number().int().min(0).max(1).default(0),
  showLogo: z.boolean().default(true),
  /** An icon- prefix names an icon class instead of an image. */
  logoUrl: text(500).default(''),
  logoUrlSize: z.coerce.number().int().min(0).max(200).default(40),
  sysName: text(30).default(DefaultTitle.BUREAU),
  sysFullName: text(60).default(''),
  sysEnName: text(80).default(''),
  sysNameSize: z.coerce.number().int().min(0).max(2).default(0),
  /** 0 black, 1 blue, 2 white. */
  sysNameFontColor: z.coerce.number().int().min(0).max(2).default(2),
  wideImgUrl: address(PortalMsg.IMAGE_HTTP).default(''),
  menuPosition: z.coerce.number().int().min(0).max(2).default(0),
  /** 0 one item, 1 two to five by width, 2 all. */
  menuShowNum: z.coerce.number().int().min(0).max(2).default(1),
  /** 1 text, otherwise image. */
  culturalPurpose: z.coerce.number().int().min(0).max(2).default(1),
  culturalPurposeContent: text(500).default(''),
  showNavigationBarBackGround: z.boolean().default(false),
  navigationBarBackGroundUrl: address(PortalMsg.IMAGE_HTTP).default(''),
  /** white (default) or 262626 (dark). */
  navigationBarContentColor: text(20).default('#ffffff'),
  portalGray: z.boolean().default(false),
  webPageName: text(30).default(''),
  webPageUrl: address(PortalMsg.URL_HTTP).default(''),
  outLinkList: z
    .array(z.object({ linkName: text(30).min(1, '请输入链接名称'), linkUrl: address(PortalMsg.URL_HTTP) }))
    .max(20)
    .default([]),
  options: z.array(menuOption).max(30).default([]),
  /** Bureau login header (001 §3): platformName, showLogo, logoUrl. */
  platformName: text(30).default(DefaultTitle.BUREAU),
})
export type JdMhSysConfig = z.infer<typeof jdMhSysConfig>

/** The value schema of each config name. */
export const SYS_CONFIG_SCHEMAS = {
  [ConfigName.MH_SYS]: mhSysConfig,
  [ConfigName.JD_MH_SYS]: jdMhSysConfig,
  [ConfigName.ALLIANCE_MH_SYS]: jdMhSysConfig,
} as const satisfies Record<SysConfigName, z.ZodType>

/**
 * The defaults of every field, written out rather than `schema.parse({})`: the portal's header reads them on every
 * page, and a parse there would keep the schemas and zod in the first screen's JavaScript (the home's bundle drops
 * unused schemas). test/portal-config.test.ts keeps them equal to what the schemas give.
 */
const MH_SYS_DEFAULT: MhSysConfig = {
  logoUrl: '',
  showLogo: true,
  sysName: DefaultTitle.PLATFORM,
  wideImgUrl: '',
  styleSelect: 0,
  navigationStyle: 1,
  hasOftenUse: true,
  hasMultiple: true,
  hasUserDefined: true,
  openMobileEntry: false,
  webPageName: '',
  webPageUrl: '',
  bigDataCenter: false,
  lowCodeApplication: false,
  lotPlatform: false,
  portalGray: false,
  openPortalEnable: false,
  footer: { type: 1, color: '#1f2d3d', fontColor: '#ffffff', backgroundUrl: '', bottomGroup: [] },
}
const JD_MH_SYS_DEFAULT: JdMhSysConfig = {
  styleType: 1,
  styleSelect: 0,
  showLogo: true,
  logoUrl: '',
  logoUrlSize: 40,
  sysName: DefaultTitle.BUREAU,
  sysFullName: '',
  sysEnName: '',
  sysNameSize: 0,
  sysNameFontColor: 2,
  wideImgUrl: '',
  menuPosition: 0,
  menuShowNum: 1,
  culturalPurpose: 1,
  culturalPurposeContent: '',
  showNavigationBarBackGround: false,
  navigationBarBackGroundUrl: '',
  navigationBarContentColor: '#ffffff',
  portalGray: false,
  webPageName: '',
  webPageUrl: '',
  outLinkList: [],
  options: [],
  platformName: DefaultTitle.BUREAU,
}

/** Built-in value when nothing is configured (defaults of every field); a fresh copy the caller may change. */
export function defaultSysConfig(name: typeof ConfigName.MH_SYS): MhSysConfig
export function defaultSysConfig(name: typeof ConfigName.JD_MH_SYS | typeof ConfigName.ALLIANCE_MH_SYS): JdMhSysConfig
export function defaultSysConfig(name: SysConfigName): MhSysConfig | JdMhSysConfig
export function defaultSysConfig(name: SysConfigName): MhSysConfig | JdMhSysConfig {
  if (name === ConfigName.MH_SYS) return structuredClone(MH_SYS_DEFAULT)
  const v = structuredClone(JD_MH_SYS_DEFAULT)
  return name === ConfigName.ALLIANCE_MH_SYS ? { ...v, sysName: '联盟门户' } : v
}

export const sysConfigQuery = z.object({
  name: z.enum(SYS_CONFIG_NAMES).default(ConfigName.MH_SYS),
  orgId: z.coerce.number().int().optional(),
})
/** Save: the whole value of one name for the caller's org (or an org below it, or the tenant default). */
export const setSysConfigBody = z.discriminatedUnion('name', [
  z.object({
    name: z.literal(ConfigName.MH_SYS),
    orgId: z.coerce.number().int().optional(),
    tenantDefault: z.boolean().optional(),
    value: mhSysConfig,
  }),
  z.object({
    name: z.literal(ConfigName.JD_MH_SYS),
    orgId: z.coerce.number().int().optional(),
    tenantDefault: z.boolean().optional(),
    value: jdMhSysConfig,
  }),
  z.object({
    name: z.literal(ConfigName.ALLIANCE_MH_SYS),
    orgId: z.coerce.number().int().optional(),
    tenantDefault: z.boolean().optional(),
    value: jdMhSysConfig,
  }),
])
export type SetSysConfigBody = z.infer<typeof setSysConfigBody>

/** Where the answer came from: the org's own row, the tenant default, or the built-in defaults. */
export const configSource = z.enum(['org', 'tenant', 'default'])
export type ConfigSource = z.infer<typeof configSource>
export const mhSysConfigAnswer = mhSysConfig.extend({ orgId: z.number(), source: configSource })
export type MhSysConfigAnswer = z.infer<typeof mhSysConfigAnswer>
export const jdMhSysConfigAnswer = jdMhSysConfig.extend({ orgId: z.number(), source: configSource })
export type JdMhSysConfigAnswer = z.infer<typeof jdMhSysConfigAnswer>

/** mh_personal_config: the string 'true' or 'false' overriding hasMultiple; null when never set. */
export const personalConfigQuery = z.object({ name: z.literal(ConfigName.MH_PERSONAL).default(ConfigName.MH_PERSONAL) })
export const PersonalConfigMsg = {
  BOOL: '取值只能是true或false',
  REQUIRED: '请选择是否显示多个应用',
  MISMATCH: 'value与hasMultiple不一致',
} as const
const boolText = z.enum(['true', 'false'], { message: PersonalConfigMsg.BOOL })
/**
 * GET setMHPersonalConfig: `value` (000's form) or `hasMultiple` (001 §7.1's name), each the text 'true' or 'false';
 * one of them is required, and both must agree when both are sent.
 */
export const setPersonalConfigQuery = z
  .object({
    name: z.literal(ConfigName.MH_PERSONAL).default(ConfigName.MH_PERSONAL),
    value: boolText.optional(),
    hasMultiple: boolText.optional(),
  })
  .refine((q) => q.value !== undefined || q.hasMultiple !== undefined, PersonalConfigMsg.REQUIRED)
  .refine(
    (q) => q.value === undefined || q.hasMultiple === undefined || q.value === q.hasMultiple,
    PersonalConfigMsg.MISMATCH,
  )
/** POST setMHPersonalConfig (001 §7.1 "Save multiple/single preference"): the boolean hasMultiple. */
export const setPersonalConfigBody = z.object({
  name: z.literal(ConfigName.MH_PERSONAL).default(ConfigName.MH_PERSONAL),
  hasMultiple: z.boolean({ message: PersonalConfigMsg.BOOL }),
})

/** Footer answer of tenant getTenantBottomBaseInfo. */
export const bottomInfoQuery = z.object({ orgId: z.coerce.number().int() })

/** The code that maintains the mobile entries (门户管理 → PC端): their writes, and the editor's view with hidden ones. */
export const MOBILE_ENTRY_PERMISSION = 'sc_menhu_pc'

/** Mobile entry (001 §3): type 0 image, otherwise a QR generated from text. */
export const mobileEntry = z.object({
  id: z.number(),
  orgId: z.number(),
  mobileName: z.string(),
  mobileExplain: z.string(),
  type: z.number(),
  decodePath: z.string(),
  codeTips: z.string(),
  hasShow: z.boolean(),
  sort: z.number(),
})
export type MobileEntry = z.infer<typeof mobileEntry>
export const mobileEntrySaveBody = z
  .object({
    mobileName: z
      .line({ message: PortalMsg.MOBILE_NAME_REQUIRED })
      .trim()
      .min(1, PortalMsg.MOBILE_NAME_REQUIRED)
      .max(30, '名称不能超过30个字符'),
    mobileExplain: text(200).default(''),
    type: z.coerce.number().int().min(0).max(1).default(1),
    decodePath: z
      .string({ message: PortalMsg.MOBILE_PATH_REQUIRED })
      .trim()
      .min(1, PortalMsg.MOBILE_PATH_REQUIRED)
      .max(1000),
    codeTips: text(100).default(''),
    hasShow: z.boolean().default(true),
    sort: z.coerce.number().int().min(0).max(9999).default(0),
  })
  .refine((b) => b.type !== 0 || isSafeLink(b.decodePath), { message: PortalMsg.IMAGE_HTTP, path: ['decodePath'] })
export type MobileEntrySaveBody = z.infer<typeof mobileEntrySaveBody>
export const mobileEntryUpdateBody = z.object({ id: z.id() }).and(mobileEntrySaveBody)
export const mobileEntryQuery = z.object({
  orgId: z.coerce.number().int().optional(),
  all: z.string().max(10).optional(),
})

/**
 * The bureau side (001 §6, §7.1): the bureau admin holds the admin role with the tenant's bureau org (the jd org id,
 * organizationUnit/jdmh/tenant/org) as the current org; other users' bureau menus follow what they hold there.
 */
export const jdAdminAnswer = z.object({ isAdmin: z.boolean(), jdOrgId: z.number().nullable() })
export type JdAdminAnswer = z.infer<typeof jdAdminAnswer>
export const jdPermissionsQuery = z.object({ jdOrgId: z.coerce.number().int().min(1).max(2_147_483_647) })

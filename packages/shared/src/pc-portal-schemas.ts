import { configSource } from './portal-config.js'
import { DEFAULT_SIDEBAR_ITEMS, PORTAL_HOME_KEYS, PcPortalMsg, SIDEBAR_KINDS } from './pc-portal.js'
import * as z from './z.js'

/**
 * The schemas of the PC portal's menu, sidebar, recommended websites and system info (pc-portal.ts holds the plain
 * values they are built from; pc-portal-menu.ts what the portal home computes from a config).
 */

const name10 = () => z.line().max(10, PcPortalMsg.NAME_LONG)
/** 1 opens in the same window, 2 in a new window. */
const openWay = z.coerce.number().int().min(1).max(2).default(2)

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

/** The floating sidebar of the PC portal homes; off until an admin turns it on. */
export const sidebarInfo = z.object({
  enabled: z.boolean().default(false),
  items: z.array(sidebarItem).max(12, PcPortalMsg.TOO_MANY).default(DEFAULT_SIDEBAR_ITEMS),
})
export type SidebarInfo = z.infer<typeof sidebarInfo>
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

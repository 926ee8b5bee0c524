import { isSafeLink } from './input.js'
import * as z from './z.js'
import { CMS_IMAGE_PATH } from './constants.js'
import { CmsMsg, HOME_KINDS, SWIPER_DEFAULTS, type BlockType } from './cms.js'

/** The schemas of news, home blocks and banners (cms.ts holds the plain values they are built from). */

const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
}

/** An image reference: an http(s) URL or one of our uploaded images. */
export const imageUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => (isSafeLink(v, 'http') && !/\s/.test(v)) || new RegExp(`^${CMS_IMAGE_PATH}/\\d+/[0-9a-f-]{36}$`).test(v),
    CmsMsg.IMAGE_URL,
  )

// ----- news -----

export const newsTypeRow = z.object({ id: z.number(), name: z.string(), level: z.number(), sort: z.number() })
export type NewsTypeRow = z.infer<typeof newsTypeRow>

/** POST /base/api/cms2/open/query/page (001 §7.2). */
export const newsQueryBody = z.object({
  newLevel: z.coerce.number().int().min(0).max(2).optional().nullable(),
  noticeType: z.coerce.number().int().optional().nullable(),
  orgId: z.coerce.number().int().optional().nullable(),
  keyword: z.string().trim().max(50).optional().nullable(),
  /** Only items marked public, as a visitor would see them (the public portal opened by a member). */
  publicOnly: z.boolean().optional(),
  ...paging,
})
export type NewsQueryBody = z.infer<typeof newsQueryBody>

/** A news item as a reader sees it (001 §3): confirm=1 and confirmOver=0 is the pending-confirmation flag (§4). */
export const newsRow = z.object({
  id: z.number(),
  title: z.string(),
  noticeType: z.number(),
  noticeTypeName: z.string(),
  frontCoverUrlHttp: z.string().nullable(),
  publishTime: z.string().nullable(),
  confirm: z.number(),
  confirmOver: z.number(),
  source: z.string().nullable(),
  orgId: z.number(),
  orgName: z.string(),
  newLevel: z.number(),
  top: z.boolean(),
})
export type NewsRow = z.infer<typeof newsRow>
export const newsDetail = newsRow.extend({ content: z.string(), isPublic: z.boolean() })
export type NewsDetail = z.infer<typeof newsDetail>

export const newsAdminPageBody = z.object({
  keyword: z.string().trim().max(50).optional().nullable(),
  noticeType: z.coerce.number().int().optional().nullable(),
  /** 0 draft, 1 published. */
  status: z.coerce.number().int().min(0).max(1).optional().nullable(),
  ...paging,
})
export type NewsAdminPageBody = z.infer<typeof newsAdminPageBody>
export const newsAdminRow = newsRow.extend({
  status: z.number(),
  isPublic: z.boolean(),
  sort: z.number(),
  confirmCount: z.number(),
  createdAt: z.string(),
})
export type NewsAdminRow = z.infer<typeof newsAdminRow>
export const newsAdminDetail = newsAdminRow.extend({ content: z.string() })
export type NewsAdminDetail = z.infer<typeof newsAdminDetail>

export const newsSaveBody = z.object({
  id: z.id().optional().nullable(),
  title: z
    .line({ message: CmsMsg.TITLE_REQUIRED })
    .trim()
    .min(1, CmsMsg.TITLE_REQUIRED)
    .max(100, '标题不能超过100个字符'),
  noticeType: z.coerce.number({ message: CmsMsg.TYPE_REQUIRED }).int(),
  cover: imageUrl.optional().nullable().or(z.literal('')),
  content: z.string({ message: CmsMsg.CONTENT_REQUIRED }).min(1, CmsMsg.CONTENT_REQUIRED).max(200_000, '正文过长'),
  source: z.line().trim().max(50, '来源不能超过50个字符').optional().nullable(),
  /** 1: readers must confirm they have read it. */
  confirm: z.coerce.number().int().min(0).max(1).default(0),
  /** Shown to signed-out visitors of the open portal. */
  isPublic: z.boolean().default(false),
  top: z.boolean().default(false),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
})
export type NewsSaveBody = z.input<typeof newsSaveBody>
export const newsIdBody = z.object({ id: z.id() })
export const homeKind = z.enum(HOME_KINDS)

const link = z.link('web', '链接必须以 http 或 / 开头').optional().nullable()
const desc = {
  descType: z.coerce.number().int().min(0).max(1).default(0),
  descContent: z.string().trim().max(200).optional().nullable(),
}

/** Image block picture (001 §3 picList). */
export const picItem = z.object({ id: z.string().max(64).optional(), decryUrl: imageUrl, link, ...desc })
export type PicItem = z.infer<typeof picItem>

export const newsSettings = z.object({
  noticeType: z.coerce.number().int().optional().nullable(),
  newLevel: z.coerce.number().int().min(0).max(2).default(0),
  height: z.union([z.literal(324), z.literal(216), z.literal(108)]).default(324),
})
export const carouselSettings = z.object({
  speed: z.union([z.literal(2000), z.literal(3000)]).default(3000),
  /** Empty: the org's banners (/base/api/banner) feed the carousel. */
  picList: z.array(picItem).max(20).default([]),
})
export const videoSettings = z.object({
  videoUrl_decode: z.link('http', '视频地址必须以 http 开头').min(1, '请输入视频地址'),
  faceUrl_decode: imageUrl.optional().nullable().or(z.literal('')),
  /** 1: cover and a play icon until clicked (001 §2.6); 0: plays muted at once. */
  autoPlayMode: z.coerce.number().int().min(0).max(1).default(1),
  ...desc,
})
export const textSettings = z.object({ text: z.string().max(100_000).default('') })
export const swiperItem = z.object({ title: z.line().trim().max(50).default(''), imageUrl, link })
export const swiperSettings = z.object({
  speed: z.coerce.number().int().min(500).max(20_000).default(SWIPER_DEFAULTS.speed),
  gap: z.coerce.number().int().min(0).max(100).default(SWIPER_DEFAULTS.gap),
  items: z.array(swiperItem).max(30).default([]),
})
export const qrSettings = z.object({
  text: z.string().trim().min(1, '请输入二维码内容').max(500),
  tip: z.line().trim().max(50).optional().nullable(),
})
/** 常用应用 of the person (the app registry's favourites). */
export const appsSettings = z.object({})

const blockBase = {
  title: z.line().trim().max(30, '模块标题不能超过30个字符').default(''),
  /** Grid columns out of 24. */
  span: z.union([z.literal(8), z.literal(12), z.literal(16), z.literal(24)]).default(12),
  /** 0 shown, 1 hidden. */
  status: z.coerce.number().int().min(0).max(1).default(0),
}
export const blockInput = z.discriminatedUnion('type', [
  z.object({ type: z.literal('news'), ...blockBase, settings: newsSettings }),
  z.object({ type: z.literal('carousel'), ...blockBase, settings: carouselSettings }),
  z.object({ type: z.literal('video'), ...blockBase, settings: videoSettings }),
  z.object({ type: z.literal('text'), ...blockBase, settings: textSettings }),
  z.object({ type: z.literal('swiper'), ...blockBase, settings: swiperSettings }),
  z.object({ type: z.literal('qr'), ...blockBase, settings: qrSettings }),
  z.object({ type: z.literal('apps'), ...blockBase, settings: appsSettings }),
])
export type BlockInput = z.input<typeof blockInput>
export type Block = z.output<typeof blockInput>
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>

/** A stored block (id null: a default the org has not configured). */
export type ModuleRow = Block & { id: number | null; sort: number }
export const moduleRow = z.custom<ModuleRow>((v) => typeof v === 'object' && v !== null && 'type' in v)

export const bannerRow = z.object({
  id: z.number(),
  orgId: z.number(),
  title: z.string(),
  imageUrl: z.string(),
  link: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
  /** 0 PC, 1 teacher mobile, 2 parent and student mobile (BannerTerminal in mobile-portal.ts). */
  terminal: z.number(),
})
export type BannerRow = z.infer<typeof bannerRow>

export const moduleLayout = z.object({
  homeKind,
  orgId: z.number(),
  orgName: z.string(),
  configured: z.boolean(),
  modules: z.array(moduleRow),
  banners: z.array(bannerRow),
})
export type ModuleLayout = z.infer<typeof moduleLayout>
export const layoutQuery = z.object({ homeKind, orgId: z.coerce.number().int().optional() })
export const setModuleBody = z.object({ id: z.id().optional().nullable(), homeKind, module: blockInput })
export type SetModuleBody = z.input<typeof setModuleBody>
export const moduleStatusBody = z.object({ id: z.id(), status: z.coerce.number().int().min(0).max(1) })
export const moduleListBody = z.object({ homeKind, modules: z.array(blockInput).max(30, '最多30个模块') })
export type ModuleListBody = z.input<typeof moduleListBody>

// ----- banners (/base/api/banner) -----
/**
 * terminal: 0 PC, 1 teacher mobile, 2 parent and student mobile. Left out, it is the first the caller maintains
 * (PC for a holder of sc_menhu_pc, so the PC pages need not send it).
 */
const bannerTerminal = z.coerce.number().int().min(0, '终端无效').max(2, '终端无效').optional()
export const bannerPageBody = z.object({ ...paging, terminal: bannerTerminal })
export const bannerSaveBody = z.object({
  id: z.id().optional().nullable(),
  terminal: bannerTerminal,
  title: z.line({ message: '请输入标题' }).trim().min(1, '请输入标题').max(50),
  imageUrl,
  link,
  status: z.coerce.number().int().min(0).max(1).default(0),
})
export type BannerSaveBody = z.input<typeof bannerSaveBody>
export const bannerOrderBody = z.object({ ids: z.array(z.id()).min(1).max(100) })

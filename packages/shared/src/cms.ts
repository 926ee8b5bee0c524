/**
 * News (CMS) and portal content blocks (001 §2.6, §3, §4, §7.2, §7.5, §9). A news item belongs to the org that
 * wrote it; readers see their own org's and their bureau's published items, visitors only items marked public.
 * A portal home (personal, school, bureau, class, open, general) is a list of blocks kept per org.
 *
 * This file holds the plain values the portal's homes read on their first screen; the zod schemas (requests,
 * answers, block settings) are in cms-schemas.ts, so a page that needs a constant does not build them (issue 28).
 */

export const CmsMsg = {
  NEWS_NOT_FOUND: '新闻不存在',
  TYPE_NOT_FOUND: '新闻类型不存在',
  TITLE_REQUIRED: '请输入标题',
  TYPE_REQUIRED: '请选择新闻类型',
  CONTENT_REQUIRED: '请输入正文',
  CONFIRMED: '已确认',
  PUBLISHED: '发布成功',
  UNPUBLISHED: '已撤回',
  NOT_PUBLISHED: '新闻未发布，不能确认',
  NO_CONFIRM_NEEDED: '该新闻无需确认',
  IMAGE_REQUIRED: '请选择图片',
  IMAGE_TYPE: '仅支持 JPG、PNG、GIF、WEBP 格式的图片',
  IMAGE_TOO_LARGE: '图片不能超过2MB',
  IMAGE_URL: '图片地址必须以 http 开头或为本系统上传的图片',
  MODULE_NOT_FOUND: '模块不存在',
  BANNER_NOT_FOUND: '轮播图不存在',
  VISITOR_ORG_REQUIRED: '请指定机构',
} as const

/** 1 school level (学校新闻), 2 bureau level (局端新闻); 0 in a query means both. */
export const NewsLevel = { ALL: 0, SCHOOL: 1, BUREAU: 2 } as const
export const NEWS_LEVEL_LABEL: Record<number, string> = { 1: '校级', 2: '局级' }

/** Upload limits of a cover or block image. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

// ----- portal blocks -----

/** Which home a layout is for. */
export const HOME_KINDS = ['personal', 'school', 'bureau', 'class', 'open', 'general'] as const
export type HomeKind = (typeof HOME_KINDS)[number]
export const HOME_KIND_LABEL: Record<HomeKind, string> = {
  personal: '个人门户',
  school: '学校门户',
  bureau: '局机关门户',
  class: '班级门户',
  open: '公共门户',
  general: '通用门户',
}

/** News block heights and their page sizes (001 §9). */
export const NEWS_HEIGHTS = [324, 216, 108] as const
export const NEWS_PAGE_SIZE: Record<(typeof NEWS_HEIGHTS)[number], number> = { 324: 9, 216: 6, 108: 3 }
export const newsPageSizeFor = (height: number): number => NEWS_PAGE_SIZE[height as (typeof NEWS_HEIGHTS)[number]] ?? 9
export const CAROUSEL_SPEEDS = [2000, 3000] as const
export const SWIPER_DEFAULTS = { speed: 2000, gap: 24 } as const
export const QR_WIDGET = { size: 134, level: 'H' } as const

/** Layout content width by container width (001 §9): 1536 from 1696, dynamic from 1360, else 1200. */
export function layoutWidth(container: number): number {
  if (container >= 1696) return 1536
  if (container >= 1360) return container - 160
  return 1200
}

export const BLOCK_TYPES = ['news', 'carousel', 'video', 'text', 'swiper', 'qr', 'apps'] as const
export type BlockType = (typeof BLOCK_TYPES)[number]
export const BLOCK_TYPE_LABEL: Record<BlockType, string> = {
  news: '新闻列表',
  carousel: '图片轮播',
  video: '视频',
  text: '富文本',
  swiper: '滚动图片',
  qr: '二维码',
  apps: '常用应用',
}

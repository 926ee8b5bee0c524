import type { Generated } from 'kysely'
import type { Json, Owned } from './columns.js'

/** Tables of the news and portal-block module (migration 202611230330_create_cms, modules/cms). */
export interface CmsNewsTypeTable extends Owned {
  id: Generated<number>
  name: string
  level: Generated<number>
  sort: Generated<number>
}
export interface CmsNewsTable extends Owned {
  id: Generated<number>
  org_id: number
  type_id: number
  new_level: number
  title: string
  cover: string | null
  content: string
  source: string | null
  status: Generated<number>
  publish_time: Date | null
  confirm: Generated<number>
  is_public: Generated<boolean>
  top: Generated<boolean>
  sort: Generated<number>
  created_by: number | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}
interface CmsNewsConfirmTable extends Owned {
  news_id: number
  user_info_id: number
  confirmed_at: Generated<Date>
}
export interface CmsImageTable extends Owned {
  id: string
  org_id: number
  mime: string
  size: number
  data: Buffer
  created_by: number | null
  created_at: Generated<Date>
}
export interface PortalModuleTable extends Owned {
  id: Generated<number>
  org_id: number
  home_kind: string
  type: string
  title: string
  span: number
  status: Generated<number>
  sort: Generated<number>
  settings: Json<Record<string, unknown>>
  updated_at: Generated<Date>
}
export interface BannerTable extends Owned {
  id: Generated<number>
  org_id: number
  title: string
  image_url: string
  link: string | null
  sort: Generated<number>
  status: Generated<number>
  created_at: Generated<Date>
  /** 0 PC, 1 teacher mobile, 2 parent and student mobile (migration 202611241600). */
  terminal: Generated<number>
}

export interface CmsTables {
  cms_news_type: CmsNewsTypeTable
  cms_news: CmsNewsTable
  cms_news_confirm: CmsNewsConfirmTable
  cms_image: CmsImageTable
  portal_module: PortalModuleTable
  banner: BannerTable
}

import type { Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

// Recommended websites of the PC portal homes (migration 202611241620_create_recommend_web, modules/pc-portal).
export interface RecommendWebTable extends Owned {
  id: Id
  org_id: number
  name: string
  url: string
  icon_url: Generated<string>
  sort: Generated<number>
  enabled: Generated<boolean>
  updated_by: number | null
  created_at: Generated<Date>
  updated_at: Generated<Date>
}

export interface PcPortalTables {
  recommend_web: RecommendWebTable
}

import type { Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

// Red dots and outer-portal limits (migration 202611241630_create_red_dots_outer_limits, modules/red-dots and
// modules/outer-portal; docs/red-dots.md "Red dots, class home, outer portal").
interface RedotSeenTable extends Owned {
  user_info_id: number
  rule_id: string
  seen_at: Date
}
interface OuterPortalLimitTable extends Owned {
  org_id: number
  limit_type: number
  updated_by: number | null
  updated_at: Generated<Date>
}
interface OuterPortalObjectTable extends Owned {
  id: Id
  org_id: number
  object_type: number
  role_id: number | null
  user_info_id: number | null
  created_by: number | null
  created_at: Generated<Date>
}

export interface RedDotsTables {
  redot_seen: RedotSeenTable
  outer_portal_limit: OuterPortalLimitTable
  outer_portal_object: OuterPortalObjectTable
}

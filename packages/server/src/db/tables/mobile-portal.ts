import type { Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

/** Quick entries of the mobile home (migration 202611241600, docs/mobile-portal.md "Mobile portal"). */
interface MobileQuickGroupTable extends Owned {
  id: Id
  org_id: number
  role_key: string
  name: string
  sort: Generated<number>
  created_at: Generated<Date>
}
interface MobileQuickAppTable extends Owned {
  group_id: number
  app_id: number
  sort: Generated<number>
}

export interface MobilePortalTables {
  mobile_quick_group: MobileQuickGroupTable
  mobile_quick_app: MobileQuickAppTable
}

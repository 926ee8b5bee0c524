import type { Generated } from 'kysely'
import type { Id } from './columns.js'

/** Administrative levels and areas (modules/area), not tenant-owned. */

interface AdminLevelTable {
  id: Id
  name: string
  sort: Generated<number>
}
interface AreaTable {
  code: string
  name: string
  parent_code: string | null
  level_id: number
}

export interface AreaTables {
  admin_level: AdminLevelTable
  area: AreaTable
}

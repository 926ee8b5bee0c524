import type { Generated } from 'kysely'
import type { Owned } from './columns.js'

/** The change feed of the directory, written by triggers on its tables (migration 202611270500). */
interface DirectoryChangeTable extends Owned {
  seq: Generated<number>
  entity: string
  entity_id: number
  action: 'insert' | 'update' | 'delete'
  org_id: number | null
  at: Generated<Date>
  fanned_out: Generated<boolean>
}

/** The directory API's per-app rate windows: calls of one client in one minute (migration 202611270610). */
interface DirectoryRateTable extends Owned {
  client_id: string
  window_start: Date
  hits: Generated<number>
}

export interface DirectoryTables {
  directory_change: DirectoryChangeTable
  directory_rate: DirectoryRateTable
}

import type { ColumnType, Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

/** Import jobs and their row errors (modules/imports). */

interface ImportJobTable extends Owned {
  id: Id
  org_id: number
  kind: string
  file_name: string
  file: Buffer | null
  status: Generated<number>
  total_count: Generated<number>
  processed_count: Generated<number>
  success_count: Generated<number>
  fail_count: Generated<number>
  message: string | null
  created_by: number
  created_by_name: string
  created_at: Generated<Date>
  updated_at: Generated<Date>
  finished_at: Date | null
  /** The process that runs it and its last sign of life (migration 202611241330). */
  runner_id: string | null
  heartbeat_at: Date | null
}
interface ImportJobErrorTable extends Owned {
  job_id: number
  row_no: number
  reason: string
  data: ColumnType<Record<string, string>, string, string>
}

export interface ImportsTables {
  import_job: ImportJobTable
  import_job_error: ImportJobErrorTable
}

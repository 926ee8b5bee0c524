import type { Id, Json, Owned } from './columns.js'

/** The autumn statistics (modules/school-stats; docs/school-year.md "The autumn statistics"). */
interface SchoolStatsSnapshotTable extends Owned {
  id: Id
  /** '2026-2027' */
  school_year: string
  taken_at: Date
  taken_by: number
  taker_name: string
  /** The figures as taken (shared snapshotData), never recomputed. */
  data: Json<unknown>
}

export interface SchoolStatsTables {
  school_stats_snapshot: SchoolStatsSnapshotTable
}

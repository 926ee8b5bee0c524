import { schoolStatsContracts as C, type SnapshotGetBody, type SnapshotRow } from '@zhixiao/shared'
import { call, callEnvelope, download } from '../../api/call'

/** The autumn statistics (docs/school-year.md "The autumn statistics"). */
export const schoolStatsApi = {
  list: () => call(C.list),
  get: (b: SnapshotGetBody) => call(C.get, b),
  take: (schoolYear?: string) => callEnvelope(C.take, schoolYear ? { schoolYear } : {}),
  export: (s: SnapshotRow) => download(C.export, `${s.schoolYear}学年秋季统计.xlsx`, { id: s.id }),
}

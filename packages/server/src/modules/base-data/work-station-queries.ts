import type { Trx } from '../../db/database.js'
import type { WorkStationTable } from '../../db/schema.js'
import { dictItemsFor } from '../../platform/dict-refs.js'
import { paginate, type PageQuery } from '../../platform/paging.js'
import { sql, type Insertable, type Updateable } from 'kysely'

function rows(trx: Trx) {
  return trx
    .selectFrom('work_station as w')
    .innerJoin('dict_item as d', (j) => j.onRef('d.tenant_id', '=', 'w.tenant_id').onRef('d.id', '=', 'w.job_id'))
    .select([
      'w.id',
      'w.org_id as orgId',
      'w.job_id as jobId',
      'd.name as jobName',
      'w.level',
      'w.quota',
      'w.status',
      'w.remark',
    ])
}

export function pageWorkStationRows(
  trx: Trx,
  orgId: number,
  filter: { jobId?: number | null; status?: number | null },
  q: PageQuery,
) {
  let base = rows(trx).where('w.org_id', '=', orgId)
  if (filter.jobId != null) base = base.where('w.job_id', '=', filter.jobId)
  if (filter.status != null) base = base.where('w.status', '=', filter.status)
  return paginate(base.orderBy('d.sort').orderBy('w.job_id').orderBy('w.level'), base, q)
}

/** Every cell of an org's matrix, enabled or not. */
export function listWorkStationCells(trx: Trx, orgId: number) {
  return rows(trx).where('w.org_id', '=', orgId).orderBy('w.job_id').orderBy('w.level').execute()
}

export function listEnabledWorkStations(trx: Trx, orgId: number) {
  return rows(trx)
    .where('w.org_id', '=', orgId)
    .where('w.status', '=', 0)
    .orderBy('d.sort')
    .orderBy('w.job_id')
    .orderBy('w.level')
    .execute()
}

/** The enabled 岗位 entries the org may use: the tenant's first, then the org's own. */
export function listOfferedJobs(trx: Trx, orgId: number) {
  return dictItemsFor(trx, orgId)
    .select(['id', 'name'])
    .where('dict_type', '=', 'job')
    .where('status', '=', 0)
    .orderBy(sql`org_id NULLS FIRST`)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

export async function insertWorkStation(trx: Trx, values: Insertable<WorkStationTable>): Promise<number> {
  return (await trx.insertInto('work_station').values(values).returning('id').executeTakeFirstOrThrow()).id
}

export function updateWorkStationRow(trx: Trx, id: number, set: Updateable<WorkStationTable>) {
  return trx.updateTable('work_station').set(set).where('id', '=', id).execute()
}

export function deleteWorkStationRow(trx: Trx, id: number) {
  return trx.deleteFrom('work_station').where('id', '=', id).execute()
}

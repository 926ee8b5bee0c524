import type { Trx } from '../../db/database.js'
import type { ExternalStaffTable } from '../../db/schema.js'
import { paginate, type PageQuery } from '../../platform/paging.js'
import type { Insertable, Updateable } from 'kysely'

/** One page of an org's external staff with their job names, filtered by keyword and status when given. */
export function pageExternalRows(
  trx: Trx,
  orgId: number,
  filter: { keyword?: string | null; status?: number | null },
  q: PageQuery,
) {
  let base = trx
    .selectFrom('external_staff as x')
    .leftJoin('dict_item as d', (j) => j.onRef('d.tenant_id', '=', 'x.tenant_id').onRef('d.id', '=', 'x.job_id'))
    .where('x.org_id', '=', orgId)
  if (filter.keyword)
    base = base.where((eb) =>
      eb.or([
        eb('x.name', 'ilike', `%${filter.keyword}%`),
        eb('x.phone', 'like', `%${filter.keyword}%`),
        eb('x.company', 'ilike', `%${filter.keyword}%`),
      ]),
    )
  if (filter.status != null) base = base.where('x.status', '=', filter.status)
  return paginate(
    base
      .select([
        'x.id',
        'x.org_id as orgId',
        'x.name',
        'x.phone',
        'x.id_card as idCard',
        'x.company',
        'x.job_id as jobId',
        'd.name as jobName',
        'x.start_date as startDate',
        'x.end_date as endDate',
        'x.status',
        'x.remark',
      ])
      .orderBy('x.start_date', 'desc')
      .orderBy('x.id', 'desc'),
    base,
    q,
  )
}

export async function insertExternal(trx: Trx, values: Insertable<ExternalStaffTable>): Promise<number> {
  return (await trx.insertInto('external_staff').values(values).returning('id').executeTakeFirstOrThrow()).id
}

export function updateExternalRow(trx: Trx, id: number, set: Updateable<ExternalStaffTable>) {
  return trx.updateTable('external_staff').set(set).where('id', '=', id).execute()
}

export function deleteExternalRow(trx: Trx, id: number) {
  return trx.deleteFrom('external_staff').where('id', '=', id).execute()
}

import type { Trx } from '../../db/database.js'
import type { WorkRestTable, WorkRestTimeTable } from '../../db/schema.js'
import { paginate, type PageQuery } from '../../platform/paging.js'
import type { Insertable, Updateable } from 'kysely'

/** One page of a school's schedules, latest first, each with its slot count. */
export function pageWorkRestRows(trx: Trx, orgId: number, q: PageQuery) {
  const base = trx.selectFrom('work_rest').where('org_id', '=', orgId)
  return paginate(
    base
      .select((eb) => [
        'id',
        'org_id as orgId',
        'name',
        'type_name as typeName',
        'start_date as startDate',
        'end_date as endDate',
        'status',
        eb
          .selectFrom('work_rest_time')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('work_rest_time.work_rest_id', '=', 'work_rest.id')
          .as('slotCount'),
      ])
      .orderBy('start_date', 'desc'),
    base,
    q,
  )
}

export async function insertWorkRest(trx: Trx, values: Insertable<WorkRestTable>): Promise<number> {
  return (await trx.insertInto('work_rest').values(values).returning('id').executeTakeFirstOrThrow()).id
}

export function updateWorkRestRow(trx: Trx, id: number, set: Updateable<WorkRestTable>) {
  return trx.updateTable('work_rest').set(set).where('id', '=', id).execute()
}

export function deleteWorkRestRow(trx: Trx, id: number) {
  return trx.deleteFrom('work_rest').where('id', '=', id).execute()
}

export function listSlotRows(trx: Trx, workRestId: number) {
  return trx
    .selectFrom('work_rest_time')
    .select(['id', 'work_rest_id as workRestId', 'name', 'kind', 'start_time as startTime', 'end_time as endTime'])
    .where('work_rest_id', '=', workRestId)
    .orderBy('start_time')
    .execute()
}

export function findSlotSchedule(trx: Trx, id: number) {
  return trx.selectFrom('work_rest_time').select('work_rest_id').where('id', '=', id).executeTakeFirst()
}

/** A slot of the schedule overlapping [startTime, endTime), other than `exceptId`. */
export function findClashingSlot(
  trx: Trx,
  workRestId: number,
  startTime: string,
  endTime: string,
  exceptId: number | undefined,
) {
  return trx
    .selectFrom('work_rest_time')
    .select('id')
    .where('work_rest_id', '=', workRestId)
    .where('start_time', '<', endTime)
    .where('end_time', '>', startTime)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .limit(1)
    .executeTakeFirst()
}

export function updateSlot(trx: Trx, id: number, set: Updateable<WorkRestTimeTable>) {
  return trx.updateTable('work_rest_time').set(set).where('id', '=', id).execute()
}

export async function insertSlot(trx: Trx, values: Insertable<WorkRestTimeTable>): Promise<number> {
  return (await trx.insertInto('work_rest_time').values(values).returning('id').executeTakeFirstOrThrow()).id
}

export function findSlot(trx: Trx, id: number) {
  return trx.selectFrom('work_rest_time').select(['id', 'work_rest_id']).where('id', '=', id).executeTakeFirst()
}

export function deleteSlotRow(trx: Trx, id: number) {
  return trx.deleteFrom('work_rest_time').where('id', '=', id).execute()
}

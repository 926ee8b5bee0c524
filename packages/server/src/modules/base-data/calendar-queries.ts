import type { Trx } from '../../db/database.js'
import type { HolidayTable, SchoolCalendarTable, StudyMonthTable } from '../../db/schema.js'
import { paginate, type PageQuery } from '../../platform/paging.js'
import type { Insertable, Updateable } from 'kysely'

/** A term of the org overlapping [start, end], other than `exceptId`. */
export function findOverlappingCalendar(trx: Trx, orgId: number, start: string, end: string, exceptId?: number) {
  let q = trx
    .selectFrom('school_calendar')
    .select('id')
    .where('org_id', '=', orgId)
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
  return q.limit(1).executeTakeFirst()
}

/** One page of an org's terms, latest first, optionally of one school year. */
export function pageCalendarRows(trx: Trx, orgId: number, schoolYear: string | null | undefined, q: PageQuery) {
  let base = trx.selectFrom('school_calendar').where('org_id', '=', orgId)
  if (schoolYear) base = base.where('school_year', '=', schoolYear)
  return paginate(
    base
      .select([
        'id',
        'org_id as orgId',
        'school_year as schoolYear',
        'term',
        'name',
        'start_date as startDate',
        'end_date as endDate',
        'status',
      ])
      .orderBy('start_date', 'desc'),
    base,
    q,
  )
}

export async function insertCalendar(trx: Trx, values: Insertable<SchoolCalendarTable>): Promise<number> {
  const { id } = await trx.insertInto('school_calendar').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

/** A holiday of the term starting before `start` or ending after `end`. */
export function findHolidayOutside(trx: Trx, calendarId: number, start: string, end: string) {
  return trx
    .selectFrom('holiday')
    .select('id')
    .where('calendar_id', '=', calendarId)
    .where((eb) => eb.or([eb('start_date', '<', start), eb('end_date', '>', end)]))
    .limit(1)
    .executeTakeFirst()
}

export function updateCalendarRow(trx: Trx, id: number, set: Updateable<SchoolCalendarTable>) {
  return trx.updateTable('school_calendar').set(set).where('id', '=', id).execute()
}

export function findHolidayOfCalendar(trx: Trx, calendarId: number) {
  return trx.selectFrom('holiday').select('id').where('calendar_id', '=', calendarId).limit(1).executeTakeFirst()
}

export function deleteCalendarRow(trx: Trx, id: number) {
  return trx.deleteFrom('school_calendar').where('id', '=', id).execute()
}

/** One page of an org's holidays in date order, optionally of one term. */
export function pageHolidayRows(trx: Trx, orgId: number, calendarId: number | null | undefined, q: PageQuery) {
  let base = trx.selectFrom('holiday').where('org_id', '=', orgId)
  if (calendarId != null) base = base.where('calendar_id', '=', calendarId)
  return paginate(
    base
      .select([
        'id',
        'org_id as orgId',
        'calendar_id as calendarId',
        'name',
        'kind',
        'start_date as startDate',
        'end_date as endDate',
        'status',
      ])
      .orderBy('start_date'),
    base,
    q,
  )
}

export async function insertHoliday(trx: Trx, values: Insertable<HolidayTable>): Promise<number> {
  const { id } = await trx.insertInto('holiday').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export function updateHolidayRow(trx: Trx, id: number, set: Updateable<HolidayTable>) {
  return trx.updateTable('holiday').set(set).where('id', '=', id).execute()
}

export function deleteHolidayRow(trx: Trx, id: number) {
  return trx.deleteFrom('holiday').where('id', '=', id).execute()
}

export function listStudyMonthRows(trx: Trx, calendarId: number) {
  return trx
    .selectFrom('study_month')
    .select(['id', 'calendar_id as calendarId', 'name', 'start_date as startDate', 'end_date as endDate'])
    .where('calendar_id', '=', calendarId)
    .orderBy('start_date')
    .execute()
}

export function findStudyMonthCalendar(trx: Trx, id: number) {
  return trx.selectFrom('study_month').select('calendar_id').where('id', '=', id).executeTakeFirst()
}

/** A study month of the term overlapping [start, end], other than `exceptId`. */
export function findClashingStudyMonth(
  trx: Trx,
  calendarId: number,
  start: string,
  end: string,
  exceptId: number | undefined,
) {
  return trx
    .selectFrom('study_month')
    .select('id')
    .where('calendar_id', '=', calendarId)
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
    .$if(exceptId !== undefined, (q) => q.where('id', '!=', exceptId!))
    .limit(1)
    .executeTakeFirst()
}

export function updateStudyMonth(trx: Trx, id: number, set: Updateable<StudyMonthTable>) {
  return trx.updateTable('study_month').set(set).where('id', '=', id).execute()
}

export async function insertStudyMonth(trx: Trx, values: Insertable<StudyMonthTable>): Promise<number> {
  return (await trx.insertInto('study_month').values(values).returning('id').executeTakeFirstOrThrow()).id
}

export function findStudyMonth(trx: Trx, id: number) {
  return trx.selectFrom('study_month').select(['id', 'calendar_id']).where('id', '=', id).executeTakeFirst()
}

export function deleteStudyMonthRow(trx: Trx, id: number) {
  return trx.deleteFrom('study_month').where('id', '=', id).execute()
}

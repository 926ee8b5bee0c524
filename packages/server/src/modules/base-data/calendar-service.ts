import {
  CalendarMsg,
  ErrorCode,
  StudyMonthMsg,
  type CalendarAddBody,
  type CalendarRow,
  type HolidayAddBody,
  type HolidayRow,
  type StudyMonthBody,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { notFound, refused } from '../../platform/errors.js'
import { loadInScope, scopedOrg } from '../../platform/org-scope.js'
import { paginate, type Page, type PageQuery } from '../../platform/paging.js'

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** A term's default name, e.g. 2026-2027学年第一学期 (the demo seed names its terms the same way). */
export const termName = (schoolYear: string, term: number) => `${schoolYear}学年第${term === 1 ? '一' : '二'}学期`

async function assertNoOverlap(trx: Trx, orgId: number, start: string, end: string, exceptId?: number): Promise<void> {
  let q = trx
    .selectFrom('school_calendar')
    .select('id')
    .where('org_id', '=', orgId)
    .where('start_date', '<=', end)
    .where('end_date', '>=', start)
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId)
  if (await q.limit(1).executeTakeFirst()) throw refused(ErrorCode.CONFLICT, CalendarMsg.OVERLAP)
}

export function pageCalendars(
  ctx: AppContext,
  auth: AuthInfo,
  q: PageQuery & { orgId?: number; schoolYear?: string | null },
): Promise<Page<CalendarRow>> {
  const today = isoDay(ctx.clock.now())
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, q.orgId)
    let base = trx.selectFrom('school_calendar').where('org_id', '=', orgId)
    if (q.schoolYear) base = base.where('school_year', '=', q.schoolYear)
    const page = await paginate(
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
    return { ...page, list: page.list.map((c) => ({ ...c, isCurrent: c.startDate <= today && today <= c.endDate })) }
  })
}

export function addCalendar(ctx: AppContext, auth: AuthInfo, b: CalendarAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, b.orgId)
    await assertNoOverlap(trx, orgId, b.startDate, b.endDate)
    try {
      const { id } = await trx
        .insertInto('school_calendar')
        .values({
          org_id: orgId,
          school_year: b.schoolYear,
          term: b.term,
          name: b.name || termName(b.schoolYear, b.term),
          start_date: b.startDate,
          end_date: b.endDate,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    } catch (e) {
      return rethrowUnique(e, {}, CalendarMsg.TERM_TAKEN)
    }
  })
}

const calendarFor = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, 'school_calendar', id, CalendarMsg.NOT_FOUND)

export function updateCalendar(ctx: AppContext, auth: AuthInfo, id: number, b: CalendarAddBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const c = await calendarFor(trx, auth, id)
    await assertNoOverlap(trx, c.org_id, b.startDate, b.endDate, id)
    const outside = await trx
      .selectFrom('holiday')
      .select('id')
      .where('calendar_id', '=', id)
      .where((eb) => eb.or([eb('start_date', '<', b.startDate), eb('end_date', '>', b.endDate)]))
      .limit(1)
      .executeTakeFirst()
    if (outside) throw refused(ErrorCode.CONFLICT, CalendarMsg.OUTSIDE_TERM)
    try {
      await trx
        .updateTable('school_calendar')
        .set({
          school_year: b.schoolYear,
          term: b.term,
          start_date: b.startDate,
          end_date: b.endDate,
          ...(b.name ? { name: b.name } : {}),
        })
        .where('id', '=', id)
        .execute()
    } catch (e) {
      rethrowUnique(e, {}, CalendarMsg.TERM_TAKEN)
    }
  })
}

export function setCalendarStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await calendarFor(trx, auth, id)
    await trx.updateTable('school_calendar').set({ status }).where('id', '=', id).execute()
  })
}

export function deleteCalendar(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await calendarFor(trx, auth, id)
    if (await trx.selectFrom('holiday').select('id').where('calendar_id', '=', id).limit(1).executeTakeFirst())
      throw refused(ErrorCode.CONFLICT, CalendarMsg.HAS_HOLIDAYS)
    await trx.deleteFrom('school_calendar').where('id', '=', id).execute()
  })
}

async function checkHolidayTerm(trx: Trx, auth: AuthInfo, orgId: number, b: HolidayAddBody): Promise<void> {
  if (b.calendarId == null) return
  const c = await calendarFor(trx, auth, b.calendarId)
  if (c.org_id !== orgId || b.startDate < c.start_date || b.endDate > c.end_date)
    throw refused(ErrorCode.BAD_REQUEST, CalendarMsg.OUTSIDE_TERM)
}

export function pageHolidays(
  ctx: AppContext,
  auth: AuthInfo,
  q: PageQuery & { orgId?: number; calendarId?: number | null },
): Promise<Page<HolidayRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, q.orgId)
    let base = trx.selectFrom('holiday').where('org_id', '=', orgId)
    if (q.calendarId != null) base = base.where('calendar_id', '=', q.calendarId)
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
  })
}

export function addHoliday(ctx: AppContext, auth: AuthInfo, b: HolidayAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, b.orgId)
    await checkHolidayTerm(trx, auth, orgId, b)
    const { id } = await trx
      .insertInto('holiday')
      .values({
        org_id: orgId,
        calendar_id: b.calendarId ?? null,
        name: b.name,
        kind: b.kind,
        start_date: b.startDate,
        end_date: b.endDate,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return id
  })
}

const holidayFor = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, 'holiday', id, CalendarMsg.HOLIDAY_NOT_FOUND)

export function updateHoliday(ctx: AppContext, auth: AuthInfo, id: number, b: HolidayAddBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const h = await holidayFor(trx, auth, id)
    await checkHolidayTerm(trx, auth, h.org_id, b)
    await trx
      .updateTable('holiday')
      .set({
        calendar_id: b.calendarId ?? null,
        name: b.name,
        kind: b.kind,
        start_date: b.startDate,
        end_date: b.endDate,
      })
      .where('id', '=', id)
      .execute()
  })
}

export function setHolidayStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await holidayFor(trx, auth, id)
    await trx.updateTable('holiday').set({ status }).where('id', '=', id).execute()
  })
}

export function deleteHoliday(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await holidayFor(trx, auth, id)
    await trx.deleteFrom('holiday').where('id', '=', id).execute()
  })
}

export function listStudyMonths(ctx: AppContext, auth: AuthInfo, calendarId: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await calendarFor(trx, auth, calendarId)
    return trx
      .selectFrom('study_month')
      .select(['id', 'calendar_id as calendarId', 'name', 'start_date as startDate', 'end_date as endDate'])
      .where('calendar_id', '=', calendarId)
      .orderBy('start_date')
      .execute()
  })
}

/** A study month lies inside its term and overlaps no other month of that term (`id`: the one being edited). */
export function saveStudyMonth(ctx: AppContext, auth: AuthInfo, b: StudyMonthBody, id?: number): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (id !== undefined) {
      const m = await trx.selectFrom('study_month').select('calendar_id').where('id', '=', id).executeTakeFirst()
      if (!m) throw notFound(StudyMonthMsg.NOT_FOUND)
      await calendarFor(trx, auth, m.calendar_id)
    }
    const c = await calendarFor(trx, auth, b.calendarId)
    if (b.startDate < c.start_date || b.endDate > c.end_date)
      throw refused(ErrorCode.BAD_REQUEST, StudyMonthMsg.OUTSIDE_TERM)
    const clash = await trx
      .selectFrom('study_month')
      .select('id')
      .where('calendar_id', '=', b.calendarId)
      .where('start_date', '<=', b.endDate)
      .where('end_date', '>=', b.startDate)
      .$if(id !== undefined, (q) => q.where('id', '!=', id!))
      .limit(1)
      .executeTakeFirst()
    if (clash) throw refused(ErrorCode.CONFLICT, StudyMonthMsg.OVERLAP)
    const values = { calendar_id: b.calendarId, name: b.name, start_date: b.startDate, end_date: b.endDate }
    if (id !== undefined) {
      await trx.updateTable('study_month').set(values).where('id', '=', id).execute()
      return id
    }
    return (await trx.insertInto('study_month').values(values).returning('id').executeTakeFirstOrThrow()).id
  })
}

export function deleteStudyMonth(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const m = await trx.selectFrom('study_month').select(['id', 'calendar_id']).where('id', '=', id).executeTakeFirst()
    if (!m) throw notFound(StudyMonthMsg.NOT_FOUND)
    await calendarFor(trx, auth, m.calendar_id)
    await trx.deleteFrom('study_month').where('id', '=', id).execute()
  })
}

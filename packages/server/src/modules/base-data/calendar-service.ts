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
import type { Page, PageQuery } from '../../platform/paging.js'
import {
  deleteCalendarRow,
  deleteHolidayRow,
  deleteStudyMonthRow,
  findClashingStudyMonth,
  findHolidayOfCalendar,
  findHolidayOutside,
  findOverlappingCalendar,
  findStudyMonth,
  findStudyMonthCalendar,
  insertCalendar,
  insertHoliday,
  insertStudyMonth,
  listStudyMonthRows,
  pageCalendarRows,
  pageHolidayRows,
  updateCalendarRow,
  updateHolidayRow,
  updateStudyMonth,
} from './calendar-queries.js'

const isoDay = (d: Date) => d.toISOString().slice(0, 10)

/** A term's default name, e.g. 2026-2027学年第一学期 (the demo seed names its terms the same way). */
export const termName = (schoolYear: string, term: number) => `${schoolYear}学年第${term === 1 ? '一' : '二'}学期`

async function assertNoOverlap(trx: Trx, orgId: number, start: string, end: string, exceptId?: number): Promise<void> {
  if (await findOverlappingCalendar(trx, orgId, start, end, exceptId))
    throw refused(ErrorCode.CONFLICT, CalendarMsg.OVERLAP)
}

export function pageCalendars(
  ctx: AppContext,
  auth: AuthInfo,
  q: PageQuery & { orgId?: number; schoolYear?: string | null },
): Promise<Page<CalendarRow>> {
  const today = isoDay(ctx.clock.now())
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, q.orgId)
    const page = await pageCalendarRows(trx, orgId, q.schoolYear, q)
    return { ...page, list: page.list.map((c) => ({ ...c, isCurrent: c.startDate <= today && today <= c.endDate })) }
  })
}

export function addCalendar(ctx: AppContext, auth: AuthInfo, b: CalendarAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, b.orgId)
    await assertNoOverlap(trx, orgId, b.startDate, b.endDate)
    try {
      return await insertCalendar(trx, {
        org_id: orgId,
        school_year: b.schoolYear,
        term: b.term,
        name: b.name || termName(b.schoolYear, b.term),
        start_date: b.startDate,
        end_date: b.endDate,
      })
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
    const outside = await findHolidayOutside(trx, id, b.startDate, b.endDate)
    if (outside) throw refused(ErrorCode.CONFLICT, CalendarMsg.OUTSIDE_TERM)
    try {
      await updateCalendarRow(trx, id, {
        school_year: b.schoolYear,
        term: b.term,
        start_date: b.startDate,
        end_date: b.endDate,
        ...(b.name ? { name: b.name } : {}),
      })
    } catch (e) {
      rethrowUnique(e, {}, CalendarMsg.TERM_TAKEN)
    }
  })
}

export function setCalendarStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await calendarFor(trx, auth, id)
    await updateCalendarRow(trx, id, { status })
  })
}

export function deleteCalendar(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await calendarFor(trx, auth, id)
    if (await findHolidayOfCalendar(trx, id)) throw refused(ErrorCode.CONFLICT, CalendarMsg.HAS_HOLIDAYS)
    await deleteCalendarRow(trx, id)
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
    return pageHolidayRows(trx, orgId, q.calendarId, q)
  })
}

export function addHoliday(ctx: AppContext, auth: AuthInfo, b: HolidayAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, b.orgId)
    await checkHolidayTerm(trx, auth, orgId, b)
    return insertHoliday(trx, {
      org_id: orgId,
      calendar_id: b.calendarId ?? null,
      name: b.name,
      kind: b.kind,
      start_date: b.startDate,
      end_date: b.endDate,
    })
  })
}

const holidayFor = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, 'holiday', id, CalendarMsg.HOLIDAY_NOT_FOUND)

export function updateHoliday(ctx: AppContext, auth: AuthInfo, id: number, b: HolidayAddBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const h = await holidayFor(trx, auth, id)
    await checkHolidayTerm(trx, auth, h.org_id, b)
    await updateHolidayRow(trx, id, {
      calendar_id: b.calendarId ?? null,
      name: b.name,
      kind: b.kind,
      start_date: b.startDate,
      end_date: b.endDate,
    })
  })
}

export function setHolidayStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await holidayFor(trx, auth, id)
    await updateHolidayRow(trx, id, { status })
  })
}

export function deleteHoliday(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await holidayFor(trx, auth, id)
    await deleteHolidayRow(trx, id)
  })
}

export function listStudyMonths(ctx: AppContext, auth: AuthInfo, calendarId: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await calendarFor(trx, auth, calendarId)
    return listStudyMonthRows(trx, calendarId)
  })
}

/** A study month lies inside its term and overlaps no other month of that term (`id`: the one being edited). */
export function saveStudyMonth(ctx: AppContext, auth: AuthInfo, b: StudyMonthBody, id?: number): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (id !== undefined) {
      const m = await findStudyMonthCalendar(trx, id)
      if (!m) throw notFound(StudyMonthMsg.NOT_FOUND)
      await calendarFor(trx, auth, m.calendar_id)
    }
    const c = await calendarFor(trx, auth, b.calendarId)
    if (b.startDate < c.start_date || b.endDate > c.end_date)
      throw refused(ErrorCode.BAD_REQUEST, StudyMonthMsg.OUTSIDE_TERM)
    const clash = await findClashingStudyMonth(trx, b.calendarId, b.startDate, b.endDate, id)
    if (clash) throw refused(ErrorCode.CONFLICT, StudyMonthMsg.OVERLAP)
    const values = { calendar_id: b.calendarId, name: b.name, start_date: b.startDate, end_date: b.endDate }
    if (id !== undefined) {
      await updateStudyMonth(trx, id, values)
      return id
    }
    return insertStudyMonth(trx, values)
  })
}

export function deleteStudyMonth(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const m = await findStudyMonth(trx, id)
    if (!m) throw notFound(StudyMonthMsg.NOT_FOUND)
    await calendarFor(trx, auth, m.calendar_id)
    await deleteStudyMonthRow(trx, id)
  })
}

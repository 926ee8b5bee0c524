import type { CalendarAddBody, CalendarRow, HolidayAddBody, HolidayRow, StudyMonthBody, StudyMonthRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'
import type { PageParams, PageResult } from '../../components/crud'
import { useScopeOrg } from '../../stores/school-scope'

const T = '/base/api/schoolCalendar'
const H = '/base/api/holiday'
const M = '/base/api/studyMonth'

/** /base/api/schoolCalendar (calendarSet): terms of the signed-in school, or of `orgId` below it. */
export const calendarApi = {
  page: (q: Partial<PageParams> & { orgId?: number }) =>
    request<PageResult<CalendarRow>>(`${T}/page`, { body: { orgId: q.orgId, pageIndex: q.pageIndex, pageSize: q.pageSize } }),
  add: (b: CalendarAddBody) => requestEnvelope<number>(`${T}/add`, { body: b }),
  update: (id: number, b: CalendarAddBody) => requestEnvelope<null>(`${T}/update`, { body: { ...b, id } }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${T}/updateStatus`, { body: { id, status } }),
  remove: (id: number) => requestEnvelope<null>(`${T}/delete`, { body: { id } }),
}

/** /base/api/holiday (holidaySet, addHoliday). */
export const holidayApi = {
  page: (q: Partial<PageParams> & { calendarId?: number | null; orgId?: number }) =>
    request<PageResult<HolidayRow>>(`${H}/page`, { body: { orgId: q.orgId, pageIndex: q.pageIndex, pageSize: q.pageSize, calendarId: q.calendarId ?? null } }),
  add: (b: HolidayAddBody) => requestEnvelope<number>(`${H}/add`, { body: b }),
  update: (id: number, b: HolidayAddBody) => requestEnvelope<null>(`${H}/update`, { body: { ...b, id } }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${H}/updateStatus`, { body: { id, status } }),
  remove: (id: number) => requestEnvelope<null>(`${H}/delete`, { body: { id } }),
}

/** /base/api/studyMonth (studyMonthSet): a term's study months; the term fixes the org. */
export const studyMonthApi = {
  list: (calendarId: number) => request<StudyMonthRow[]>(`${M}/list`, { params: { calendarId } }),
  add: (b: StudyMonthBody) => requestEnvelope<number>(`${M}/add`, { body: b }),
  update: (id: number, b: StudyMonthBody) => requestEnvelope<null>(`${M}/update`, { body: { id, ...b } }),
  remove: (id: number) => requestEnvelope<null>(`${M}/delete`, { body: { id } }),
}

export const termLabel = (c: Pick<CalendarRow, 'schoolYear' | 'term'>) => `${c.schoolYear}学年第${c.term === 1 ? '一' : '二'}学期`

/** The terms of the school the page works on (see useScopeOrg), as select options labelled with the term's name. */
export function useTerms() {
  const orgId = useScopeOrg()
  const q = useQuery({ queryKey: ['calendars', 'options', orgId], queryFn: () => calendarApi.page({ orgId, pageIndex: 1, pageSize: 500 }) })
  const rows = q.data?.list ?? []
  return { rows, isSuccess: q.isSuccess, options: rows.map((c) => ({ value: c.id, label: c.name || termLabel(c) })) }
}

/** The school's terms as select options (label: the term's name). */
export function useTermOptions() {
  return useTerms().options
}

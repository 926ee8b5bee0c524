import type { CalendarAddBody, CalendarRow, HolidayAddBody, HolidayRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'
import type { PageParams, PageResult } from '../../components/crud'

const T = '/base/api/schoolCalendar'
const H = '/base/api/holiday'

/** /base/api/schoolCalendar (calendarSet): terms of the signed-in school. */
export const calendarApi = {
  page: (q: Partial<PageParams>) => request<PageResult<CalendarRow>>(`${T}/page`, { body: { pageIndex: q.pageIndex, pageSize: q.pageSize } }),
  add: (b: CalendarAddBody) => requestEnvelope<number>(`${T}/add`, { body: b }),
  update: (id: number, b: CalendarAddBody) => requestEnvelope<null>(`${T}/update`, { body: { ...b, id } }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${T}/updateStatus`, { body: { id, status } }),
  remove: (id: number) => requestEnvelope<null>(`${T}/delete`, { body: { id } }),
}

/** /base/api/holiday (holidaySet, addHoliday). */
export const holidayApi = {
  page: (q: Partial<PageParams> & { calendarId?: number | null }) =>
    request<PageResult<HolidayRow>>(`${H}/page`, { body: { pageIndex: q.pageIndex, pageSize: q.pageSize, calendarId: q.calendarId ?? null } }),
  add: (b: HolidayAddBody) => requestEnvelope<number>(`${H}/add`, { body: b }),
  update: (id: number, b: HolidayAddBody) => requestEnvelope<null>(`${H}/update`, { body: { ...b, id } }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${H}/updateStatus`, { body: { id, status } }),
  remove: (id: number) => requestEnvelope<null>(`${H}/delete`, { body: { id } }),
}

export const termLabel = (c: Pick<CalendarRow, 'schoolYear' | 'term'>) => `${c.schoolYear}学年第${c.term === 1 ? '一' : '二'}学期`

/** The school's terms as select options (label: the term's name). */
export function useTermOptions() {
  const q = useQuery({ queryKey: ['calendars', 'options'], queryFn: () => calendarApi.page({ pageIndex: 1, pageSize: 500 }) })
  return (q.data?.list ?? []).map((c) => ({ value: c.id, label: c.name || termLabel(c) }))
}

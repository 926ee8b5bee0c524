import {
  calendarContracts as T,
  holidayContracts as H,
  studyMonthContracts as M,
  type CalendarAddBody,
  type CalendarRow,
  type HolidayAddBody,
  type StudyMonthBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'
import type { PageParams } from '../../components/crud'
import { useScopeOrg } from '../../stores/school-scope'

/** /base/api/schoolCalendar (calendarSet): terms of the signed-in school, or of `orgId` below it. */
export const calendarApi = {
  page: (q: Partial<PageParams> & { orgId?: number }) =>
    call(T.page, { orgId: q.orgId, pageIndex: q.pageIndex, pageSize: q.pageSize }),
  add: (b: CalendarAddBody) => callEnvelope(T.add, b),
  update: (id: number, b: CalendarAddBody) => callEnvelope(T.update, { ...b, id }),
  setStatus: (id: number, status: number) => callEnvelope(T.updateStatus, { id, status }),
  remove: (id: number) => callEnvelope(T.delete, { id }),
}

/** /base/api/holiday (holidaySet, addHoliday). */
export const holidayApi = {
  page: (q: Partial<PageParams> & { calendarId?: number | null; orgId?: number }) =>
    call(H.page, { orgId: q.orgId, pageIndex: q.pageIndex, pageSize: q.pageSize, calendarId: q.calendarId ?? null }),
  add: (b: HolidayAddBody) => callEnvelope(H.add, b),
  update: (id: number, b: HolidayAddBody) => callEnvelope(H.update, { ...b, id }),
  setStatus: (id: number, status: number) => callEnvelope(H.updateStatus, { id, status }),
  remove: (id: number) => callEnvelope(H.delete, { id }),
}

/** /base/api/studyMonth (studyMonthSet): a term's study months; the term fixes the org. */
export const studyMonthApi = {
  list: (calendarId: number) => call(M.list, { calendarId }),
  add: (b: StudyMonthBody) => callEnvelope(M.add, b),
  update: (id: number, b: StudyMonthBody) => callEnvelope(M.update, { id, ...b }),
  remove: (id: number) => callEnvelope(M.delete, { id }),
}

const termLabel = (c: Pick<CalendarRow, 'schoolYear' | 'term'>) =>
  `${c.schoolYear}学年第${c.term === 1 ? '一' : '二'}学期`

/** The terms of the school the page works on (see useScopeOrg), as select options labelled with the term's name. */
export function useTerms() {
  const orgId = useScopeOrg()
  const q = useQuery({
    queryKey: ['calendars', 'options', orgId],
    queryFn: () => calendarApi.page({ orgId, pageIndex: 1, pageSize: 500 }),
  })
  const rows = q.data?.list ?? []
  return { rows, isSuccess: q.isSuccess, options: rows.map((c) => ({ value: c.id, label: c.name || termLabel(c) })) }
}

/** The school's terms as select options (label: the term's name). */
export function useTermOptions() {
  return useTerms().options
}

import type {
  PersonalDetails, PersonalDetailsUpdateBody,
  ChildParent, DepartmentRow, LogPageBody, SearchPersonBody, StudentDetail, TeacherDetail,
  ChangeAddBody, ChangeClassBody, ChangePageBody, ChangeRow, JoinDecideBody, JoinPageBody, JoinRow, LogRow, ParentAddBody,
  ParentPageBody, ParentRow, SearchPersonRow, StudentAddBody, StudentPageBody, StudentRow, StudentUpdateBody,
  TeacherAddBody, TeacherPageBody, TeacherRow, TeacherUpdateBody, VerifyCheckResult,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'
import type { PageResult } from '../../components/crud'

const U = '/base/api/userInfo'
export const TEACHER_BASE = `${U}/teacherInfo`
export const STUDENT_BASE = `${U}/studentInfo`
export const PARENT_BASE = `${U}/parentBindChild`

export type { ChildParent, StudentDetail, TeacherDetail } from '@zhixiao/shared'
export type DeptOption = DepartmentRow

/** The record actions teachers, students and parents share (docs/people.md): ids are membership ids. */
const memberCalls = (base: string) => ({
  remove: (id: number) => requestEnvelope<null>(`${base}/delete`, { body: { id } }),
  archive: (ids: number[]) => requestEnvelope<null>(`${base}/archive`, { body: { ids } }),
  restore: (ids: number[]) => requestEnvelope<null>(`${base}/resetArchive`, { body: { ids } }),
  resetPassword: (id: number) => requestEnvelope<null>(`${base}/resetPassword`, { body: { id } }),
})

/** /base/api/userInfo/teacherInfo: teachers (live) and teachersGuidang (archived). */
export const teacherApi = {
  ...memberCalls(TEACHER_BASE),
  page: (q: Partial<TeacherPageBody>) => request<PageResult<TeacherRow>>(`${TEACHER_BASE}/page`, { body: q }),
  detail: (id: number) => request<TeacherDetail>(`${TEACHER_BASE}/detail`, { params: { id } }),
  add: (b: TeacherAddBody) => requestEnvelope<number>(`${TEACHER_BASE}/add`, { body: b }),
  update: (b: TeacherUpdateBody) => requestEnvelope<null>(`${TEACHER_BASE}/update`, { body: b }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${TEACHER_BASE}/updateStatus`, { body: { id, status } }),
}

/** /base/api/userInfo/studentInfo: students (+ -zz) and studentGuidang (+ -zz). */
export const studentApi = {
  ...memberCalls(STUDENT_BASE),
  page: (q: Partial<StudentPageBody>) => request<PageResult<StudentRow>>(`${STUDENT_BASE}/page`, { body: q }),
  detail: (id: number) => request<StudentDetail>(`${STUDENT_BASE}/detail`, { params: { id } }),
  add: (b: StudentAddBody) => requestEnvelope<number>(`${STUDENT_BASE}/add`, { body: b }),
  update: (b: StudentUpdateBody) => requestEnvelope<null>(`${STUDENT_BASE}/update`, { body: b }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${STUDENT_BASE}/updateStatus`, { body: { id, status } }),
  changeClass: (b: ChangeClassBody) => requestEnvelope<null>(`${STUDENT_BASE}/changeClass`, { body: b }),
}

/** /base/api/userInfo/parentBindChild: parents and their bindings to students. */
export const parentApi = {
  ...memberCalls(PARENT_BASE),
  page: (q: Partial<ParentPageBody>) => request<PageResult<ParentRow>>(`${PARENT_BASE}/page`, { body: q }),
  ofChild: (childId: number) => request<ChildParent[]>(`${PARENT_BASE}/parents`, { params: { childId } }),
  add: (b: ParentAddBody) => requestEnvelope<number>(`${PARENT_BASE}/add`, { body: b }),
  unbind: (parentId: number, childId: number) => requestEnvelope<null>(`${PARENT_BASE}/unbind`, { body: { parentId, childId } }),
}

/** /base/api/userInfo/change: 异动 records of teachers (1002) or students (1003). */
export const changeApi = {
  page: (q: Partial<ChangePageBody> & Pick<ChangePageBody, 'userType'>) => request<PageResult<ChangeRow>>(`${U}/change/page`, { body: q }),
  add: (b: ChangeAddBody) => requestEnvelope<number>(`${U}/change/add`, { body: b }),
}

/** /base/api/userInfo/joinAudit: requests to join an org (0 pending, 1 approved, 2 refused). */
export const joinApi = {
  page: (q: Partial<JoinPageBody>) => request<PageResult<JoinRow>>(`${U}/joinAudit/page`, { body: q }),
  decide: (b: JoinDecideBody) => requestEnvelope<null>(`${U}/joinAudit/decide`, { body: b }),
}

export const searchPersonApi = {
  page: (q: SearchPersonBody) =>
    request<PageResult<SearchPersonRow>>(`${U}/searchPerson/page`, { body: q }),
}

export const importantLogApi = {
  page: (q: LogPageBody) =>
    request<PageResult<LogRow>>('/base/api/importantLog/page', { body: q }),
}

/** The signed-in user's own facts (001 §3 verify info); personalData shows them. */
export const verifyApi = {
  check: () => request<VerifyCheckResult>('/base/api/auth/checkRequiredInfoAfterLogin'),
}

/** /base/api/userInfo/personalDetails: the signed-in member's own details and the part they keep (personalData). */
export const personalDetailsApi = {
  get: () => request<PersonalDetails>('/base/api/userInfo/personalDetails/get'),
  update: (b: PersonalDetailsUpdateBody) => requestEnvelope<null>('/base/api/userInfo/personalDetails/update', { body: b }),
}

/** Department options of the org the page works on (the caller's own when `orgId` is undefined). */
export function useDepartments(orgId?: number) {
  const q = useQuery({ queryKey: ['departments', orgId], queryFn: () => request<DeptOption[]>(`${U}/department/list`, { params: { orgId } }), staleTime: 30_000 })
  return (q.data ?? []).map((d) => ({ value: d.id, label: d.name }))
}

import {
  changeContracts,
  departmentContracts,
  importantLogContracts,
  joinAuditContracts,
  parentContracts as P,
  personalDetailsContracts,
  searchPersonContracts,
  studentContracts as S,
  teacherContracts as T,
  type ChangeAddBody,
  type ChangeClassBody,
  type ChangePageBody,
  type JoinDecideBody,
  type JoinPageBody,
  type LogPageBody,
  type MemberActionContracts,
  type ParentAddBody,
  type ParentPageBody,
  type PersonalDetailsUpdateBody,
  type SearchPersonBody,
  type StudentAddBody,
  type StudentPageBody,
  type StudentUpdateBody,
  type TeacherAddBody,
  type TeacherPageBody,
  type TeacherUpdateBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'

export type { ChildParent } from '@zhixiao/shared'

/** The record actions teachers, students and parents share (docs/people.md): ids are membership ids. */
const memberCalls = (c: MemberActionContracts) => ({
  remove: (id: number) => callEnvelope(c.delete, { id }),
  archive: (ids: number[]) => callEnvelope(c.archive, { ids }),
  restore: (ids: number[]) => callEnvelope(c.resetArchive, { ids }),
  resetPassword: (id: number) => callEnvelope(c.resetPassword, { id }),
  setStatus: (id: number, status: number) => callEnvelope(c.updateStatus, { id, status }),
})

/** /base/api/userInfo/teacherInfo: teachers (live) and teachersGuidang (archived). */
export const teacherApi = {
  ...memberCalls(T),
  page: (q: Partial<TeacherPageBody>) => call(T.page, q),
  detail: (id: number) => call(T.detail, { id }),
  add: (b: TeacherAddBody) => callEnvelope(T.add, b),
  update: (b: TeacherUpdateBody) => callEnvelope(T.update, b),
}

/** /base/api/userInfo/studentInfo: students (+ -zz) and studentGuidang (+ -zz). */
export const studentApi = {
  ...memberCalls(S),
  page: (q: Partial<StudentPageBody>) => call(S.page, q),
  detail: (id: number) => call(S.detail, { id }),
  add: (b: StudentAddBody) => callEnvelope(S.add, b),
  update: (b: StudentUpdateBody) => callEnvelope(S.update, b),
  changeClass: (b: ChangeClassBody) => callEnvelope(S.changeClass, b),
}

/** /base/api/userInfo/parentBindChild: parents and their bindings to students. */
export const parentApi = {
  ...memberCalls(P),
  page: (q: Partial<ParentPageBody>) => call(P.page, q),
  ofChild: (childId: number) => call(P.parents, { childId }),
  add: (b: ParentAddBody) => callEnvelope(P.add, b),
  unbind: (parentId: number, childId: number) => callEnvelope(P.unbind, { parentId, childId }),
}

/** /base/api/userInfo/change: 异动 records of teachers (1002) or students (1003). */
export const changeApi = {
  page: (q: Partial<ChangePageBody> & Pick<ChangePageBody, 'userType'>) => call(changeContracts.page, q),
  add: (b: ChangeAddBody) => callEnvelope(changeContracts.add, b),
}

/** /base/api/userInfo/joinAudit: requests to join an org (0 pending, 1 approved, 2 refused). */
export const joinApi = {
  page: (q: Partial<JoinPageBody>) => call(joinAuditContracts.page, q),
  decide: (b: JoinDecideBody) => callEnvelope(joinAuditContracts.decide, b),
}

export const searchPersonApi = {
  page: (q: SearchPersonBody) => call(searchPersonContracts.page, q),
}

export const importantLogApi = {
  page: (q: LogPageBody) => call(importantLogContracts.page, q),
}

/** /base/api/userInfo/personalDetails: the signed-in member's own details and the part they keep (personalData). */
export const personalDetailsApi = {
  get: () => call(personalDetailsContracts.get),
  update: (b: PersonalDetailsUpdateBody) => callEnvelope(personalDetailsContracts.update, b),
}

/** Department options of the org the page works on (the caller's own when `orgId` is undefined). */
export function useDepartments(orgId?: number) {
  const q = useQuery({
    queryKey: ['departments', orgId],
    queryFn: () => call(departmentContracts.list, { orgId }),
    staleTime: 30_000,
  })
  return (q.data ?? []).map((d) => ({ value: d.id, label: d.name }))
}

import {
  classContracts as C,
  gradeContracts as G,
  type ClassAddBody,
  type ClassPageBody,
  type ClassUpdateBody,
  type GradeAddBody,
  type GradePageBody,
  type GradeUpdateBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'
import { useScopeOrg } from '../../stores/school-scope'

/** /base/api/grade: gradeManage (live) and gradeGuidang (archived). */
export const gradeApi = {
  page: (q: Partial<GradePageBody>) => call(G.page, q),
  add: (b: GradeAddBody) => callEnvelope(G.add, b),
  update: (b: GradeUpdateBody) => callEnvelope(G.update, b),
  setStatus: (id: number, status: number) => callEnvelope(G.updateStatus, { id, status }),
  remove: (id: number) => callEnvelope(G.delete, { id }),
  archive: (id: number) => callEnvelope(G.archive, { id }),
  restore: (id: number) => callEnvelope(G.resetArchive, { id }),
}

/** /base/api/class: classManage (live), classGuidang (archived), addClass and their -zz variants. */
export const classApi = {
  page: (q: Partial<ClassPageBody>) => call(C.page, q),
  add: (b: ClassAddBody) => callEnvelope(C.add, b),
  update: (b: ClassUpdateBody) => callEnvelope(C.update, b),
  setStatus: (id: number, status: number) => callEnvelope(C.updateStatus, { id, status }),
  remove: (id: number) => callEnvelope(C.delete, { id }),
  archive: (id: number) => callEnvelope(C.archive, { id }),
  restore: (id: number) => callEnvelope(C.resetArchive, { id }),
}

/**
 * Grade options of the school the page works on (see useScopeOrg): the live grades, plus the archived ones when
 * asked (archived classes' filter).
 */
export function useGradeOptions(withArchived = false) {
  const orgId = useScopeOrg()
  const live = useQuery({
    queryKey: ['grades', 'options', false, orgId],
    queryFn: () => gradeApi.page({ orgId, archived: false, pageSize: 500 }),
  })
  const old = useQuery({
    queryKey: ['grades', 'options', true, orgId],
    queryFn: () => gradeApi.page({ orgId, archived: true, pageSize: 500 }),
    enabled: withArchived,
  })
  const rows = [...(live.data?.list ?? []), ...(withArchived ? (old.data?.list ?? []) : [])]
  return rows.map((g) => ({ value: g.id, label: g.archived ? `${g.name}（已归档）` : g.name }))
}

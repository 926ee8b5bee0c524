import type { ClassAddBody, ClassPageBody, ClassRow, ClassUpdateBody, GradeAddBody, GradePageBody, GradeRow, GradeUpdateBody } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'
import type { PageResult } from '../../components/crud'
import { useScopeOrg } from '../../stores/school-scope'

const G = '/base/api/grade'
const C = '/base/api/class'
const byId = (base: string, call: string) => (id: number) => requestEnvelope<null>(`${base}/${call}`, { body: { id } })

/** /base/api/grade: gradeManage (live) and gradeGuidang (archived). */
export const gradeApi = {
  page: (q: Partial<GradePageBody>) => request<PageResult<GradeRow>>(`${G}/page`, { body: q }),
  add: (b: GradeAddBody) => requestEnvelope<number>(`${G}/add`, { body: b }),
  update: (b: GradeUpdateBody) => requestEnvelope<null>(`${G}/update`, { body: b }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${G}/updateStatus`, { body: { id, status } }),
  remove: byId(G, 'delete'),
  archive: byId(G, 'archive'),
  restore: byId(G, 'resetArchive'),
}

/** /base/api/class: classManage (live), classGuidang (archived), addClass and their -zz variants. */
export const classApi = {
  page: (q: Partial<ClassPageBody>) => request<PageResult<ClassRow>>(`${C}/page`, { body: q }),
  add: (b: ClassAddBody) => requestEnvelope<number>(`${C}/add`, { body: b }),
  update: (b: ClassUpdateBody) => requestEnvelope<null>(`${C}/update`, { body: b }),
  setStatus: (id: number, status: number) => requestEnvelope<null>(`${C}/updateStatus`, { body: { id, status } }),
  remove: byId(C, 'delete'),
  archive: byId(C, 'archive'),
  restore: byId(C, 'resetArchive'),
}

/**
 * Grade options of the school the page works on (see useScopeOrg): the live grades, plus the archived ones when
 * asked (archived classes' filter).
 */
export function useGradeOptions(withArchived = false) {
  const orgId = useScopeOrg()
  const live = useQuery({ queryKey: ['grades', 'options', false, orgId], queryFn: () => gradeApi.page({ orgId, archived: false, pageSize: 500 }) })
  const old = useQuery({ queryKey: ['grades', 'options', true, orgId], queryFn: () => gradeApi.page({ orgId, archived: true, pageSize: 500 }), enabled: withArchived })
  const rows = [...(live.data?.list ?? []), ...(withArchived ? old.data?.list ?? [] : [])]
  return rows.map((g) => ({ value: g.id, label: g.archived ? `${g.name}（已归档）` : g.name }))
}

import type { AdminLevelBody, AdminLevelRow, AreaBody, AreaRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { request, requestEnvelope } from '../../api/client'

const A = '/base/api/eduarea'

/** /base/api/eduarea: administrative levels and areas, platform reference data written by the super administrator. */
export const areaApi = {
  levels: () => request<AdminLevelRow[]>(`${A}/level/list`),
  addLevel: (b: AdminLevelBody) => requestEnvelope<number>(`${A}/level/add`, { body: b }),
  updateLevel: (id: number, b: AdminLevelBody) => requestEnvelope<null>(`${A}/level/update`, { body: { ...b, id } }),
  removeLevel: (id: number) => requestEnvelope<null>(`${A}/level/delete`, { body: { id } }),
  /** The children of parentCode; the top areas without it. */
  list: (parentCode?: string) => request<AreaRow[]>(`${A}/list`, { params: { parentCode } }),
  add: (b: AreaBody) => requestEnvelope<null>(`${A}/add`, { body: b }),
  update: (b: AreaBody) => requestEnvelope<null>(`${A}/update`, { body: b }),
  remove: (code: string) => requestEnvelope<null>(`${A}/delete`, { body: { code } }),
}

/** The levels in their order (sort, then id), for selects. */
export function useLevels() {
  return useQuery({ queryKey: ['adminLevels', 'options'], queryFn: areaApi.levels }).data ?? []
}

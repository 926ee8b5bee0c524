import { areaContracts as A, type AdminLevelBody, type AreaBody } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'

/** /base/api/eduarea: administrative levels and areas, platform reference data written by the super administrator. */
export const areaApi = {
  levels: () => call(A.levelList),
  addLevel: (b: AdminLevelBody) => callEnvelope(A.levelAdd, b),
  updateLevel: (id: number, b: AdminLevelBody) => callEnvelope(A.levelUpdate, { ...b, id }),
  removeLevel: (id: number) => callEnvelope(A.levelDelete, { id }),
  /** The children of parentCode; the top areas without it. */
  list: (parentCode?: string) => call(A.list, { parentCode }),
  add: (b: AreaBody) => callEnvelope(A.add, b),
  update: (b: AreaBody) => callEnvelope(A.update, b),
  remove: (code: string) => callEnvelope(A.delete, { code }),
}

/** The levels in their order (sort, then id), for selects. */
export function useLevels() {
  return useQuery({ queryKey: ['adminLevels', 'options'], queryFn: areaApi.levels }).data ?? []
}

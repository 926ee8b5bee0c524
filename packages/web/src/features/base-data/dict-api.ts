import {
  dictContracts as D,
  type DictAddBody,
  type DictOptionType,
  type DictPageBody,
  type DictType,
  type DictUpdateBody,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { call, callEnvelope } from '../../api/call'

/** /base/api/dict (docs/base-data.md): tenant-level (全局) and org-level (本机构) entries. */
export const dictApi = {
  page: (q: Partial<DictPageBody> & Pick<DictPageBody, 'dictType'>) => call(D.page, q),
  select: (dictType: DictType, orgId?: number) => call(D.select, { dictType, orgId }),
  /** The verify form's option groups in one call (001 §7.1), in the order asked. */
  options: (types: DictOptionType[], orgId?: number) => call(D.options, { orgId, types }),
  add: (b: DictAddBody) => callEnvelope(D.add, b),
  update: (b: DictUpdateBody) => callEnvelope(D.update, b),
  setStatus: (id: number, status: number) => callEnvelope(D.updateStatus, { id, status }),
  remove: (id: number) => callEnvelope(D.delete, { id }),
}

/** Select options of a dictionary (the tenant's enabled entries, then those of `orgId`, by default the caller's org). */
export function useDictOptions(dictType: DictType, orgId?: number) {
  const q = useQuery({
    queryKey: ['dict', 'select', dictType, orgId],
    queryFn: () => dictApi.select(dictType, orgId),
    staleTime: 30_000,
  })
  return { rows: q.data ?? [], options: (q.data ?? []).map((d) => ({ value: d.id, label: d.name })) }
}

/** Option groups of the spec's types (sex, nation, political_attitudes …) in one call; nothing asked, nothing fetched. */
export function useDictOptionGroups(types: DictOptionType[], orgId?: number) {
  const q = useQuery({
    queryKey: ['dict', 'options', types, orgId],
    queryFn: () => dictApi.options(types, orgId),
    enabled: types.length > 0,
    staleTime: 30_000,
  })
  const byType = new Map((q.data ?? []).map((g) => [g.type, g.data.map((d) => ({ value: d.code, label: d.text }))]))
  return (type: DictOptionType) => byType.get(type) ?? []
}

import type { ClassRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { useScopeOrg } from '../../stores/school-scope'
import { classApi } from '../base-data/grade-class-api'

/**
 * The live classes of the school the page works on, for the grade → class filter and the class pickers. One call
 * (a school has far fewer than 500 classes); the 'classes' key group refreshes it after any class write.
 */
export function useLiveClasses(): ClassRow[] {
  const orgId = useScopeOrg()
  const q = useQuery({
    queryKey: ['classes', 'options', orgId],
    queryFn: () => classApi.page({ orgId, archived: false, pageSize: 500 }),
    staleTime: 30_000,
  })
  return q.data?.list ?? []
}

/** Classes of one grade (or all) as flat options. */
export const classOptions = (classes: ClassRow[], gradeId?: number | null) =>
  classes
    .filter((c) => !gradeId || c.gradeId === gradeId)
    .map((c) => ({ value: c.id, label: gradeId ? c.name : `${c.gradeName}${c.name}` }))

/** Classes grouped under their grade, for a single picker. */
export function groupedClassOptions(classes: ClassRow[]) {
  const groups = new Map<number, { label: string; options: { value: number; label: string }[] }>()
  for (const c of classes) {
    const g = groups.get(c.gradeId) ?? { label: c.gradeName, options: [] }
    g.options.push({ value: c.id, label: `${c.gradeName}${c.name}` })
    groups.set(c.gradeId, g)
  }
  return [...groups.values()]
}

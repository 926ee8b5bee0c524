import { isSchoolUnit, SchoolAppType } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Empty } from 'antd'
import type { ReactNode } from 'react'
import { PageFrame } from '../../components/crud'
import { useScopeOrg } from '../../stores/school-scope'
import { useSession } from '../../stores/session'
import { orgApi } from './api'
import { SchoolScopeSelect } from './SchoolScopeSelect'

/** 'school': grades, classes, students, parents; 'z3': faculties and majors of a higher-education school. */
export type SchoolNeed = 'school' | 'z3'

/**
 * Mounts a school-only page only when the org it works on is such a school. Elsewhere (the super administrator's
 * platform org, a bureau before a school is chosen) the server refuses those calls, and every visit showed red
 * error toasts; the page says what it is for instead, keeping the 当前学校 choice where there is one.
 */
export function SchoolGate({
  need,
  path,
  title,
  children,
}: {
  need: SchoolNeed
  path: string
  title: string
  children: ReactNode
}) {
  const user = useSession((s) => s.userInfo)
  const scoped = useScopeOrg()
  // Same key as SchoolScopeSelect (always on these pages) and orgSet's tree: one request serves them all.
  const orgs = useQuery({ queryKey: ['orgs', 'all'], queryFn: orgApi.all, enabled: !!user })
  const org = scoped === undefined ? user?.currentOrgData : orgs.data?.find((o) => o.orgId === scoped)
  // Unknown (still loading, or no org data): let the page decide, as before.
  if (!org) return scoped !== undefined && orgs.isPending ? null : children
  const fits = (o: { unitAttr: number; appType: number | null }) =>
    need === 'z3' ? o.appType === SchoolAppType.Z3 : isSchoolUnit(o.unitAttr)
  if (fits(org)) return children
  const canChoose = (orgs.data ?? []).some((o) => o.orgType === 'org' && o.status === 0 && fits(o))
  const what = need === 'z3' ? '院系和专业只适用于高等教育（Z3）学校' : `${title}只适用于学校`
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect />}>
      <Card>
        <Empty
          data-testid="school-gate"
          description={`${what}${canChoose ? '，请在右上角“当前学校”中选择一所学校' : ''}。`}
        />
      </Card>
    </PageFrame>
  )
}

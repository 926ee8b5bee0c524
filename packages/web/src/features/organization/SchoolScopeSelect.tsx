import { useQuery } from '@tanstack/react-query'
import { Select, Space, Typography } from 'antd'
import { useEffect } from 'react'
import { chooseScopeOrg, useScopeOrg } from '../../stores/school-scope'
import { useSession } from '../../stores/session'
import { orgApi } from './api'

/**
 * 当前学校: an administrator whose org has organisations below it (a bureau) picks the one the school base-data
 * pages work on. Hidden when there is nothing to choose; `disabled` on form pages, which add to the list page's choice.
 * `onChange` lets a page drop filters that name records of the previous school (a term, a grade, selected rooms).
 */
export function SchoolScopeSelect({ disabled, onChange }: { disabled?: boolean; onChange?: () => void }) {
  const user = useSession((s) => s.userInfo)
  const scoped = useScopeOrg()
  // Same key as orgSet's tree, so a school added there is offered here at once.
  const orgs = useQuery({ queryKey: ['orgs', 'all'], queryFn: orgApi.all, enabled: !!user })
  const options = (orgs.data ?? [])
    .filter((o) => o.orgType === 'org' && (o.status === 0 || o.orgId === user?.orgId))
    .map((o) => ({ value: o.orgId, label: o.orgId === user?.orgId ? `${o.name}（本机构）` : o.name }))
  // A chosen org that left the scope (deleted, moved) falls back to the caller's own.
  const stale = scoped !== undefined && orgs.isSuccess && !options.some((o) => o.value === scoped)
  useEffect(() => {
    if (stale) chooseScopeOrg(null)
  }, [stale])
  if (!user || options.length < 2) return null
  return (
    <Space data-testid="school-scope">
      <Typography.Text type="secondary">当前学校</Typography.Text>
      <Select
        aria-label="当前学校"
        style={{ width: 240 }}
        value={scoped ?? user.orgId}
        options={options}
        disabled={disabled}
        showSearch={{ optionFilterProp: 'label' }}
        onChange={(v: number) => {
          chooseScopeOrg(v === user.orgId ? null : v)
          onChange?.()
        }}
      />
    </Space>
  )
}

import {
  PI_ACTION_LABEL,
  PERSONAL_FIELDS,
  type ChildAccessRow,
  type PiAction,
  type PersonalFieldKey,
} from '@zhixiao/shared'
import { Empty, List, Select, Skeleton, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useChildAccess, useMyChildren } from './api'

const ACTION_COLOR: Record<PiAction, string> = { view: 'blue', reveal: 'orange', export: 'red' }
export const fieldNames = (fields: readonly string[]) =>
  fields.map((f) => (f in PERSONAL_FIELDS ? PERSONAL_FIELDS[f as PersonalFieldKey].label : f)).join('、') || '—'

/** One look: who (name, roles, org), what they did, which fields, when; a card that fits a 375 px phone. */
function AccessItem({ r }: { r: ChildAccessRow }) {
  return (
    <List.Item data-testid="child-access-item" style={{ display: 'block' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <strong>{r.actorName || '—'}</strong>
        <Tag color={ACTION_COLOR[r.action]} style={{ marginInlineEnd: 0 }}>
          {PI_ACTION_LABEL[r.action]}
        </Tag>
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 13 }}>
        {[r.actorOrgName, r.actorRoles.join('、')].filter(Boolean).join(' · ') || '—'}
      </Typography.Text>
      <div style={{ fontSize: 13, overflowWrap: 'anywhere' }}>涉及：{fieldNames(r.fields)}</div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {r.at}
      </Typography.Text>
    </List.Item>
  )
}

/**
 * 谁查看了孩子的信息: the parent picks one of their children and sees who viewed, revealed or exported the child's
 * record (docs/privacy.md "Access log and reveal"). Used by the personal centre and the mobile portal.
 */
export function ChildAccessList({ initialChildId }: { initialChildId?: number }) {
  const children = useMyChildren()
  const [picked, setPicked] = useState<number | undefined>(undefined)
  const kids = children.data ?? []
  const childId = picked ?? kids.find((c) => c.id === initialChildId)?.id ?? kids[0]?.id
  const access = useChildAccess(childId)
  if (children.isPending) return <Skeleton active />
  if (!kids.length) return <Empty description="未绑定孩子" />
  const one = kids.length === 1 ? kids[0]! : null
  return (
    <div data-testid="child-access">
      {/* The child's school follows a transfer (docs/school-year.md "Transfers"). */}
      {one && (
        <Typography.Paragraph data-testid="child-school" style={{ marginBottom: 8 }}>
          {one.trueName}：{one.schoolName}
          {one.className ? ` ${one.className}` : ''}
        </Typography.Paragraph>
      )}
      {kids.length > 1 && (
        <Select
          style={{ width: '100%', marginBottom: 12 }}
          value={childId}
          onChange={setPicked}
          aria-label="选择孩子"
          options={kids.map((c) => ({
            value: c.id,
            label: `${c.trueName}（${c.schoolName}${c.className ? ` ${c.className}` : ''}）`,
          }))}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        学校和教育局的工作人员每次查看、导出{access.data?.childName ?? '孩子'}的个人信息都会记录在这里。
      </Typography.Paragraph>
      <List
        loading={access.isPending}
        dataSource={access.data?.list ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">暂无查看记录</Typography.Text> }}
        renderItem={(r) => <AccessItem key={r.id} r={r} />}
      />
    </div>
  )
}

import { Button, Card, Empty, Flex, Popconfirm, Space, Typography } from 'antd'
import type { ReactNode } from 'react'
import type { RequestView } from './api.js'
import { StatusTag } from './StatusTag.js'

/** Requests as cards (a phone never gets a table wider than its screen); each opens its detail route. */
export function RequestCards({
  items,
  loading,
  empty,
  onOpen,
  onCancel,
  actions,
  showRequester,
}: {
  items: RequestView[] | undefined
  loading: boolean
  empty: string
  onOpen: (id: number) => void
  onCancel?: (id: number) => void
  actions?: (r: RequestView) => ReactNode
  /** Approvers see who asked (a student's guardian). */
  showRequester?: boolean
}) {
  if (!loading && (items ?? []).length === 0) return <Empty description={empty} />
  return (
    <Flex vertical gap={12}>
      {loading && <Card loading />}
      {(items ?? []).map((r) => (
        <Card
          key={r.id}
          size="small"
          data-testid="leave-request"
          data-request-id={r.id}
          title={
            <Space wrap size={4}>
              <span>{r.personName}</span>
              <Typography.Text type="secondary">{r.className}</Typography.Text>
            </Space>
          }
          extra={<StatusTag r={r} />}
        >
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            {r.typeLabel} · {r.span}（{r.days}天）
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 8 }}>
            事由：{r.reason}
          </Typography.Paragraph>
          {showRequester && r.kind === 'student' && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              申请人：{r.requesterName}
            </Typography.Paragraph>
          )}
          {r.waitingFor && !r.canDecide && (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              待 {r.waitingFor} 审批
            </Typography.Paragraph>
          )}
          <Space wrap>
            <Button onClick={() => onOpen(r.id)}>查看详情</Button>
            {actions?.(r)}
            {onCancel && r.canCancel && (
              <Popconfirm
                title="确定撤销这条请假申请？"
                okText="撤销"
                cancelText="取消"
                onConfirm={() => onCancel(r.id)}
              >
                <Button danger>撤销</Button>
              </Popconfirm>
            )}
          </Space>
        </Card>
      ))}
    </Flex>
  )
}

import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Descriptions, Image, Popconfirm, Result, Space, Spin, Timeline, Typography } from 'antd'
import { useState } from 'react'
import { leaveApi } from './api.js'
import { DecideDialog } from './DecideDialog.js'
import { StatusTag } from './StatusTag.js'
import { useAction } from './useAction.js'

/** A time on Beijing time, whatever the device's zone (the school's day is China's). */
const chinaTime = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false }).slice(0, -3)

/** One request (#/request/<id>: the link of every message opens it): what was asked, each step, the actions left. */
export function RequestDetail({ id, onBack }: { id: number; onBack: () => void }) {
  const q = useQuery({ queryKey: ['leave', 'detail', id], queryFn: () => leaveApi.detail(id) })
  const { run, busy } = useAction()
  const [deciding, setDeciding] = useState<boolean | null>(null)
  const back = (
    <Button onClick={onBack} style={{ marginBottom: 12 }}>
      返回
    </Button>
  )
  if (q.isPending) return <Spin />
  if (q.isError)
    return (
      <>
        {back}
        <Result status="warning" title={q.error.message} />
      </>
    )
  const r = q.data
  return (
    <>
      {back}
      <Card title={`${r.personName}的请假申请`} extra={<StatusTag r={r} />}>
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'class', label: r.kind === 'student' ? '班级' : '部门', children: r.className },
            { key: 'type', label: '类型', children: r.typeLabel },
            { key: 'span', label: '时间', children: `${r.span}（共${r.days}天）` },
            { key: 'reason', label: '事由', children: r.reason },
            { key: 'by', label: '申请人', children: r.requesterName },
            { key: 'at', label: '提交时间', children: chinaTime(r.createdAt) },
          ]}
        />
        {r.canSeeNote && (
          <div style={{ marginTop: 12 }}>
            <div style={{ marginBottom: 4 }}>病假条</div>
            <Image src={leaveApi.noteUrl(r.id)} alt="病假条" width={160} />
          </div>
        )}
        <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
          审批进度
        </Typography.Title>
        <Timeline
          items={r.steps.map((s, i) => ({
            key: i,
            color: s.approved === null ? 'blue' : s.approved ? 'green' : 'red',
            content: (
              <>
                <div>
                  {s.label}：{s.name}
                </div>
                <Typography.Text type="secondary">
                  {s.approved === null
                    ? r.status === 'pending'
                      ? '待审批'
                      : '未审批'
                    : `${s.approved ? '批准' : '不批准'}${s.comment ? `：${s.comment}` : ''}（${chinaTime(s.at ?? '')}）`}
                </Typography.Text>
              </>
            ),
          }))}
        />
        {r.status === 'cancelled' && <Alert type="info" showIcon title="申请人已撤销此申请" />}
        <Space wrap>
          {r.canDecide && (
            <>
              <Button type="primary" onClick={() => setDeciding(true)}>
                批准
              </Button>
              <Button danger onClick={() => setDeciding(false)}>
                不批准
              </Button>
            </>
          )}
          {r.canCancel && (
            <Popconfirm
              title="确定撤销这条请假申请？"
              okText="撤销"
              cancelText="取消"
              onConfirm={() => run(() => leaveApi.cancel(r.id), '已撤销')}
            >
              <Button danger loading={busy}>
                撤销
              </Button>
            </Popconfirm>
          )}
        </Space>
      </Card>
      <DecideDialog
        request={deciding === null ? null : r}
        approved={deciding ?? true}
        busy={busy}
        onClose={() => setDeciding(null)}
        onDecide={async (comment) => {
          if (await run(() => leaveApi.decide(r.id, deciding ?? true, comment), deciding ? '已批准' : '已不批准'))
            setDeciding(null)
        }}
      />
    </>
  )
}

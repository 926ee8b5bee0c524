import { PI_ACTION_LABEL, PI_ACTIONS, type AccessLogRow, type PiAction } from '@zhixiao/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Card, DatePicker, Grid, Input, List, Pagination, Select, Space, Table, Tag, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { fromDay, PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { privacyApi } from './api'
import { fieldNames } from './ChildAccessList'

const ACTION_COLOR: Record<PiAction, string> = { view: 'blue', reveal: 'orange', export: 'red' }
const actionTag = (a: PiAction) => <Tag color={ACTION_COLOR[a]}>{PI_ACTION_LABEL[a]}</Tag>
const who = (r: AccessLogRow) => [r.actorOrgName, r.actorRoles.join('、')].filter(Boolean).join(' · ')
/** A bulk export names no one: its row stands for the whole list exported from the org. */
const whose = (r: AccessLogRow) => r.subjectName ?? `${r.subjectOrgName ?? ''}（批量）`

const columns: ColumnsType<AccessLogRow> = [
  { title: '时间', dataIndex: 'at', width: 170 },
  {
    title: '操作人',
    key: 'actor',
    render: (_, r) => (
      <>
        <div>{r.actorName || '—'}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {who(r)}
        </Typography.Text>
      </>
    ),
  },
  { title: '操作', dataIndex: 'action', width: 110, render: actionTag },
  {
    title: '被查看人',
    key: 'subject',
    render: (_, r) => (
      <>
        <div>{whose(r)}</div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.subjectName ? r.subjectOrgName : ''}
        </Typography.Text>
      </>
    ),
  },
  { title: '涉及字段', dataIndex: 'fields', render: (f: string[]) => fieldNames(f) },
  { title: '原因 / 说明', dataIndex: 'purpose', ellipsis: true, render: (p: string | null) => p ?? '—' },
  { title: 'IP', dataIndex: 'clientIp', width: 130, render: (p: string | null) => p ?? '—' },
]

/**
 * /base-privacyLog/index: every view of a person's detail, reveal of a full field and export of people in the caller's
 * org and below (docs/privacy.md "Access log and reveal"); a table on a desk, a card list on a phone.
 */
export default function AccessLogPage({ path, title }: PageProps) {
  const phone = !Grid.useBreakpoint().md
  const [subjectName, setSubjectName] = useState('')
  const [actorName, setActorName] = useState('')
  const [action, setAction] = useState<PiAction | undefined>(undefined)
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null)
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 20 })
  const from = range?.[0] ? fromDay(range[0]) : null
  const to = range?.[1] ? fromDay(range[1]) : null
  const filters = { subjectName: subjectName || null, actorName: actorName || null, action: action ?? null, from, to }
  const q = useQuery({
    queryKey: ['privacyAccessLog', filters, paging],
    queryFn: () => privacyApi.accessLog({ ...filters, ...paging }),
    placeholderData: keepPreviousData,
  })
  // A new filter starts again at page 1.
  const filtered =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v)
      setPaging((p) => ({ ...p, pageIndex: 1 }))
    }
  const pager = {
    current: paging.pageIndex,
    pageSize: paging.pageSize,
    total: q.data?.total ?? 0,
    showSizeChanger: !phone,
    size: phone ? ('small' as const) : undefined,
    onChange: (pageIndex: number, pageSize: number) => setPaging({ pageIndex, pageSize }),
  }
  return (
    <PageFrame path={path} title={title}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="被查看人姓名"
          aria-label="被查看人姓名"
          allowClear
          maxLength={50}
          style={{ width: phone ? '100%' : 180 }}
          onSearch={filtered((v: string) => setSubjectName(v.trim()))}
        />
        <Input.Search
          placeholder="操作人姓名"
          aria-label="操作人姓名"
          allowClear
          maxLength={50}
          style={{ width: phone ? '100%' : 180 }}
          onSearch={filtered((v: string) => setActorName(v.trim()))}
        />
        <Select
          placeholder="全部操作"
          aria-label="操作类型"
          allowClear
          style={{ width: 140 }}
          value={action}
          onChange={filtered(setAction)}
          options={PI_ACTIONS.map((a) => ({ value: a, label: PI_ACTION_LABEL[a] }))}
        />
        <DatePicker.RangePicker
          value={range}
          onChange={filtered(setRange)}
          placeholder={['开始日期', '结束日期']}
          aria-label="时间范围"
        />
      </Space>
      {phone ? (
        <>
          <List
            loading={q.isPending}
            dataSource={q.data?.list ?? []}
            locale={{ emptyText: <Typography.Text type="secondary">暂无记录</Typography.Text> }}
            renderItem={(r) => (
              <Card size="small" style={{ marginBottom: 8 }} data-testid="access-log-card">
                <Space style={{ justifyContent: 'space-between', width: '100%' }}>
                  <strong>{whose(r)}</strong>
                  {actionTag(r.action)}
                </Space>
                <div style={{ fontSize: 13 }}>
                  {r.actorName} · {who(r)}
                </div>
                <div style={{ fontSize: 13, overflowWrap: 'anywhere' }}>涉及：{fieldNames(r.fields)}</div>
                {r.purpose && <div style={{ fontSize: 13, overflowWrap: 'anywhere' }}>原因：{r.purpose}</div>}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.at}
                </Typography.Text>
              </Card>
            )}
          />
          <Pagination {...pager} style={{ marginTop: 8 }} />
        </>
      ) : (
        <Table<AccessLogRow>
          rowKey="id"
          loading={q.isPending}
          columns={columns}
          dataSource={q.data?.list ?? []}
          pagination={pager}
          scroll={{ x: 900 }}
        />
      )}
    </PageFrame>
  )
}

import { COMPLAINT_STATUS_LABEL, ComplaintStatus, type ComplaintRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, DatePicker, Descriptions, Drawer, Form, Input, Radio, Select, Space, Tag } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { CrudTableCard, fromDay, useWrite } from '../../components/crud'
import { formatTime } from '../../components/crud/dates'
import { complaintApi, ComplaintKeys } from './api'

const STATUS_COLOR: Record<number, string> = { 0: 'red', 1: 'orange', 2: 'green' }
export const StatusTag = ({ status }: { status: number }) => (
  <Tag color={STATUS_COLOR[status]}>{COMPLAINT_STATUS_LABEL[status]}</Tag>
)
const submitter = (r: ComplaintRow) => (r.anonymous && !r.submitterName ? '匿名' : (r.submitterName ?? ''))

/** One submission in full; with `handle`, the reply form that moves it on (已处理 needs a reply and is final). */
function DetailDrawer({ id, handle, onClose }: { id: number; handle: boolean; onClose: () => void }) {
  const detail = useQuery({ queryKey: [ComplaintKeys.admin, 'detail', id], queryFn: () => complaintApi.detail(id) })
  const write = useWrite([ComplaintKeys.admin, ComplaintKeys.count, ComplaintKeys.mine])
  const r = detail.data
  return (
    <Drawer open title="投诉建议详情" size={560} onClose={onClose} data-testid="complaint-detail">
      {r && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'c', label: '分类', children: r.className },
              { key: 't', label: '标题', children: r.title },
              { key: 'b', label: '内容', children: <div style={{ whiteSpace: 'pre-wrap' }}>{r.content}</div> },
              { key: 's', label: '提交人', children: submitter(r) },
              { key: 'p', label: '联系电话', children: r.phone ?? '' },
              { key: 'd', label: '提交时间', children: formatTime(r.createdAt) },
              { key: 'st', label: '状态', children: <StatusTag status={r.status} /> },
              { key: 'r', label: '处理回复', children: r.reply ?? '' },
              { key: 'h', label: '处理人', children: r.handlerName ?? '' },
            ]}
          />
          {handle && r.status !== ComplaintStatus.DONE && (
            <Form<{ status: number; reply: string }>
              layout="vertical"
              style={{ marginTop: 16 }}
              initialValues={{ status: ComplaintStatus.DONE, reply: r.reply ?? '' }}
              onFinish={async (v) => {
                if (await write(() => complaintApi.changeStatus({ id: r.id, ...v }))) onClose()
              }}
            >
              <Form.Item name="status" label="处理状态">
                <Radio.Group
                  options={[
                    { value: 1, label: '处理中' },
                    { value: 2, label: '已处理' },
                  ]}
                />
              </Form.Item>
              <Form.Item
                name="reply"
                label="处理回复"
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v: string) =>
                      getFieldValue('status') !== 2 || v?.trim()
                        ? Promise.resolve()
                        : Promise.reject(new Error('请填写处理回复')),
                  }),
                ]}
              >
                <Input.TextArea rows={4} maxLength={2000} data-testid="complaint-reply" />
              </Form.Item>
              <Button type="primary" htmlType="submit" data-testid="complaint-handle-save">
                提交
              </Button>
            </Form>
          )}
        </>
      )}
    </Drawer>
  )
}

/** Submissions with class, status, date and keyword filters; a row opens its detail (and reply form when handling). */
export function ComplaintTable({ scope, handle }: { scope: 'all' | 'mine'; handle: boolean }) {
  const [classId, setClassId] = useState<number | undefined>()
  const [status, setStatus] = useState<number | undefined>()
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null)
  const [open, setOpen] = useState<number | null>(null)
  const classes = useQuery({ queryKey: [ComplaintKeys.classes], queryFn: complaintApi.classes, staleTime: 60_000 })
  const startDate = range?.[0] ? fromDay(range[0]) : undefined
  const endDate = range?.[1] ? fromDay(range[1]) : undefined
  return (
    <>
      <CrudTableCard<ComplaintRow>
        readOnly
        queryKey={[ComplaintKeys.admin, scope, classId ?? null, status ?? null, startDate ?? null, endDate ?? null]}
        search="标题或内容"
        filters={
          <Space wrap>
            <Select
              allowClear
              placeholder="全部分类"
              aria-label="全部分类"
              style={{ width: 160 }}
              value={classId}
              onChange={(v?: number) => setClassId(v)}
              options={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            />
            <Select
              allowClear
              placeholder="全部状态"
              aria-label="全部状态"
              style={{ width: 120 }}
              value={status}
              onChange={(v?: number) => setStatus(v)}
              options={Object.entries(COMPLAINT_STATUS_LABEL).map(([v, label]) => ({ value: Number(v), label }))}
            />
            <DatePicker.RangePicker
              value={range}
              onChange={(v) => setRange(v)}
              placeholder={['开始日期', '结束日期']}
            />
          </Space>
        }
        fetch={(q) =>
          complaintApi.adminList({
            scope,
            classId,
            status,
            startDate,
            endDate,
            keyword: q.keyword || undefined,
            pageIndex: q.pageIndex,
            pageSize: q.pageSize,
          })
        }
        columns={[
          { title: '标题', dataIndex: 'title' },
          { title: '分类', dataIndex: 'className', width: 120 },
          { title: '提交人', key: 'submitter', width: 100, render: (_: unknown, r: ComplaintRow) => submitter(r) },
          { title: '提交时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
          { title: '状态', dataIndex: 'status', width: 90, render: (v: number) => <StatusTag status={v} /> },
          {
            title: '操作',
            key: 'op',
            width: 80,
            render: (_: unknown, r: ComplaintRow) => (
              <Button type="link" size="small" onClick={() => setOpen(r.id)} data-testid="complaint-open">
                {handle && r.status !== ComplaintStatus.DONE ? '处理' : '查看'}
              </Button>
            ),
          },
        ]}
      />
      {open !== null && <DetailDrawer id={open} handle={handle} onClose={() => setOpen(null)} />}
    </>
  )
}

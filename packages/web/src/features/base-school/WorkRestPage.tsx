import type { WorkRestRow } from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Button, Card, DatePicker, Form, Input, Modal, Select, Space, Table, Tag, TimePicker, Typography } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { request, requestEnvelope } from '../../api/client'
import { notify } from '../../api/feedback'

interface Slot { id: number; name: string; kind: string; startTime: string; endTime: string }
const KIND: Record<string, string> = { lesson: '上课', break: '课间', other: '其他' }

/** base-school/workAndRest: schedules on the left table, the chosen schedule's time slots below. */
export default function WorkRestPage({ path, title }: { path: string; title: string }) {
  const qc = useQueryClient()
  const list = useQuery({ queryKey: ['workRest'], queryFn: () => request<{ list: WorkRestRow[]; total: number }>('/base/api/workRest/page', { body: { pageIndex: 1, pageSize: 200 } }) })
  const [selected, setSelected] = useState<number | null>(null)
  const current = list.data?.list.find((r) => r.id === selected) ?? list.data?.list[0]
  const slots = useQuery({ queryKey: ['workRestTime', current?.id], queryFn: () => request<Slot[]>('/base/api/workRestTime/list', { params: { workRestId: current!.id } }), enabled: !!current })
  const [dialog, setDialog] = useState<'schedule' | 'slot' | null>(null)
  const [scheduleForm] = Form.useForm<{ name: string; typeName?: string; range: [Dayjs, Dayjs] }>()
  const [slotForm] = Form.useForm<{ name: string; kind: string; range: [Dayjs, Dayjs] }>()
  const act = async (fn: () => Promise<{ msg: string }>) => { try { notify.success((await fn()).msg); await qc.invalidateQueries({ predicate: (q) => String(q.queryKey[0]).startsWith('workRest') }); return true } catch { return false } }

  const saveSchedule = async () => {
    const v = await scheduleForm.validateFields()
    if (await act(() => requestEnvelope<number>('/base/api/workRest/add', { body: { name: v.name, typeName: v.typeName, startDate: v.range[0].format('YYYY-MM-DD'), endDate: v.range[1].format('YYYY-MM-DD') } }))) setDialog(null)
  }
  const saveSlot = async () => {
    const v = await slotForm.validateFields()
    if (await act(() => requestEnvelope<number>('/base/api/workRestTime/add', { body: { workRestId: current!.id, name: v.name, kind: v.kind, startTime: v.range[0].format('HH:mm'), endTime: v.range[1].format('HH:mm') } }))) setDialog(null)
  }

  return (
    <div data-page={path}>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Card size="small" title="作息" extra={<Button type="primary" onClick={() => { scheduleForm.resetFields(); setDialog('schedule') }}>新增作息</Button>} style={{ marginBottom: 16 }}>
        <Table<WorkRestRow> rowKey="id" size="small" loading={list.isFetching} dataSource={list.data?.list ?? []} pagination={false}
          onRow={(r) => ({ onClick: () => setSelected(r.id), style: { cursor: 'pointer', background: r.id === current?.id ? '#e6f4ff' : undefined } })}
          columns={[
            { title: '名称', dataIndex: 'name' },
            { title: '类型', dataIndex: 'typeName', render: (v) => v ?? '—' },
            { title: '生效期间', key: 'range', render: (_, r) => `${r.startDate} 至 ${r.endDate}` },
            { title: '时段数', dataIndex: 'slotCount' },
            { title: '状态', dataIndex: 'status', render: (v) => (v === 0 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
            {
              title: '操作', key: 'op', render: (_, r) => (
                <Space size={0}>
                  <Button type="link" onClick={(e) => { e.stopPropagation(); void act(() => requestEnvelope<null>('/base/api/workRest/updateStatus', { body: { id: r.id, status: r.status === 0 ? 1 : 0 } })) }}>{r.status === 0 ? '停用' : '启用'}</Button>
                  <Button type="link" danger onClick={(e) => { e.stopPropagation(); Modal.confirm({ title: `删除作息“${r.name}”？`, content: '其全部时段将一并删除。', okText: '删除', cancelText: '取消', okButtonProps: { danger: true }, onOk: () => act(() => requestEnvelope<null>('/base/api/workRest/delete', { body: { id: r.id } })) }) }}>删除</Button>
                </Space>
              ),
            },
          ]} />
      </Card>
      {current && (
        <Card size="small" title={`${current.name} 的时段`} extra={<Button onClick={() => { slotForm.resetFields(); setDialog('slot') }}>新增时段</Button>}>
          <Table<Slot> rowKey="id" size="small" loading={slots.isFetching} dataSource={slots.data ?? []} pagination={false}
            columns={[
              { title: '时段', dataIndex: 'name' },
              { title: '类型', dataIndex: 'kind', render: (v) => KIND[v] ?? v },
              { title: '时间', key: 't', render: (_, s) => `${s.startTime} - ${s.endTime}` },
              { title: '操作', key: 'op', render: (_, s) => <Button type="link" danger onClick={() => void act(() => requestEnvelope<null>('/base/api/workRestTime/delete', { body: { id: s.id } }))}>删除</Button> },
            ]} />
        </Card>
      )}
      <Modal open={dialog === 'schedule'} title="新增作息" okText="确定" cancelText="取消" onOk={saveSchedule} onCancel={() => setDialog(null)} forceRender>
        <Form form={scheduleForm} layout="vertical">
          <Form.Item name="name" label="作息名称" rules={[{ required: true, whitespace: true, message: '请输入作息名称' }]}><Input placeholder="如：冬季作息" /></Form.Item>
          <Form.Item name="typeName" label="类型"><Input placeholder="如：冬季、夏季" /></Form.Item>
          <Form.Item name="range" label="生效期间" rules={[{ required: true, message: '请选择生效期间' }]}><DatePicker.RangePicker style={{ width: '100%' }} /></Form.Item>
        </Form>
      </Modal>
      <Modal open={dialog === 'slot'} title="新增时段" okText="确定" cancelText="取消" onOk={saveSlot} onCancel={() => setDialog(null)} forceRender>
        <Form form={slotForm} layout="vertical" initialValues={{ kind: 'lesson' }}>
          <Form.Item name="name" label="时段名称" rules={[{ required: true, whitespace: true, message: '请输入时段名称' }]}><Input placeholder="如：第一节" /></Form.Item>
          <Form.Item name="kind" label="类型"><Select options={Object.entries(KIND).map(([value, label]) => ({ value, label }))} /></Form.Item>
          <Form.Item name="range" label="时间" rules={[{ required: true, message: '请选择时间' }]}><TimePicker.RangePicker format="HH:mm" style={{ width: '100%' }} /></Form.Item>
        </Form>
      </Modal>
    </div>
  )
}

import type { WorkRestTimeBody, WorkRestTimeRow } from '@zhixiao/shared'
import { Form, Input, Select, TimePicker } from 'antd'
import type { Dayjs } from 'dayjs'
import { CrudTableCard, deleteAction, wholeList, type CrudForm } from '../../components/crud'
import { workRestApi } from './work-rest-api'

interface Values { name: string; kind: WorkRestTimeBody['kind']; range: [Dayjs, Dayjs] }
const KIND: Record<WorkRestTimeBody['kind'], string> = { lesson: '上课', break: '课间', other: '其他' }
const KIND_OPTIONS = Object.entries(KIND).map(([value, label]) => ({ value, label }))

/** One schedule's time slots: add and delete on workAndRestDetail, read-only on workAndRestCheck. */
export function WorkRestSlots({ workRestId, readOnly }: { workRestId: number; readOnly: boolean }) {
  const form: CrudForm<WorkRestTimeRow, Values> = {
    noun: '时段',
    editable: false,
    initial: () => ({ kind: 'lesson' }),
    submit: (v) => workRestApi.addSlot({ workRestId, name: v.name.trim(), kind: v.kind, startTime: v.range[0].format('HH:mm'), endTime: v.range[1].format('HH:mm') }),
    fields: () => (
      <>
        <Form.Item name="name" label="时段名称" rules={[{ required: true, whitespace: true, message: '请输入时段名称' }, { max: 20, message: '时段名称不能超过20个字符' }]}>
          <Input placeholder="如：第一节" />
        </Form.Item>
        <Form.Item name="kind" label="类型"><Select options={KIND_OPTIONS} /></Form.Item>
        <Form.Item name="range" label="时间" rules={[{ required: true, message: '请选择时间' }]}>
          <TimePicker.RangePicker format="HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      </>
    ),
  }
  return (
    // The schedule list shows each schedule's slot count, so slot writes refresh it too.
    <CrudTableCard<WorkRestTimeRow, Values>
      title="时段" queryKey={['workRestTime', workRestId]} invalidates={['workRest']} pagination={false} readOnly={readOnly}
      form={form} addLabel="新增时段" fetch={() => workRestApi.slots(workRestId).then(wholeList)}
      columns={[
        { title: '时段', dataIndex: 'name' },
        { title: '类型', dataIndex: 'kind', render: (k: string) => KIND[k as WorkRestTimeBody['kind']] ?? k },
        { title: '时间', key: 'time', render: (_: unknown, s) => `${s.startTime} - ${s.endTime}` },
      ]}
      actions={[deleteAction(workRestApi.removeSlot)]}
    />
  )
}

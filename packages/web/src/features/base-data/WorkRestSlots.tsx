import type { WorkRestTimeBody, WorkRestTimeRow } from '@zhixiao/shared'
import { Form, Input, Select, TimePicker } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { CrudTableCard, deleteAction, wholeList, type CrudForm } from '../../components/crud'
import { workRestApi } from './work-rest-api'

interface Values {
  name: string
  kind: WorkRestTimeBody['kind']
  range: [Dayjs, Dayjs]
}
const KIND: Record<WorkRestTimeBody['kind'], string> = { lesson: '上课', break: '课间', other: '其他' }
/** An HH:mm slot time as a Dayjs for the time picker (any date: only the clock is shown). */
const clock = (hhmm: string): Dayjs => dayjs(`2000-01-01T${hhmm}`)
const KIND_OPTIONS = Object.entries(KIND).map(([value, label]) => ({ value, label }))

/** One schedule's time slots: add, edit and delete on workAndRestDetail, read-only on workAndRestCheck. */
export function WorkRestSlots({ workRestId, readOnly }: { workRestId: number; readOnly: boolean }) {
  const form: CrudForm<WorkRestTimeRow, Values> = {
    noun: '时段',
    initial: (r) =>
      r
        ? { name: r.name, kind: r.kind as Values['kind'], range: [clock(r.startTime), clock(r.endTime)] }
        : { kind: 'lesson' },
    submit: (v, r) => {
      const b = {
        workRestId,
        name: v.name.trim(),
        kind: v.kind,
        startTime: v.range[0].format('HH:mm'),
        endTime: v.range[1].format('HH:mm'),
      }
      return r ? workRestApi.updateSlot(r.id, b) : workRestApi.addSlot(b)
    },
    fields: () => (
      <>
        <Form.Item
          name="name"
          label="时段名称"
          rules={[
            { required: true, whitespace: true, message: '请输入时段名称' },
            { max: 20, message: '时段名称不能超过20个字符' },
          ]}
        >
          <Input placeholder="如：第一节" />
        </Form.Item>
        <Form.Item name="kind" label="类型">
          <Select options={KIND_OPTIONS} />
        </Form.Item>
        <Form.Item name="range" label="时间" rules={[{ required: true, message: '请选择时间' }]}>
          <TimePicker.RangePicker format="HH:mm" style={{ width: '100%' }} />
        </Form.Item>
      </>
    ),
  }
  return (
    // The schedule list shows each schedule's slot count, so slot writes refresh it too.
    <CrudTableCard<WorkRestTimeRow, Values>
      title="时段"
      queryKey={['workRestTime', workRestId]}
      invalidates={['workRest']}
      pagination={false}
      readOnly={readOnly}
      form={form}
      addLabel="新增时段"
      fetch={() => workRestApi.slots(workRestId).then(wholeList)}
      columns={[
        { title: '时段', dataIndex: 'name' },
        { title: '类型', dataIndex: 'kind', render: (k: string) => KIND[k as WorkRestTimeBody['kind']] ?? k },
        { title: '时间', key: 'time', render: (_: unknown, s) => `${s.startTime} - ${s.endTime}` },
      ]}
      actions={[deleteAction(workRestApi.removeSlot)]}
    />
  )
}

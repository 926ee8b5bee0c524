import type { HolidayAddBody } from '@zhixiao/shared'
import { DatePicker, Form, Input, Radio, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import { DAY_FORMAT, endDateRules, fromDay } from '../../components/crud'
import { useTermOptions } from './calendar-api'

export interface HolidayValues {
  name: string
  kind: 'holiday' | 'workday'
  calendarId?: number | null
  startDate: Dayjs
  endDate: Dayjs
}
export const KIND_LABEL: Record<string, string> = { holiday: '节假日', workday: '调休上班' }

/** `orgId`: the school an add is for (see useScopeOrg); an update keeps the holiday's own. */
export const holidayBody = (v: HolidayValues, orgId?: number): HolidayAddBody => ({
  orgId,
  name: v.name.trim(),
  kind: v.kind,
  calendarId: v.calendarId ?? null,
  startDate: fromDay(v.startDate),
  endDate: fromDay(v.endDate),
})

/** The holiday form's items (holidaySet's edit modal and the addHoliday page). */
export function HolidayFields() {
  const terms = useTermOptions()
  return (
    <>
      <Form.Item
        name="name"
        label="名称"
        rules={[
          { required: true, whitespace: true, message: '请输入节假日名称' },
          { max: 30, message: '节假日名称不能超过30个字符' },
        ]}
      >
        <Input placeholder="请输入节假日名称" />
      </Form.Item>
      <Form.Item name="kind" label="类型" rules={[{ required: true, message: '请选择类型' }]}>
        <Radio.Group
          options={[
            { value: 'holiday', label: '节假日' },
            { value: 'workday', label: '调休上班' },
          ]}
        />
      </Form.Item>
      <Form.Item name="calendarId" label="所属学期" extra="选择学期时，日期须在该学期之内">
        <Select allowClear placeholder="不限学期" options={terms} />
      </Form.Item>
      <Form.Item name="startDate" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]}>
        <DatePicker format={DAY_FORMAT} placeholder="请选择开始日期" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="endDate"
        label="结束日期"
        dependencies={['startDate']}
        rules={endDateRules('startDate', '节假日结束日期不能早于开始日期')}
      >
        <DatePicker format={DAY_FORMAT} placeholder="请选择结束日期" style={{ width: '100%' }} />
      </Form.Item>
    </>
  )
}

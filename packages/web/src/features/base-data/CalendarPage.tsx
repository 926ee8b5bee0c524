import type { CalendarAddBody, CalendarRow } from '@zhixiao/shared'
import { DatePicker, Form, Input, Select, Space, Tag } from 'antd'
import type { Dayjs } from 'dayjs'
import {
  CrudTableCard,
  DAY_FORMAT,
  deleteAction,
  endDateRules,
  fromDay,
  PageFrame,
  statusColumn,
  toDay,
  toggleAction,
  type CrudForm,
} from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { calendarApi } from './calendar-api'

interface Values {
  schoolYear: string
  term: 1 | 2
  name?: string
  startDate: Dayjs
  endDate: Dayjs
}
const TERMS = [
  { value: 1, label: '第一学期' },
  { value: 2, label: '第二学期' },
]

const body = (v: Values, orgId?: number): CalendarAddBody => ({
  orgId,
  schoolYear: v.schoolYear.trim(),
  term: v.term,
  name: v.name?.trim() || null,
  startDate: fromDay(v.startDate),
  endDate: fromDay(v.endDate),
})

const formFor = (orgId?: number): CrudForm<CalendarRow, Values> => ({
  noun: '学期',
  initial: (r) =>
    r
      ? {
          schoolYear: r.schoolYear,
          term: r.term as 1 | 2,
          name: r.name,
          startDate: toDay(r.startDate),
          endDate: toDay(r.endDate),
        }
      : { term: 1 },
  submit: (v, r) => (r ? calendarApi.update(r.id, body(v)) : calendarApi.add(body(v, orgId))),
  fields: () => (
    <>
      <Form.Item
        name="schoolYear"
        label="学年"
        rules={[
          { required: true, whitespace: true, message: '请输入学年' },
          { pattern: /^\d{4}-\d{4}$/, message: '学年格式应为2026-2027' },
        ]}
      >
        <Input placeholder="如 2026-2027" />
      </Form.Item>
      <Form.Item name="term" label="学期" rules={[{ required: true, message: '请选择学期' }]}>
        <Select options={TERMS} />
      </Form.Item>
      <Form.Item
        name="name"
        label="名称"
        extra="不填则为“2026-2027学年第一学期”"
        rules={[{ max: 50, message: '名称不能超过50个字符' }]}
      >
        <Input placeholder="请输入名称" />
      </Form.Item>
      <Form.Item name="startDate" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]}>
        <DatePicker format={DAY_FORMAT} placeholder="请选择开始日期" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="endDate"
        label="结束日期"
        dependencies={['startDate']}
        rules={endDateRules('startDate', '结束日期不能早于开始日期')}
      >
        <DatePicker format={DAY_FORMAT} placeholder="请选择结束日期" style={{ width: '100%' }} />
      </Form.Item>
    </>
  ),
})

/** /base-school/calendarSet: the school's terms; the one containing today is 当前学期. */
export default function CalendarPage({ path, title }: PageProps) {
  const orgId = useScopeOrg()
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect />}>
      <CrudTableCard<CalendarRow, Values>
        queryKey={['calendars', orgId]}
        invalidates={['holidays']}
        form={formFor(orgId)}
        addLabel="新增学期"
        fetch={(q) => calendarApi.page({ ...q, orgId })}
        columns={[
          { title: '学年', dataIndex: 'schoolYear' },
          { title: '学期', dataIndex: 'term', render: (t: number) => (t === 1 ? '第一学期' : '第二学期') },
          {
            title: '名称',
            dataIndex: 'name',
            render: (n: string, r) => (
              <Space size={4}>
                {n}
                {r.isCurrent && <Tag color="blue">当前学期</Tag>}
              </Space>
            ),
          },
          { title: '开始日期', dataIndex: 'startDate' },
          { title: '结束日期', dataIndex: 'endDate' },
          statusColumn(),
        ]}
        actions={[
          toggleAction(calendarApi.setStatus),
          deleteAction(calendarApi.remove, { content: '学期下存在节假日时无法删除。' }),
        ]}
      />
    </PageFrame>
  )
}

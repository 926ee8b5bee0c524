import type { StudyMonthRow } from '@zhixiao/shared'
import { Card, DatePicker, Empty, Form, Input, Select } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import { Link } from 'react-router'
import {
  CrudTableCard,
  DAY_FORMAT,
  deleteAction,
  endDateRules,
  fromDay,
  PageFrame,
  toDay,
  wholeList,
  type CrudForm,
} from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { studyMonthApi, useTerms } from './calendar-api'

interface Values {
  name: string
  startDate: Dayjs
  endDate: Dayjs
}

/**
 * /base-school/studyMonthSet: the study months of one term (the current term first). The server keeps them inside
 * the term and refuses overlaps with its own message.
 */
export default function StudyMonthPage({ path, title }: PageProps) {
  const terms = useTerms()
  const [chosen, setChosen] = useState<number | null>(null)
  // No term chosen (or not yet loaded): the current term, else the first.
  const term = terms.rows.find((t) => t.id === chosen) ?? terms.rows.find((t) => t.isCurrent) ?? terms.rows[0]
  const form: CrudForm<StudyMonthRow, Values> | undefined = term && {
    noun: '学月',
    initial: (r) => (r ? { name: r.name, startDate: toDay(r.startDate), endDate: toDay(r.endDate) } : {}),
    submit: (v, r) => {
      const b = {
        calendarId: term.id,
        name: v.name.trim(),
        startDate: fromDay(v.startDate),
        endDate: fromDay(v.endDate),
      }
      return r ? studyMonthApi.update(r.id, b) : studyMonthApi.add(b)
    },
    fields: () => (
      <>
        <Form.Item
          name="name"
          label="学月名称"
          rules={[
            { required: true, whitespace: true, message: '请输入学月名称' },
            { max: 20, message: '学月名称不能超过20个字符' },
          ]}
        >
          <Input placeholder="如：九月" />
        </Form.Item>
        <Form.Item
          name="startDate"
          label="开始日期"
          extra={`学期：${term.startDate} 至 ${term.endDate}`}
          rules={[{ required: true, message: '请选择开始日期' }]}
        >
          <DatePicker
            format={DAY_FORMAT}
            placeholder="请选择开始日期"
            defaultPickerValue={toDay(term.startDate)}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="endDate"
          label="结束日期"
          dependencies={['startDate']}
          rules={endDateRules('startDate', '结束日期不能早于开始日期')}
        >
          <DatePicker
            format={DAY_FORMAT}
            placeholder="请选择结束日期"
            defaultPickerValue={toDay(term.startDate)}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </>
    ),
  }
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect onChange={() => setChosen(null)} />}>
      {term ? (
        <CrudTableCard<StudyMonthRow, Values>
          queryKey={['studyMonths', term.id]}
          form={form}
          addLabel="新增学月"
          pagination={false}
          filters={
            <Select
              style={{ width: 260 }}
              value={term.id}
              options={terms.options}
              onChange={(v: number) => setChosen(v)}
              aria-label="学期"
            />
          }
          fetch={() => studyMonthApi.list(term.id).then(wholeList)}
          columns={[
            { title: '学月名称', dataIndex: 'name' },
            { title: '开始日期', dataIndex: 'startDate' },
            { title: '结束日期', dataIndex: 'endDate' },
          ]}
          actions={[deleteAction(studyMonthApi.remove)]}
        />
      ) : (
        <Card size="small" loading={!terms.isSuccess}>
          <Empty
            description={
              <>
                还没有学期，请先在<Link to="/base-school/calendarSet">校历设置</Link>中新增学期
              </>
            }
          />
        </Card>
      )}
    </PageFrame>
  )
}

import type { HolidayRow } from '@zhixiao/shared'
import { Select, Tag } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import {
  CrudTableCard,
  deleteAction,
  PageFrame,
  statusColumn,
  toDay,
  toggleAction,
  type CrudForm,
} from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { holidayApi, useTermOptions } from './calendar-api'
import { holidayBody, HolidayFields, KIND_LABEL, type HolidayValues } from './HolidayFields'

const formFor = (orgId?: number): CrudForm<HolidayRow, HolidayValues> => ({
  noun: '节假日',
  initial: (r) =>
    r
      ? {
          name: r.name,
          kind: r.kind as HolidayValues['kind'],
          calendarId: r.calendarId,
          startDate: toDay(r.startDate),
          endDate: toDay(r.endDate),
        }
      : { kind: 'holiday' },
  submit: (v, r) => (r ? holidayApi.update(r.id, holidayBody(v)) : holidayApi.add(holidayBody(v, orgId))),
  fields: () => <HolidayFields />,
})

/** /base-school/holidaySet: holidays and make-up work days, by term; 新增 opens addHoliday. */
export default function HolidayPage({ path, title }: PageProps) {
  const navigate = useNavigate()
  const orgId = useScopeOrg()
  const terms = useTermOptions()
  const [calendarId, setCalendarId] = useState<number | null>(null)
  const termName = (id: number | null) => terms.find((t) => t.value === id)?.label ?? '—'
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect onChange={() => setCalendarId(null)} />}>
      <CrudTableCard<HolidayRow, HolidayValues>
        queryKey={['holidays', orgId, calendarId]}
        form={formFor(orgId)}
        addLabel="新增节假日"
        onAdd={() => void navigate('/base-school/addHoliday')}
        filters={
          <Select
            allowClear
            placeholder="全部学期"
            aria-label="全部学期"
            style={{ width: 240 }}
            value={calendarId}
            options={terms}
            onChange={(v?: number | null) => setCalendarId(v ?? null)}
          />
        }
        fetch={(q) => holidayApi.page({ ...q, calendarId, orgId })}
        columns={[
          { title: '名称', dataIndex: 'name' },
          {
            title: '类型',
            dataIndex: 'kind',
            render: (k: string) => <Tag color={k === 'workday' ? 'orange' : 'red'}>{KIND_LABEL[k] ?? k}</Tag>,
          },
          { title: '开始日期', dataIndex: 'startDate' },
          { title: '结束日期', dataIndex: 'endDate' },
          { title: '所属学期', dataIndex: 'calendarId', render: termName },
          statusColumn(),
        ]}
        actions={[toggleAction(holidayApi.setStatus), deleteAction(holidayApi.remove)]}
      />
    </PageFrame>
  )
}

import type { WorkRestRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { AutoComplete, Button, DatePicker, Form, Input, Modal, Space } from 'antd'
import type { Dayjs } from 'dayjs'
import { useState } from 'react'
import {
  CrudTableCard,
  DAY_FORMAT,
  deleteAction,
  fromDay,
  PageFrame,
  statusColumn,
  textColumn,
  toDay,
  toggleAction,
  type CrudForm,
} from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { DictPanel } from './DictPanel'
import { workRestApi } from './work-rest-api'

interface Values {
  name: string
  typeName?: string | null
  range: [Dayjs, Dayjs]
}

/** The detail and check pages find the schedule by id inside its own school, so the link carries both. */
const detailLink = (page: 'workAndRestDetail' | 'workAndRestCheck') => (r: WorkRestRow) =>
  `/base-school/${page}?id=${r.id}&orgId=${r.orgId}`

/**
 * /base-school/workAndRest: the school's schedules; 详情 edits a schedule's time slots, 查看 shows them. The type is
 * picked from the work-rest types (workRestType, kept under 作息类型) or typed.
 */
export default function WorkRestPage({ path, title }: PageProps) {
  const orgId = useScopeOrg()
  const [typesOpen, setTypesOpen] = useState(false)
  const types = useQuery({
    queryKey: ['dict', 'workRestType', 'select', orgId],
    queryFn: () => workRestApi.types(orgId),
    staleTime: 30_000,
  })
  const typeOptions = (types.data ?? []).map((d) => ({ value: d.name }))
  const form: CrudForm<WorkRestRow, Values> = {
    noun: '作息',
    initial: (r): Partial<Values> =>
      r ? { name: r.name, typeName: r.typeName, range: [toDay(r.startDate), toDay(r.endDate)] } : {},
    submit: (v, r) => {
      const b = {
        orgId,
        name: v.name.trim(),
        typeName: v.typeName?.trim() || null,
        startDate: fromDay(v.range[0]),
        endDate: fromDay(v.range[1]),
      }
      return r ? workRestApi.update(r.id, b) : workRestApi.add(b)
    },
    fields: () => (
      <>
        <Form.Item
          name="name"
          label="作息名称"
          rules={[
            { required: true, whitespace: true, message: '请输入作息名称' },
            { max: 30, message: '作息名称不能超过30个字符' },
          ]}
        >
          <Input placeholder="如：冬季作息" />
        </Form.Item>
        <Form.Item name="typeName" label="类型" rules={[{ max: 20, message: '类型不能超过20个字符' }]}>
          <AutoComplete options={typeOptions} placeholder="选择作息类型或直接填写" allowClear />
        </Form.Item>
        <Form.Item name="range" label="生效期间" rules={[{ required: true, message: '请选择生效期间' }]}>
          <DatePicker.RangePicker format={DAY_FORMAT} style={{ width: '100%' }} />
        </Form.Item>
      </>
    ),
  }
  return (
    <PageFrame
      path={path}
      title={title}
      extra={
        <Space wrap>
          <SchoolScopeSelect />
          <Button onClick={() => setTypesOpen(true)}>作息类型</Button>
        </Space>
      }
    >
      <Modal
        open={typesOpen}
        title="作息类型"
        footer={null}
        width={720}
        onCancel={() => setTypesOpen(false)}
        destroyOnHidden
      >
        <DictPanel dictType="workRestType" />
      </Modal>
      <CrudTableCard<WorkRestRow, Values>
        queryKey={['workRest', orgId]}
        invalidates={['workRestTime']}
        form={form}
        addLabel="新增作息"
        fetch={(q) => workRestApi.page({ ...q, orgId })}
        columns={[
          { title: '名称', dataIndex: 'name' },
          textColumn('类型', 'typeName'),
          { title: '生效期间', key: 'range', render: (_: unknown, r) => `${r.startDate} 至 ${r.endDate}` },
          { title: '时段数', dataIndex: 'slotCount' },
          statusColumn(),
        ]}
        actions={[
          { key: 'detail', label: '详情', to: detailLink('workAndRestDetail') },
          { key: 'check', label: '查看', to: detailLink('workAndRestCheck') },
          toggleAction(workRestApi.setStatus),
          deleteAction(workRestApi.remove, { content: '其全部时段将一并删除。' }),
        ]}
      />
    </PageFrame>
  )
}

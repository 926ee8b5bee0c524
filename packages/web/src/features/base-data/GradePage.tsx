import type { GradeRow } from '@zhixiao/shared'
import { Form, Input, InputNumber, Select } from 'antd'
import dayjs from 'dayjs'
import {
  CrudTableCard,
  deleteAction,
  PageFrame,
  statusColumn,
  toggleAction,
  type CrudForm,
  type RowAction,
} from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { useDictOptions } from './dict-api'
import { gradeApi } from './grade-class-api'

interface Values {
  name: string
  entryYear: number
  learnPeriodId?: number | null
  sort?: number
}

const archiveAction: RowAction<GradeRow> = {
  key: 'archive',
  label: '归档',
  run: (r) => gradeApi.archive(r.id),
  confirm: { title: (r) => `归档“${r.name}”？`, content: '归档后该年级下的班级将一并归档。', okText: '归档' },
}
const restoreAction: RowAction<GradeRow> = { key: 'restore', label: '恢复', run: (r) => gradeApi.restore(r.id) }

/** /base-school/gradeManage (live grades) and /base-school/gradeGuidang (the archive). */
export default function GradePage({ path, title }: PageProps) {
  const archived = path.endsWith('gradeGuidang')
  const orgId = useScopeOrg()
  const periods = useDictOptions('learnPeriod', orgId)
  const periodName = (id: number | null) => periods.rows.find((d) => d.id === id)?.name ?? '—'
  const form: CrudForm<GradeRow, Values> = {
    noun: '年级',
    initial: (r) =>
      r
        ? { name: r.name, entryYear: r.entryYear, learnPeriodId: r.learnPeriodId, sort: r.sort }
        : { entryYear: dayjs().year(), sort: 0 },
    submit: (v, r) => (r ? gradeApi.update({ id: r.id, ...v }) : gradeApi.add({ ...v, orgId })),
    fields: () => (
      <>
        <Form.Item
          name="name"
          label="年级名称"
          rules={[
            { required: true, whitespace: true, message: '请输入年级名称' },
            { max: 30, message: '年级名称不能超过30个字符' },
          ]}
        >
          <Input placeholder="如 2026级" />
        </Form.Item>
        <Form.Item
          name="entryYear"
          label="入学年份"
          rules={[
            { required: true, message: '请输入入学年份' },
            { type: 'number', min: 1990, max: 2100, message: '入学年份有误' },
          ]}
        >
          <InputNumber placeholder="请输入入学年份" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="learnPeriodId" label="学段">
          <Select allowClear placeholder="请选择学段" options={periods.options} />
        </Form.Item>
        <Form.Item name="sort" label="排序">
          <InputNumber min={0} max={99999} style={{ width: '100%' }} />
        </Form.Item>
      </>
    ),
  }
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect />}>
      <CrudTableCard<GradeRow, Values>
        queryKey={['grades', archived, orgId]}
        invalidates={['classes']}
        search="年级名称"
        form={archived ? undefined : form}
        fetch={(q) => gradeApi.page({ archived, orgId, ...q })}
        columns={[
          { title: '年级名称', dataIndex: 'name' },
          { title: '入学年份', dataIndex: 'entryYear' },
          { title: '学段', dataIndex: 'learnPeriodId', render: periodName },
          { title: '班级数', dataIndex: 'classCount' },
          { title: '排序', dataIndex: 'sort' },
          statusColumn(),
        ]}
        actions={
          archived
            ? [restoreAction, deleteAction(gradeApi.remove, { content: '年级下存在班级时无法删除。' })]
            : [
                toggleAction(gradeApi.setStatus),
                archiveAction,
                deleteAction(gradeApi.remove, { content: '年级下存在班级时无法删除。' }),
              ]
        }
      />
    </PageFrame>
  )
}

import type { ClassRow } from '@zhixiao/shared'
import { Select } from 'antd'
import { useNavigate, useSearchParams } from 'react-router'
import {
  CrudTableCard,
  deleteAction,
  PageFrame,
  statusColumn,
  textColumn,
  toggleAction,
  type CrudForm,
  type RowAction,
} from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { ClassFields, type ClassValues } from './ClassFields'
import { classApi, useGradeOptions } from './grade-class-api'

const archiveAction: RowAction<ClassRow> = {
  key: 'archive',
  label: '归档',
  run: (r) => classApi.archive(r.id),
  confirm: { title: (r) => `归档“${r.gradeName}${r.name}”？`, content: '归档后可在归档班级中恢复。', okText: '归档' },
}
const restoreAction: RowAction<ClassRow> = { key: 'restore', label: '恢复', run: (r) => classApi.restore(r.id) }
// Who heads and teaches the class (the campus portal's "my classes", docs/portal-config.md).
const teachersAction: RowAction<ClassRow> = {
  key: 'teachers',
  label: '班级教师',
  to: (r) => `/base-school/classTeachers?classId=${r.id}`,
}

const form: CrudForm<ClassRow, ClassValues> = {
  noun: '班级',
  initial: (r) => (r ? { name: r.name, code: r.code ?? undefined, sort: r.sort } : { sort: 0 }),
  submit: (v, r) => (r ? classApi.update({ id: r.id, name: v.name, code: v.code, sort: v.sort }) : classApi.add(v)),
  fields: (r) => <ClassFields adding={!r} />,
}

/** /base-school/classManage and classGuidang (+ -zz): classes filtered by grade; 新增 opens the addClass page. */
export default function ClassPage({ path, title }: PageProps) {
  const archived = path.includes('classGuidang')
  const zz = path.endsWith('-zz') ? '-zz' : ''
  const navigate = useNavigate()
  const orgId = useScopeOrg()
  const [params, setParams] = useSearchParams()
  const gradeId = params.get('gradeId') ? Number(params.get('gradeId')) : null
  const grades = useGradeOptions(archived)
  return (
    <PageFrame
      path={path}
      title={title}
      extra={<SchoolScopeSelect onChange={() => setParams({}, { replace: true })} />}
    >
      <CrudTableCard<ClassRow, ClassValues>
        queryKey={['classes', archived, orgId, gradeId]}
        invalidates={['grades']}
        search="班级名称"
        form={archived ? undefined : form}
        onAdd={
          archived
            ? undefined
            : () => void navigate(`/base-school/addClass${zz}${gradeId ? `?gradeId=${gradeId}` : ''}`)
        }
        filters={
          <Select
            allowClear
            placeholder="全部年级"
            aria-label="全部年级"
            style={{ width: 180 }}
            value={gradeId}
            options={grades}
            onChange={(v?: number | null) => setParams(v ? { gradeId: String(v) } : {}, { replace: true })}
          />
        }
        fetch={(q) => classApi.page({ archived, orgId, gradeId, ...q })}
        columns={[
          { title: '年级', dataIndex: 'gradeName' },
          { title: '班级名称', dataIndex: 'name' },
          textColumn('编码', 'code'),
          { title: '排序', dataIndex: 'sort' },
          statusColumn(),
        ]}
        actions={
          archived
            ? [restoreAction, deleteAction(classApi.remove)]
            : [teachersAction, toggleAction(classApi.setStatus), archiveAction, deleteAction(classApi.remove)]
        }
      />
    </PageFrame>
  )
}

import { studentContracts, type StudentRow } from '@zhixiao/shared'
import { Input, Select, Space, Tag } from 'antd'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import {
  CrudTableCard,
  PageFrame,
  statusColumn,
  textColumn,
  toggleAction,
  type CrudForm,
  type RowAction,
} from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { useGradeOptions } from '../base-data/grade-class-api'
import { ExcelToolbar } from '../imports/ExcelToolbar'
import {
  archiveAction,
  detailAction,
  removeAction,
  resetPasswordAction,
  restoreAction,
  sexColumn,
  STATUS_OPTIONS,
  useWithoutSelfLockout,
} from './actions'
import { studentApi } from './api'
import { ChangeClassModal } from './ChangeClassModal'
import { classOptions, useLiveClasses } from './class-options'
import { ParentsDrawer } from './ParentsDrawer'
import { studentBody, StudentFields, studentInitial, type StudentValues } from './StudentFields'

interface Filters {
  keyword?: string
  gradeId?: number
  classId?: number
  status?: number
}

const form: CrudForm<StudentRow, StudentValues> = {
  noun: '学生',
  width: 720,
  initial: studentInitial,
  submit: (v, r) =>
    r
      ? studentApi.update({ id: r.id, ...studentBody(v) })
      : studentApi.add({ ...studentBody(v), classId: v.classId as number, userName: v.userName || null }),
  fields: (r) => <StudentFields adding={!r} />,
}

/**
 * /base-userAccount/students (+ -zz) and studentGuidang (+ -zz): grade → class filters, Excel, the student form,
 * 调班 of the selected rows, and 家长管理 in a drawer (?parentsOf=id, so the drawer survives a reload).
 */
export default function StudentPage({ path, title }: PageProps) {
  const archived = path.includes('studentGuidang')
  const orgId = useScopeOrg()
  const grades = useGradeOptions(archived)
  const classes = useLiveClasses()
  const [params, setParams] = useSearchParams()
  const parentsOf = Number(params.get('parentsOf')) || null
  const [filters, setFilters] = useState<Filters>({})
  const [picked, setPicked] = useState<number[]>([])
  const [changing, setChanging] = useState(false)
  // Another filter shows other rows: a selection made under the old one is not what 调班 would move.
  const set = (f: Filters) => {
    setFilters((old) => ({ ...old, ...f }))
    setPicked([])
  }
  const query = {
    orgId,
    archived,
    keyword: filters.keyword || null,
    gradeId: filters.gradeId ?? null,
    classId: filters.classId ?? null,
    status: filters.status ?? null,
  }

  const parentsAction: RowAction<StudentRow> = {
    key: 'parents',
    label: (r) => `家长(${r.parentCount})`,
    code: 'base_student_parent',
    to: (r) => `${path}?parentsOf=${r.id}`,
  }
  const notOnSelf = useWithoutSelfLockout<StudentRow>()
  const remove = removeAction<StudentRow>(
    studentApi.remove,
    'base_student_delete',
    '将删除该学生及其家长绑定，不可恢复。',
  )
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect />}>
      <CrudTableCard<StudentRow, StudentValues>
        queryKey={['students', query]}
        invalidates={['parents']}
        form={archived ? undefined : form}
        addLabel="新增学生"
        addCode="base_student_add"
        editCode="base_student_edit"
        rowSelection={
          archived
            ? undefined
            : {
                selectedRowKeys: picked,
                preserveSelectedRowKeys: true,
                onChange: (keys) => setPicked(keys.map(Number)),
              }
        }
        title={
          <Space wrap>
            {!archived && (
              <PermButton code="base_student_change_class" disabled={!picked.length} onClick={() => setChanging(true)}>
                调班{picked.length ? `（${picked.length}）` : ''}
              </PermButton>
            )}
            <ExcelToolbar
              kind="student"
              calls={studentContracts}
              noun="学生"
              orgId={orgId}
              canImport={!archived}
              importCode="base_student_add"
              exportBody={query}
              requestKind="student"
            />
          </Space>
        }
        filters={
          <>
            <Input.Search
              placeholder="姓名或学号"
              allowClear
              style={{ width: 200 }}
              onSearch={(v) => set({ keyword: v.trim() })}
            />
            <Select
              allowClear
              placeholder="全部年级"
              aria-label="全部年级"
              style={{ width: 160 }}
              options={grades}
              value={filters.gradeId}
              onChange={(v?: number) => set({ gradeId: v, classId: undefined })}
            />
            <Select
              allowClear
              placeholder="全部班级"
              aria-label="全部班级"
              style={{ width: 160 }}
              options={classOptions(classes, filters.gradeId)}
              value={filters.classId}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(v?: number) => set({ classId: v })}
            />
            <Select
              allowClear
              placeholder="全部状态"
              aria-label="全部状态"
              style={{ width: 120 }}
              options={STATUS_OPTIONS}
              value={filters.status}
              onChange={(v?: number) => set({ status: v })}
            />
          </>
        }
        fetch={(q) => studentApi.page({ ...query, pageIndex: q.pageIndex, pageSize: q.pageSize })}
        columns={[
          // 休学 sits beside the name, so a phone shows it without scrolling the table sideways.
          {
            title: '姓名',
            dataIndex: 'trueName',
            render: (_, r) => (
              <Space size={4} wrap>
                {r.trueName}
                {r.studyStatus === 'suspended' && <SuspendedTag />}
              </Space>
            ),
          },
          textColumn('学号', 'jobNo'),
          sexColumn(),
          { title: '班级', key: 'class', render: (_, r) => (r.className ? `${r.gradeName ?? ''}${r.className}` : '—') },
          textColumn('手机号', 'phone'),
          textColumn('入学日期', 'enteredOn'),
          statusColumn(),
        ]}
        actions={notOnSelf(
          archived
            ? [detailAction('studentDetail'), restoreAction(studentApi.restore, 'base_student_archive'), remove]
            : [
                detailAction('studentDetail'),
                parentsAction,
                toggleAction(studentApi.setStatus, 'base_student_enable'),
                archiveAction(studentApi.archive, 'base_student_archive'),
                resetPasswordAction(studentApi.resetPassword, 'base_student_reset_pwd'),
                remove,
              ],
        )}
      />
      {changing && <ChangeClassModal ids={picked} onDone={() => setPicked([])} onClose={() => setChanging(false)} />}
      {parentsOf && <ParentsDrawer childId={parentsOf} onClose={() => setParams({}, { replace: true })} />}
    </PageFrame>
  )
}

/** 休学: dark orange text on the light orange tag (contrast above AA, antd's orange text is below it). */
function SuspendedTag() {
  return <Tag style={{ color: '#873800', background: '#fff7e6', borderColor: '#ffd591', marginInlineEnd: 0 }}>休学</Tag>
}

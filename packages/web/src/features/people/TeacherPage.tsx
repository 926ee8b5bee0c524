import { teacherContracts, type TeacherRow } from '@zhixiao/shared'
import { Input, Select } from 'antd'
import { useState } from 'react'
import { CrudTableCard, PageFrame, statusColumn, textColumn, toggleAction, type CrudForm } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { useDictOptions } from '../base-data/dict-api'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
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
import { teacherApi, useDepartments } from './api'
import { teacherBody, TeacherFields, teacherInitial, type TeacherValues } from './TeacherFields'

interface Filters {
  keyword?: string
  deptId?: number
  status?: number
}

/** /base-userAccount/teachers (live) and teachersGuidang (archived): filters, Excel, the teacher form and record actions. */
export default function TeacherPage({ path, title }: PageProps) {
  const archived = path.endsWith('teachersGuidang')
  const orgId = useScopeOrg()
  const depts = useDepartments(orgId)
  const positions = useDictOptions('position', orgId)
  const [filters, setFilters] = useState<Filters>({})
  const set = (f: Filters) => setFilters((old) => ({ ...old, ...f }))
  // One object for the list, the query key and 导出, so an export writes exactly what the table shows.
  const query = {
    orgId,
    archived,
    keyword: filters.keyword || null,
    deptId: filters.deptId ?? null,
    status: filters.status ?? null,
  }

  const form: CrudForm<TeacherRow, TeacherValues> = {
    noun: '教师',
    width: 720,
    initial: teacherInitial,
    submit: (v, r) =>
      r
        ? teacherApi.update({ id: r.id, ...teacherBody(v, true) })
        : teacherApi.add({ orgId, userName: v.userName || null, ...teacherBody(v) }),
    fields: (r) => <TeacherFields adding={!r} orgId={orgId} />,
  }
  const notOnSelf = useWithoutSelfLockout<TeacherRow>()
  const remove = removeAction<TeacherRow>(
    teacherApi.remove,
    'base_teacher_delete',
    '将移除该教师在本机构的身份；不在其他机构任职时账号一并删除。',
  )
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect />}>
      <CrudTableCard<TeacherRow, TeacherValues>
        queryKey={['teachers', query]}
        form={archived ? undefined : form}
        addLabel="新增教师"
        addCode="base_teacher_add"
        editCode="base_teacher_edit"
        title={
          <ExcelToolbar
            kind="teacher"
            calls={teacherContracts}
            noun="教师"
            orgId={orgId}
            canImport={!archived}
            importCode="base_teacher_add"
            exportCode="base_teacher_export"
            exportBody={query}
            requestKind="teacher"
          />
        }
        filters={
          <>
            <Input.Search
              placeholder="姓名、手机号或工号"
              allowClear
              style={{ width: 220 }}
              onSearch={(v) => set({ keyword: v.trim() })}
            />
            <Select
              allowClear
              placeholder="全部部门"
              aria-label="全部部门"
              style={{ width: 180 }}
              options={depts}
              value={filters.deptId}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(v?: number) => set({ deptId: v })}
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
        fetch={(q) => teacherApi.page({ ...query, pageIndex: q.pageIndex, pageSize: q.pageSize })}
        columns={[
          { title: '姓名', dataIndex: 'trueName' },
          textColumn('工号', 'jobNo'),
          sexColumn(),
          textColumn('手机号', 'phone'),
          textColumn('部门', 'deptName'),
          {
            title: '职务',
            dataIndex: 'positionId',
            render: (id: number | null) => positions.rows.find((d) => d.id === id)?.name ?? '—',
          },
          textColumn('登录名', 'userName'),
          statusColumn(),
        ]}
        actions={notOnSelf(
          archived
            ? [detailAction('teacherDetail'), restoreAction(teacherApi.restore, 'base_teacher_archive'), remove]
            : [
                detailAction('teacherDetail'),
                toggleAction(teacherApi.setStatus, 'base_teacher_enable'),
                archiveAction(teacherApi.archive, 'base_teacher_archive'),
                resetPasswordAction(teacherApi.resetPassword, 'base_teacher_reset_pwd'),
                remove,
              ],
        )}
      />
    </PageFrame>
  )
}

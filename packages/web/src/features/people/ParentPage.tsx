import { parentContracts, type ParentRow } from '@zhixiao/shared'
import { Input, Select, Tag } from 'antd'
import { useState } from 'react'
import { CrudTableCard, PageFrame, statusColumn, textColumn, type CrudForm } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useScopeOrg } from '../../stores/school-scope'
import { SchoolScopeSelect } from '../organization/SchoolScopeSelect'
import { ExcelToolbar } from '../imports/ExcelToolbar'
import { archiveAction, removeAction, resetPasswordAction, restoreAction, useWithoutSelfLockout } from './actions'
import { parentApi } from './api'
import { classOptions, useLiveClasses } from './class-options'
import { ParentFields, type ParentValues } from './ParentFields'

// Parents have no codes of their own for archive and password: 管理家长 covers them.
const MANAGE = 'base_parent_manage'

/** A new parent is added for a student (parents have no update call: a wrong one is deleted and added again). */
const form: CrudForm<ParentRow, ParentValues> = {
  noun: '家长',
  editable: false,
  initial: () => ({}),
  submit: (v) =>
    parentApi.add({
      trueName: v.trueName,
      phone: v.phone,
      relation: v.relation,
      childId: v.childId as number,
      userName: v.userName || null,
    }),
  fields: () => <ParentFields pickChild />,
}

/** /base-userAccount/parents (live) and parentsGuidang (archived): parents with the children they are bound to. */
export default function ParentPage({ path, title }: PageProps) {
  const archived = path.endsWith('parentsGuidang')
  const orgId = useScopeOrg()
  const classes = useLiveClasses()
  const [filters, setFilters] = useState<{ keyword?: string; classId?: number }>({})
  const query = { orgId, archived, keyword: filters.keyword || null, classId: filters.classId ?? null }
  const notOnSelf = useWithoutSelfLockout<ParentRow>()
  const remove = removeAction<ParentRow>(
    parentApi.remove,
    'base_parent_delete',
    '将删除该家长在本机构的身份及其与学生的绑定。',
  )
  return (
    <PageFrame path={path} title={title} extra={<SchoolScopeSelect />}>
      <CrudTableCard<ParentRow, ParentValues>
        queryKey={['parents', query]}
        invalidates={['students']}
        form={archived ? undefined : form}
        addLabel="新增家长"
        addCode="base_parent_add"
        title={
          <ExcelToolbar
            kind="parent"
            calls={parentContracts}
            noun="家长"
            orgId={orgId}
            canImport={!archived}
            importCode="base_parent_add"
            exportCode="base_parent_export"
            exportBody={query}
            requestKind="parent"
          />
        }
        filters={
          <>
            <Input.Search
              placeholder="家长姓名或手机号"
              allowClear
              style={{ width: 220 }}
              onSearch={(v) => setFilters((f) => ({ ...f, keyword: v.trim() }))}
            />
            <Select
              allowClear
              placeholder="孩子所在班级"
              aria-label="孩子所在班级"
              style={{ width: 180 }}
              options={classOptions(classes)}
              value={filters.classId}
              showSearch={{ optionFilterProp: 'label' }}
              onChange={(v?: number) => setFilters((f) => ({ ...f, classId: v }))}
            />
          </>
        }
        fetch={(q) => parentApi.page({ ...query, pageIndex: q.pageIndex, pageSize: q.pageSize })}
        columns={[
          { title: '家长姓名', dataIndex: 'trueName' },
          textColumn('手机号', 'phone'),
          { title: '登录名', dataIndex: 'userName' },
          {
            title: '孩子',
            dataIndex: 'children',
            render: (children: ParentRow['children']) =>
              children.length
                ? children.map((c) => (
                    <Tag key={c.id}>{`${c.trueName}（${c.relation}${c.className ? `，${c.className}` : ''}）`}</Tag>
                  ))
                : '—',
          },
          statusColumn(),
        ]}
        actions={notOnSelf(
          archived
            ? [restoreAction(parentApi.restore, MANAGE), remove]
            : [archiveAction(parentApi.archive, MANAGE), resetPasswordAction(parentApi.resetPassword, MANAGE), remove],
        )}
      />
    </PageFrame>
  )
}

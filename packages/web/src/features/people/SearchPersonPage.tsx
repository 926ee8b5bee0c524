import { labelOf, USER_TYPE_LABEL, UserType, type SearchPersonRow } from '@zhixiao/shared'
import { Select, Tag } from 'antd'
import { useState } from 'react'
import { CrudTableCard, PageFrame, textColumn, type RowAction } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useSession } from '../../stores/session'
import { searchPersonApi } from './api'

const TYPE_OPTIONS = Object.entries(USER_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label }))

/** /base-searchPerson/index: anyone under the caller's jurisdiction, across its organisations, by name, phone or number. */
export default function SearchPersonPage({ path, title }: PageProps) {
  const [userType, setUserType] = useState<number | undefined>()
  // The detail pages belong to 人员管理: without that page the link would only lead to 404.
  const canOpen = useSession((s) => s.userInfo?.permissions.includes('base_user_account') ?? false)
  const detail: RowAction<SearchPersonRow> = {
    key: 'detail',
    label: '详情',
    hidden: (r) => !canOpen || r.userType === UserType.PARENT,
    to: (r) => `/base-userAccount/${r.userType === UserType.STUDENT ? 'studentDetail' : 'teacherDetail'}?id=${r.id}`,
  }
  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<SearchPersonRow>
        queryKey={['searchPerson', userType]}
        search="姓名、手机号、工号或学号"
        filters={
          <Select
            allowClear
            placeholder="全部身份"
            aria-label="全部身份"
            style={{ width: 140 }}
            options={TYPE_OPTIONS}
            value={userType}
            onChange={(v?: number) => setUserType(v)}
          />
        }
        fetch={(q) =>
          searchPersonApi.page({
            userType: userType ?? null,
            keyword: q.keyword ?? null,
            pageIndex: q.pageIndex,
            pageSize: q.pageSize,
          })
        }
        columns={[
          { title: '姓名', dataIndex: 'trueName' },
          { title: '身份', dataIndex: 'userType', render: (v: number) => labelOf(USER_TYPE_LABEL, v) },
          { title: '登录名', dataIndex: 'userName' },
          textColumn('手机号', 'phone'),
          { title: '机构', dataIndex: 'orgName' },
          textColumn('工号/学号', 'jobNo'),
          textColumn('班级', 'className'),
          {
            title: '状态',
            key: 'state',
            width: 90,
            render: (_, r) =>
              r.archived ? <Tag>已归档</Tag> : r.status === 0 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>,
          },
        ]}
        actions={[detail]}
      />
    </PageFrame>
  )
}

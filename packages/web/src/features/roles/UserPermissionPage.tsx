import { USER_TYPE_LABEL, type RoleMemberRow } from '@zhixiao/shared'
import { Select } from 'antd'
import { useState } from 'react'
import { CrudTableCard, PageFrame, type RowAction } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { userPermissionApi } from './api'
import { memberColumns } from './MembersPanel'

const TYPE_OPTIONS = Object.entries(USER_TYPE_LABEL).map(([value, label]) => ({ value: Number(value), label }))

// The name travels in the link only to title the detail page (the detail call answers roles and codes).
const detail: RowAction<RoleMemberRow> = {
  key: 'detail',
  label: '查看权限',
  to: (r) =>
    `/roles-userPermission/detail?${new URLSearchParams({ userInfoId: String(r.userInfoId), name: r.trueName }).toString()}`,
}

/**
 * /roles-userPermission (用户权限查询, permission_f_p): people of the caller's org and below through userSearch/page,
 * the search call of this page's own code (searchPerson/page would need 人员查询 as well).
 */
export default function UserPermissionPage({ path, title }: PageProps) {
  const [userType, setUserType] = useState<number | undefined>()
  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<RoleMemberRow>
        queryKey={['userPermission', userType ?? null]}
        rowKey="userInfoId"
        search="姓名、登录名或手机号"
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
          userPermissionApi.search({
            userType: userType ?? null,
            keyword: q.keyword ?? null,
            pageIndex: q.pageIndex,
            pageSize: q.pageSize,
          })
        }
        columns={memberColumns}
        actions={[detail]}
      />
    </PageFrame>
  )
}

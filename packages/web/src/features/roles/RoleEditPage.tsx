import { useQuery } from '@tanstack/react-query'
import { Button, Card, Empty, Select, Space, Spin, Tabs, Tag } from 'antd'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useSession } from '../../stores/session'
import { roleApi, RoleKeys, subOrgApi, useAllRoles } from './api'
import { MembersPanel } from './MembersPanel'
import { PermissionPanel } from './PermissionPanel'
import { RoleName, roleUserType, USER_TYPE_OPTIONS, userTypeText, type RoleUserType } from './role-bits'
import { SubOrgPanel } from './SubOrgPanel'

const BACK = '/roles-roleManage'

/**
 * /roles-roleManage/edit?roleId=: one role's grant (权限设置, the permission tree screen of 001 §2.6), its people
 * (关联人员) and, for a role of an org with sub-orgs, the sub-orgs and their people it is delegated to (下级机构).
 * The user-type selector (全部 / 教职工 1002 / 学生 1003 / 家长 1004; until touched, the role's own type) picks the
 * permission list of 权限设置: 学生 shows the student apps (appType 12) under 机构内应用, any other choice the in-org
 * apps (3); 公共门户应用 (7) is shown for all (001 §6, inOrgAppTypeFor). Picking another role in the picker beside it
 * opens that role's grant here.
 */
export default function RoleEditPage({ path, title }: PageProps) {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const roleId = Number(params.get('roleId')) || null
  const role = useQuery({
    queryKey: [RoleKeys.roles, 'detail', roleId],
    queryFn: () => roleApi.get(roleId as number),
    enabled: roleId !== null,
  })
  const roles = useAllRoles()
  const r = role.data
  const [picked, setPicked] = useState<RoleUserType | 0 | null>(null)
  const userType: RoleUserType | 0 = picked ?? roleUserType(r?.userType ?? null) ?? 0
  const [tab, setTab] = useState('grant')
  // 下级机构: only a role of the caller's own org can be delegated, and only when that org has sub-orgs.
  const myOrg = useSession((s) => s.userInfo?.orgId ?? null)
  const delegable = !!r && !r.builtin && r.orgId === myOrg
  const subOrgs = useQuery({
    queryKey: [RoleKeys.subOrgs, r?.id, 'any'],
    enabled: delegable,
    queryFn: () => subOrgApi.orgs({ roleId: r!.id, associated: null, pageIndex: 1, pageSize: 1 }),
  })
  const hasSubOrgs = delegable && (subOrgs.data?.total ?? 0) > 0

  return (
    <PageFrame path={path} title={title} extra={<Button onClick={() => void navigate(BACK)}>返回</Button>}>
      <Card size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <span>用户类型</span>
          <Select<RoleUserType | 0>
            aria-label="用户类型"
            style={{ width: 120 }}
            value={userType}
            onChange={setPicked}
            options={[{ value: 0, label: '全部' }, ...USER_TYPE_OPTIONS]}
          />
          <span>角色</span>
          <Select<number>
            aria-label="角色"
            style={{ width: 220 }}
            value={roleId ?? undefined}
            placeholder="请选择角色"
            loading={roles.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(roles.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(id) => setParams({ roleId: String(id) })}
          />
          {r && (
            <>
              <RoleName role={r} />
              <Tag>{userTypeText(r.userType)}</Tag>
            </>
          )}
        </Space>
        {roleId === null ? (
          <Empty description="请选择角色" />
        ) : role.isLoading ? (
          <Spin />
        ) : !r ? (
          <Empty description="未找到该角色" />
        ) : (
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              // Keyed by role: another role starts from its own grant, system and search.
              {
                key: 'grant',
                label: '权限设置',
                children: <PermissionPanel key={r.id} role={r} userType={userType} />,
              },
              { key: 'members', label: `关联人员（${r.memberCount}）`, children: <MembersPanel key={r.id} role={r} /> },
              ...(hasSubOrgs
                ? [{ key: 'subOrgs', label: '下级机构', children: <SubOrgPanel key={r.id} role={r} /> }]
                : []),
            ]}
          />
        )}
      </Card>
    </PageFrame>
  )
}

import { useQuery } from '@tanstack/react-query'
import { Button, Card, Empty, Select, Space, Spin, Tabs, Tag } from 'antd'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../router/pages'
import { useSession } from '../../stores/session'
import { roleApi, RoleKeys, subOrgApi, useAllRoles } from './api'
import { MembersPanel } from './MembersPanel'
import { PermissionPanel } from './PermissionPanel'
import { RoleName, USER_TYPE_OPTIONS, userTypeText, type RoleUserType } from './role-bits'
import { SubOrgPanel } from './SubOrgPanel'

const BACK = '/roles-roleManage'

/**
 * /roles-roleManage/edit?roleId=: one role's grant (权限设置, the permission tree screen of 001 §2.6), its people
 * (关联人员) and, for a role of an org with sub-orgs, the sub-orgs and their people it is delegated to (下级机构).
 * The user-type selector narrows the role picker beside it to the roles meant for that type (and those
 * meant for everybody); picking another role opens its grant here.
 */
export default function RoleEditPage({ path, title }: PageProps) {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const roleId = Number(params.get('roleId')) || null
  const role = useQuery({ queryKey: [RoleKeys.roles, 'detail', roleId], queryFn: () => roleApi.get(roleId as number), enabled: roleId !== null })
  const roles = useAllRoles()
  const [userType, setUserType] = useState<RoleUserType | 0>(0)
  const choices = (roles.data ?? []).filter((r) => !userType || r.userType === null || r.userType === userType)
  const [tab, setTab] = useState('grant')
  const r = role.data
  // 下级机构: only a role of the caller's own org can be delegated, and only when that org has sub-orgs.
  const myOrg = useSession((s) => s.userInfo?.orgId ?? null)
  const delegable = !!r && !r.builtin && r.orgId === myOrg
  const subOrgs = useQuery({
    queryKey: [RoleKeys.subOrgs, r?.id, 'any'], enabled: delegable,
    queryFn: () => subOrgApi.orgs({ roleId: r!.id, associated: null, pageIndex: 1, pageSize: 1 }),
  })
  const hasSubOrgs = delegable && (subOrgs.data?.total ?? 0) > 0

  return (
    <PageFrame path={path} title={title} extra={<Button onClick={() => void navigate(BACK)}>返回</Button>}>
      <Card size="small">
        <Space wrap style={{ marginBottom: 12 }}>
          <span>用户类型</span>
          <Select<RoleUserType | 0> aria-label="用户类型" style={{ width: 120 }} value={userType} onChange={setUserType}
            options={[{ value: 0, label: '全部' }, ...USER_TYPE_OPTIONS]} />
          <span>角色</span>
          <Select<number> aria-label="角色" style={{ width: 220 }} value={roleId ?? undefined} placeholder="请选择角色" loading={roles.isLoading}
            showSearch={{ optionFilterProp: 'label' }} options={choices.map((c) => ({ value: c.id, label: c.name }))}
            onChange={(id) => setParams({ roleId: String(id) })} />
          {r && <><RoleName role={r} /><Tag>{userTypeText(r.userType)}</Tag></>}
        </Space>
        {roleId === null ? <Empty description="请选择角色" /> : role.isLoading ? <Spin /> : !r ? <Empty description="未找到该角色" /> : (
          <Tabs activeKey={tab} onChange={setTab} items={[
            // Keyed by role: another role starts from its own grant, system and search.
            { key: 'grant', label: '权限设置', children: <PermissionPanel key={r.id} role={r} /> },
            { key: 'members', label: `关联人员（${r.memberCount}）`, children: <MembersPanel key={r.id} role={r} /> },
            ...(hasSubOrgs ? [{ key: 'subOrgs', label: '下级机构', children: <SubOrgPanel key={r.id} role={r} /> }] : []),
          ]} />
        )}
      </Card>
    </PageFrame>
  )
}

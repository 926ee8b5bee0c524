import { PERMISSION_CATALOGUE, type PermissionNode, type RoleMemberRow, type RoleRow } from '@zhixiao/shared'
import { Empty, Select, Space, Tabs, TreeSelect } from 'antd'
import { useState } from 'react'
import { CrudTableCard, PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useSession } from '../../stores/session'
import { permissionUserApi, roleApi, RoleKeys, useAllRoles } from './api'
import { memberColumns } from './MembersPanel'
import { RoleName, userTypeText } from './role-bits'

interface CodeOption {
  value: string
  title: string
  children: CodeOption[]
}
const toOption = (n: PermissionNode): CodeOption => ({
  value: n.code,
  title: n.name,
  children: (n.children ?? []).map(toOption),
})
const CODE_OPTIONS = PERMISSION_CATALOGUE.map(toOption)

/** Who holds any of the chosen codes (through an enabled role) and which roles grant them: the page's own calls. */
function ByPermission() {
  const [codes, setCodes] = useState<string[]>([])
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>权限</span>
        <TreeSelect<string[]>
          aria-label="权限"
          multiple
          allowClear
          style={{ width: 420 }}
          placeholder="请选择权限（可多选）"
          treeData={CODE_OPTIONS}
          value={codes}
          onChange={(v) => setCodes(v)}
          showSearch
          treeNodeFilterProp="title"
          maxTagCount={4}
        />
      </Space>
      {!codes.length ? (
        <Empty description="请选择权限" />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }} size={16}>
          <CrudTableCard<RoleMemberRow>
            title="拥有权限的人员"
            readOnly
            queryKey={['permissionUser', 'people', codes]}
            rowKey="userInfoId"
            search="姓名或登录名"
            fetch={(q) =>
              permissionUserApi.people({
                codes,
                keyword: q.keyword ?? null,
                pageIndex: q.pageIndex,
                pageSize: q.pageSize,
              })
            }
            columns={memberColumns}
          />
          <CrudTableCard<RoleRow>
            title="授予该权限的角色"
            readOnly
            queryKey={['permissionUser', 'roles', codes]}
            search="角色名称"
            fetch={(q) =>
              permissionUserApi.roles({
                codes,
                keyword: q.keyword ?? null,
                pageIndex: q.pageIndex,
                pageSize: q.pageSize,
              })
            }
            columns={[
              { title: '角色名称', dataIndex: 'name', render: (_: string, r) => <RoleName role={r} /> },
              { title: '用户类型', dataIndex: 'userType', render: userTypeText },
              { title: '人员数', dataIndex: 'memberCount' },
            ]}
          />
        </Space>
      )}
    </>
  )
}

/** The members of one role (queryRoleNoPage + findUserAssociated): those calls need 角色授权 (permission_role). */
function ByRole() {
  const roles = useAllRoles()
  const [roleId, setRoleId] = useState<number | undefined>()
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>角色</span>
        <Select<number>
          aria-label="角色"
          style={{ width: 240 }}
          placeholder="请选择角色"
          loading={roles.isLoading}
          value={roleId}
          onChange={setRoleId}
          showSearch={{ optionFilterProp: 'label' }}
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
        />
      </Space>
      {roleId === undefined ? (
        <Empty description="请选择角色" />
      ) : (
        <CrudTableCard<RoleMemberRow>
          title="角色的人员"
          readOnly
          queryKey={[RoleKeys.members, roleId]}
          rowKey="userInfoId"
          search="姓名或登录名"
          fetch={(q) =>
            roleApi.members({ roleId, keyword: q.keyword ?? null, pageIndex: q.pageIndex, pageSize: q.pageSize })
          }
          columns={memberColumns}
        />
      )}
    </>
  )
}

/**
 * /roles-permissionUser (权限用户查询, permission_f_user). 按权限 uses the calls this page's code opens
 * (getAccountInfoByPermissions, getRoleInfoByPermissions); 按角色 lists a role's members with the role-management
 * calls and shows only to those who also hold 角色授权, since without it the server refuses them.
 */
export default function PermissionUserPage({ path, title }: PageProps) {
  const canManage = useSession((s) => s.userInfo?.permissions.includes('permission_role') ?? false)
  return (
    <PageFrame path={path} title={title}>
      <Tabs
        items={[
          { key: 'code', label: '按权限查询', children: <ByPermission /> },
          ...(canManage ? [{ key: 'role', label: '按角色查询', children: <ByRole /> }] : []),
        ]}
      />
    </PageFrame>
  )
}

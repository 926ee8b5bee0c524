import { ADMIN_ROLE, type RoleRow } from '@zhixiao/shared'
import { Form, Input, Select } from 'antd'
import { useState } from 'react'
import {
  CrudTableCard,
  deleteAction,
  PageFrame,
  statusColumn,
  type CrudForm,
  type RowAction,
} from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { roleApi, RoleKeys } from './api'
import { RoleImportToolbar } from './RoleImportToolbar'
import { RoleName, roleUserType, USER_TYPE_OPTIONS, userTypeText, type RoleUserType } from './role-bits'

interface Values {
  name: string
  userType?: RoleUserType | null
}

const form: CrudForm<RoleRow, Values> = {
  noun: '角色',
  // Built-in roles are the tenant's fixed ones; the server refuses to change them (内置角色不能修改或删除).
  canEdit: (r) => !r.builtin,
  initial: (r) => (r ? { name: r.name, userType: roleUserType(r.userType) } : { userType: null }),
  // addRole/batch takes a list; this dialog adds one role at a time.
  submit: (v, r) =>
    r
      ? roleApi.update({ id: r.id, name: v.name, userType: v.userType ?? null, status: r.status })
      : roleApi.add({ roles: [{ name: v.name, userType: v.userType ?? null }] }),
  fields: () => (
    <>
      <Form.Item
        name="name"
        label="角色名称"
        rules={[
          { required: true, whitespace: true, message: '请输入角色名称' },
          { max: 30, message: '角色名称不能超过30个字符' },
        ]}
      >
        <Input placeholder="请输入角色名称" />
      </Form.Item>
      <Form.Item name="userType" label="用户类型" extra="不选则适用于全部用户类型">
        <Select allowClear placeholder="全部" options={USER_TYPE_OPTIONS} />
      </Form.Item>
    </>
  ),
}

const builtin = (r: RoleRow) => r.builtin

const actions: RowAction<RoleRow>[] = [
  // Built-in roles open too: their grant is shown read-only and their members can still be managed.
  { key: 'grant', label: (r) => (r.builtin ? '查看授权' : '授权'), to: (r) => `/roles-roleManage/edit?roleId=${r.id}` },
  {
    key: 'status',
    label: (r) => (r.status === 0 ? '停用' : '启用'),
    hidden: builtin,
    run: (r) =>
      roleApi.update({ id: r.id, name: r.name, userType: roleUserType(r.userType), status: r.status === 0 ? 1 : 0 }),
  },
  {
    ...deleteAction<RoleRow>((id) => roleApi.remove([id]), {
      content: '删除后该角色的人员将失去它授予的权限，不可恢复。',
    }),
    hidden: builtin,
  },
]

/** /roles-roleManage: the roles of the caller's org plus the tenant's built-in ones (000 §2.2, 001 §7.4). */
export default function RoleManagePage({ path, title }: PageProps) {
  const [userType, setUserType] = useState<RoleUserType | undefined>()
  return (
    <PageFrame path={path} title={title}>
      <CrudTableCard<RoleRow, Values>
        title={<RoleImportToolbar />}
        queryKey={[RoleKeys.roles, 'page', userType ?? null]}
        invalidates={[RoleKeys.members]}
        search="角色名称"
        form={form}
        addLabel="新增角色"
        filters={
          <Select
            allowClear
            placeholder="全部用户类型"
            aria-label="全部用户类型"
            style={{ width: 150 }}
            options={USER_TYPE_OPTIONS}
            value={userType}
            onChange={(v?: RoleUserType) => setUserType(v)}
          />
        }
        fetch={(q) =>
          roleApi.page({
            userType: userType ?? null,
            keyword: q.keyword ?? null,
            pageIndex: q.pageIndex,
            pageSize: q.pageSize,
          })
        }
        columns={[
          { title: '角色名称', dataIndex: 'name', render: (_: string, r) => <RoleName role={{ ...r, status: 0 }} /> },
          { title: '用户类型', dataIndex: 'userType', width: 110, render: userTypeText },
          { title: '人员数', dataIndex: 'memberCount', width: 90 },
          // The built-in admin role holds every code without rows of its own.
          {
            title: '已授权',
            dataIndex: 'permissionCount',
            width: 90,
            render: (v: number, r) => (r.code === ADMIN_ROLE ? '全部' : v),
          },
          statusColumn(),
        ]}
        actions={actions}
      />
    </PageFrame>
  )
}

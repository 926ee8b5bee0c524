import { labelOf, USER_TYPE_LABEL, type RoleMemberRow, type RoleRow } from '@zhixiao/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Input, Modal, Table } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { notify } from '../../api/feedback'
import { CrudTableCard, useWrite, type RowAction } from '../../components/crud'
import { roleApi, RoleKeys } from './api'

export const memberColumns: ColumnsType<RoleMemberRow> = [
  { title: '姓名', dataIndex: 'trueName' },
  { title: '登录名', dataIndex: 'userName' },
  { title: '用户类型', dataIndex: 'userType', width: 110, render: (v: number) => labelOf(USER_TYPE_LABEL, v) },
  { title: '所属机构', dataIndex: 'orgName' },
]

/** 关联人员 of a role: its members in the caller's org and below, 移除, and 添加人员 from those not yet in it. */
export function MembersPanel({ role }: { role: RoleRow }) {
  const [adding, setAdding] = useState(false)
  const remove: RowAction<RoleMemberRow> = {
    key: 'remove',
    label: '移除',
    danger: true,
    run: (r) => roleApi.removeMembers({ roleId: role.id, userInfoIds: [r.userInfoId] }),
    confirm: {
      title: (r) => `将“${r.trueName}”移出角色“${role.name}”？`,
      content: '移除后其由该角色获得的权限立即失效。',
      okText: '移除',
    },
  }
  return (
    <div data-testid="members-panel">
      <CrudTableCard<RoleMemberRow>
        queryKey={[RoleKeys.members, role.id]}
        invalidates={[RoleKeys.roles]}
        rowKey="userInfoId"
        search="姓名或登录名"
        fetch={(q) =>
          roleApi.members({ roleId: role.id, keyword: q.keyword ?? null, pageIndex: q.pageIndex, pageSize: q.pageSize })
        }
        columns={memberColumns}
        actions={[remove]}
        addLabel="添加人员"
        onAdd={() => setAdding(true)}
      />
      {adding && <AddMembersModal role={role} onClose={() => setAdding(false)} />}
    </div>
  )
}

/** People of the caller's org and below not yet in the role, chosen with checkboxes across pages and searches. */
function AddMembersModal({ role, onClose }: { role: RoleRow; onClose: () => void }) {
  const [keyword, setKeyword] = useState('')
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 10 })
  const [picked, setPicked] = useState<number[]>([])
  const [busy, setBusy] = useState(false)
  const list = useQuery({
    queryKey: [RoleKeys.members, 'not', role.id, keyword, paging.pageIndex, paging.pageSize],
    queryFn: () => roleApi.nonMembers({ roleId: role.id, keyword: keyword || null, ...paging }),
    placeholderData: keepPreviousData,
  })
  const write = useWrite([RoleKeys.members, RoleKeys.roles])
  const ok = async () => {
    if (!picked.length) {
      notify.warning('请选择人员')
      return
    }
    setBusy(true)
    const env = await write(() => roleApi.addMembers({ roleId: role.id, userInfoIds: picked })).finally(() =>
      setBusy(false),
    )
    if (env) onClose()
  }
  return (
    <Modal
      open
      title={`添加人员到“${role.name}”`}
      width={760}
      okText={picked.length ? `确定（${picked.length}）` : '确定'}
      cancelText="取消"
      onOk={() => void ok()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
    >
      <Input.Search
        placeholder="姓名或登录名"
        allowClear
        style={{ width: 240, marginBottom: 12 }}
        onSearch={(v) => {
          setKeyword(v.trim())
          setPaging((p) => ({ ...p, pageIndex: 1 }))
        }}
      />
      <Table<RoleMemberRow>
        rowKey="userInfoId"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={memberColumns}
        rowSelection={{
          selectedRowKeys: picked,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setPicked(keys.map(Number)),
        }}
        pagination={{
          current: paging.pageIndex,
          pageSize: paging.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (pageIndex, pageSize) => setPaging({ pageIndex, pageSize }),
        }}
      />
    </Modal>
  )
}

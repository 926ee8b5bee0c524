import type { RoleMemberRow, RoleRow, SubOrgRow } from '@zhixiao/shared'
import { Button, Select, Typography } from 'antd'
import type { ColumnsType } from 'antd/es/table'
import { useState } from 'react'
import { CrudTableCard, useWrite, type RowAction } from '../../components/crud'
import { subOrgApi, RoleKeys } from './api'
import { memberColumns } from './MembersPanel'
import { PickModal } from './PickModal'
import { USER_TYPE_OPTIONS, type RoleUserType } from './role-bits'

const orgColumns: ColumnsType<SubOrgRow> = [
  { title: '机构名称', dataIndex: 'orgName' },
  { title: '上级机构', dataIndex: 'parentName', render: (v: string | null) => v ?? '—' },
]

/**
 * 下级机构 of a role (docs/roles.md): the sub-orgs it is delegated to, with 添加下级机构 / 取消关联; choosing one lists
 * the people of that org holding the role there, with 添加人员 / 移除. Dropping an org drops its people too.
 */
export function SubOrgPanel({ role }: { role: RoleRow }) {
  const [chosen, setChosen] = useState<SubOrgRow | null>(null)
  const [adding, setAdding] = useState(false)
  const write = useWrite([RoleKeys.subOrgs, RoleKeys.subOrgUsers])
  const remove: RowAction<SubOrgRow> = {
    key: 'remove',
    label: '取消关联',
    danger: true,
    run: async (r) => {
      const env = await subOrgApi.removeOrgs({ roleId: role.id, orgIds: [r.orgId] })
      if (chosen?.orgId === r.orgId) setChosen(null)
      return env
    },
    confirm: {
      title: (r) => `取消“${r.orgName}”与角色“${role.name}”的关联？`,
      content: '该机构中被授予此角色的人员将一并移除，其由此获得的权限立即失效。',
      okText: '取消关联',
    },
  }
  return (
    <div data-testid="sub-org-panel">
      <CrudTableCard<SubOrgRow>
        title="已关联的下级机构"
        queryKey={[RoleKeys.subOrgs, role.id]}
        invalidates={[RoleKeys.subOrgUsers]}
        rowKey="orgId"
        search="机构名称"
        fetch={(q) =>
          subOrgApi.orgs({
            roleId: role.id,
            associated: true,
            keyword: q.keyword ?? null,
            pageIndex: q.pageIndex,
            pageSize: q.pageSize,
          })
        }
        columns={[
          {
            title: '机构名称',
            dataIndex: 'orgName',
            render: (v: string, r) => (
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                aria-pressed={chosen?.orgId === r.orgId}
                onClick={() => setChosen(r)}
              >
                {chosen?.orgId === r.orgId ? <strong>{v}</strong> : v}
              </Button>
            ),
          },
          orgColumns[1]!,
          { title: '已授予人数', dataIndex: 'memberCount', width: 110 },
        ]}
        actions={[remove]}
        addLabel="添加下级机构"
        onAdd={() => setAdding(true)}
      />
      {adding && (
        <PickModal<SubOrgRow>
          title={`将“${role.name}”下放给下级机构`}
          queryKey={[RoleKeys.subOrgs, role.id, 'open']}
          rowKey="orgId"
          search="机构名称"
          nothing="请选择机构"
          fetch={(q) => subOrgApi.orgs({ roleId: role.id, associated: false, ...q })}
          columns={orgColumns}
          save={async (orgIds) => (await write(() => subOrgApi.addOrgs({ roleId: role.id, orgIds }))) !== null}
          onClose={() => setAdding(false)}
        />
      )}
      <div style={{ marginTop: 16 }}>
        {chosen ? (
          <SubOrgPeople key={chosen.orgId} role={role} org={chosen} />
        ) : (
          <Typography.Text type="secondary">点击机构名称，管理该机构中被授予此角色的人员。</Typography.Text>
        )}
      </div>
    </div>
  )
}

/** People of one associated sub-org holding the delegated role. */
function SubOrgPeople({ role, org }: { role: RoleRow; org: SubOrgRow }) {
  const [adding, setAdding] = useState(false)
  const [userType, setUserType] = useState<RoleUserType | undefined>()
  const write = useWrite([RoleKeys.subOrgUsers, RoleKeys.subOrgs])
  const base = { roleId: role.id, orgId: org.orgId }
  const remove: RowAction<RoleMemberRow> = {
    key: 'remove',
    label: '移除',
    danger: true,
    run: (r) => subOrgApi.removePeople({ ...base, userInfoIds: [r.userInfoId] }),
    confirm: {
      title: (r) => `收回“${r.trueName}”在${org.orgName}的角色“${role.name}”？`,
      content: '收回后其由该角色获得的权限立即失效。',
      okText: '移除',
    },
  }
  return (
    <div data-testid="sub-org-people">
      <CrudTableCard<RoleMemberRow>
        title={`${org.orgName} · 被授予“${role.name}”的人员`}
        queryKey={[RoleKeys.subOrgUsers, role.id, org.orgId, userType ?? null]}
        invalidates={[RoleKeys.subOrgs]}
        rowKey="userInfoId"
        search="姓名或登录名"
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
          subOrgApi.people({
            ...base,
            userType: userType ?? null,
            keyword: q.keyword ?? null,
            pageIndex: q.pageIndex,
            pageSize: q.pageSize,
          })
        }
        columns={memberColumns}
        actions={[remove]}
        addLabel="添加人员"
        onAdd={() => setAdding(true)}
      />
      {adding && (
        <PickModal<RoleMemberRow>
          title={`授予${org.orgName}人员“${role.name}”`}
          queryKey={[RoleKeys.subOrgUsers, role.id, org.orgId, 'open']}
          rowKey="userInfoId"
          search="姓名或登录名"
          nothing="请选择人员"
          columns={memberColumns}
          fetch={(q) => subOrgApi.nonPeople({ ...base, userType: null, ...q })}
          save={async (userInfoIds) => (await write(() => subOrgApi.addPeople({ ...base, userInfoIds }))) !== null}
          onClose={() => setAdding(false)}
        />
      )}
    </div>
  )
}

import { MOBILE_BUTTONS, type QuickGroup } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Card, Empty, Input, Popconfirm, Select, Space, Spin, Tag } from 'antd'
import { useEffect, useState } from 'react'
import { PageFrame, useWrite } from '../../../components/crud'
import { PermButton } from '../../../components/PermButton'
import type { PageProps } from '../../../navigation/page-props'
import { appAdminApi, AppKeys } from '../../apps/api'
import { mobileApi, MobileKeys, MOBILE_WRITE_KEYS } from '../api'

type Codes = { add: string; edit: string; delete: string }

function QuickGroupCard({
  group,
  codes,
  apps,
}: {
  group: QuickGroup
  codes: Codes
  apps: { value: number; label: string }[]
}) {
  const write = useWrite(MOBILE_WRITE_KEYS)
  const [adding, setAdding] = useState<number[]>([])
  const linked = new Set(group.appList.map((a) => a.appId))
  return (
    <Card
      size="small"
      title={group.name}
      data-quick-group={group.name}
      style={{ marginBottom: 12 }}
      extra={
        <Popconfirm
          title={`删除分组“${group.name}”？`}
          onConfirm={() => write(() => mobileApi.quickDeleteGroup(group.id))}
        >
          <PermButton code={codes.delete} type="link" size="small" danger>
            删除分组
          </PermButton>
        </Popconfirm>
      }
    >
      <Space wrap style={{ marginBottom: 8 }}>
        {group.appList.length ? (
          group.appList.map((a) => (
            <Tag
              key={a.appId}
              closable
              onClose={(e) => {
                e.preventDefault()
                void write(() => mobileApi.quickDeleteApp(group.id, a.appId))
              }}
            >
              {a.name}
            </Tag>
          ))
        ) : (
          <span style={{ color: '#666' }}>暂无应用</span>
        )}
      </Space>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          mode="multiple"
          allowClear
          placeholder="选择要加入的应用"
          style={{ flex: 1, minWidth: 0 }}
          value={adding}
          onChange={setAdding}
          optionFilterProp="label"
          options={apps.filter((o) => !linked.has(o.value))}
          aria-label="选择应用"
        />
        <PermButton
          code={codes.add}
          disabled={!adding.length}
          onClick={async () => {
            if (await write(() => mobileApi.quickAddApps(group.id, adding))) setAdding([])
          }}
        >
          加入
        </PermButton>
      </Space.Compact>
    </Card>
  )
}

/**
 * Quick entries of the mobile home per user type or role (/base/mobileHomeQuick): /menhu-teacher/application-config
 * for staff, /menhu-parent/add-config for parents and students. Without entries of its own an org uses its parent's.
 */
export default function QuickConfigPage({ path, title }: PageProps) {
  const side = path.startsWith('/menhu-teacher') ? 'teacher' : 'family'
  const codes = MOBILE_BUTTONS[side]
  const roles = useQuery({ queryKey: [MobileKeys.quick, 'roles'], queryFn: mobileApi.quickRoles })
  const mine = (roles.data ?? []).filter((r) => r.side === side)
  const [roleKey, setRoleKey] = useState<string>()
  useEffect(() => {
    if (!roleKey && mine[0]) setRoleKey(mine[0].roleKey)
  }, [roleKey, mine])
  const groups = useQuery({
    queryKey: [MobileKeys.quick, roleKey],
    queryFn: () => mobileApi.quickList(roleKey!),
    enabled: !!roleKey,
  })
  const apps = useQuery({ queryKey: [AppKeys.apps, 'all'], queryFn: () => appAdminApi.page({ pageSize: 200 }) })
  const options = (apps.data?.list ?? []).map((a) => ({ value: a.appId, label: a.name }))
  const write = useWrite(MOBILE_WRITE_KEYS)
  const [name, setName] = useState('')
  const add = async () => {
    if (roleKey && name.trim() && (await write(() => mobileApi.quickAddGroup(roleKey, name.trim())))) setName('')
  }
  return (
    <PageFrame path={path} title={title}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          style={{ width: 180 }}
          value={roleKey}
          onChange={setRoleKey}
          aria-label="身份或角色"
          options={mine.map((r) => ({ value: r.roleKey, label: r.roleName }))}
        />
        <Input
          placeholder="新分组名称"
          value={name}
          maxLength={20}
          onChange={(e) => setName(e.target.value)}
          style={{ width: 180 }}
          aria-label="新分组名称"
        />
        <PermButton code={codes.add} type="primary" onClick={() => void add()} data-testid="quick-group-add">
          新增分组
        </PermButton>
        <Popconfirm
          title="删除本机构该身份的全部快捷入口，改用上级机构的配置？"
          onConfirm={() => roleKey && write(() => mobileApi.quickReset(roleKey))}
        >
          <PermButton code={codes.edit}>恢复默认</PermButton>
        </Popconfirm>
      </Space>
      {groups.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : groups.data?.length ? (
        groups.data.map((g) => <QuickGroupCard key={g.id} group={g} codes={codes} apps={options} />)
      ) : (
        <Empty description="本机构尚未为该身份配置快捷入口（沿用上级机构的配置）" />
      )}
    </PageFrame>
  )
}

import { AppMsg, AppType, Msg, type AppGroup } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { App, Button, Card, Empty, Input, Popconfirm, Select, Space, Spin, Tag } from 'antd'
import { useState } from 'react'
import { useWrite } from '../../components/crud'
import { notify } from '../../api/feedback'
import { useSession } from '../../stores/session'
import { AppKeys, appAdminApi, useGroupAppType } from './api'

const SCOPES = [
  { value: AppType.SCHOOL_PC, label: '学校 PC 端' },
  { value: AppType.BUREAU_PC, label: '局端 PC 端' },
  { value: AppType.PUBLIC_PC, label: '公共门户' },
]

/** One group: rename, delete, its apps (remove one, add some, back to its defaults). */
function GroupCard({
  group,
  allApps,
  write,
  allowed,
}: {
  group: AppGroup
  allApps: { value: number; label: string }[]
  write: ReturnType<typeof useWrite>
  allowed: boolean
}) {
  const { modal } = App.useApp()
  const [adding, setAdding] = useState<number[]>([])
  const linked = new Set(group.appList.map((a) => a.appId))
  const rename = () => {
    if (!allowed) {
      notify.error(Msg.NO_PERMISSION)
      return
    }
    let name = group.name
    modal.confirm({
      title: '重命名分组',
      icon: null,
      okText: '保存',
      cancelText: '取消',
      content: (
        <Input
          defaultValue={group.name}
          maxLength={20}
          onChange={(e) => {
            name = e.target.value
          }}
          aria-label="分组名称"
        />
      ),
      onOk: () => write(() => appAdminApi.updateGroup({ id: group.id, name: name.trim(), appType: group.appType })),
    })
  }
  return (
    <Card
      size="small"
      title={group.name}
      data-group={group.name}
      style={{ marginBottom: 12 }}
      extra={
        <Space size={0} style={allowed ? undefined : DIM}>
          <Button type="link" size="small" onClick={rename}>
            重命名
          </Button>
          <Popconfirm
            disabled={!allowed}
            title="恢复该分组的默认应用？"
            onConfirm={() => write(() => appAdminApi.resetLinks(group.id))}
          >
            <Button type="link" size="small" onClick={denied(allowed)}>
              恢复默认
            </Button>
          </Popconfirm>
          <Popconfirm
            disabled={!allowed}
            title={`删除分组“${group.name}”？`}
            onConfirm={() => write(() => appAdminApi.removeGroup(group.id))}
          >
            <Button type="link" size="small" danger onClick={denied(allowed)}>
              删除
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Space wrap style={{ marginBottom: 8 }}>
        {group.appList.length ? (
          group.appList.map((a) => (
            <Tag
              key={a.appId}
              closable={allowed}
              onClose={(e) => {
                e.preventDefault()
                void write(() => appAdminApi.unlink({ groupId: group.id, appIds: [a.appId] }))
              }}
            >
              {a.name}
            </Tag>
          ))
        ) : (
          <span style={{ color: '#666' }}>{AppMsg.EMPTY_GROUP}</span>
        )}
      </Space>
      {allowed && (
        <Space.Compact style={{ width: '100%' }}>
          <Select
            mode="multiple"
            allowClear
            placeholder="选择要加入的应用"
            style={{ flex: 1 }}
            value={adding}
            onChange={setAdding}
            optionFilterProp="label"
            options={allApps.filter((o) => !linked.has(o.value))}
          />
          <Button
            disabled={!adding.length}
            onClick={async () => {
              if (await write(() => appAdminApi.link({ groupId: group.id, appIds: adding }))) setAdding([])
            }}
          >
            加入分组
          </Button>
        </Space.Compact>
      )}
    </Card>
  )
}

/** How a write control looks without its code (001 §2.5): dimmed, and a click says 暂无权限. */
const DIM = { opacity: 0.45 }
const denied = (allowed: boolean) => (allowed ? undefined : () => notify.error(Msg.NO_PERMISSION))

/**
 * 应用分组 tab: the org's groups of a scope, with their apps (001 §7.5 mobileAppGroup, mobileAppLink). writeCode:
 * the button code the writes need, when the page is reached through another group's page code (/menhu-port/app-manager
 * is sc_menhu_pc; the writes stay 应用管理's): without it the write controls dim and the app picker is not loaded.
 */
export function AppGroupsPanel({ writeCode, scope }: { writeCode?: string; scope?: number } = {}) {
  const allowed = useSession((s) => !writeCode || (s.userInfo?.permissions.includes(writeCode) ?? false))
  // scope: a fixed scope without the scope picker (the mobile scopes of /menhu-teacher and /menhu-parent).
  const headerScope = useGroupAppType()
  const [appType, setAppType] = useState(scope ?? headerScope)
  const [newName, setNewName] = useState('')
  const write = useWrite([AppKeys.groups, AppKeys.apps])
  const groups = useQuery({
    queryKey: [AppKeys.groups, 'admin', appType],
    queryFn: () => appAdminApi.allGroups(appType),
  })
  const apps = useQuery({
    queryKey: [AppKeys.apps, 'all'],
    queryFn: () => appAdminApi.page({ pageSize: 200 }),
    enabled: allowed,
  })
  const allApps = (apps.data?.list ?? []).map((a) => ({ value: a.appId, label: a.name }))
  const add = async () => {
    if (!allowed) {
      notify.error(Msg.NO_PERMISSION)
      return
    }
    if (!newName.trim()) return
    if (await write(() => appAdminApi.saveGroup({ name: newName.trim(), appType }))) setNewName('')
  }
  return (
    <div>
      <Space wrap style={{ marginBottom: 12 }}>
        {scope === undefined && (
          <Select style={{ width: 140 }} value={appType} onChange={setAppType} options={SCOPES} aria-label="分组范围" />
        )}
        <Input
          placeholder="新分组名称"
          value={newName}
          maxLength={20}
          onChange={(e) => setNewName(e.target.value)}
          onPressEnter={() => void add()}
          style={{ width: 180 }}
        />
        <Button type="primary" onClick={() => void add()} style={allowed ? undefined : DIM} data-testid="app-group-add">
          新增分组
        </Button>
        <Popconfirm
          disabled={!allowed}
          title="恢复默认分组？自建分组将被删除。"
          onConfirm={() => write(() => appAdminApi.resetGroups(appType))}
        >
          <Button style={allowed ? undefined : DIM} onClick={denied(allowed)}>
            恢复默认分组
          </Button>
        </Popconfirm>
      </Space>
      {groups.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : groups.data?.length ? (
        groups.data.map((g) => <GroupCard key={g.id} group={g} allApps={allApps} write={write} allowed={allowed} />)
      ) : (
        <Empty description="暂无分组" />
      )}
    </div>
  )
}

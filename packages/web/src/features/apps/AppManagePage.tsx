import { APP_USER_TYPES, AppMsg, USER_TYPE_LABEL, type AppRow, type UserType } from '@zhixiao/shared'
import { Button, Select, Space, Tabs, Tag, Tooltip } from 'antd'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { CrudTableCard, deleteAction, PageFrame, useWrite, type RowAction } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { useSession, type SessionState } from '../../stores/session'
import { AppKeys, appAdminApi } from './api'
import { updateOf } from './app-body'
import { AppAccessDrawer } from './AppAccessDrawer'
import { AppGroupsPanel } from './AppGroupsPanel'
import { AppIcon } from './icons'

const ADD = '/menhu-appManager/addapp'
/** 接入 opens the app's access settings in a drawer over the list (?access=<appId>, so 返回 closes it). */
const ACCESS = 'access'
/** Rows carry id = appId for the shared row actions. */
type Row = AppRow & { id: number }

const actions: RowAction<Row>[] = [
  { key: 'edit', label: '编辑', to: (a) => `${ADD}?appId=${a.appId}` },
  {
    key: 'scrap',
    label: (a) => (a.isScrap ? '恢复' : '废弃'),
    run: (a) => appAdminApi.update(updateOf(a, { isScrap: !a.isScrap })),
  },
  {
    key: 'show',
    label: (a) => (a.hasShow ? '隐藏' : '显示'),
    run: (a) => appAdminApi.update(updateOf(a, { hasShow: !a.hasShow })),
  },
  {
    ...deleteAction<Row>((id) => appAdminApi.remove(id), { content: '删除后该应用将从所有分组和常用中移除。' }),
    hidden: (a) => a.builtin,
  },
]

const topOrg = (s: SessionState) => !!s.orgInfo && s.orgInfo.parentId === null
/** Only the top organisation keeps apps' access settings (the server refuses others: tenantWide). */
const accessAction: RowAction<Row> = {
  key: 'access',
  label: '接入',
  to: (a) => `/menhu-appManager/index?${ACCESS}=${a.appId}`,
}

/** An app that opens nothing yet is 未配置 with what it lacks (users are not offered it); 正常 only when nothing is wrong. */
function state(a: AppRow) {
  return (
    <Space size={4} wrap data-testid="app-state">
      {a.missing && (
        <Tooltip title="用户看不到未配置的应用">
          <Tag color="gold">
            {AppMsg.NOT_CONFIGURED}：{a.missing}
          </Tag>
        </Tooltip>
      )}
      {a.isScrap && <Tag color="red">已废弃</Tag>}
      {a.hasExpire && <Tag color="orange">已过期</Tag>}
      {!a.hasShow && <Tag>隐藏</Tag>}
      {!a.missing && !a.isScrap && !a.hasExpire && a.hasShow && <Tag color="green">正常</Tag>}
    </Space>
  )
}

const userTypesText = (types: readonly UserType[]) =>
  types.length === APP_USER_TYPES.length ? '所有身份' : types.map((t) => USER_TYPE_LABEL[t]).join('、')

function AppList() {
  const navigate = useNavigate()
  const isTopOrg = useSession(topOrg)
  const write = useWrite([AppKeys.apps, AppKeys.groups])
  const [source, setSource] = useState<'builtin' | 'registered' | undefined>()
  return (
    <CrudTableCard<Row>
      queryKey={[AppKeys.apps, 'page', source ?? null]}
      invalidates={[AppKeys.groups, AppKeys.hosted]}
      search="应用名称或标识"
      addLabel="注册应用"
      onAdd={() => void navigate(ADD)}
      rowKey="appId"
      title={<Button onClick={() => void write(() => appAdminApi.refreshInternal())}>刷新内置应用</Button>}
      filters={
        <Select
          allowClear
          placeholder="全部来源"
          aria-label="全部来源"
          style={{ width: 130 }}
          value={source}
          onChange={setSource}
          options={[
            { value: 'builtin', label: '内置应用' },
            { value: 'registered', label: '注册应用' },
          ]}
        />
      }
      fetch={async (q) => {
        const page = await appAdminApi.page({
          keyword: q.keyword ?? null,
          source: source ?? null,
          pageIndex: q.pageIndex,
          pageSize: q.pageSize,
        })
        return { ...page, list: page.list.map((a) => ({ ...a, id: a.appId })) }
      }}
      columns={[
        {
          title: '应用',
          dataIndex: 'name',
          width: 170,
          render: (_: string, a) => (
            <Space>
              <AppIcon name={a.name} iconUri={a.iconUri} appId={a.appId} size={28} />
              {a.name}
            </Space>
          ),
        },
        { title: '标识', dataIndex: 'uniqueId', width: 170 },
        {
          title: '路由 / 入口',
          dataIndex: 'reqUri',
          render: (_: string, a) => (
            <span>
              {a.reqUri ?? '—'}
              {a.entryUrl ? (
                <>
                  <br />
                  <small style={{ color: '#666' }}>{a.entryUrl}</small>
                </>
              ) : null}
            </span>
          ),
        },
        { title: '权限编码', dataIndex: 'permissionName', width: 160, render: (v: string | null) => v ?? '所有人' },
        { title: '可用身份', dataIndex: 'userTypes', width: 130, render: (v: UserType[]) => userTypesText(v) },
        { title: '来源', dataIndex: 'builtin', width: 90, render: (v: boolean) => (v ? '内置' : '注册') },
        { title: '到期', dataIndex: 'expireDate', width: 110, render: (v: string | null) => v ?? '—' },
        { title: '状态', key: 'state', width: 170, render: (_: unknown, a) => state(a) },
      ]}
      actions={isTopOrg ? [actions[0], accessAction, ...actions.slice(1)] : actions}
    />
  )
}

/** /menhu-appManager/index (sc_menhu_app_mgr): the app registry and the org's app groups. */
export default function AppManagePage({ path, title }: PageProps) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const isTopOrg = useSession(topOrg)
  const accessOf = isTopOrg ? Number(params.get(ACCESS)) : 0
  return (
    <PageFrame path={path} title={title}>
      {accessOf > 0 && <AppAccessDrawer appId={accessOf} onClose={() => void navigate(path)} />}
      <Tabs
        items={[
          { key: 'apps', label: '应用列表', children: <AppList /> },
          { key: 'groups', label: '应用分组', children: <AppGroupsPanel /> },
        ]}
      />
    </PageFrame>
  )
}

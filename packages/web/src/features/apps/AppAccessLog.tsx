import type { AppAccessLogRow } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Table } from 'antd'
import { useState } from 'react'
import { formatTime } from '../../components/crud/dates'
import { AccessKeys, appAccessApi } from './access-api'

const KIND_LABEL: Record<string, string> = {
  token: '令牌',
  authorize: '授权',
  'sign-in': '登录',
  userinfo: '用户信息',
  validate: '票据校验',
  ticket: '票据',
  directory: '通讯录读取',
  notify: '消息与待办',
  webhook: '回调推送',
  'backchannel-logout': '退出通知',
  logout: '退出',
}

/** A kind in Chinese; refusals (refused, refused-…) are 拒绝 with the reason; an unknown kind shows as written. */
function kindLabel(kind: string): string {
  if (kind === 'refused') return '拒绝'
  if (kind.startsWith('refused')) return `拒绝（${kind.slice('refused'.length).replace(/^[-_:]/, '')}）`
  return KIND_LABEL[kind] ?? kind
}

/** 访问日志 of one app: tokens, tickets, user info, directory reads and webhook pushes, newest first. */
export function AppAccessLog({ appId }: { appId: number }) {
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 20 })
  const q = useQuery({
    queryKey: [AccessKeys.log, appId, page.pageIndex, page.pageSize],
    queryFn: () => appAccessApi.log(appId, page.pageIndex, page.pageSize),
  })
  return (
    <Table<AppAccessLogRow>
      rowKey="id"
      size="small"
      data-testid="access-log"
      loading={q.isFetching}
      dataSource={q.data?.list ?? []}
      pagination={{
        current: page.pageIndex,
        pageSize: page.pageSize,
        total: q.data?.total ?? 0,
        showSizeChanger: false,
        onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
      }}
      columns={[
        { title: '时间', dataIndex: 'at', render: (v: string) => formatTime(v) },
        { title: '类型', dataIndex: 'kind', render: (v: string) => kindLabel(v) },
        {
          title: '用户',
          dataIndex: 'trueName',
          render: (v: string | null, r) => v ?? (r.userInfoId ? `#${r.userInfoId}` : '—'),
        },
        { title: '范围', dataIndex: 'scope', render: (v: string | null) => v ?? '—' },
        { title: '详情', dataIndex: 'detail', render: (v: string | null) => v ?? '—' },
        { title: 'IP', dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
      ]}
    />
  )
}

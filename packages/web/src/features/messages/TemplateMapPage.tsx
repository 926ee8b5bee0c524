import {
  MESSAGE_EVENT_LABELS,
  MESSAGE_EVENTS,
  MP_PLATFORM_LABELS,
  MP_SCOPE_CODES,
  type MessageEvent,
  type MpPlatform,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Table, Typography } from 'antd'
import { useNavigate } from 'react-router'
import { PageFrame } from '../../components/crud'
import { PermButton } from '../../components/PermButton'
import type { PageProps } from '../../navigation/page-props'
import { mpApi, MpKeys } from './api'
import { MP_MAPS } from './mp-pages'

/**
 * dingMessageindex (消息模板映射) of the teacher / parent terminal: for each trigger event, the template id each of
 * the terminal's WeChat / DingTalk apps sends it with; 配置 opens addModel for the event.
 */
export default function TemplateMapPage({ path, title }: PageProps) {
  const m = MP_MAPS[path]!
  const apps = useQuery({ queryKey: [MpKeys.list, m.scope], queryFn: () => mpApi.list(m.scope) }).data ?? []
  const navigate = useNavigate()
  return (
    <PageFrame path={path} title={title}>
      {apps.length === 0 && (
        <Typography.Paragraph type="secondary">请先在微信配置或钉钉配置中添加应用。</Typography.Paragraph>
      )}
      <Table<{ event: MessageEvent }>
        rowKey="event"
        size="middle"
        pagination={false}
        scroll={{ x: true }}
        dataSource={MESSAGE_EVENTS.map((event) => ({ event }))}
        columns={[
          { title: '触发事件', dataIndex: 'event', render: (e: MessageEvent) => MESSAGE_EVENT_LABELS[e] },
          ...apps.map((a) => ({
            title: `${a.name}（${MP_PLATFORM_LABELS[a.platform as MpPlatform]}）`,
            key: String(a.id),
            render: (_: unknown, r: { event: MessageEvent }) => a.templates[r.event] || '—',
          })),
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r: { event: MessageEvent }) => (
              <PermButton
                code={MP_SCOPE_CODES[m.scope].write}
                size="small"
                disabled={apps.length === 0}
                onClick={() => void navigate(`${m.form}?event=${r.event}`)}
              >
                配置
              </PermButton>
            ),
          },
        ]}
      />
    </PageFrame>
  )
}

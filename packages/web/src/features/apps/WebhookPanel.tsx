import {
  WEBHOOK_EVENT_LABEL,
  WEBHOOK_EVENTS,
  WEBHOOK_STATUS_LABEL,
  WebhookMsg,
  isSafeLink,
  type WebhookDeliveryRow,
  type WebhookEvent,
} from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Checkbox, Form, Input, Space, Spin, Switch, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useWrite } from '../../components/crud'
import { formatTime } from '../../components/crud/dates'
import { WebhookKeys, webhookApi } from './webhook-api'

interface Values {
  url: string
  events: WebhookEvent[]
  enabled: boolean
}
const PAGE_SIZE = 10
const STATUS_COLOR = { pending: 'gold', delivered: 'green', failed: 'red' } as const

const httpUrl = async (_: unknown, v?: string) => {
  if (!v || !v.trim()) throw new Error(WebhookMsg.URL_REQUIRED)
  if (!isSafeLink(v.trim(), 'http')) throw new Error('回调地址须以 http:// 或 https:// 开头')
}

/**
 * An app's change webhooks (应用管理 › 接入, docs/open-platform.md "Webhooks"): the address and events it subscribes
 * to, a test ping, and the delivery log with 重发 per row. Laid out in one column so it fits 375 px; every control is
 * a native button, checkbox or switch, reachable by keyboard.
 */
export function WebhookPanel({ appId }: { appId: number }) {
  const [pageIndex, setPageIndex] = useState(1)
  const sub = useQuery({ queryKey: [WebhookKeys.subscription, appId], queryFn: () => webhookApi.get(appId) })
  const log = useQuery({
    queryKey: [WebhookKeys.deliveries, appId, pageIndex],
    queryFn: () => webhookApi.deliveries(appId, pageIndex, PAGE_SIZE),
  })
  const write = useWrite([WebhookKeys.subscription, WebhookKeys.deliveries])
  const [form] = Form.useForm<Values>()
  if (sub.isPending) return <Spin />
  const s = sub.data ?? null
  return (
    <div data-testid="webhook-panel" style={{ maxWidth: 720 }}>
      <Typography.Paragraph type="secondary">
        订阅的事件发生后，系统向回调地址 POST 一条 JSON，以应用的客户端密钥签名（X-Zhixiao-Signature）；失败按退避重试。
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ url: s?.url ?? '', events: (s?.events ?? []) as WebhookEvent[], enabled: s?.enabled ?? true }}
        onFinish={(v) =>
          void write(() => webhookApi.save({ appId, url: v.url.trim(), events: v.events, enabled: v.enabled }))
        }
      >
        <Form.Item name="url" label="回调地址" rules={[{ validator: httpUrl }]}>
          <Input placeholder="https://app.example.com/zhixiao/webhook" maxLength={500} inputMode="url" />
        </Form.Item>
        <Form.Item name="events" label="订阅事件">
          <Checkbox.Group
            style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
            options={WEBHOOK_EVENTS.map((e) => ({ value: e, label: WEBHOOK_EVENT_LABEL[e] }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label="启用" valuePropName="checked">
          <Switch aria-label="启用回调" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" data-testid="webhook-save">
            保存
          </Button>
          <Button disabled={!s} onClick={() => void write(() => webhookApi.test(appId))} data-testid="webhook-test">
            发送测试
          </Button>
        </Space>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        推送记录
      </Typography.Title>
      <Table<WebhookDeliveryRow>
        rowKey="id"
        size="small"
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: pageIndex,
          pageSize: PAGE_SIZE,
          total: log.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageIndex,
        }}
        columns={[
          {
            title: '事件',
            dataIndex: 'event',
            render: (v: string) => WEBHOOK_EVENT_LABEL[v as WebhookEvent] ?? (v === 'ping' ? '测试' : v),
          },
          {
            title: '状态',
            dataIndex: 'status',
            render: (v: WebhookDeliveryRow['status']) => <Tag color={STATUS_COLOR[v]}>{WEBHOOK_STATUS_LABEL[v]}</Tag>,
          },
          { title: '次数', dataIndex: 'attempts' },
          {
            title: '最近响应',
            key: 'last',
            render: (_: unknown, r) => (r.lastStatus !== null ? `HTTP ${r.lastStatus}` : (r.lastError ?? '—')),
          },
          {
            title: '时间',
            key: 'time',
            render: (_: unknown, r) => formatTime(r.delivered ?? r.created),
          },
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r) => (
              <Button size="small" onClick={() => void write(() => webhookApi.replay(r.id))}>
                重发
              </Button>
            ),
          },
        ]}
      />
    </div>
  )
}

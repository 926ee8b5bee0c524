import { MESSAGE_EVENT_LABELS, type MessageEvent, type MessageRow } from '@zhixiao/shared'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { Badge, Button, Card, Empty, List, Pagination, Segmented, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { PageProps } from '../../navigation/page-props'
import { MessageKeys, messageApi } from './api'

const when = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false })

/**
 * 消息中心 (/portal/messages on the PC, /mobile/messages on a phone): the signed-in account's messages, newest
 * first; opening one marks it read and goes to its link; 全部已读 clears the bell. One column that fits 375 px.
 */
export default function MessageCentrePage({ path, title }: PageProps) {
  const [filter, setFilter] = useState<'all' | 'unread'>('all')
  const [pageIndex, setPageIndex] = useState(1)
  const pageSize = 10
  const qc = useQueryClient()
  const navigate = useNavigate()
  const list = useQuery({
    queryKey: [MessageKeys.list, filter, pageIndex],
    queryFn: () => messageApi.list(pageIndex, pageSize, filter === 'unread'),
    placeholderData: keepPreviousData,
  })
  const refresh = () =>
    qc.invalidateQueries({
      predicate: (q) => q.queryKey[0] === MessageKeys.list || q.queryKey[0] === MessageKeys.unread,
    })
  const open = async (m: MessageRow) => {
    if (!m.read) {
      await messageApi.read(m.id).catch(() => null)
      await refresh()
    }
    // An app's message (应用通知) links to the app itself, which opens in a window of its own like from the launcher.
    if (/^https?:\/\//i.test(m.link)) window.open(m.link, '_blank', 'noopener')
    else if (m.link) void navigate(m.link)
  }
  const readAll = async () => {
    await messageApi.readAll().catch(() => null)
    await refresh()
  }
  return (
    <div data-page={path} style={{ maxWidth: 880, margin: '0 auto', padding: 12 }}>
      <Card
        size="small"
        title={title}
        extra={
          <Button size="small" onClick={() => void readAll()} data-testid="message-read-all">
            全部已读
          </Button>
        }
      >
        <Segmented<'all' | 'unread'>
          value={filter}
          onChange={(v) => {
            setFilter(v)
            setPageIndex(1)
          }}
          style={{ marginBottom: 8 }}
          options={[
            { value: 'all', label: '全部' },
            { value: 'unread', label: '未读' },
          ]}
        />
        {list.data && list.data.total === 0 ? (
          <Empty description="暂无消息" />
        ) : (
          <List<MessageRow>
            loading={list.isFetching}
            dataSource={list.data?.list ?? []}
            renderItem={(m) => (
              <List.Item
                key={m.id}
                data-testid="message-item"
                data-read={m.read}
                style={{ cursor: 'pointer', alignItems: 'flex-start' }}
                onClick={() => void open(m)}
                actions={
                  m.read
                    ? []
                    : [
                        <Button
                          key="r"
                          type="link"
                          size="small"
                          data-testid="message-mark-read"
                          onClick={(e) => {
                            e.stopPropagation()
                            void messageApi.read(m.id).then(refresh)
                          }}
                        >
                          标为已读
                        </Button>,
                      ]
                }
              >
                <List.Item.Meta
                  title={
                    <Space size={6} wrap>
                      {!m.read && <Badge status="processing" />}
                      <span style={{ fontWeight: m.read ? 400 : 600 }}>{m.title}</span>
                      <Tag>{MESSAGE_EVENT_LABELS[m.event as MessageEvent] ?? m.event}</Tag>
                    </Space>
                  }
                  description={
                    <>
                      <Typography.Paragraph
                        style={{ marginBottom: 4, wordBreak: 'break-word' }}
                        data-testid="message-content"
                      >
                        {m.content}
                      </Typography.Paragraph>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {when(m.createdAt)}
                      </Typography.Text>
                    </>
                  }
                />
              </List.Item>
            )}
          />
        )}
        {(list.data?.total ?? 0) > pageSize && (
          <Pagination
            size="small"
            style={{ marginTop: 12, textAlign: 'center' }}
            current={pageIndex}
            pageSize={pageSize}
            total={list.data?.total ?? 0}
            onChange={setPageIndex}
          />
        )}
      </Card>
    </div>
  )
}

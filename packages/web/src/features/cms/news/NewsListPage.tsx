import { NEWS_LEVEL_LABEL } from '@zhixiao/shared'
import { Card, Input, List, Select, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import type { PageProps } from '../../../navigation/page-props'
import { appConfig } from '../../../config'
import { useNewsPage, useNewsTypes } from '../api'
import { isPending, newsDateTime } from '../blocks/format'
import { newsDetailPath } from './detail-link'

/** /cms2-newslist?type= (and the school portal's news list): the reader's news, filtered by type and level, paged. */
export default function NewsListPage({ path, title }: PageProps) {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const school = path.startsWith('/schoolPortal')
  const type = Number(params.get('type')) || undefined
  const level = Number(params.get('level')) || undefined
  const [keyword, setKeyword] = useState('')
  const [page, setPage] = useState({ index: 1, size: 10 })
  const types = useNewsTypes()
  const news = useNewsPage({
    pageIndex: page.index,
    pageSize: page.size,
    noticeType: type,
    newLevel: level,
    keyword: keyword || undefined,
    orgId: school ? appConfig.schoolOrgId : undefined,
  })
  const setFilter = (k: string, v: number | undefined) => {
    const next = new URLSearchParams(params)
    if (v) next.set(k, String(v))
    else next.delete(k)
    setParams(next)
    setPage((p) => ({ ...p, index: 1 }))
  }
  return (
    <div data-page={path}>
      <Typography.Title level={4}>{params.get('title') || title}</Typography.Title>
      <Card>
        <Space wrap style={{ marginBottom: 12 }}>
          <Select
            allowClear
            placeholder="新闻类型"
            aria-label="新闻类型"
            style={{ width: 160 }}
            value={type}
            onChange={(v) => setFilter('type', v)}
            options={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          />
          <Select
            allowClear
            placeholder="级别"
            aria-label="级别"
            style={{ width: 120 }}
            value={level}
            onChange={(v) => setFilter('level', v)}
            options={[
              { value: 1, label: '校级' },
              { value: 2, label: '局级' },
            ]}
          />
          <Input.Search
            allowClear
            placeholder="标题"
            style={{ width: 220 }}
            onSearch={(v) => {
              setKeyword(v.trim())
              setPage((p) => ({ ...p, index: 1 }))
            }}
          />
        </Space>
        <List
          loading={news.isFetching}
          dataSource={news.data?.list ?? []}
          locale={{ emptyText: '暂无新闻' }}
          pagination={{
            current: page.index,
            pageSize: page.size,
            total: news.data?.total ?? 0,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (index, size) => setPage({ index, size }),
          }}
          renderItem={(n) => (
            <List.Item
              key={n.id}
              style={{ cursor: 'pointer' }}
              onClick={() =>
                void navigate(
                  newsDetailPath(school, { id: n.id, title: params.get('title') || title, type, source: 'list' }),
                )
              }
              data-news-id={n.id}
              extra={<span style={{ color: '#666' }}>{newsDateTime(n.publishTime)}</span>}
            >
              <Space wrap>
                {n.top && <Tag color="red">置顶</Tag>}
                <Typography.Text strong>{n.title}</Typography.Text>
                {isPending(n) && (
                  <Tag color="orange" data-testid="news-pending">
                    待确认
                  </Tag>
                )}
                <Tag>{n.noticeTypeName}</Tag>
                {NEWS_LEVEL_LABEL[n.newLevel] && <Tag color="blue">{NEWS_LEVEL_LABEL[n.newLevel]}</Tag>}
                <Typography.Text type="secondary">{n.orgName}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      </Card>
    </div>
  )
}

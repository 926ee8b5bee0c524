import { newsPageSizeFor, type BlockOf, type NewsRow } from '@zhixiao/shared'
import { Empty, Spin, Tag } from 'antd'
import { useNewsPage } from '../api'
import { isPending, newsDay, newsTime } from './format'

export interface NewsListProps {
  settings: BlockOf<'news'>['settings']
  /** The portal's org (visitors, the school portal); omitted: the reader's own org and bureau. */
  orgId?: number | null
  /** The public portal: only items marked public, even for a signed-in member. */
  publicOnly?: boolean
  onOpen: (n: NewsRow) => void
}

/**
 * News list block (001 §2.6): 9, 6 or 3 items for heights 324, 216, 108; month-day and hour-minute; the
 * pending-confirmation flag while confirm=1 and confirmOver=0 (§4).
 */
export function NewsListBlock({ settings, orgId, publicOnly, onOpen }: NewsListProps) {
  const pageSize = newsPageSizeFor(settings.height)
  const q = useNewsPage({
    pageIndex: 1,
    pageSize,
    newLevel: settings.newLevel || undefined,
    noticeType: settings.noticeType ?? undefined,
    orgId: orgId ?? undefined,
    publicOnly: publicOnly || undefined,
  })
  const list = q.data?.list ?? []
  return (
    <div className="zx-news-list" style={{ height: settings.height }} data-block="news">
      {q.isLoading ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无新闻" />
      ) : (
        list.map((n) => (
          <div
            key={n.id}
            className="zx-news-item"
            role="link"
            tabIndex={0}
            data-news-id={n.id}
            onClick={() => onOpen(n)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onOpen(n)
            }}
          >
            {n.top && (
              <Tag color="red" variant="filled">
                置顶
              </Tag>
            )}
            <span className="zx-news-title" title={n.title}>
              {n.title}
            </span>
            {!publicOnly && isPending(n) && (
              <Tag color="orange" data-testid="news-pending">
                待确认
              </Tag>
            )}
            <span className="zx-news-date" title={newsTime(n.publishTime)}>
              {newsDay(n.publishTime)} {newsTime(n.publishTime)}
            </span>
          </div>
        ))
      )}
    </div>
  )
}

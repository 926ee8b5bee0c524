import { CmsMsg, NEWS_LEVEL_LABEL } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Button, Empty, Flex, Image, Skeleton, Tag, Typography } from 'antd'
import { useWrite } from '../../../components/crud'
import { CmsKeys, newsApi } from '../api'
import { RichTextBlock } from '../blocks/RichTextBlock'
import { isPending, newsDateTime } from '../blocks/format'
import '../blocks/blocks.css'

/**
 * One news item: title, source, org and time, cover, body; a member confirms an item that asks for it (确认已阅),
 * which clears its pending flag everywhere.
 */
export function NewsDetailView({
  id,
  orgId,
  visitor = false,
}: {
  id: number
  orgId?: number | null
  visitor?: boolean
}) {
  const q = useQuery({
    queryKey: [CmsKeys.news, 'detail', id, orgId ?? null],
    queryFn: () => newsApi.detail(id, orgId),
    retry: false,
  })
  const write = useWrite([CmsKeys.news])
  if (q.isLoading) return <Skeleton active />
  const n = q.data
  if (!n) return <Empty description={CmsMsg.NEWS_NOT_FOUND} />
  return (
    <article data-testid="news-detail" data-news-id={n.id}>
      <Typography.Title level={3} style={{ textAlign: 'center' }}>
        {n.title}
      </Typography.Title>
      <Flex justify="center" gap={16} wrap style={{ color: '#666', marginBottom: 16 }}>
        <span>{n.orgName}</span>
        {n.source && <span>来源：{n.source}</span>}
        <span>{newsDateTime(n.publishTime)}</span>
        <Tag>{n.noticeTypeName}</Tag>
        {NEWS_LEVEL_LABEL[n.newLevel] && <Tag color="blue">{NEWS_LEVEL_LABEL[n.newLevel]}</Tag>}
      </Flex>
      {n.frontCoverUrlHttp && (
        <Flex justify="center" style={{ marginBottom: 16 }}>
          <Image src={n.frontCoverUrlHttp} alt="" style={{ maxHeight: 360 }} />
        </Flex>
      )}
      <RichTextBlock html={n.content} />
      {!visitor && n.confirm === 1 && (
        <Flex justify="center" style={{ marginTop: 24 }}>
          {isPending(n) ? (
            <Button type="primary" data-testid="news-confirm" onClick={() => void write(() => newsApi.confirm(n.id))}>
              确认已阅
            </Button>
          ) : (
            <Tag color="green" data-testid="news-confirmed">
              已确认
            </Tag>
          )}
        </Flex>
      )}
    </article>
  )
}

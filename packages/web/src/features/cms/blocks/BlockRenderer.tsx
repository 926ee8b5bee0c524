import type { ModuleLayout, ModuleRow, NewsRow } from '@zhixiao/shared'
import { Card, Col, Row } from 'antd'
import { lazy, Suspense, type ReactNode } from 'react'
import { Link } from 'react-router'
import { AppsBlock } from './AppsBlock'
import { Deferred } from './Deferred'
import { ImageCarouselBlock } from './ImageCarouselBlock'
import { NewsListBlock } from './NewsListBlock'
import { RichTextBlock } from './RichTextBlock'
import { SwiperBlock } from './SwiperBlock'
import { VideoBlock } from './VideoBlock'
import './blocks.css'

// antd's QRCode (its encoder, 7.6 KB gzip) loads with a home that shows a QR block, not with every home (issue 28).
const QrBlock = lazy(() => import('./QrBlock').then((m) => ({ default: m.QrBlock })))

export interface BlockRendererProps {
  layout: ModuleLayout
  /** The org whose news the blocks list (visitors, the school portal); omitted: the reader's own. */
  newsOrgId?: number | null
  /** The public portal: public news only, no 更多 links into the signed-in news pages, no favourites. */
  visitor?: boolean
  onOpenNews: (n: NewsRow) => void
}

/** The news list page a news block's 更多 opens, with the block's type and level. */
function moreNewsLink(m: Extract<ModuleRow, { type: 'news' }>): string {
  const q = new URLSearchParams()
  if (m.settings.noticeType) q.set('type', String(m.settings.noticeType))
  if (m.settings.newLevel) q.set('level', String(m.settings.newLevel))
  if (m.title) q.set('title', m.title)
  return `/cms2-newslist?${q.toString()}`
}

function body(m: ModuleRow, p: BlockRendererProps): ReactNode {
  switch (m.type) {
    case 'news':
      return <NewsListBlock settings={m.settings} orgId={p.newsOrgId} publicOnly={p.visitor} onOpen={p.onOpenNews} />
    case 'carousel':
      return <ImageCarouselBlock settings={m.settings} banners={p.layout.banners} />
    case 'video':
      return <VideoBlock settings={m.settings} />
    case 'text':
      return <RichTextBlock html={m.settings.text} />
    case 'swiper':
      return <SwiperBlock settings={m.settings} />
    case 'qr':
      return (
        <Suspense fallback={<div style={{ height: PLACE_HEIGHT.qr }} />}>
          <QrBlock settings={m.settings} />
        </Suspense>
      )
    case 'apps':
      return p.visitor ? null : <AppsBlock />
  }
}

/** About the height each block takes (px): the place a deferred block keeps until it renders. */
const PLACE_HEIGHT: Record<ModuleRow['type'], number> = {
  carousel: 320,
  news: 300,
  video: 280,
  text: 120,
  swiper: 200,
  qr: 200,
  apps: 200,
}

function block(m: ModuleRow, p: BlockRendererProps): ReactNode {
  return m.type === 'carousel' && !m.title ? (
    body(m, p)
  ) : (
    <Card
      className="zx-block"
      size="small"
      title={m.title || undefined}
      extra={m.type === 'news' && !p.visitor ? <Link to={moreNewsLink(m)}>更多</Link> : undefined}
    >
      {body(m, p)}
    </Card>
  )
}

/**
 * Renders a home: its shown blocks in order on a 24-column grid, each in a card titled by the block (a carousel bare).
 * The first block renders at once (the top of the screen, usually the carousel and the page's largest paint); the
 * others as they near the screen or the browser is idle (Deferred), so the first screen is not held back by all.
 */
export function BlockRenderer(p: BlockRendererProps) {
  const blocks = p.layout.modules.filter((m) => m.status === 0 && !(p.visitor && m.type === 'apps'))
  return (
    <Row gutter={[16, 16]} data-testid="portal-blocks">
      {blocks.map((m, i) => (
        <Col key={m.id ?? `d${i}`} xs={24} lg={m.span} data-block-type={m.type}>
          {i === 0 ? block(m, p) : <Deferred height={PLACE_HEIGHT[m.type]}>{block(m, p)}</Deferred>}
        </Col>
      ))}
    </Row>
  )
}

import type { BannerRow, BlockOf } from '@zhixiao/shared'
import { Empty } from 'antd'
import { carouselPictures } from './carousel-picture'
import { SnapCarousel } from './SnapCarousel'

/**
 * Image carousel (001 §3 picList): the block's own pictures, else the org's banners; 2000 or 3000 ms a slide. Each
 * slide is an <img> (not a CSS background, which the browser finds only after styling the page); the first one is
 * fetched at high priority and never lazily (the home's largest paint), the others lazily.
 */
export function ImageCarouselBlock({
  settings,
  banners,
}: {
  settings: BlockOf<'carousel'>['settings']
  banners: BannerRow[]
}) {
  const pics = carouselPictures(settings, banners)
  if (!pics.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无图片" />
  return (
    <div data-block="carousel">
      <SnapCarousel
        label="图片轮播"
        speed={settings.speed}
        slides={pics.map((p, i) => ({
          key: p.id ?? i,
          render: (active) => (
            <a
              href={p.link || undefined}
              target="_blank"
              rel="noopener noreferrer"
              tabIndex={active ? undefined : -1}
              onClick={(e) => {
                if (!p.link) e.preventDefault()
              }}
            >
              <div className="zx-carousel-slide">
                <img
                  src={p.decryUrl}
                  alt={p.descContent ?? ''}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                  loading={i === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                />
                {p.descType === 1 && p.descContent && <div className="zx-carousel-desc">{p.descContent}</div>}
              </div>
            </a>
          ),
        }))}
      />
    </div>
  )
}

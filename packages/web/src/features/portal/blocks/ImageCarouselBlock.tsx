import type { BannerRow, BlockOf, PicItem } from '@zhixiao/shared'
import { Carousel, Empty } from 'antd'

/** Image carousel (001 §3 picList): the block's own pictures, else the org's banners; 2000 or 3000 ms a slide. */
export function ImageCarouselBlock({ settings, banners }: { settings: BlockOf<'carousel'>['settings']; banners: BannerRow[] }) {
  const pics: PicItem[] = settings.picList.length ? settings.picList
    : banners.map((b) => ({ id: String(b.id), decryUrl: b.imageUrl, link: b.link, descType: 1, descContent: b.title }))
  if (!pics.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无图片" />
  return (
    <div data-block="carousel">
      <Carousel autoplay autoplaySpeed={settings.speed} dots>
        {pics.map((p, i) => (
          <div key={p.id ?? i}>
            <a href={p.link || undefined} target="_blank" rel="noopener noreferrer" onClick={(e) => { if (!p.link) e.preventDefault() }}>
              <div className="zx-carousel-slide" style={{ backgroundImage: `url("${encodeURI(p.decryUrl)}")` }} role="img" aria-label={p.descContent ?? ''}>
                {p.descType === 1 && p.descContent && <div className="zx-carousel-desc">{p.descContent}</div>}
              </div>
            </a>
          </div>
        ))}
      </Carousel>
    </div>
  )
}

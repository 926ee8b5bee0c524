import type { BlockOf } from '@zhixiao/shared'
import { Empty } from 'antd'
import { useEffect, useState } from 'react'

const ITEM_WIDTH = 200

/** A row of pictures that moves one step every `speed` ms (default 2000) with a `gap` (default 24) between them. */
export function SwiperBlock({ settings }: { settings: BlockOf<'swiper'>['settings'] }) {
  const [step, setStep] = useState(0)
  const count = settings.items.length
  useEffect(() => {
    if (count < 2) return
    const timer = setInterval(() => setStep((s) => (s + 1) % count), settings.speed)
    return () => clearInterval(timer)
  }, [count, settings.speed])
  if (!count) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无内容" />
  // The list is drawn twice so the row never runs out while it moves.
  const items = [...settings.items, ...settings.items]
  return (
    <div className="zx-swiper" data-block="swiper">
      <div
        className="zx-swiper-track"
        style={{ gap: settings.gap, transform: `translateX(-${step * (ITEM_WIDTH + settings.gap)}px)` }}
      >
        {items.map((it, i) => (
          <a
            key={i}
            className="zx-swiper-item"
            href={it.link || undefined}
            target="_blank"
            rel="noopener noreferrer"
            onClick={(e) => {
              if (!it.link) e.preventDefault()
            }}
          >
            <img src={it.imageUrl} alt={it.title} />
            {it.title && <div>{it.title}</div>}
          </a>
        ))}
      </div>
    </div>
  )
}

import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import './snap-carousel.css'

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false

export interface Slide {
  key: string | number
  /** The slide; `active` says whether it is the one shown (links in the others leave the tab order). */
  render: (active: boolean) => ReactNode
}

/**
 * A carousel without a slider library (antd's Carousel brought react-slick and its layout work to the homes' first
 * render): one slide a screen in a CSS scroll-snap track, so a swipe works natively. Keyboard: the track is
 * focusable and ←/→ move a slide; the dots and the pause button are buttons. Autoplay every `speed` ms stops while
 * the pointer or the focus is inside, under prefers-reduced-motion, and with the pause button (WCAG 2.2.2).
 */
export function SnapCarousel({ slides, speed, label }: { slides: Slide[]; speed: number; label: string }) {
  const track = useRef<HTMLDivElement>(null)
  const [active, setActive] = useState(0)
  const [held, setHeld] = useState(false) // pointer or focus inside
  const [paused, setPaused] = useState(reducedMotion)
  const count = slides.length

  const show = (i: number, smooth: boolean) => {
    const el = track.current
    if (!el || !count) return
    const next = (i + count) % count
    el.scrollTo({ left: next * el.clientWidth, behavior: smooth && !reducedMotion() ? 'smooth' : 'auto' })
    setActive(next)
  }
  const current = () => {
    const el = track.current
    return el ? Math.round(el.scrollLeft / Math.max(1, el.clientWidth)) : 0
  }
  useEffect(() => {
    if (count < 2 || held || paused) return
    const timer = setInterval(() => show(current() + 1, true), speed)
    return () => clearInterval(timer)
  }, [count, held, paused, speed])

  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return
    e.preventDefault()
    show(active + (e.key === 'ArrowRight' ? 1 : -1), true)
  }
  return (
    <div
      className="zx-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) setHeld(false)
      }}
    >
      <div
        ref={track}
        className="zx-carousel-track"
        tabIndex={0}
        aria-label={`${label}，左右方向键切换`}
        onKeyDown={onKey}
        // A swipe or a scroll by hand: the dot follows the slide it stopped on.
        onScroll={() => {
          const i = current()
          if (i !== active && i >= 0 && i < count) setActive(i)
        }}
      >
        {slides.map((s, i) => (
          <div
            key={s.key}
            className={i === active ? 'zx-carousel-item is-active' : 'zx-carousel-item'}
            role="group"
            aria-roledescription="slide"
            aria-label={`第 ${i + 1} 张，共 ${count} 张`}
          >
            {s.render(i === active)}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="zx-carousel-controls">
          <button
            type="button"
            className="zx-carousel-pause"
            aria-pressed={paused}
            onClick={() => setPaused((v) => !v)}
          >
            {paused ? '播放' : '暂停'}
          </button>
          {slides.map((s, i) => (
            <button
              key={s.key}
              type="button"
              className="zx-carousel-dot"
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === active ? 'true' : undefined}
              onClick={() => show(i, true)}
            />
          ))}
        </div>
      )}
    </div>
  )
}

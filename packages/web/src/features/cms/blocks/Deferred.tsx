import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react'

type Show = () => void
const queue: Show[] = []
let waiting = false

const whenIdle = (fn: () => void) =>
  typeof window.requestIdleCallback === 'function'
    ? window.requestIdleCallback(fn, { timeout: 2000 })
    : window.setTimeout(fn, 50)

/**
 * One deferred block at a time, each in its own idle period: blocks shown together would render in one long task
 * (Lighthouse's blocking time on a phone), one each is a short task between which the browser paints and answers.
 */
function pump(): void {
  if (waiting) return
  const next = queue.shift()
  if (!next) return
  waiting = true
  whenIdle(() => {
    waiting = false
    next()
  })
}

/**
 * A home block below the first one: rendered when its place comes near the screen or, failing that, when the browser
 * is idle (one block per idle period, so everything is there soon without one long render). Until then a box of
 * `height` px keeps the page's length, so nothing on the screen moves when it arrives.
 */
export function Deferred({ height, children }: { height: number; children: ReactNode }) {
  const place = useRef<HTMLDivElement>(null)
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (shown) {
      pump() // this one is committed: the next may go in the next idle period
      return
    }
    // A transition: the block's render yields to the browser every few ms instead of being one task.
    const show: Show = () => startTransition(() => setShown(true))
    queue.push(show)
    pump()
    const el = place.current
    const seen =
      el && 'IntersectionObserver' in window
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), {
            rootMargin: '200px',
          })
        : null
    if (el) seen?.observe(el)
    return () => {
      seen?.disconnect()
      const i = queue.indexOf(show)
      if (i >= 0) queue.splice(i, 1)
    }
  }, [shown])
  return shown ? children : <div ref={place} className="zx-deferred" style={{ minHeight: height }} aria-busy="true" />
}

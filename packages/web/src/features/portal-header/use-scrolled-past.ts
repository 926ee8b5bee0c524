import { useSyncExternalStore } from 'react'

// The scroll position read once per scroll event, not in every render of the header: window.scrollY forces a layout
// when the page has changed, and useSyncExternalStore reads its snapshot on each render and after each commit (issue
// 28: 36 ms at 4x while the home's first screen came in).
let scrollY = typeof window === 'undefined' ? 0 : window.scrollY
const listeners = new Set<() => void>()
if (typeof window !== 'undefined')
  window.addEventListener(
    'scroll',
    () => {
      scrollY = window.scrollY
      for (const cb of listeners) cb()
    },
    { passive: true },
  )

const subscribe = (cb: () => void) => {
  listeners.add(cb)
  return () => listeners.delete(cb)
}

/** Whether the page is scrolled down by at least `px` (the header pins itself at 102, 000 §9). */
export function useScrolledPast(px: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => scrollY >= px,
    () => false,
  )
}

import { useSyncExternalStore } from 'react'

// The width read once per resize, not in every render of every reader: window.innerWidth can force a layout, and
// useSyncExternalStore reads its snapshot on each render and after each commit (issue 28: 80 ms at 4x on the home).
let width = typeof window === 'undefined' ? 1440 : window.innerWidth
const listeners = new Set<() => void>()
if (typeof window !== 'undefined')
  window.addEventListener('resize', () => {
    width = window.innerWidth
    for (const cb of listeners) cb()
  })

const subscribe = (cb: () => void) => {
  listeners.add(cb)
  return () => listeners.delete(cb)
}

/** The window's inner width, re-read on resize (the header counts depend on it, 001 §9). */
export function useWindowWidth(): number {
  return useSyncExternalStore(
    subscribe,
    () => width,
    () => 1440,
  )
}

import { useState } from 'react'

/**
 * True from the first time `open` is true on: a dialog loaded on demand (React.lazy) mounts when first opened and
 * stays mounted, so it closes with its animation and keeps antd's focus return like one that was always there.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  // Set during render (React's pattern for state derived from props): no extra commit with the dialog missing.
  if (open && !opened) setOpened(true)
  return opened || open
}

import { Spin } from 'antd'

/**
 * Shown while a route's code and loader are on their way (the first load). Fixed over the viewport so it takes no
 * room in the page: the layout that replaces it then appears in place instead of shifting the page (Lighthouse
 * counted the jump from a spinner 30vh down to the header as a 0.2 layout shift).
 */
export function RouteSpinner() {
  return (
    <div style={{ position: 'fixed', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  )
}

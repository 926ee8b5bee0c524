import { Spin } from 'antd'

/** Shown while a route's code and loader are on their way. */
export function RouteSpinner() {
  return <Spin size="large" style={{ display: 'block', margin: '30vh auto' }} />
}

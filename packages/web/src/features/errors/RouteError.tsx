import { useRouteError } from 'react-router'

/** Router error boundary (a failed chunk load after a deploy, a crashing page): a plain page, never a blank one. */
export function RouteError() {
  const error = useRouteError()
  console.error(error)
  return (
    <div data-page="/error/index" style={{ padding: '20vh 24px', textAlign: 'center', fontSize: 16 }}>
      <h1 style={{ fontSize: 22 }}>页面出错了</h1>
      <p style={{ color: '#6b7280' }}>请刷新页面重试，若问题仍然存在请联系管理员。</p>
      <a href="#/">返回首页</a>
    </div>
  )
}

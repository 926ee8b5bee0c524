import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, Button, ConfigProvider, Layout, Result, Spin, Typography } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { StrictMode, useEffect, type CSSProperties, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { ApiError, goSignIn, logoutUrl, signedOut, signInUrl } from './api.js'
import type { Viewer } from './types.js'
import { useViewer } from './useViewer.js'

dayjs.locale('zh-cn')

/**
 * The portal's look (packages/web/src/components/AntdTheme.tsx): its blue and text colours, which reach WCAG AA
 * contrast where antd's defaults do not, its corner radius, and Chinese system fonts.
 */
const THEME = {
  token: {
    colorPrimary: '#0958d9',
    colorPrimaryHover: '#003eb3',
    colorInfo: '#0958d9',
    colorLinkHover: '#003eb3',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
    colorError: '#cf1322',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Helvetica Neue', Arial, sans-serif",
  },
}

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
})

/** antd in Chinese with the portal's theme, react-query, and antd's App (message, modal with the theme). */
function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} theme={THEME} button={{ autoInsertSpace: false }}>
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  )
}

/** Renders an app's page into #root (web/<key>.html). */
export function startApp(page: ReactNode): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>{page}</Providers>
    </StrictMode>,
  )
}

const HEADER: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 12,
  height: 56,
  padding: '0 16px',
  background: '#fff',
  borderBottom: '1px solid #f0f0f0',
  position: 'sticky',
  top: 0,
  zIndex: 10,
}

/**
 * The app's frame: a header with its title, the viewer's name and 退出, and the page below with padding that fits a
 * 375 px phone. Until the viewer is known it shows a spinner; without a session it goes to the sign-in (or, just
 * after 退出, says 已退出 with a button to sign in again). `children` gets the viewer.
 */
export function AppShell({
  title,
  extra,
  children,
}: {
  title: string
  /** Beside the name in the header (a switch of child, a help link). */
  extra?: ReactNode
  children: (viewer: Viewer) => ReactNode
}) {
  const me = useViewer()
  const unauthenticated = me.error instanceof ApiError && me.error.code === 401
  useEffect(() => {
    document.title = title
  }, [title])
  useEffect(() => {
    if (unauthenticated) goSignIn()
  }, [unauthenticated])

  let body: ReactNode
  if (me.data) body = children(me.data)
  else if (unauthenticated && signedOut())
    body = (
      <Result
        status="info"
        title="您已退出"
        extra={
          <Button type="primary" href={signInUrl()}>
            重新登录
          </Button>
        }
      />
    )
  else if (me.error && !unauthenticated)
    body = (
      <Result
        status="warning"
        title="加载失败"
        subTitle={me.error.message}
        extra={<Button onClick={() => void me.refetch()}>重试</Button>}
      />
    )
  else
    body = (
      <div style={{ padding: 48, textAlign: 'center' }} role="status">
        <Spin />
        <div style={{ marginTop: 12, color: 'rgba(0,0,0,.6)' }}>{unauthenticated ? '正在登录…' : '正在加载…'}</div>
      </div>
    )

  return (
    <Layout style={{ minHeight: '100vh', background: '#f5f7fb' }}>
      <header style={HEADER}>
        <Typography.Title level={1} style={{ fontSize: 18, margin: 0, flex: 1, minWidth: 0 }} ellipsis>
          {title}
        </Typography.Title>
        {extra}
        {me.data && (
          <>
            <span
              style={{ maxWidth: '30vw', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              data-testid="viewer-name"
            >
              {me.data.name}
            </span>
            <Button type="link" href={logoutUrl()} style={{ padding: 0 }}>
              退出
            </Button>
          </>
        )}
      </header>
      <main
        style={{
          padding: 'clamp(12px, 3vw, 24px)',
          maxWidth: 1200,
          width: '100%',
          margin: '0 auto',
          boxSizing: 'border-box',
        }}
      >
        {body}
      </main>
    </Layout>
  )
}

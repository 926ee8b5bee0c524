import { QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import { useEffect } from 'react'
import { RouterProvider } from 'react-router/dom'
import { bindMessageApi } from './api/feedback'
import { queryClient } from './api/query-client'
import { router } from './router/routes'
import './layouts/phone.css'

/** Lets the HTTP client (outside React) show messages through antd's context-aware API. */
function MessageBinder() {
  const { message } = AntApp.useApp()
  useEffect(() => bindMessageApi(message), [message])
  return null
}

/**
 * Every table is as wide as its content and scrolls sideways inside its card when the screen is narrower (a phone),
 * instead of squeezing its cells to one character a line. Set once here, so no page has to remember it.
 */
const TABLE = { scroll: { x: 'max-content' } } as const

/** Providers: antd in Chinese (no space inserted between two Chinese characters in buttons), query cache, router. */
export function App() {
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} table={TABLE} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 8 } }}>
      <AntApp>
        <MessageBinder />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  )
}

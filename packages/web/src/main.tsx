import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp, ConfigProvider } from 'antd'
import zhCN from 'antd/locale/zh_CN'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { StrictMode, useEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { bindMessageApi } from './api/feedback'
import { setToken } from './auth/token'
import { router } from './router/routes'

dayjs.locale('zh-cn')

/** A token handed over in the URL (?accesstoken=, before or after the hash) is stored, removed, and the page reloads. */
function takeTokenFromUrl(): boolean {
  const url = new URL(window.location.href)
  const [hashPath, hashQuery = ''] = url.hash.split('?')
  const hashParams = new URLSearchParams(hashQuery)
  const token = url.searchParams.get('accesstoken') ?? hashParams.get('accesstoken')
  if (!token) return false
  setToken(token)
  url.searchParams.delete('accesstoken')
  hashParams.delete('accesstoken')
  const rest = hashParams.toString()
  url.hash = rest ? `${hashPath}?${rest}` : hashPath ?? ''
  window.history.replaceState(null, '', url.toString())
  window.location.reload()
  return true
}

function MessageBinder() {
  const { message } = AntApp.useApp()
  useEffect(() => bindMessageApi(message), [message])
  return null
}

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } })

if (!takeTokenFromUrl()) {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={{ token: { colorPrimary: '#1677ff' } }}>
        <AntApp>
          <MessageBinder />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </StrictMode>,
  )
}

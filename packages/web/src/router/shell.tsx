import { QueryClientProvider } from '@tanstack/react-query'
import AntApp from 'antd/es/app'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { useEffect } from 'react'
import { Outlet } from 'react-router'
import { bindMessageApi } from '../api/feedback'
import { queryClient } from '../api/query-client'
import { AntdTheme } from '../components/AntdTheme'
import { installA11yRepairs } from '../components/a11y'
import '../layouts/phone.css'

dayjs.locale('zh-cn')

/** Lets the HTTP client (outside React) show messages through antd's context-aware API while the shell is mounted. */
function MessageBinder() {
  const { message } = AntApp.useApp()
  useEffect(() => {
    bindMessageApi(message)
    return () => bindMessageApi(null)
  }, [message])
  return null
}

/**
 * The route above every page except the login pages (router/routes.tsx): antd in Chinese with its message API, dayjs
 * in Chinese and the query cache. It loads lazily, so the login page, which is plain HTML and CSS, carries none of
 * them (issue 12: the login route loads at most 120 KB of gzip JavaScript). It stays mounted while the user moves
 * between layouts.
 */
export function AppShell() {
  useEffect(installA11yRepairs, [])
  return (
    <AntdTheme>
      <AntApp>
        <MessageBinder />
        <QueryClientProvider client={queryClient}>
          <Outlet />
        </QueryClientProvider>
      </AntApp>
    </AntdTheme>
  )
}

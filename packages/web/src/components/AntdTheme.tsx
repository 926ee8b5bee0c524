import ConfigProvider from 'antd/es/config-provider'
import zhCN from 'antd/es/locale/zh_CN'
import type { ReactNode } from 'react'
import { THEME } from './antd-theme'

/**
 * Every table is as wide as its content and scrolls sideways inside its card when the screen is narrower (a phone),
 * instead of squeezing its cells to one character a line. Set once here, so no page has to remember it.
 */
const TABLE = { scroll: { x: 'max-content' } } as const

/** antd in Chinese (no space inserted between two Chinese characters in buttons) with the portal's theme. */
export function AntdTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} table={TABLE} theme={THEME}>
      {children}
    </ConfigProvider>
  )
}

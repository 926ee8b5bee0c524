import { Typography } from 'antd'
import type { ReactNode } from 'react'

/** The frame of an admin page: `data-page` (the route path) and the route title. */
export function PageFrame({ path, title, children }: { path: string; title: string; children: ReactNode }) {
  return (
    <div data-page={path}>
      <Typography.Title level={4}>{title}</Typography.Title>
      {children}
    </div>
  )
}

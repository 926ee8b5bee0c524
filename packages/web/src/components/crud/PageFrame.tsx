import { Flex, Typography } from 'antd'
import type { ReactNode } from 'react'

/** The frame of an admin page: `data-page` (the route path), the route title and an optional control beside it. */
export function PageFrame({
  path,
  title,
  extra,
  children,
}: {
  path: string
  title: string
  extra?: ReactNode
  children: ReactNode
}) {
  return (
    <div data-page={path}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Title level={4}>{title}</Typography.Title>
        {extra}
      </Flex>
      {children}
    </div>
  )
}

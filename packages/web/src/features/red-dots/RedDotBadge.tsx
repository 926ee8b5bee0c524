import type { RedDot } from '@zhixiao/shared'
import { Badge } from 'antd'
import type { ReactNode } from 'react'

/**
 * Wraps an entry with its red dot: the count (above maxCount as N+), the label 新, or a plain dot. Without a dot
 * the entry is returned as it is. data-red-dot lets tests and styles find it.
 */
export function RedDotBadge({
  dot,
  maxCount = 99,
  children,
  offset,
}: {
  dot: RedDot | undefined
  maxCount?: number
  children: ReactNode
  offset?: [number, number]
}) {
  if (!dot) return <>{children}</>
  const attrs = { 'data-red-dot': dot.count > 0 ? String(dot.count) : (dot.label ?? 'dot') }
  if (dot.count > 0)
    return (
      <Badge count={dot.count} overflowCount={maxCount} size="small" offset={offset} {...attrs}>
        {children}
      </Badge>
    )
  if (dot.label)
    return (
      <Badge count={dot.label} size="small" offset={offset} {...attrs}>
        {children}
      </Badge>
    )
  return (
    <Badge dot offset={offset} {...attrs}>
      {children}
    </Badge>
  )
}

import { Button, Space } from 'antd'
import type { ReactNode } from 'react'

/** Moves item i by d (−1 up, +1 down) in a copy of the list. */
export function move<T>(list: readonly T[], i: number, d: -1 | 1): T[] {
  const j = i + d
  if (j < 0 || j >= list.length) return [...list]
  const next = [...list]
  ;[next[i], next[j]] = [next[j]!, next[i]!]
  return next
}

/** Up / down buttons of an ordered list row. */
export function OrderButtons({ index, count, onMove }: { index: number; count: number; onMove: (d: -1 | 1) => void }) {
  return (
    <Space.Compact>
      <Button size="small" aria-label="上移" disabled={index === 0} onClick={() => onMove(-1)}>
        ↑
      </Button>
      <Button size="small" aria-label="下移" disabled={index === count - 1} onClick={() => onMove(1)}>
        ↓
      </Button>
    </Space.Compact>
  )
}

/** One row of an ordered editor: wraps on a phone. */
export function EditorRow({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={testId}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 8,
        alignItems: 'center',
        padding: '8px 0',
        borderBottom: '1px solid #f0f0f0',
      }}
    >
      {children}
    </div>
  )
}

export const SOURCE_LABEL = { org: '本机构配置', tenant: '租户默认配置', default: '系统默认配置' } as const

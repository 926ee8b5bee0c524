import { Button, Space } from 'antd'
import type { ReactNode } from 'react'

/** Rows that move up and down (tab order, block order); each row renders its own controls. */
export function OrderedRows<T>({
  rows,
  onChange,
  render,
  rowKey,
}: {
  rows: T[]
  onChange: (rows: T[]) => void
  render: (row: T, set: (next: T) => void) => ReactNode
  rowKey: (row: T) => string
}) {
  const move = (i: number, d: number) => {
    const next = [...rows]
    const [r] = next.splice(i, 1)
    next.splice(i + d, 0, r!)
    onChange(next)
  }
  return (
    <div>
      {rows.map((r, i) => (
        <div
          key={rowKey(r)}
          data-row={rowKey(r)}
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            flexWrap: 'wrap',
            padding: '6px 0',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <div style={{ flex: 1, minWidth: 200 }}>
            {render(r, (n) => onChange(rows.map((x, j) => (j === i ? n : x))))}
          </div>
          <Space size={4}>
            <Button size="small" disabled={i === 0} onClick={() => move(i, -1)} aria-label="上移">
              上移
            </Button>
            <Button size="small" disabled={i === rows.length - 1} onClick={() => move(i, 1)} aria-label="下移">
              下移
            </Button>
          </Space>
        </div>
      ))}
    </div>
  )
}

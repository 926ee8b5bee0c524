import { Tag } from 'antd'
import type { RequestView } from './api.js'

// White on the portal theme's dark blue, green and red reads at AA contrast; antd's light filled tags do not.
const COLOR: Record<RequestView['status'], string | undefined> = {
  pending: '#0958d9',
  approved: '#237804',
  rejected: '#cf1322',
  cancelled: undefined,
}

export function StatusTag({ r }: { r: Pick<RequestView, 'status' | 'statusLabel'> }) {
  const color = COLOR[r.status]
  return (
    <Tag color={color} variant={color ? 'solid' : 'outlined'}>
      {r.statusLabel}
    </Tag>
  )
}

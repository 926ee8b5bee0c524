import { Tag } from 'antd'
import type { RequestView } from './api.js'

const COLOR: Record<RequestView['status'], string> = {
  pending: 'processing',
  approved: 'success',
  rejected: 'error',
  cancelled: 'default',
}

export function StatusTag({ r }: { r: Pick<RequestView, 'status' | 'statusLabel'> }) {
  return <Tag color={COLOR[r.status]}>{r.statusLabel}</Tag>
}

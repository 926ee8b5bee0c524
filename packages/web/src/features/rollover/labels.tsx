import { Tag } from 'antd'

/** Colours of a school's run state; the words come from the contract's labels. */
export const SCHOOL_STATUS_COLOR: Record<string, string> = {
  pending: 'default',
  running: 'processing',
  done: 'success',
  failed: 'error',
  undone: 'warning',
}
export const PLAN_STATUS_COLOR: Record<string, string> = {
  draft: 'default',
  approved: 'blue',
  running: 'processing',
  done: 'success',
}

export const StatusTag = ({ color, label }: { color: string | undefined; label: string }) => (
  <Tag color={color ?? 'default'}>{label}</Tag>
)

/**
 * Tag colours of the plan's and a school's states: preset colours the portal's theme darkens to AA contrast
 * (components/AntdTheme.tsx); antd's status colours (success, processing…) are not darkened and fail it.
 */
export const SCHOOL_STATUS_COLOR: Record<string, string> = {
  pending: 'default',
  running: 'blue',
  done: 'green',
  failed: 'red',
  undone: 'orange',
}
export const PLAN_STATUS_COLOR: Record<string, string> = {
  draft: 'default',
  approved: 'blue',
  running: 'blue',
  done: 'green',
}

import { PI_REQUEST_STATUS_LABEL, type PiRequestRow } from '@zhixiao/shared'
import { Tag } from 'antd'

/** Time left in working days, overdue in red (a tag with text, not colour alone). */
export function DueTag({ r }: { r: PiRequestRow }) {
  if (r.status !== 'pending') return <Tag>{PI_REQUEST_STATUS_LABEL[r.status]}</Tag>
  if (r.overdue) return <Tag color="red">已逾期（应于{r.dueOn}前处理）</Tag>
  return <Tag color="blue">剩余{r.daysLeft}个工作日</Tag>
}

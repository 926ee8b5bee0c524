import { useQuery } from '@tanstack/react-query'
import { Button, Card, Empty, Flex, Tag, Typography } from 'antd'
import { leaveApi } from './api.js'

/** 今日请假: who of the classes this teacher heads is away today, and for which half days. */
export function TodayView({ onOpen }: { onOpen: (id: number) => void }) {
  const q = useQuery({ queryKey: ['leave', 'today'], queryFn: leaveApi.today })
  if (q.isPending) return <Card loading />
  const entries = q.data?.entries ?? []
  return (
    <Flex vertical gap={12}>
      <Typography.Text type="secondary">
        {q.data?.date} 共 {entries.length} 人请假
      </Typography.Text>
      {entries.length === 0 && <Empty description="今天班上没有人请假" />}
      {entries.map((e) => (
        <Card key={e.id} size="small">
          <Flex justify="space-between" align="center" wrap gap={8}>
            <span>
              {e.personName} <Typography.Text type="secondary">{e.className}</Typography.Text>
            </span>
            <span>
              <Tag>{e.typeLabel}</Tag>
              <Tag color="blue">{e.part}</Tag>
            </span>
          </Flex>
          <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 4 }}>
            <Typography.Text type="secondary">{e.span}</Typography.Text>
            <Button size="small" type="link" onClick={() => onOpen(e.id)}>
              查看
            </Button>
          </Flex>
        </Card>
      ))}
    </Flex>
  )
}

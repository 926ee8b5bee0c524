import { useQuery } from '@tanstack/react-query'
import { Button, Card, Descriptions, Empty, Tag } from 'antd'
import { useNavigate, useSearchParams } from 'react-router'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { WORK_REST_PAGE_MAX, workRestApi } from './work-rest-api'
import { WorkRestSlots } from './WorkRestSlots'

const positiveInt = (s: string | null): number | undefined =>
  s && /^\d+$/.test(s) && Number(s) > 0 ? Number(s) : undefined

/**
 * /base-school/workAndRestDetail (edit the time slots) and workAndRestCheck (read-only), for ?id=<schedule>&orgId=<its
 * school>. The server has no single-schedule call, so the schedule is found in its school's list.
 */
export default function WorkRestDetailPage({ path, title }: PageProps) {
  const readOnly = path.endsWith('workAndRestCheck')
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const id = positiveInt(params.get('id'))
  const orgId = positiveInt(params.get('orgId'))
  const list = useQuery({
    queryKey: ['workRest', 'detail', orgId],
    enabled: id !== undefined,
    queryFn: () => workRestApi.page({ orgId, pageIndex: 1, pageSize: WORK_REST_PAGE_MAX }),
  })
  const row = list.data?.list.find((r) => r.id === id)
  return (
    <PageFrame
      path={path}
      title={title}
      extra={<Button onClick={() => void navigate('/base-school/workAndRest')}>返回</Button>}
    >
      {row ? (
        <>
          <Card size="small" style={{ marginBottom: 16 }}>
            <Descriptions
              size="small"
              column={3}
              items={[
                { key: 'name', label: '作息名称', children: row.name },
                { key: 'type', label: '类型', children: row.typeName ?? '—' },
                { key: 'range', label: '生效期间', children: `${row.startDate} 至 ${row.endDate}` },
                {
                  key: 'status',
                  label: '状态',
                  children: row.status === 0 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>,
                },
                { key: 'count', label: '时段数', children: row.slotCount },
              ]}
            />
          </Card>
          <WorkRestSlots workRestId={row.id} readOnly={readOnly} />
        </>
      ) : (
        <Card size="small" loading={list.isLoading}>
          <Empty description="作息不存在" />
        </Card>
      )}
    </PageFrame>
  )
}

import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Badge, Button, Card, Empty, Flex, Segmented, Spin, Table, Tag, Typography } from 'antd'
import { useEffect } from 'react'
import type { Me, ResultDetail, ResultItem } from '../../src/grades/api-types.js'
import { api } from '../kit/index.js'
import { examHref, go } from './route.js'

const childParam = (child?: string) => (child ? `?child=${encodeURIComponent(child)}` : '')

/** A guardian's child picker (a segmented control; one child needs none). */
function ChildPicker({ me, child, onPick }: { me: Me; child?: string; onPick: (sub: string) => void }) {
  if (me.children.length < 2) return null
  return (
    <Segmented
      value={child}
      onChange={(v) => onPick(String(v))}
      options={me.children.map((c) => ({ value: c.sub, label: c.name }))}
      style={{ maxWidth: '100%', overflowX: 'auto' }}
    />
  )
}

/** 我的成绩: the published exams with the student's scores, unread ones marked. No rank, anywhere. */
export function ResultsHome({ me, child, onChild }: { me: Me; child?: string; onChild: (sub: string) => void }) {
  const guardian = me.kind === 'guardian'
  const who = guardian ? (child ?? me.children[0]?.sub) : undefined
  const list = useQuery({
    queryKey: ['results', who ?? 'me'],
    queryFn: () => api.get<ResultItem[]>(`/results${childParam(who)}`),
    enabled: !guardian || who !== undefined,
  })
  if (guardian && !me.children.length) return <Empty description="您还没有绑定孩子，请联系班主任" />
  return (
    <Card title={guardian ? `${me.children.find((c) => c.sub === who)?.name ?? '孩子'}的成绩` : '我的成绩'}>
      <Flex vertical gap={12}>
        <ChildPicker me={me} child={who} onPick={onChild} />
        {list.isError && <Alert type="error" title={list.error.message} />}
        {!list.data ? (
          !list.isError && <Spin />
        ) : !list.data.length ? (
          <Empty description="还没有发布的成绩" />
        ) : (
          <nav aria-label="考试列表">
            <Flex vertical gap={8}>
              {list.data.map((r) => (
                <a key={r.examId} href={examHref(r.examId, who)} style={{ display: 'block' }}>
                  <Card size="small" hoverable>
                    <Flex justify="space-between" align="center" gap={8}>
                      <span>
                        <Badge dot={r.unread} offset={[6, 0]}>
                          <Typography.Text strong>{r.name}</Typography.Text>
                        </Badge>
                        <br />
                        <Typography.Text type="secondary">
                          {r.date} · {r.className}
                        </Typography.Text>
                      </span>
                      {r.unread && <Tag color="red">未读</Tag>}
                    </Flex>
                  </Card>
                </a>
              ))}
            </Flex>
          </nav>
        )}
      </Flex>
    </Card>
  )
}

/** One exam's result: subjects, scores and the total (never a rank). Opening it marks it read. */
export function ResultPage({ me, id, child }: { me: Me; id: number; child?: string }) {
  const qc = useQueryClient()
  const who = me.kind === 'guardian' ? (child ?? me.children[0]?.sub) : undefined
  const r = useQuery({
    queryKey: ['result', id, who ?? 'me'],
    queryFn: () => api.get<ResultDetail>(`/results/${id}${childParam(who)}`),
    retry: false,
  })
  useEffect(() => {
    // Opening marked it read on the server: the list's unread marks follow.
    if (r.data) void qc.invalidateQueries({ queryKey: ['results'] })
  }, [r.data, qc])
  if (r.isError)
    return (
      <Card>
        <Alert type="warning" title={r.error.message} />
        {me.kind === 'guardian' && me.children.length > 1 && (
          <Typography.Paragraph style={{ marginTop: 12 }}>
            看看其他孩子：
            {me.children
              .filter((c) => c.sub !== who)
              .map((c) => (
                <Button key={c.sub} type="link" onClick={() => go(examHref(id, c.sub))}>
                  {c.name}
                </Button>
              ))}
          </Typography.Paragraph>
        )}
        <Button onClick={() => go('#/')} style={{ marginTop: 12 }}>
          返回
        </Button>
      </Card>
    )
  const d = r.data
  if (!d) return <Spin />
  return (
    <Card title={d.name} extra={<Button onClick={() => go('#/')}>返回</Button>}>
      <Typography.Paragraph type="secondary">
        {d.student.name} · {d.className} · {d.date}
      </Typography.Paragraph>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={d.subjects}
        columns={[
          { title: '科目', dataIndex: 'name' },
          {
            title: '成绩',
            key: 'score',
            render: (_: unknown, s: ResultDetail['subjects'][number]) =>
              s.absent ? <Tag>缺考</Tag> : s.score === null ? '—' : <Typography.Text strong>{s.score}</Typography.Text>,
          },
          { title: '满分', dataIndex: 'fullMarks' },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>总分</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>
              <Typography.Text strong>{d.total ?? '—'}</Typography.Text>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2}>{d.totalFull}</Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </Card>
  )
}

import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Empty, Flex, Segmented, Spin, Tag, Typography } from 'antd'
import { useState } from 'react'
import type { ExamSummary, Me } from '../../src/grades/api-types.js'
import { api } from '../kit/index.js'
import { go } from './route.js'

/**
 * 我的考试 (exams the teacher set or that include a class they teach) and, for the school admin, 全校考试 (the
 * school's published exams, each opening on its statistics).
 */
export function TeacherHome({ me }: { me: Me }) {
  const exams = useQuery({ queryKey: ['exams'], queryFn: () => api.get<ExamSummary[]>('/exams') })
  // An admin who teaches no class lands on the school's exams.
  const [view, setView] = useState<'mine' | 'school'>(me.isAdmin && !me.classes.length ? 'school' : 'mine')
  const teaches = new Set(me.classes.map((c) => c.id))
  const mine = (x: ExamSummary) => x.mine || x.classes.some((c) => teaches.has(c.id))
  const list = (exams.data ?? []).filter((x) => (view === 'mine' ? mine(x) : x.status === 'published'))
  return (
    <Card
      title={view === 'mine' ? '我的考试' : '全校考试'}
      extra={
        me.classes.length > 0 && (
          <Button type="primary" onClick={() => go('#/new')}>
            新建考试
          </Button>
        )
      }
    >
      <Flex vertical gap={12}>
        {me.isAdmin && (
          <Segmented
            value={view}
            onChange={(v) => setView(v as 'mine' | 'school')}
            options={[
              { value: 'mine', label: '我的考试' },
              { value: 'school', label: '全校考试' },
            ]}
          />
        )}
        {exams.isError && <Alert type="error" title={exams.error.message} />}
        {!exams.data ? (
          !exams.isError && <Spin />
        ) : !list.length ? (
          <Empty description={view === 'mine' ? '还没有考试，点“新建考试”开始' : '全校还没有发布的考试'} />
        ) : (
          <nav aria-label="考试列表">
            <Flex vertical gap={8}>
              {list.map((x) => (
                <a key={x.id} href={`#/exam/${x.id}`} style={{ display: 'block' }}>
                  <Card size="small" hoverable>
                    <Flex justify="space-between" align="center" gap={8} wrap>
                      <span>
                        <Typography.Text strong>{x.name}</Typography.Text>
                        <br />
                        <Typography.Text type="secondary">
                          {x.date} · {x.classes.map((c) => c.name).join('、')} ·{' '}
                          {x.subjects.map((s) => s.name).join(' ')}
                        </Typography.Text>
                      </span>
                      <Tag color={x.status === 'draft' ? 'orange' : 'green'}>
                        {x.status === 'draft' ? '草稿' : '已发布'}
                      </Tag>
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

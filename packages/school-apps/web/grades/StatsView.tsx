import { useQuery } from '@tanstack/react-query'
import { Alert, Card, Empty, Flex, Segmented, Spin, Table, Typography } from 'antd'
import { useState } from 'react'
import type { StatsAnswer, StatsSubject } from '../../src/grades/api-types.js'
import { api } from '../kit/index.js'

const pct = (n: number | null) => (n === null ? '—' : `${n}%`)
const num = (n: number | null) => (n === null ? '—' : String(n))

/** A bar per band of 10 % of full marks, in plain SVG (no chart library); counts written over the bars. */
function Distribution({ s }: { s: StatsSubject }) {
  const max = Math.max(1, ...s.bands)
  const w = 320
  const h = 120
  const bw = w / s.bands.length
  return (
    <figure style={{ margin: 0 }}>
      <svg
        viewBox={`0 0 ${w} ${h + 28}`}
        width="100%"
        style={{ maxWidth: 420, display: 'block' }}
        role="img"
        aria-label={`${s.name}成绩分布：${s.bands.map((n, i) => `${s.bandLabels[i]}分 ${n} 人`).join('，')}`}
      >
        {s.bands.map((n, i) => {
          const bh = Math.round((n / max) * (h - 16))
          const pass = (i + 1) * (s.fullMarks / s.bands.length) > s.passLine
          return (
            <g key={i}>
              <rect x={i * bw + 2} y={h - bh} width={bw - 4} height={bh} rx={2} fill={pass ? '#1677ff' : '#ff7875'} />
              {n > 0 && (
                <text x={i * bw + bw / 2} y={h - bh - 3} fontSize={10} textAnchor="middle" fill="#333">
                  {n}
                </text>
              )}
              <text x={i * bw + bw / 2} y={h + 12} fontSize={9} textAnchor="middle" fill="#666">
                {s.bandLabels[i]!.split('–')[0]}
              </text>
            </g>
          )
        })}
        <line x1={0} y1={h} x2={w} y2={h} stroke="#bbb" />
        <text x={w} y={h + 25} fontSize={9} textAnchor="end" fill="#666">
          分数段（每段满分的 10%）
        </text>
      </svg>
    </figure>
  )
}

/** 统计: per class (and the whole exam for its creator and the school admin), per subject, with the distribution. */
export function StatsView({ examId, classId }: { examId: number; classId?: number }) {
  const stats = useQuery({
    queryKey: ['stats', examId, classId ?? 'all'],
    queryFn: () => api.get<StatsAnswer>(`/exams/${examId}/stats${classId ? `?classId=${classId}` : ''}`),
  })
  const [group, setGroup] = useState(0)
  if (stats.isError) return <Alert type="error" title={stats.error.message} />
  if (!stats.data) return <Spin />
  const groups = stats.data.groups
  if (!groups.length) return <Empty />
  const g = groups[Math.min(group, groups.length - 1)]!
  return (
    <Flex vertical gap={12}>
      {groups.length > 1 && (
        <Segmented
          value={group}
          onChange={(v) => setGroup(Number(v))}
          options={groups.map((x, i) => ({ value: i, label: x.name }))}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
      )}
      <Typography.Text type="secondary">
        {g.name}：{g.students} 名学生有成绩。及格率、优秀率按实考人数计算。
      </Typography.Text>
      <Table<StatsSubject>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={g.subjects}
        columns={[
          { title: '科目', dataIndex: 'name', fixed: 'left' },
          { title: '平均分', dataIndex: 'average', render: num },
          { title: '最高分', dataIndex: 'highest', render: num },
          { title: '最低分', dataIndex: 'lowest', render: num },
          { title: '及格率', dataIndex: 'passRate', render: pct },
          { title: '优秀率', dataIndex: 'excellentRate', render: pct },
          { title: '实考', dataIndex: 'sitters' },
          { title: '缺考', dataIndex: 'absent' },
        ]}
      />
      <Flex wrap gap={12}>
        {g.subjects.map((s) => (
          <Card key={s.id} size="small" title={`${s.name} 分数分布`} style={{ flex: '1 1 300px', maxWidth: 460 }}>
            <Distribution s={s} />
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              满分 {s.fullMarks}，及格线 {s.passLine}，优秀线 {s.excellentLine}
            </Typography.Text>
          </Card>
        ))}
      </Flex>
    </Flex>
  )
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Empty, Flex, Grid as AntGrid, Input, Spin, Table, Tag, Typography } from 'antd'
import { useMemo, useState } from 'react'
import type { Grid, GridRow, SaveScoresAnswer } from '../../src/grades/api-types.js'
import { api } from '../kit/index.js'

/** What a teacher may type in a cell: a mark with at most one decimal up to full marks, 缺考, or nothing. */
const FORMAT = /^(\d{1,4}(\.\d)?|缺考|缺)?$/
const valid = (v: string, fullMarks: number) => {
  const s = v.trim()
  return FORMAT.test(s) && !(/^\d/.test(s) && Number(s) > fullMarks)
}

/**
 * 录入成绩 for one class: a grid of students × subjects with totals and ranks (teachers only); on a phone a card per
 * student instead. Edits are kept until 保存, which sends only the cells changed.
 */
export function ScoreGrid({ examId, classId, published }: { examId: number; classId: number; published: boolean }) {
  const { message } = App.useApp()
  const qc = useQueryClient()
  const screens = AntGrid.useBreakpoint()
  const narrow = !screens.md
  const grid = useQuery({
    queryKey: ['grid', examId, classId],
    queryFn: () => api.get<Grid>(`/exams/${examId}/grid?classId=${classId}`),
  })
  const [edits, setEdits] = useState<Record<string, string>>({})
  const key = (sub: string, subjectId: number) => `${sub}|${subjectId}`
  const save = useMutation({
    mutationFn: () =>
      api.post<SaveScoresAnswer>(`/exams/${examId}/scores`, {
        entries: Object.entries(edits).map(([k, value]) => {
          const [studentSub, subjectId] = k.split('|')
          return {
            studentSub: studentSub!,
            subjectId: Number(subjectId),
            value: value === '缺' ? '缺考' : value.trim(),
          }
        }),
      }),
    onSuccess: async (r) => {
      message.success(`已保存 ${r.saved} 个成绩`)
      setEdits({})
      await qc.invalidateQueries({ queryKey: ['grid', examId] })
      await qc.invalidateQueries({ queryKey: ['stats', examId] })
    },
  })
  const data = grid.data
  const full = useMemo(() => new Map(grid.data?.subjects.map((s) => [s.id, s.fullMarks])), [grid.data])
  const bad = useMemo(
    () => Object.entries(edits).filter(([k, v]) => !valid(v, full.get(Number(k.split('|')[1])) ?? 0)),
    [edits, full],
  )
  if (grid.isError) return <Alert type="error" title={grid.error.message} />
  if (!data) return <Spin />
  const value = (r: GridRow, subjectId: number) => edits[key(r.sub, subjectId)] ?? r.scores[String(subjectId)] ?? ''
  const cell = (r: GridRow, subjectId: number, name: string) => {
    const v = value(r, subjectId)
    const invalid = !valid(v, full.get(subjectId) ?? 0)
    return data.editable && !r.left ? (
      <Input
        size="small"
        value={v}
        status={invalid ? 'error' : undefined}
        aria-label={`${r.name} ${name}`}
        inputMode="decimal"
        maxLength={6}
        style={{ width: narrow ? 80 : 64 }}
        onChange={(e) => setEdits((x) => ({ ...x, [key(r.sub, subjectId)]: e.target.value }))}
      />
    ) : (
      <span>{v || '—'}</span>
    )
  }
  const dirty = Object.keys(edits).length
  const toolbar = data.editable ? (
    <Flex gap={8} align="center" wrap>
      <Button type="primary" disabled={!dirty || bad.length > 0} loading={save.isPending} onClick={() => save.mutate()}>
        保存{dirty ? `（${dirty}）` : ''}
      </Button>
      {dirty > 0 && <Button onClick={() => setEdits({})}>放弃修改</Button>}
      <Typography.Text type="secondary">成绩 0 到满分，最多一位小数；缺考请填“缺考”。</Typography.Text>
      {bad.length > 0 && <Typography.Text type="danger">有 {bad.length} 个成绩格式不对或超出满分</Typography.Text>}
    </Flex>
  ) : (
    <Typography.Text type="secondary">
      {published ? '成绩已发布，不能再修改。' : '您只能查看本班成绩。'}
    </Typography.Text>
  )
  const rankText = (r: GridRow) =>
    r.total === null ? '—' : `总分 ${r.total} · 班级第 ${r.classRank ?? '—'} · 考试第 ${r.examRank ?? '—'}`

  if (!data.rows.length) return <Empty description="该班级还没有学生" />
  if (narrow)
    return (
      <Flex vertical gap={8}>
        {toolbar}
        {data.rows.map((r) => (
          <Card
            key={r.sub}
            size="small"
            title={`${r.name}${r.no ? `（${r.no}）` : ''}`}
            extra={r.left && <Tag>已转出</Tag>}
          >
            <Flex wrap gap={8}>
              {data.subjects.map((s) => (
                <label key={s.id} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                  <span style={{ minWidth: 32 }}>{s.name}</span>
                  {cell(r, s.id, s.name)}
                </label>
              ))}
            </Flex>
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 6 }}>
              {rankText(r)}
            </Typography.Text>
          </Card>
        ))}
      </Flex>
    )
  return (
    <Flex vertical gap={8}>
      {toolbar}
      <Table<GridRow>
        rowKey="sub"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={data.rows}
        columns={[
          { title: '学号', dataIndex: 'no', width: 110, fixed: 'left' },
          {
            title: '姓名',
            dataIndex: 'name',
            width: 90,
            fixed: 'left',
            render: (n: string, r) => (
              <>
                {n} {r.left && <Tag>已转出</Tag>}
              </>
            ),
          },
          ...data.subjects.map((s) => ({
            title: `${s.name}（${s.fullMarks}）`,
            key: `s${s.id}`,
            render: (_: unknown, r: GridRow) => cell(r, s.id, s.name),
          })),
          { title: '总分', dataIndex: 'total', render: (t: number | null) => t ?? '—' },
          { title: '班级排名', dataIndex: 'classRank', render: (t: number | null) => t ?? '—' },
          { title: '考试排名', dataIndex: 'examRank', render: (t: number | null) => t ?? '—' },
        ]}
      />
    </Flex>
  )
}

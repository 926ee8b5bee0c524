import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Card, Flex, Popconfirm, Segmented, Spin, Tabs, Tag, Typography, Upload } from 'antd'
import { useState } from 'react'
import type { ExamDetail, ImportProblemView, Me } from '../../src/grades/api-types.js'
import { api } from '../kit/index.js'
import { uploadSheet } from './http.js'
import { go } from './route.js'
import { ScoreGrid } from './ScoreGrid.js'
import { StatsView } from './StatsView.js'

/** 下载模板 / 导入成绩: the upload, and the bad rows listed when the sheet was refused (nothing saved then). */
function ImportPanel({ exam }: { exam: ExamDetail }) {
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [problems, setProblems] = useState<{ msg: string; rows: ImportProblemView[] } | null>(null)
  const [busy, setBusy] = useState(false)
  const pick = async (file: File) => {
    setBusy(true)
    try {
      const r = await uploadSheet(exam.id, file)
      if (r.ok) {
        setProblems(null)
        message.success(r.msg)
        await qc.invalidateQueries({ queryKey: ['grid', exam.id] })
        await qc.invalidateQueries({ queryKey: ['stats', exam.id] })
      } else if (r.problems.length) setProblems({ msg: r.msg, rows: r.problems })
      else {
        setProblems(null)
        message.error(r.msg)
      }
    } finally {
      setBusy(false)
    }
  }
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <Button
          onClick={() =>
            void api.download(`/exams/${exam.id}/template`, `${exam.name}-成绩模板.xlsx`).catch(() => undefined)
          }
        >
          下载模板
        </Button>
        <Upload
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          showUploadList={false}
          beforeUpload={(file) => {
            void pick(file)
            return false
          }}
        >
          <Button type="primary" loading={busy}>
            导入成绩
          </Button>
        </Upload>
      </Flex>
      <Typography.Text type="secondary">
        模板每个班一张工作表，已填的成绩会带出；空格表示清除该成绩。文件不超过 5 MB、2000
        行，有错误的行会全部列出，改好后重新导入（有错时不保存任何成绩）。
      </Typography.Text>
      {problems && (
        <Alert
          type="error"
          showIcon
          title={problems.msg}
          description={
            <ul style={{ margin: 0, paddingLeft: 20, maxHeight: 260, overflowY: 'auto' }} aria-label="有误的行">
              {problems.rows.map((p) => (
                <li key={`${p.sheet}-${p.row}`}>
                  {p.sheet} 第 {p.row} 行：{p.reason}
                </li>
              ))}
            </ul>
          }
        />
      )}
    </Flex>
  )
}

/** A teacher's or admin's exam: 录入成绩 (with ranks) for the classes they may see, 统计, and the creator's actions. */
export function ExamPage({ id }: { id: number }) {
  const { message } = App.useApp()
  const qc = useQueryClient()
  const exam = useQuery({ queryKey: ['exam', id], queryFn: () => api.get<ExamDetail>(`/exams/${id}`) })
  const profile = useQuery({ queryKey: ['profile'], queryFn: () => api.get<Me>('/profile') })
  const [classId, setClassId] = useState<number | null>(null)
  const publish = useMutation({
    mutationFn: () => api.post<{ notified: number }>(`/exams/${id}/publish`),
    onSuccess: async (r) => {
      message.success(`已发布，已通知 ${r.notified} 位学生和家长`)
      await qc.invalidateQueries()
    },
  })
  const remove = useMutation({
    mutationFn: () => api.post<null>(`/exams/${id}/delete`),
    onSuccess: async () => {
      message.success('已删除')
      await qc.invalidateQueries({ queryKey: ['exams'] })
      go('#/')
    },
  })
  if (exam.isError)
    return <Alert type="error" title={exam.error.message} action={<Button onClick={() => go('#/')}>返回</Button>} />
  const e = exam.data
  if (!e) return <Spin />
  const gridClasses = e.classes.filter((c) => e.gridClassIds.includes(c.id))
  // The teacher's own class first (a creator sees every class of the exam).
  const taught = new Set(profile.data?.classes.map((c) => c.id))
  const current = classId ?? (gridClasses.find((c) => taught.has(c.id)) ?? gridClasses[0])?.id ?? null
  const draft = e.status === 'draft'
  const tabs = [
    ...(gridClasses.length
      ? [
          {
            key: 'scores',
            label: draft ? '录入成绩' : '成绩',
            children: (
              <Flex vertical gap={12}>
                {gridClasses.length > 1 && (
                  <Segmented
                    value={current ?? undefined}
                    onChange={(v) => setClassId(Number(v))}
                    options={gridClasses.map((c) => ({ value: c.id, label: c.name }))}
                    style={{ maxWidth: '100%', overflowX: 'auto' }}
                  />
                )}
                {e.editClassIds.length > 0 && <ImportPanel exam={e} />}
                {current !== null && <ScoreGrid examId={id} classId={current} published={!draft} />}
              </Flex>
            ),
          },
        ]
      : []),
    ...(e.statClassIds.length ? [{ key: 'stats', label: '统计', children: <StatsView examId={id} /> }] : []),
  ]
  return (
    <Card
      title={
        <Flex gap={8} align="center" wrap>
          <span>{e.name}</span>
          <Tag color={draft ? 'orange' : 'green'}>{draft ? '草稿' : '已发布'}</Tag>
        </Flex>
      }
      extra={<Button onClick={() => go('#/')}>返回</Button>}
    >
      <Typography.Paragraph type="secondary">
        {e.date} · {e.classes.map((c) => c.name).join('、')} ·{' '}
        {e.subjects.map((s) => `${s.name}${s.fullMarks}分`).join('、')} · 创建人 {e.createdByName}
      </Typography.Paragraph>
      {e.mine && draft && (
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          <Popconfirm
            title="发布成绩"
            description="发布后学生和家长会收到通知，成绩不能再修改。确定发布？"
            okText="发布"
            cancelText="取消"
            onConfirm={() => publish.mutate()}
          >
            <Button type="primary" loading={publish.isPending}>
              发布
            </Button>
          </Popconfirm>
          <Button onClick={() => go(`#/exam/${id}/edit`)}>编辑考试</Button>
          <Popconfirm title="删除考试及其全部成绩？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate()}>
            <Button danger>删除</Button>
          </Popconfirm>
        </Flex>
      )}
      <Tabs items={tabs} />
    </Card>
  )
}

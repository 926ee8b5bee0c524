import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Checkbox, Flex, Form, Input, InputNumber, Spin, Typography } from 'antd'
import type { ExamDetail, Me } from '../../src/grades/api-types.js'
import { api } from '../kit/index.js'
import { go } from './route.js'

interface SubjectField {
  id?: number
  name: string
  fullMarks: number
  passLine?: number | null
  excellentLine?: number | null
}
interface FormValues {
  name: string
  date: string
  classIds: number[]
  subjects: SubjectField[]
}

const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10)
const STARTER: SubjectField[] = [
  { name: '语文', fullMarks: 100 },
  { name: '数学', fullMarks: 100 },
  { name: '英语', fullMarks: 100 },
]

/**
 * 新建考试 / 编辑考试: name, date, the classes the teacher teaches, and the subjects with full marks and (optional)
 * pass and excellent lines — left empty they are 60 % and 85 % of full marks.
 */
export function ExamForm({ me, examId }: { me: Me; examId?: number }) {
  const { message } = App.useApp()
  const qc = useQueryClient()
  const [form] = Form.useForm<FormValues>()
  const exam = useQuery({
    queryKey: ['exam', examId],
    queryFn: () => api.get<ExamDetail>(`/exams/${examId}`),
    enabled: examId !== undefined,
  })
  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const body = {
        name: v.name,
        date: v.date,
        classIds: v.classIds,
        subjects: v.subjects.map((s) => ({
          ...(s.id ? { id: s.id } : {}),
          name: s.name,
          fullMarks: s.fullMarks,
          ...(s.passLine != null ? { passLine: s.passLine } : {}),
          ...(s.excellentLine != null ? { excellentLine: s.excellentLine } : {}),
        })),
      }
      return examId === undefined
        ? api.post<{ id: number }>('/exams', body)
        : api.post<null>(`/exams/${examId}`, body).then(() => ({ id: examId }))
    },
    onSuccess: async (r) => {
      message.success(examId === undefined ? '考试已创建，请录入成绩' : '已保存')
      await qc.invalidateQueries()
      go(`#/exam/${r.id}`)
    },
  })
  if (examId !== undefined && !exam.data) return <Spin />
  const classes = [
    ...me.classes.map((c) => ({ value: c.id, label: c.name })),
    // A class already in the exam stays choosable even if the teacher no longer teaches it.
    ...(exam.data?.classes ?? [])
      .filter((c) => !me.classes.some((m) => m.id === c.id))
      .map((c) => ({ value: c.id, label: c.name })),
  ]
  const initial: FormValues = exam.data
    ? {
        name: exam.data.name,
        date: exam.data.date,
        classIds: exam.data.classes.map((c) => c.id),
        subjects: exam.data.subjects.map((s) => ({ ...s })),
      }
    : { name: '', date: today(), classIds: me.classes.filter((c) => c.isHead).map((c) => c.id), subjects: STARTER }

  return (
    <Card title={examId === undefined ? '新建考试' : '编辑考试'}>
      {!me.classes.length && examId === undefined ? (
        <Typography.Paragraph type="secondary">您还没有任教的班级，不能创建考试。</Typography.Paragraph>
      ) : (
        <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={(v) => save.mutate(v)}>
          <Form.Item
            name="name"
            label="考试名称"
            rules={[
              { required: true, whitespace: true, message: '请填写考试名称' },
              { max: 30, message: '最多 30 个字' },
            ]}
          >
            <Input maxLength={30} placeholder="如：第一次月考" />
          </Form.Item>
          <Form.Item name="date" label="考试日期" rules={[{ required: true, message: '请选择考试日期' }]}>
            <Input type="date" style={{ maxWidth: 200 }} />
          </Form.Item>
          <Form.Item name="classIds" label="参加班级" rules={[{ required: true, message: '请至少选择一个班级' }]}>
            <Checkbox.Group options={classes} />
          </Form.Item>
          <Typography.Text strong>科目</Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            及格线、优秀线不填时为满分的 60% 和 85%。
          </Typography.Paragraph>
          <Form.List
            name="subjects"
            rules={[
              {
                validator: async (_, v: SubjectField[] | undefined) => {
                  if (!v?.length) throw new Error('请至少添加一个科目')
                },
              },
            ]}
          >
            {(fields, { add, remove }, { errors }) => (
              <>
                {fields.map((f, i) => (
                  <Card
                    key={f.key}
                    size="small"
                    style={{ marginBottom: 8 }}
                    title={`科目 ${i + 1}`}
                    extra={
                      <Button size="small" onClick={() => remove(f.name)} aria-label={`删除科目 ${i + 1}`}>
                        删除
                      </Button>
                    }
                  >
                    <Flex gap={8} wrap>
                      <Form.Item
                        name={[f.name, 'name']}
                        label="名称"
                        rules={[{ required: true, whitespace: true, message: '请填写科目' }]}
                        style={{ marginBottom: 0 }}
                      >
                        <Input placeholder="如：语文" maxLength={20} style={{ width: 96 }} />
                      </Form.Item>
                      <Form.Item
                        name={[f.name, 'fullMarks']}
                        label="满分"
                        rules={[{ required: true, message: '请填写满分' }]}
                        style={{ marginBottom: 0 }}
                      >
                        <InputNumber min={1} max={1000} precision={0} style={{ width: 80 }} />
                      </Form.Item>
                      <Form.Item name={[f.name, 'passLine']} label="及格线" style={{ marginBottom: 0 }}>
                        <InputNumber
                          min={0}
                          max={1000}
                          step={0.5}
                          precision={1}
                          placeholder="60%"
                          style={{ width: 80 }}
                        />
                      </Form.Item>
                      <Form.Item name={[f.name, 'excellentLine']} label="优秀线" style={{ marginBottom: 0 }}>
                        <InputNumber
                          min={0}
                          max={1000}
                          step={0.5}
                          precision={1}
                          placeholder="85%"
                          style={{ width: 80 }}
                        />
                      </Form.Item>
                    </Flex>
                  </Card>
                ))}
                <Form.ErrorList errors={errors} />
                <Button onClick={() => add({ name: '', fullMarks: 100 })} disabled={fields.length >= 10}>
                  添加科目
                </Button>
              </>
            )}
          </Form.List>
          <Flex gap={8} style={{ marginTop: 24 }}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
            <Button onClick={() => go(examId === undefined ? '#/' : `#/exam/${examId}`)}>取消</Button>
          </Flex>
        </Form>
      )}
    </Card>
  )
}

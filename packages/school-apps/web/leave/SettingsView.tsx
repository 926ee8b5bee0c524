import { useQuery } from '@tanstack/react-query'
import { Button, Card, Form, InputNumber, Select, Typography } from 'antd'
import { leaveApi, type SettingsView as Settings } from './api.js'
import { useAction } from './useAction.js'

interface Values {
  leaderSub: string | null
  thresholdDays: number
  heads: Record<string, string | null>
}

/** 审批设置 (school admins): each department's head, the school leader and the days above which the leader decides. */
export function SettingsView() {
  const q = useQuery({ queryKey: ['leave', 'settings'], queryFn: leaveApi.settings })
  if (q.isPending) return <Card loading />
  if (q.isError) return <Typography.Text type="danger">{q.error.message}</Typography.Text>
  return <SettingsForm s={q.data} />
}

function SettingsForm({ s }: { s: Settings }) {
  const { run, busy } = useAction()
  const teachers = s.teachers.map((t) => ({
    value: t.sub,
    label: t.departmentName ? `${t.name}（${t.departmentName}）` : t.name,
  }))
  const search = { optionFilterProp: 'label' }
  const save = (v: Values) =>
    run(
      () =>
        leaveApi.saveSettings({
          leaderSub: v.leaderSub ?? null,
          thresholdDays: v.thresholdDays,
          heads: s.departments.map((d) => ({ departmentId: d.id, headSub: v.heads[String(d.id)] ?? null })),
        }),
      '审批设置已保存',
    )
  return (
    <Form<Values>
      layout="vertical"
      style={{ maxWidth: 560 }}
      onFinish={save}
      initialValues={{
        leaderSub: s.leaderSub,
        thresholdDays: s.thresholdDays,
        heads: Object.fromEntries(s.departments.map((d) => [String(d.id), d.headSub])),
      }}
    >
      <Typography.Paragraph type="secondary">
        教师请假先由所在部门负责人审批；超过下列天数，或部门未设负责人、申请人即负责人时，由学校领导审批。
      </Typography.Paragraph>
      <Form.Item name="leaderSub" label="学校领导">
        <Select allowClear showSearch={search} placeholder="选择一位教师" options={teachers} />
      </Form.Item>
      <Form.Item
        name="thresholdDays"
        label="超过多少天需学校领导审批"
        rules={[{ required: true, message: '请填写天数' }]}
      >
        <InputNumber min={0.5} max={30} step={0.5} precision={1} suffix="天" style={{ width: 160 }} />
      </Form.Item>
      <Typography.Title level={2} style={{ fontSize: 16 }}>
        部门负责人
      </Typography.Title>
      {s.departments.length === 0 && <Typography.Paragraph type="secondary">通讯录中暂无部门</Typography.Paragraph>}
      {s.departments.map((d) => (
        <Form.Item key={d.id} name={['heads', String(d.id)]} label={d.name}>
          <Select allowClear showSearch={search} placeholder="未设置（由学校领导审批）" options={teachers} />
        </Form.Item>
      ))}
      <Button type="primary" htmlType="submit" loading={busy} block>
        保存
      </Button>
    </Form>
  )
}

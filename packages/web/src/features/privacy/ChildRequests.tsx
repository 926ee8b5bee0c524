import {
  PERSONAL_FIELD_KEYS,
  PERSONAL_FIELDS,
  PI_REQUEST_KIND_LABEL,
  PI_REQUEST_WORKING_DAYS,
  type PiRequestKind,
  type PersonalFieldKey,
} from '@zhixiao/shared'
import { Button, Empty, Form, Input, List, Radio, Select, Skeleton, Typography } from 'antd'
import { useWrite } from '../../components/crud'
import { useMyChildren } from './api'
import { fieldNames } from './ChildAccessList'
import { DueTag } from './DueTag'
import { retentionApi, useMyRequests } from './retention-api'

interface AskForm {
  childId: number
  kind: PiRequestKind
  fields: PersonalFieldKey[]
  problem: string
  desired?: string
}
const meta = { fontSize: 13, overflowWrap: 'anywhere' as const }

/**
 * 更正或删除孩子的信息: a guardian asks the child's school to correct or delete the child's personal data and follows
 * the answer (docs/privacy.md "Retention and requests"). Used by the personal centre and the mobile portal's 我的.
 */
export function ChildRequests({ initialChildId }: { initialChildId?: number }) {
  const children = useMyChildren()
  const mine = useMyRequests()
  const write = useWrite(['piRequestsMine'])
  const [form] = Form.useForm<AskForm>()
  const kind = Form.useWatch('kind', form)
  const kids = children.data ?? []
  if (children.isPending) return <Skeleton active />
  if (!kids.length) return <Empty description="未绑定孩子" />
  const submit = async (v: AskForm) => {
    const env = await write(() =>
      retentionApi.ask({
        childId: v.childId,
        kind: v.kind,
        fields: v.fields,
        problem: v.problem.trim(),
        desired: v.kind === 'correct' ? (v.desired?.trim() ?? null) : null,
      }),
    )
    if (env) form.resetFields(['fields', 'problem', 'desired'])
  }
  return (
    <div data-testid="child-requests">
      <Typography.Paragraph type="secondary" style={meta}>
        发现学校登记的孩子信息有误，或希望删除不再需要的信息，可以在这里提出申请，学校将在{PI_REQUEST_WORKING_DAYS}
        个工作日内处理并答复。学籍信息依规定需要保留的，学校会在答复中说明。
      </Typography.Paragraph>
      <Form<AskForm>
        form={form}
        layout="vertical"
        initialValues={{ childId: kids.find((c) => c.id === initialChildId)?.id ?? kids[0]?.id, kind: 'correct' }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="childId" label="孩子" rules={[{ required: true, message: '请选择孩子' }]}>
          <Select
            options={kids.map((c) => ({
              value: c.id,
              label: c.className ? `${c.trueName}（${c.className}）` : c.trueName,
            }))}
          />
        </Form.Item>
        <Form.Item name="kind" label="申请类型">
          <Radio.Group
            options={(['correct', 'delete'] as const).map((k) => ({ value: k, label: PI_REQUEST_KIND_LABEL[k] }))}
          />
        </Form.Item>
        <Form.Item name="fields" label="涉及的信息" rules={[{ required: true, message: '请选择涉及的信息' }]}>
          <Select
            mode="multiple"
            placeholder="请选择"
            options={PERSONAL_FIELD_KEYS.map((k) => ({ value: k, label: PERSONAL_FIELDS[k].label }))}
          />
        </Form.Item>
        <Form.Item
          name="problem"
          label={kind === 'delete' ? '删除原因' : '哪里有误'}
          rules={[
            { required: true, whitespace: true, message: '请说明问题（4-500个字）' },
            { min: 4, max: 500, message: '请说明问题（4-500个字）' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
        {kind === 'correct' && (
          <Form.Item
            name="desired"
            label="正确的内容"
            rules={[
              { required: true, whitespace: true, message: '更正请填写正确的内容（1-200个字）' },
              { max: 200, message: '更正请填写正确的内容（1-200个字）' },
            ]}
          >
            <Input maxLength={200} />
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" block>
          提交申请
        </Button>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        我的申请
      </Typography.Title>
      <List
        loading={mine.isPending}
        dataSource={mine.data ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">暂无申请</Typography.Text> }}
        renderItem={(r) => (
          <List.Item key={r.id} data-testid="my-pi-request" style={{ display: 'block' }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
              <strong>
                {PI_REQUEST_KIND_LABEL[r.kind]} · {r.childName}
              </strong>
              <DueTag r={r} />
            </div>
            <div style={meta}>涉及：{fieldNames(r.fields)}</div>
            <div style={meta}>问题：{r.problem}</div>
            {r.reply && <div style={meta}>学校答复：{r.reply}</div>}
            {r.result && <div style={meta}>处理结果：{r.result}</div>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.createdAt} 提交{r.handledAt ? ` · ${r.handledAt} 处理` : ` · 应于${r.dueOn}前处理`}
            </Typography.Text>
          </List.Item>
        )}
      />
    </div>
  )
}

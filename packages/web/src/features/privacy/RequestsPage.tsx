import {
  CORRECTABLE_FIELDS,
  PI_REQUEST_KIND_LABEL,
  PI_REQUEST_STATUS_LABEL,
  PI_REQUEST_STATUSES,
  type PiRequestRow,
  type PiRequestStatus,
} from '@zhixiao/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Card, Checkbox, Form, Input, List, Modal, Pagination, Radio, Select, Space, Typography } from 'antd'
import { useState } from 'react'
import { notify } from '../../api/feedback'
import { PageFrame, useWrite } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { fieldNames } from './ChildAccessList'
import { DueTag } from './DueTag'
import { retentionApi } from './retention-api'

const meta = { fontSize: 13, overflowWrap: 'anywhere' as const }

interface HandleForm {
  outcome: 'done' | 'refused'
  reply: string
  useDesired?: boolean
  phone?: string
  idCard?: string
}

function HandleDialog({ r, onClose }: { r: PiRequestRow | null; onClose: () => void }) {
  const write = useWrite(['piRequests'])
  const [form] = Form.useForm<HandleForm>()
  const [busy, setBusy] = useState(false)
  const outcome = Form.useWatch('outcome', form)
  const useDesired = Form.useWatch('useDesired', form)
  // The fields a correction can set here; the rest are answered in words (and changed on their own pages).
  const settable = r?.kind === 'correct' ? CORRECTABLE_FIELDS.filter((f) => r.fields.includes(f)) : []
  // One settable field and the guardian's value: the server applies it, so nobody here needs to read it in full.
  const canUseDesired = settable.length === 1 && !!r?.desired
  const typing = outcome === 'done' && !(canUseDesired && useDesired)
  const submit = async (v: HandleForm) => {
    if (!r) return
    setBusy(true)
    const correction =
      v.outcome === 'done' && settable.length
        ? { ...(v.phone?.trim() && { phone: v.phone.trim() }), ...(v.idCard?.trim() && { idCard: v.idCard.trim() }) }
        : null
    const env = await write(() =>
      retentionApi.handle({ id: r.id, outcome: v.outcome, reply: v.reply.trim(), correction }),
    )
    setBusy(false)
    if (env) {
      notify.success(env.data.result)
      onClose()
    }
  }
  return (
    <Modal
      title={r ? `处理${PI_REQUEST_KIND_LABEL[r.kind]}申请：${r.childName}` : ''}
      open={!!r}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText="提交"
      confirmLoading={busy}
      destroyOnHidden
    >
      {r && (
        <Form<HandleForm>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ outcome: 'done', useDesired: true }}
          onFinish={(v) => void submit(v)}
        >
          <Typography.Paragraph style={meta}>
            涉及：{fieldNames(r.fields)}
            <br />
            问题：{r.problem}
            {r.desired && (
              <>
                <br />
                家长提供的正确内容：{r.desired}
              </>
            )}
          </Typography.Paragraph>
          {r.kind === 'delete' && (
            <Typography.Paragraph type="secondary" style={meta}>
              处理完成将立即清理所选信息所属的类别；学籍信息（身份证号、出生日期等）依规定保留，法律保全中的学生不会被清理，
              结果会写入答复。
            </Typography.Paragraph>
          )}
          <Form.Item name="outcome" label="处理结果">
            <Radio.Group
              options={[
                { value: 'done', label: '处理完成' },
                { value: 'refused', label: '不予处理' },
              ]}
            />
          </Form.Item>
          {outcome === 'done' && canUseDesired && (
            <Form.Item name="useDesired" valuePropName="checked">
              <Checkbox>采用家长提供的内容（{r.desired}）</Checkbox>
            </Form.Item>
          )}
          {typing && settable.includes('phone') && (
            <Form.Item
              name="phone"
              label="更正后的手机号"
              rules={[{ pattern: /^1\d{10}$/, message: '手机号格式不正确' }]}
            >
              <Input maxLength={11} inputMode="tel" />
            </Form.Item>
          )}
          {typing && settable.includes('idCard') && (
            <Form.Item name="idCard" label="更正后的身份证号" rules={[{ len: 18, message: '身份证号格式不正确' }]}>
              <Input maxLength={18} />
            </Form.Item>
          )}
          <Form.Item
            name="reply"
            label="答复家长"
            rules={[
              { required: true, whitespace: true, message: '请填写答复（2-500个字）' },
              { min: 2, max: 500, message: '请填写答复（2-500个字）' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount />
          </Form.Item>
        </Form>
      )}
    </Modal>
  )
}

/**
 * /base-privacyLog/requests: guardians' deletion and correction requests about children of the caller's school
 * (docs/privacy.md "Retention and requests"), the pending first and soonest due first.
 */
export default function RequestsPage({ path, title }: PageProps) {
  const [status, setStatus] = useState<PiRequestStatus | undefined>('pending')
  const [paging, setPaging] = useState({ pageIndex: 1, pageSize: 10 })
  const [handling, setHandling] = useState<PiRequestRow | null>(null)
  const q = useQuery({
    queryKey: ['piRequests', status ?? null, paging],
    queryFn: () => retentionApi.requests({ ...paging, status: status ?? null }),
    placeholderData: keepPreviousData,
  })
  return (
    <PageFrame path={path} title={title}>
      <Select
        aria-label="申请状态"
        placeholder="全部状态"
        allowClear
        style={{ width: 160, marginBottom: 12 }}
        value={status}
        onChange={(v) => {
          setStatus(v)
          setPaging((p) => ({ ...p, pageIndex: 1 }))
        }}
        options={PI_REQUEST_STATUSES.map((s) => ({ value: s, label: PI_REQUEST_STATUS_LABEL[s] }))}
      />
      <List
        loading={q.isPending}
        dataSource={q.data?.list ?? []}
        locale={{ emptyText: <Typography.Text type="secondary">暂无申请</Typography.Text> }}
        renderItem={(r) => (
          <Card size="small" key={r.id} style={{ marginBottom: 8 }} data-testid="pi-request-card">
            <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
              <strong>
                {PI_REQUEST_KIND_LABEL[r.kind]} · {r.childName}
              </strong>
              <DueTag r={r} />
            </Space>
            <div style={meta}>
              {r.orgName ?? '—'} · {r.requesterName} 于 {r.createdAt} 提交
            </div>
            <div style={meta}>涉及：{fieldNames(r.fields)}</div>
            <div style={meta}>问题：{r.problem}</div>
            {r.desired && <div style={meta}>正确内容：{r.desired}</div>}
            {r.reply && (
              <div style={meta}>
                答复（{r.handlerName}，{r.handledAt}）：{r.reply}
              </div>
            )}
            {r.result && <div style={meta}>结果：{r.result}</div>}
            {r.status === 'pending' && (
              <Button size="small" type="primary" style={{ marginTop: 8 }} onClick={() => setHandling(r)}>
                处理
              </Button>
            )}
          </Card>
        )}
      />
      <Pagination
        size="small"
        current={paging.pageIndex}
        pageSize={paging.pageSize}
        total={q.data?.total ?? 0}
        onChange={(pageIndex, pageSize) => setPaging({ pageIndex, pageSize })}
      />
      <HandleDialog r={handling} onClose={() => setHandling(null)} />
    </PageFrame>
  )
}

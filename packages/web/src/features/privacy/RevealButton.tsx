import { PERSONAL_FIELDS, PI_REVEAL_PERMISSION, type PersonalFieldKey, type RevealAnswer } from '@zhixiao/shared'
import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd'
import { useState } from 'react'
import { PermButton } from '../../components/PermButton'
import { useSession } from '../../stores/session'
import { privacyApi } from './api'

interface RevealForm {
  field: PersonalFieldKey
  reason: string
}

/**
 * 查看完整信息 on a person's detail page: one field in full, with a reason; the server checks the code, the reach and
 * the hourly limit and logs the reveal (docs/privacy.md "Access log and reveal"). `link`: a small 查看 beside one
 * masked field (`fields` then names that field), shown only to holders of the reveal code.
 */
export function RevealButton({
  userInfoId,
  fields,
  link = false,
}: {
  userInfoId: number
  fields: readonly PersonalFieldKey[]
  link?: boolean
}) {
  const allowed = useSession((s) => s.userInfo?.permissions.includes(PI_REVEAL_PERMISSION) ?? false)
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [shown, setShown] = useState<RevealAnswer | null>(null)
  const [form] = Form.useForm<RevealForm>()
  const close = () => {
    setOpen(false)
    setShown(null)
    form.resetFields()
  }
  const submit = async (v: RevealForm) => {
    setBusy(true)
    try {
      setShown(await privacyApi.reveal({ userInfoId, field: v.field, reason: v.reason.trim() }))
    } catch {
      // The api client has shown the server's message (no code, limit reached, out of reach).
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      {link ? (
        allowed && (
          <Button
            type="link"
            size="small"
            aria-label={`查看完整${PERSONAL_FIELDS[fields[0]!].label}`}
            onClick={() => setOpen(true)}
          >
            查看
          </Button>
        )
      ) : (
        <PermButton code={PI_REVEAL_PERMISSION} onClick={() => setOpen(true)}>
          查看完整信息
        </PermButton>
      )}
      <Modal
        title="查看完整信息"
        open={open}
        onCancel={close}
        okText={shown ? '关闭' : '查看'}
        onOk={shown ? close : () => form.submit()}
        confirmLoading={busy}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">
          每次查看都会记录查看人、原因和时间，学生家长可以看到查看记录。
        </Typography.Paragraph>
        <Form<RevealForm>
          form={form}
          layout="vertical"
          initialValues={{ field: fields[0] }}
          onFinish={(v) => void submit(v)}
          disabled={!!shown}
        >
          <Form.Item name="field" label="字段" rules={[{ required: true, message: '请选择字段' }]}>
            <Select options={fields.map((f) => ({ value: f, label: PERSONAL_FIELDS[f].label }))} />
          </Form.Item>
          <Form.Item
            name="reason"
            label="查看原因"
            rules={[
              { required: true, whitespace: true, message: '请填写查看原因（4-200个字）' },
              { min: 4, max: 200, message: '请填写查看原因（4-200个字）' },
            ]}
          >
            <Input.TextArea rows={2} maxLength={200} showCount />
          </Form.Item>
        </Form>
        {shown && (
          <Alert
            type="info"
            data-testid="revealed-value"
            title={`${PERSONAL_FIELDS[shown.field].label}：${shown.value ?? '未登记'}`}
          />
        )}
      </Modal>
    </>
  )
}

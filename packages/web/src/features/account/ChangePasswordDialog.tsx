import { Msg } from '@zhixiao/shared'
import { Form, Input, Modal } from 'antd'
import { useEffect, useState } from 'react'
import { authApi } from '../api/auth'
import { ApiError } from '../api/client'
import { notify } from '../api/feedback'
import { NewPasswordFields } from './NewPasswordFields'

/** Change password (001 §4, §5): hint from the server, 修改成功, close after 1.5 s, then log out. */
export function ChangePasswordDialog({ open, onClose, onChanged }: { open: boolean; onClose: () => void; onChanged: () => void }) {
  const [form] = Form.useForm<{ oldPwd: string; newPwd1: string; newPwd2: string }>()
  const [hint, setHint] = useState<string>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (open) authApi.passwordRule().then((r) => setHint(r.text)).catch(() => setHint(undefined))
  }, [open])

  const submit = async () => {
    const v = await form.validateFields()
    if (v.newPwd1 !== v.newPwd2) { notify.error(Msg.PASSWORD_MISMATCH); return }
    setBusy(true)
    try {
      await authApi.changePassword(v.oldPwd, v.newPwd1)
      notify.success(Msg.PASSWORD_CHANGED)
      setTimeout(() => { onClose(); onChanged() }, 1500)
    } catch (e) {
      notify.error(e instanceof ApiError ? e.message : Msg.NETWORK_ERROR)
      setBusy(false)
    }
  }

  return (
    <Modal open={open} title="修改密码" okText="确定" cancelText="取消" onOk={submit} confirmLoading={busy} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="oldPwd" label="当前密码" validateTrigger="onBlur" rules={[{ required: true, message: '请输入当前密码' }]}>
          <Input.Password placeholder="请输入当前密码" autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields hint={hint} />
      </Form>
    </Modal>
  )
}

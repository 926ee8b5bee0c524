import { Msg } from '@zhixiao/shared'
import { Form, Input, Modal, type FormInstance } from 'antd'
import { useState } from 'react'
import { authApi } from '../../api/auth'
import { ApiError } from '../../api/client'
import { notify } from '../../api/feedback'
import { usePasswordRule } from '../../api/queries'
import { NewPasswordFields } from '../../components/NewPasswordFields'
import { formValues } from '../../components/form-values'

interface Values {
  oldPwd: string
  newPwd1: string
  newPwd2: string
}

/** How long 修改成功 shows before the dialog closes and the user is signed out (001 §4). */
const CLOSE_AFTER_MS = 1500

/** The form inside the dialog; mounted on open, so each opening asks for the password rule hint again. */
function ChangePasswordForm({ form }: { form: FormInstance<Values> }) {
  const rule = usePasswordRule()
  return (
    <Form form={form} layout="vertical" requiredMark={false}>
      <Form.Item
        name="oldPwd"
        label="当前密码"
        validateTrigger="onBlur"
        rules={[{ required: true, message: '请输入当前密码' }]}
      >
        <Input.Password placeholder="请输入当前密码" autoComplete="current-password" />
      </Form.Item>
      <NewPasswordFields hint={rule.data?.text} />
    </Form>
  )
}

/** Change password (001 §4, §5): validate, passwords must match, submit, 修改成功, close after 1.5 s, then sign out. */
export function ChangePasswordDialog({
  open,
  onClose,
  onChanged,
}: {
  open: boolean
  onClose: () => void
  onChanged: () => void
}) {
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)

  const submit = async () => {
    const v = await formValues(form)
    if (!v) return
    if (v.newPwd1 !== v.newPwd2) {
      notify.error(Msg.PASSWORD_MISMATCH)
      return
    }
    setBusy(true)
    try {
      await authApi.changePassword(v.oldPwd, v.newPwd1)
      notify.success(Msg.PASSWORD_CHANGED)
      setTimeout(() => {
        setBusy(false)
        onClose()
        onChanged()
      }, CLOSE_AFTER_MS)
    } catch (e) {
      notify.error(e instanceof ApiError ? e.message : Msg.NETWORK_ERROR)
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title="修改密码"
      okText="确定"
      cancelText="取消"
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
    >
      {open && <ChangePasswordForm form={form} />}
    </Modal>
  )
}

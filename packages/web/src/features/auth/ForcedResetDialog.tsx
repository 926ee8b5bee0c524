import { Msg } from '@zhixiao/shared'
import { Alert, Form, Modal } from 'antd'
import { useState } from 'react'
import { authApi } from '../../api/auth'
import { ApiError } from '../../api/client'
import { notify } from '../../api/feedback'
import { NewPasswordFields } from '../../components/NewPasswordFields'
import { formValues } from '../../components/form-values'

interface Props {
  ticket: string
  reason: 'default' | 'expired'
  hint?: string
  onDone: (newPassword: string) => void
  onCancel: () => void
}

/** Shown when login answers operationType 2: the user must replace an initial or expired password. */
export function ForcedResetDialog({ ticket, reason, hint, onDone, onCancel }: Props) {
  const [form] = Form.useForm<{ newPwd1: string; newPwd2: string }>()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async () => {
    // An invalid form shows its messages under the fields; the rejection carries nothing more to report.
    const v = await formValues(form)
    if (!v) return
    setBusy(true)
    setError(null)
    try {
      await authApi.mustChangePassword(ticket, v.newPwd1)
      notify.success(Msg.PASSWORD_CHANGED)
      onDone(v.newPwd1)
    } catch (e) {
      setError(e instanceof ApiError ? e.message : Msg.NETWORK_ERROR)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={reason === 'expired' ? '密码已过期，请修改密码' : '修改初始密码'}
      okText="确定"
      cancelText="取消"
      onOk={submit}
      confirmLoading={busy}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
    >
      <p>
        {reason === 'expired'
          ? '您的密码已超过有效期，请设置新密码后继续。'
          : '您正在使用初始密码，为了账号安全，请设置新密码后继续。'}
      </p>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" requiredMark={false}>
        <NewPasswordFields hint={hint} />
      </Form>
    </Modal>
  )
}

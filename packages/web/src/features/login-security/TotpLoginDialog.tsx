import { Msg, TotpMsg, type TotpEnrolment } from '@zhixiao/shared'
import { Alert, Button, Form, Input, Modal, QRCode, Space, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { ApiError } from '../../api/client'
import { loginSecurityApi } from './api'
import { RecoveryCodes } from './RecoveryCodes'

interface Props {
  ticket: string
  /** The tenant requires TOTP of this administrator, who has none yet: enrol first. */
  enrol: boolean
  onToken: (token: string) => void | Promise<void>
  onCancel: () => void
}

const errorOf = (e: unknown) => (e instanceof ApiError ? e.message : Msg.NETWORK_ERROR)

/** The login's second step (operationType 7): a 6-digit code, or a recovery code; or, when required, enrolment. */
export function TotpLoginDialog({ ticket, enrol, onToken, onCancel }: Props) {
  const [form] = Form.useForm<{ code: string }>()
  const [useRecovery, setUseRecovery] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [recovery, setRecovery] = useState<{ codes: string[]; token: string } | null>(null)

  useEffect(() => {
    if (enrol) loginSecurityApi.loginEnrol(ticket).then(setEnrolment, (e: unknown) => setError(errorOf(e)))
  }, [enrol, ticket])

  const submit = async () => {
    const code = (form.getFieldValue('code') as string | undefined)?.trim() ?? ''
    if (!code) {
      setError(useRecovery ? '请输入恢复码' : TotpMsg.NEED_CODE)
      return
    }
    setBusy(true)
    setError(null)
    try {
      if (enrol) {
        const env = await loginSecurityApi.loginEnrolConfirm(ticket, code)
        if (env.data.userToken) setRecovery({ codes: env.data.recoveryCodes, token: env.data.userToken })
      } else {
        const env = await loginSecurityApi.loginByTotp(useRecovery ? { ticket, recoveryCode: code } : { ticket, code })
        if (env.data.userToken) await onToken(env.data.userToken)
      }
    } catch (e) {
      setError(errorOf(e))
    } finally {
      setBusy(false)
    }
  }

  if (recovery) {
    return (
      <Modal
        open
        title="两步验证已启用"
        okText="我已保存，继续登录"
        cancelButtonProps={{ style: { display: 'none' } }}
        closable={false}
        maskClosable={false}
        onOk={() => void onToken(recovery.token)}
      >
        <RecoveryCodes codes={recovery.codes} />
      </Modal>
    )
  }

  return (
    <Modal
      open
      title={enrol ? '绑定两步验证' : '两步验证'}
      okText={enrol ? '绑定并登录' : '验证'}
      cancelText="取消"
      onOk={submit}
      confirmLoading={busy}
      onCancel={onCancel}
      maskClosable={false}
      destroyOnHidden
      width={420}
    >
      {enrol ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Typography.Paragraph>{TotpMsg.NEED_ENROL}。扫码后输入验证器显示的6位数字。</Typography.Paragraph>
          {enrolment && (
            <Space orientation="vertical" align="center" style={{ width: '100%' }}>
              <QRCode
                value={enrolment.otpauthUrl}
                size={180}
                data-testid="totp-enrol-qr"
                role="img"
                aria-label="身份验证器绑定二维码"
              />
              <Typography.Text copyable={{ text: enrolment.secret }} data-testid="totp-secret">
                {enrolment.secret}
              </Typography.Text>
            </Space>
          )}
        </Space>
      ) : (
        <Typography.Paragraph>
          {useRecovery ? '请输入一个未使用过的恢复码。' : '请打开验证器应用，输入显示的6位数字验证码。'}
        </Typography.Paragraph>
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} onFinish={() => void submit()}>
        <Form.Item name="code" style={{ marginBottom: 8 }}>
          <Input
            autoFocus
            inputMode={useRecovery ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            maxLength={useRecovery ? 32 : 6}
            placeholder={useRecovery ? '恢复码，如 k7m2p-q9x4t' : '6位数字验证码'}
            aria-label={useRecovery ? '恢复码' : '两步验证码'}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
      {!enrol && (
        <Button
          type="link"
          style={{ padding: 0 }}
          onClick={() => {
            setUseRecovery((v) => !v)
            setError(null)
            form.resetFields()
          }}
        >
          {useRecovery ? '使用验证码' : '无法使用验证器？使用恢复码'}
        </Button>
      )}
    </Modal>
  )
}

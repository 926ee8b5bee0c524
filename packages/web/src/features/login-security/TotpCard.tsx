import type { TotpEnrolment } from '@zhixiao/shared'
import { Msg } from '@zhixiao/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Input, Modal, QRCode, Space, Tag, Typography } from 'antd'
import { useState } from 'react'
import { ApiError } from '../../api/client'
import { notify } from '../../api/feedback'
import { loginSecurityApi } from './api'
import { RecoveryCodes } from './RecoveryCodes'

const errorOf = (e: unknown) => (e instanceof ApiError ? e.message : Msg.NETWORK_ERROR)

/** 两步验证 in the personal centre: enrol by QR code with a first code, see the recovery codes once, or turn it off. */
export function TotpCard() {
  const qc = useQueryClient()
  const status = useQuery({ queryKey: ['totpStatus'], queryFn: loginSecurityApi.totpStatus })
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null)
  const [code, setCode] = useState('')
  const [codes, setCodes] = useState<string[] | null>(null)
  const [disabling, setDisabling] = useState(false)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const refresh = () => void qc.invalidateQueries({ queryKey: ['totpStatus'] })

  const start = async () => {
    setError(null)
    setCode('')
    try {
      setEnrolment(await loginSecurityApi.totpEnrol())
    } catch (e) {
      notify.error(errorOf(e))
    }
  }
  const confirm = async () => {
    setBusy(true)
    try {
      const env = await loginSecurityApi.totpConfirm(code.trim())
      setEnrolment(null)
      setCodes(env.data.recoveryCodes)
      refresh()
    } catch (e) {
      setError(errorOf(e))
    } finally {
      setBusy(false)
    }
  }
  const disable = async () => {
    setBusy(true)
    try {
      const env = await loginSecurityApi.totpDisable(password)
      notify.success(env.msg)
      setDisabling(false)
      setPassword('')
      refresh()
    } catch (e) {
      setError(errorOf(e))
    } finally {
      setBusy(false)
    }
  }

  const s = status.data
  return (
    <Card
      title="两步验证"
      style={{ marginBottom: 16 }}
      loading={status.isPending}
      data-testid="totp-card"
      extra={
        s &&
        (s.enabled ? (
          <Button
            danger
            onClick={() => {
              setError(null)
              setDisabling(true)
            }}
          >
            关闭
          </Button>
        ) : (
          <Button type="primary" onClick={() => void start()}>
            启用
          </Button>
        ))
      }
    >
      {s && (
        <Space orientation="vertical">
          <span>
            状态：{s.enabled ? <Tag color="green">已启用</Tag> : <Tag>未启用</Tag>}
            {s.required && <Tag color="orange">本单位要求管理员启用</Tag>}
          </span>
          {s.enabled && <Typography.Text type="secondary">剩余恢复码 {s.recoveryCodesLeft} 个</Typography.Text>}
          <Typography.Text type="secondary">
            启用后，每次用密码登录还需输入验证器应用（如 Microsoft Authenticator、Google Authenticator）显示的6位数字。
          </Typography.Text>
        </Space>
      )}
      <Modal
        open={!!enrolment}
        title="启用两步验证"
        okText="确认启用"
        cancelText="取消"
        onOk={() => void confirm()}
        confirmLoading={busy}
        onCancel={() => setEnrolment(null)}
        destroyOnHidden
        width={420}
      >
        {enrolment && (
          <Space orientation="vertical" align="center" style={{ width: '100%' }}>
            <Typography.Paragraph>用验证器应用扫描二维码，或手动输入密钥，然后输入显示的6位数字。</Typography.Paragraph>
            <QRCode value={enrolment.otpauthUrl} size={180} role="img" aria-label="身份验证器绑定二维码" />
            <Typography.Text copyable={{ text: enrolment.secret }} data-testid="totp-secret">
              {enrolment.secret}
            </Typography.Text>
            {error && <Alert type="error" showIcon title={error} />}
            <Input
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              maxLength={6}
              placeholder="6位数字验证码"
              aria-label="两步验证码"
              onPressEnter={() => void confirm()}
            />
          </Space>
        )}
      </Modal>
      <Modal
        open={!!codes}
        title="两步验证已启用"
        okText="我已保存"
        cancelButtonProps={{ style: { display: 'none' } }}
        onOk={() => setCodes(null)}
        closable={false}
      >
        {codes && <RecoveryCodes codes={codes} />}
      </Modal>
      <Modal
        open={disabling}
        title="关闭两步验证"
        okText="关闭"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        onOk={() => void disable()}
        confirmLoading={busy}
        onCancel={() => setDisabling(false)}
        destroyOnHidden
      >
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Input.Password
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          placeholder="请输入当前密码"
          aria-label="当前密码"
        />
      </Modal>
    </Card>
  )
}

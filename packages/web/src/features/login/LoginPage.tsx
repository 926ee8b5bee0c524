import { Msg, type CheckCodeImage } from '@zhixiao/shared'
import { Alert, Button, Card, Form, Input, Space } from 'antd'
import { useEffect, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { authApi } from '../../api/auth'
import { runLogin, type LoginOutcome } from '../../auth/login-flow'
import { ForcedResetDialog } from '../../components/ForcedResetDialog'
import { useSession } from '../../stores/session'
import './login.css'

interface Values { userName: string; password: string; checkCode?: string }

/** /redirect/login (loginType 1) and /redirect/admin (loginType 0, the super administrator). */
export default function LoginPage({ admin = false }: { admin?: boolean }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const pageInfo = useSession((s) => s.loginPageInfo)
  const orgIdParam = params.get('orgId')
  const orgId = orgIdParam && /^\d+$/.test(orgIdParam) ? Number(orgIdParam) : undefined
  const redirect = params.get('from') === 'own' ? params.get('redirect') : null
  const [orgName, setOrgName] = useState<string | null>(null)
  const [captcha, setCaptcha] = useState<CheckCodeImage | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [reset, setReset] = useState<Extract<LoginOutcome, { kind: 'reset' }> | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    authApi.loginInfo(orgId).then((info) => {
      if (info.externalLoginUrl && !admin) { window.location.href = info.externalLoginUrl; return }
      useSession.getState().setLoginPageInfo(info)
    }).catch(() => {})
    if (orgId !== undefined) authApi.orgPublicInfo(orgId).then((o) => setOrgName(o.displayName)).catch(() => setOrgName(null))
  }, [orgId, admin])

  const refreshCaptcha = () => authApi.checkCode().then(setCaptcha).catch(() => setCaptcha(null))

  const attempt = async (v: Values) => {
    setBusy(true)
    setError(null)
    const outcome = await runLogin({
      userName: v.userName.trim(), password: v.password, checkCode: captcha ? v.checkCode ?? '' : null,
      checkCodeSessionId: captcha?.checkCodeSessionId ?? null, loginType: admin ? 0 : 1, orgId: admin ? undefined : orgId,
      version: 2, needRandomOrg: false,
    }, redirect)
    setBusy(false)
    switch (outcome.kind) {
      case 'done': navigate(outcome.to, { replace: true }); return
      case 'chooseOrg': navigate('/redirect/selectOrg', { state: { orgs: outcome.orgs } }); return
      case 'reset': setReset(outcome); return
      case 'captcha':
        form.setFieldValue('checkCode', '')
        await refreshCaptcha()
        setError(outcome.msg === Msg.CAPTCHA_REQUIRED ? outcome.msg : `${Msg.LOGIN_FAILED}：${outcome.msg}`)
        return
      case 'failed':
        if (captcha) await refreshCaptcha()
        setError(`${Msg.LOGIN_FAILED}：${outcome.msg}`)
        return
      case 'error':
        setError(outcome.msg)
    }
  }

  const sysName = admin ? '平台管理员登录' : pageInfo?.sysName ?? '智慧平台'
  return (
    <div className="zx-login-bg" data-page={admin ? '/redirect/admin' : '/redirect/login'}>
      <Card className="zx-login-card">
        <div className="zx-login-title">{sysName}</div>
        <div className="zx-login-sub">{orgName ?? (admin ? '超级管理员' : '统一身份认证')}</div>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form form={form} onFinish={attempt} size="large" autoComplete="on">
          <Form.Item name="userName" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
            <Input placeholder="请输入用户名" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password placeholder="请输入密码" autoComplete="current-password" />
          </Form.Item>
          {captcha && (
            <Form.Item>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="checkCode" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
                  <Input placeholder="请输入验证码" maxLength={8} />
                </Form.Item>
                <img className="zx-captcha" src={captcha.image} alt="图形验证码，点击刷新" title="看不清？点击刷新" onClick={() => void refreshCaptcha()} />
              </Space.Compact>
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" block loading={busy}>登录</Button>
        </Form>
      </Card>
      {reset && (
        <ForcedResetDialog ticket={reset.ticket} reason={reset.reason} hint={pageInfo?.passwordRule.text}
          onCancel={() => setReset(null)}
          onDone={(pwd) => { setReset(null); form.setFieldValue('password', pwd); void attempt({ ...form.getFieldsValue(), password: pwd }) }} />
      )}
    </div>
  )
}

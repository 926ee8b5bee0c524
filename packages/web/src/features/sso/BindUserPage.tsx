import { Msg, type CheckCodeImage, type LoginByUserPwdBody } from '@zhixiao/shared'
import { Alert, Button, Card, Form, Input } from 'antd'
import { useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { authApi } from '../../api/auth'
import { useLoginRunner } from '../auth/useLoginRunner'
import { ssoApi } from './api'
import { CodeLoginOrgs } from './CodeLoginOrgs'
import { thirdStep, type ThirdStep } from './third-outcome'
import '../auth/login.css'

type BindState = Extract<ThirdStep, { kind: 'bind' }>
interface Values {
  userName: string
  password: string
  checkCode?: string
}

/**
 * /bindUser/index (000 §2.4 绑定用户): the first use of a third-party identity. The person signs in with user name and
 * password (third/bindLogin: the password login with all its limits), which binds the identity; next time the
 * provider alone signs them in.
 */
export default function BindUserPage({ path }: { path: string }) {
  const bind = useLocation().state as BindState | null
  const navigate = useNavigate()
  const [form] = Form.useForm<Values>()
  const [captcha, setCaptcha] = useState<CheckCodeImage | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [orgStep, setOrgStep] = useState<Extract<ThirdStep, { kind: 'chooseOrg' }> | null>(null)
  const refreshCaptcha = async () => {
    form.setFieldValue('checkCode', '')
    setCaptcha(await authApi.checkCode().catch(() => null))
  }
  const login = useLoginRunner({
    onCaptcha: async (msg) => {
      setError(msg)
      await refreshCaptcha()
    },
  })

  const onStep = async (s: ThirdStep, payload: LoginByUserPwdBody | null) => {
    if (s.kind === 'chooseOrg') {
      setOrgStep(s)
      return
    }
    // Bound already; the password login shows its forced-reset dialog and signs in with the new password.
    if (s.kind === 'reset') {
      if (payload) await login.run(payload, bind?.redirect ?? null)
      return
    }
    if (s.kind === 'bind') return
    const o = s.outcome
    if (o.kind === 'captcha') {
      setError(o.msg || Msg.CAPTCHA_REQUIRED)
      await refreshCaptcha()
      return
    }
    if (o.kind === 'failed') {
      setError(`${Msg.LOGIN_FAILED}：${o.msg || Msg.WRONG_CREDENTIALS}`)
      if (captcha) await refreshCaptcha()
      return
    }
    if (o.kind === 'error') {
      setError(o.msg)
      return
    }
    await login.follow(o, s.redirect)
  }

  const submit = async (v: Values) => {
    if (!bind) return
    setBusy(true)
    setError(null)
    const payload: LoginByUserPwdBody = {
      userName: v.userName.trim(),
      password: v.password,
      loginType: 1,
      version: 2,
      needRandomOrg: false,
      checkCode: captcha ? (v.checkCode?.trim() ?? '') : null,
      checkCodeSessionId: captcha?.checkCodeSessionId ?? null,
    }
    await onStep(
      await thirdStep(() => ssoApi.bindLogin({ ...payload, bindTicket: bind.ticket }), bind.redirect),
      payload,
    )
    setBusy(false)
  }

  return (
    <div className="zx-login-bg" data-page={path}>
      <Card className="zx-login-card" style={{ width: 440, maxWidth: '100%' }}>
        <h1 className="zx-login-title">绑定平台账号</h1>
        {!bind ? (
          <>
            <Alert type="warning" showIcon title="绑定已失效，请重新从第三方登录" style={{ marginBottom: 16 }} />
            <Button type="primary" block onClick={() => void navigate('/redirect/login', { replace: true })}>
              <span>返回登录</span>
            </Button>
          </>
        ) : orgStep ? (
          <CodeLoginOrgs
            orgs={orgStep.orgs}
            reqId={orgStep.reqId}
            redirect={orgStep.redirect}
            onStep={(s) => void onStep(s, null)}
          />
        ) : (
          <>
            <div className="zx-login-sub" data-testid="bind-who">
              您正在使用{bind.thirdName}
              {bind.thirdUser ? `（${bind.thirdUser}）` : ''}首次登录，请输入平台账号和密码完成绑定，以后可直接登录
            </div>
            {(error ?? login.error) && (
              <Alert type="error" showIcon title={error ?? login.error} role="alert" style={{ marginBottom: 12 }} />
            )}
            <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} autoComplete="on">
              <Form.Item
                name="userName"
                label="用户名"
                rules={[{ required: true, whitespace: true, message: '请输入用户名' }, { max: 64 }]}
              >
                <Input autoComplete="username" placeholder="请输入用户名" />
              </Form.Item>
              <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }, { max: 128 }]}>
                <Input.Password autoComplete="current-password" placeholder="请输入密码" />
              </Form.Item>
              {captcha && (
                <Form.Item label="验证码" required>
                  <div style={{ display: 'flex', gap: 8 }}>
                    <Form.Item
                      name="checkCode"
                      noStyle
                      rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}
                    >
                      <Input placeholder="请输入验证码" maxLength={8} autoComplete="off" />
                    </Form.Item>
                    <img
                      src={captcha.image}
                      alt="验证码图片，点击刷新"
                      style={{ height: 32, cursor: 'pointer' }}
                      onClick={() => void refreshCaptcha()}
                    />
                  </div>
                </Form.Item>
              )}
              <Button type="primary" htmlType="submit" block size="large" loading={busy || login.busy}>
                <span>绑定并登录</span>
              </Button>
            </Form>
            <Button type="link" block onClick={() => void navigate('/redirect/login', { replace: true })}>
              <span>返回登录</span>
            </Button>
          </>
        )}
      </Card>
      {login.dialogs}
    </div>
  )
}

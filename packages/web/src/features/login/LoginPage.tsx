import { Msg, type CheckCodeImage } from '@zhixiao/shared'
import { Alert, Button, Card, Form, Input } from 'antd'
import { useEffect, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { authApi } from '../../api/auth'
import { useLoginInfo, useOrgPublicInfo } from '../../api/queries'
import { preloadRoute } from '../../router/preload'
import { useSession } from '../../stores/session'
import { CaptchaField } from './CaptchaField'
import { safeRedirect } from './login-flow'
import { useLoginRunner } from './useLoginRunner'
import './login.css'

interface Values { userName: string; password: string; checkCode?: string }

/** Where most sign-ins land (teachers, staff, students and parents); its chunks are loaded while the user types. */
const DEFAULT_LANDING = '/portal/home'
const PRELOAD_DELAY_MS = 300

/** Router state another page may hand over (the organisation page, when the server asks for a captcha). */
export interface LoginPageState { notice?: string; captcha?: boolean; userName?: string }

function parseOrgId(v: string | null): number | undefined {
  return v && /^\d+$/.test(v) ? Number(v) : undefined
}

/**
 * /redirect/login (loginType 1) and /redirect/admin (loginType 0, the super administrator). Query: redirect,
 * from=own, orgId (000 §2.4).
 */
export default function LoginPage({ admin = false }: { admin?: boolean }) {
  const [params] = useSearchParams()
  const handover = (useLocation().state ?? {}) as LoginPageState
  const [form] = Form.useForm<Values>()
  const orgId = admin ? undefined : parseOrgId(params.get('orgId'))
  const redirect = params.get('from') === 'own' ? params.get('redirect') : null
  const loginInfo = useLoginInfo(orgId)
  const org = useOrgPublicInfo(orgId)
  const [captcha, setCaptcha] = useState<CheckCodeImage | null>(null)

  const refreshCaptcha = async () => {
    form.setFieldValue('checkCode', '')
    setCaptcha(await authApi.checkCode().catch(() => null))
  }
  const login = useLoginRunner({
    onCaptcha: async (msg) => {
      await refreshCaptcha()
      login.setError(msg === Msg.CAPTCHA_REQUIRED ? msg : `${Msg.LOGIN_FAILED}：${msg || Msg.CAPTCHA_REQUIRED}`)
    },
    onFailed: async () => { if (captcha) await refreshCaptcha() },
    onPasswordChanged: (password) => form.setFieldValue('password', password),
  })

  useEffect(() => {
    const info = loginInfo.data
    if (!info) return
    if (info.externalLoginUrl && !admin) { window.location.href = info.externalLoginUrl; return }
    useSession.getState().setLoginPageInfo(info)
  }, [loginInfo.data, admin])

  useEffect(() => {
    useSession.getState().setRedirect(redirect)
  }, [redirect])

  // While the user types (at the latest on 登录), the chunks of the page most sign-ins land on load in the
  // background, so the landing does not wait for them after the login answers.
  const preloadLanding = () => { if (!admin) preloadRoute(safeRedirect(redirect) ?? DEFAULT_LANDING) }
  useEffect(() => {
    const t = setTimeout(preloadLanding, PRELOAD_DELAY_MS)
    return () => clearTimeout(t)
  }, [admin, redirect])

  useEffect(() => {
    if (handover.userName) form.setFieldValue('userName', handover.userName)
    if (handover.notice) login.setError(handover.notice)
    if (handover.captcha) void refreshCaptcha()
  }, []) // once, for the state this page was opened with

  const submit = (v: Values) => {
    preloadLanding()
    return login.run({
      userName: v.userName.trim(),
      password: v.password,
      checkCode: captcha ? (v.checkCode ?? '').trim() : null,
      checkCodeSessionId: captcha?.checkCodeSessionId ?? null,
      loginType: admin ? 0 : 1,
      orgId: orgId ?? null,
      version: 2,
      needRandomOrg: false,
    }, redirect)
  }

  const sysName = loginInfo.data?.sysName ?? useSession.getState().loginPageInfo?.sysName ?? '智慧平台'
  return (
    <div className="zx-login-bg" data-page={admin ? '/redirect/admin' : '/redirect/login'}>
      <div className="zx-login-brand">
        <div className="zx-login-logo" aria-hidden>智</div>
        <div>
          <div className="zx-login-sys">{sysName}</div>
          <div className="zx-login-slogan">让教育管理更简单</div>
        </div>
      </div>
      <Card className="zx-login-card">
        <h1 className="zx-login-title">{admin ? '平台管理员登录' : '账号登录'}</h1>
        <div className="zx-login-sub" data-testid="login-org">
          {org.data?.displayName ?? (admin ? '平台超级管理员' : loginInfo.data?.tenantName ?? '统一身份认证')}
        </div>
        {login.error && <Alert type="error" showIcon title={login.error} style={{ marginBottom: 16 }} role="alert" />}
        <Form form={form} onFinish={(v) => void submit(v)} size="large" autoComplete="on" requiredMark={false}>
          <Form.Item name="userName" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
            <Input placeholder="请输入用户名" autoComplete="username" aria-label="用户名" />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password placeholder="请输入密码" autoComplete="current-password" aria-label="密码" />
          </Form.Item>
          {captcha && <CaptchaField captcha={captcha} onRefresh={() => void refreshCaptcha()} />}
          <Button type="primary" htmlType="submit" block loading={login.busy}><span>登录</span></Button>
        </Form>
        {!admin && <div className="zx-login-foot">登录即表示同意平台服务条款与隐私政策</div>}
      </Card>
      {login.dialogs}
    </div>
  )
}

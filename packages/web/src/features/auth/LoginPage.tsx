import { Msg, type CheckCodeImage, type LoginPageInfo, type OrgPublicInfo } from '@zhixiao/shared'
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { authApi } from '../../api/auth'
import { preloadRoute } from '../../navigation/preload'
import { useSession } from '../../stores/session'
import { ThirdLoginButtons } from '../sso/ThirdLoginButtons'
import { LoginSystemFooter } from '../pc-portal/LoginSystemFooter'
import { CaptchaField } from './CaptchaField'
import { TenantSwitch } from './TenantSwitch'
import { finishLogin, safeRedirect } from './login-flow'
import { SIGNUP_PATH, useLoginRunner } from './useLoginRunner'
import './login.css'

/** 扫码登录 (QR code, antd's QRCode): loaded when the user switches to it, never with the page (issue 12's budget). */
const QrLoginPanel = lazy(async () => {
  const [{ default: Panel }, { AntdTheme }] = await (await import('./on-demand')).loadQrLoginPanel()
  return {
    default: (p: Parameters<typeof Panel>[0]) => (
      <AntdTheme>
        <Panel {...p} />
      </AntdTheme>
    ),
  }
})

/** 短信登录 and 找回密码 (features/sms, plain HTML too): loaded when the user opens them, not with the page. */
const SmsLoginPanel = lazy(async () => (await import('./on-demand')).loadSmsLoginPanel())
const ForgotPasswordPanel = lazy(async () => (await import('./on-demand')).loadForgotPasswordPanel())

interface Values {
  userName: string
  password: string
  checkCode: string
}
type Field = keyof Values
const REQUIRED: Record<Field, string> = { userName: '请输入用户名', password: '请输入密码', checkCode: '请输入验证码' }

/** Where most sign-ins land (teachers, staff, students and parents); its chunks are loaded while the user types. */
const DEFAULT_LANDING = '/portal/home'

/** Router state another page may hand over (the organisation page, when the server asks for a captcha). */
export interface LoginPageState {
  notice?: string
  captcha?: boolean
  userName?: string
}

function parseOrgId(v: string | null): number | undefined {
  return v && /^\d+$/.test(v) ? Number(v) : undefined
}

/** A call of the login page's own (no query cache here: the page carries no TanStack Query, see router/shell.tsx). */
function useAnswer<T>(load: (() => Promise<T>) | null, key: unknown): T | undefined {
  const [answer, setAnswer] = useState<{ key: unknown; data: T }>()
  useEffect(() => {
    if (!load) return
    let live = true
    load().then(
      (data) => {
        if (live) setAnswer({ key, data })
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [key]) // `key` names the call; `load` is a new closure each render
  return answer && answer.key === key ? answer.data : undefined
}

/**
 * /redirect/login (loginType 1) and /redirect/admin (loginType 0, the super administrator). Query: redirect,
 * from=own, orgId (000 §2.4). Plain HTML and CSS in antd's look: the first page most people open loads no component
 * library (issue 12); the rare forced-reset dialog loads antd when it opens.
 */
export default function LoginPage({ admin = false }: { admin?: boolean }) {
  const [params] = useSearchParams()
  const handover = (useLocation().state ?? {}) as LoginPageState
  const [values, setValues] = useState<Values>({ userName: handover.userName ?? '', password: '', checkCode: '' })
  const [invalid, setInvalid] = useState<Partial<Record<Field, string>>>({})
  const [showPassword, setShowPassword] = useState(false)
  const orgId = admin ? undefined : parseOrgId(params.get('orgId'))
  const redirect = params.get('from') === 'own' ? params.get('redirect') : null
  // The temporary tenant, else the tenant of the host name (tenantId header), names the tenant when no ?orgId= does:
  // switching it reloads the page's config. The host name's lookup answers first (docs/auth.md "Tenant by domain").
  const tenantId = useSession((s) => (s.tempTenant ?? s.domainTenant)?.id ?? 0)
  const tenantKnown = useSession((s) => s.domainChecked || !!s.tempTenant) || orgId !== undefined
  const loginInfo = useAnswer<LoginPageInfo>(
    tenantKnown ? () => authApi.loginInfo(orgId) : null,
    `${orgId ?? ''}|${tenantId}|${tenantKnown}`,
  )
  const [notice, setNotice] = useState<string | null>(null)
  const org = useAnswer<OrgPublicInfo>(orgId === undefined ? null : () => authApi.orgPublicInfo(orgId), orgId ?? null)
  const [captcha, setCaptcha] = useState<CheckCodeImage | null>(null)
  const [qr, setQr] = useState(false)
  const [mode, setMode] = useState<'password' | 'sms' | 'forgot'>('password')

  const set = (field: Field, v: string) => {
    setValues((old) => ({ ...old, [field]: v }))
    // Typing clears the field's 请输入… message; the next 登录 checks again.
    if (field === 'password' ? v : v.trim()) setInvalid((old) => ({ ...old, [field]: undefined }))
  }
  const refreshCaptcha = async () => {
    setValues((old) => ({ ...old, checkCode: '' }))
    setCaptcha(await authApi.checkCode().catch(() => null))
  }
  const login = useLoginRunner({
    onCaptcha: async (msg) => {
      await refreshCaptcha()
      login.setError(msg === Msg.CAPTCHA_REQUIRED ? msg : `${Msg.LOGIN_FAILED}：${msg || Msg.CAPTCHA_REQUIRED}`)
    },
    onFailed: async () => {
      if (captcha) await refreshCaptcha()
    },
    onPasswordChanged: (password) => setValues((old) => ({ ...old, password })),
  })

  useEffect(() => {
    if (!loginInfo) return
    if (loginInfo.externalLoginUrl && !admin) {
      window.location.href = loginInfo.externalLoginUrl
      return
    }
    useSession.getState().setLoginPageInfo(loginInfo)
  }, [loginInfo, admin])

  useEffect(() => {
    useSession.getState().setRedirect(redirect)
  }, [redirect])

  // While the user types (from the first focus in the form, at the latest on 登录), the chunks of the page most
  // sign-ins land on load in the background, so the landing does not wait for them after the login answers. Not on
  // a timer: parsing antd and the home while nobody has touched the page only keeps a slow phone's main thread busy.
  const preloadLanding = () => {
    if (!admin) preloadRoute(safeRedirect(redirect) ?? DEFAULT_LANDING)
  }

  useEffect(() => {
    if (handover.notice) login.setError(handover.notice)
    if (handover.captcha) void refreshCaptcha()
  }, []) // once, for the state this page was opened with

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const missing: Partial<Record<Field, string>> = {}
    if (!values.userName.trim()) missing.userName = REQUIRED.userName
    if (!values.password) missing.password = REQUIRED.password
    if (captcha && !values.checkCode.trim()) missing.checkCode = REQUIRED.checkCode
    setInvalid(missing)
    if (Object.keys(missing).length > 0 || login.busy) return
    preloadLanding()
    void login.run(
      {
        userName: values.userName.trim(),
        password: values.password,
        checkCode: captcha ? values.checkCode.trim() : null,
        checkCodeSessionId: captcha?.checkCodeSessionId ?? null,
        loginType: admin ? 0 : 1,
        orgId: orgId ?? null,
        version: 2,
        needRandomOrg: false,
      },
      redirect,
    )
  }

  // The tenant's notices (/privacy/<kind>, features/privacy-notice; the children's notice is a tab there), in a new
  // tab so the form stays as typed (noreferrer implies noopener). Plain links: the page's weight budget (issue 12).
  const noticeScope = loginInfo ? `?tenantId=${loginInfo.tenantId}` : orgId ? `?orgId=${orgId}` : ''
  const sysName = loginInfo?.sysName ?? useSession.getState().loginPageInfo?.sysName ?? '智慧平台'
  // The tenant's background image (getLoginInfo backgroundUrl, set on the tenant screen), else the default one.
  const backgroundUrl = loginInfo?.backgroundUrl
  return (
    <div
      className="zx-login-bg"
      data-page={admin ? '/redirect/admin' : '/redirect/login'}
      style={
        backgroundUrl ? { background: `url(${JSON.stringify(backgroundUrl)}) center / cover no-repeat` } : undefined
      }
    >
      <div className="zx-login-brand">
        <div className="zx-login-logo" aria-hidden>
          智
        </div>
        <div>
          <div className="zx-login-sys">{sysName}</div>
          <div className="zx-login-slogan">让教育管理更简单</div>
        </div>
      </div>
      <main className="zx-login-card zx-login-panel">
        <h1 className="zx-login-title">{admin ? '平台管理员登录' : '账号登录'}</h1>
        <div className="zx-login-sub" data-testid="login-org">
          {org?.displayName ?? (admin ? '平台超级管理员' : (loginInfo?.tenantName ?? '统一身份认证'))}
        </div>
        {!admin && orgId === undefined && (
          <TenantSwitch
            onSwitched={(msg) => {
              login.setError(null)
              setNotice(msg)
            }}
          />
        )}
        {notice && !login.error && (
          <div className="zx-alert zx-alert-ok" role="status">
            <span className="zx-alert-icon" aria-hidden>
              ✓
            </span>
            {notice}
          </div>
        )}
        {login.error && (
          <div className="zx-alert" role="alert">
            <span className="zx-alert-icon" aria-hidden>
              !
            </span>
            {login.error}
          </div>
        )}
        {!admin && (
          <button type="button" className="zx-login-switch" data-testid="qr-switch" onClick={() => setQr((v) => !v)}>
            {qr ? '账号密码登录' : '扫码登录'}
          </button>
        )}
        {!admin && loginInfo?.smartChinaLogin && (
          <ThirdLoginButtons
            part="lead"
            orgId={orgId}
            tenantId={loginInfo.tenantId}
            redirect={safeRedirect(redirect)}
          />
        )}
        {!admin && !qr && mode !== 'forgot' && (
          <div className="zx-login-tabs" role="tablist">
            <button
              type="button"
              role="tab"
              className="zx-login-tab"
              aria-selected={mode === 'password'}
              onClick={() => {
                login.setError(null)
                setMode('password')
              }}
            >
              账号登录
            </button>
            <button
              type="button"
              role="tab"
              className="zx-login-tab"
              aria-selected={mode === 'sms'}
              onClick={() => {
                login.setError(null)
                preloadLanding()
                setMode('sms')
              }}
            >
              短信登录
            </button>
          </div>
        )}
        {!qr && mode !== 'password' && (
          <Suspense fallback={<div className="zx-login-sub">加载中…</div>}>
            {mode === 'sms' ? (
              <SmsLoginPanel orgId={orgId} redirect={redirect} follow={login.follow} setError={login.setError} />
            ) : (
              <ForgotPasswordPanel
                orgId={orgId}
                hint={loginInfo?.passwordRule.text}
                onBack={() => setMode('password')}
                onDone={(msg) => {
                  setMode('password')
                  setValues((old) => ({ ...old, password: '' }))
                  login.setError(msg)
                }}
              />
            )}
          </Suspense>
        )}
        {qr && !admin && (
          <Suspense fallback={<div className="zx-login-sub">加载中…</div>}>
            <QrLoginPanel
              orgId={orgId}
              onToken={async (token) => {
                await login.follow(await finishLogin(token, redirect), redirect)
              }}
            />
          </Suspense>
        )}
        <form
          hidden={(qr && !admin) || mode !== 'password'}
          onSubmit={submit}
          onFocus={preloadLanding}
          autoComplete="on"
          noValidate
        >
          <div className="zx-field">
            <input
              className={`zx-input${invalid.userName ? ' zx-input-error' : ''}`}
              name="userName"
              placeholder="请输入用户名"
              autoComplete="username"
              aria-label="用户名"
              aria-invalid={!!invalid.userName}
              value={values.userName}
              onChange={(e) => set('userName', e.target.value)}
            />
            {invalid.userName && (
              <div className="zx-field-error" role="alert">
                {invalid.userName}
              </div>
            )}
          </div>
          <div className="zx-field">
            <div className={`zx-input zx-input-affix${invalid.password ? ' zx-input-error' : ''}`}>
              <input
                name="password"
                type={showPassword ? 'text' : 'password'}
                placeholder="请输入密码"
                autoComplete="current-password"
                aria-label="密码"
                aria-invalid={!!invalid.password}
                value={values.password}
                onChange={(e) => set('password', e.target.value)}
              />
              <button
                type="button"
                className="zx-eye"
                aria-label={showPassword ? '隐藏密码' : '显示密码'}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((v) => !v)}
              >
                {showPassword ? '隐藏' : '显示'}
              </button>
            </div>
            {invalid.password && (
              <div className="zx-field-error" role="alert">
                {invalid.password}
              </div>
            )}
          </div>
          {captcha && (
            <CaptchaField
              captcha={captcha}
              value={values.checkCode}
              error={invalid.checkCode ?? null}
              onChange={(v) => set('checkCode', v)}
              onRefresh={() => void refreshCaptcha()}
            />
          )}
          <button type="submit" className="zx-btn-primary" disabled={login.busy} aria-busy={login.busy}>
            {login.busy && <i className="zx-btn-spin" aria-hidden />}
            <span>登录</span>
          </button>
          <div className="zx-login-links">
            <button
              type="button"
              className="zx-link"
              onClick={() => {
                login.setError(null)
                setMode('forgot')
              }}
            >
              找回密码
            </button>
          </div>
        </form>
        {!admin && (
          <div className="zx-login-links">
            <Link to={`${SIGNUP_PATH}${orgId === undefined ? '' : `?orgId=${orgId}`}`} data-testid="signup-link">
              注册
            </Link>
          </div>
        )}
        {!admin && (
          <ThirdLoginButtons
            part={loginInfo?.smartChinaLogin ? 'rest' : 'all'}
            orgId={orgId}
            tenantId={loginInfo?.tenantId}
            redirect={safeRedirect(redirect)}
          />
        )}
        {!admin && (
          <div className="zx-login-foot">
            登录即表示同意平台
            <a href={`#/privacy/terms${noticeScope}`} target="_blank" rel="noreferrer">
              服务条款
            </a>
            与
            <a href={`#/privacy/privacy${noticeScope}`} target="_blank" rel="noreferrer">
              隐私政策
            </a>
          </div>
        )}
      </main>
      {!admin && loginInfo && <LoginSystemFooter orgId={orgId} tenantId={loginInfo.tenantId} />}
      {login.dialogs}
    </div>
  )
}

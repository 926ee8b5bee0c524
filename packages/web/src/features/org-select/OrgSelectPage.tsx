import { Msg, type LoginOrg, type VerifyCheckResult } from '@zhixiao/shared'
import { Alert, Button, Card, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { OrgList } from '../../components/OrgList'
import { runLogin } from '../auth/login-flow'
import type { LoginPageState } from '../auth/LoginPage'
import { useLoginRunner } from '../auth/useLoginRunner'
import { useSession } from '../../stores/session'
import { VerifyInfoForm } from './VerifyInfoForm'
import '../auth/login.css'

/** How long the 请选择要切换的机构 hint stays (001 §4). */
const HINT_MS = 1500

/**
 * /redirect/selectOrg: full-screen organisation choice after a login answered operationType 3. Confirming resends
 * the pending login with the chosen orgId, and the answer is handled exactly as on the login page.
 */
export default function OrgSelectPage({ path }: { path: string }) {
  const verify = useLocation().state as { verify?: VerifyCheckResult; to?: string } | null
  if (verify?.verify) return <VerifyPage path={path} check={verify.verify} to={verify.to ?? '/'} />
  return <OrgChoice path={path} />
}

/** Signed in, but the tenant requires personal information that is missing (001 §3): the form, then the landing. */
function VerifyPage({ path, check, to }: { path: string; check: VerifyCheckResult; to: string }) {
  const navigate = useNavigate()
  const orgId = useSession((s) => s.userInfo?.orgId)
  return (
    <div className="zx-login-bg" data-page={path}>
      <Card className="zx-login-card" style={{ width: 520 }}>
        <h1 className="zx-login-title">您好，{check.detail.userName}，请完善个人信息</h1>
        <div className="zx-login-sub">所在单位要求登录前核验以下信息</div>
        <VerifyInfoForm check={check} orgId={orgId} onDone={() => void navigate(to, { replace: true })} />
      </Card>
    </div>
  )
}

function OrgChoice({ path }: { path: string }) {
  // Read once: a successful login clears the stored one, and this page must not bounce to login meanwhile.
  const [pending] = useState(() => useSession.getState().temporaryLoginData)
  const navigate = useNavigate()
  const handed = (useLocation().state as { orgs?: LoginOrg[] } | null)?.orgs
  const [orgs, setOrgs] = useState<LoginOrg[] | null>(handed ?? null)
  const [chosen, setChosen] = useState<number | null>(null)
  const [hint, setHint] = useState<string | null>(null)
  const hintTimer = useRef<ReturnType<typeof setTimeout>>(undefined)
  const backToLogin = (state: LoginPageState = {}) =>
    void navigate('/redirect/login', { replace: true, state: { userName: pending?.userName, ...state } })
  const login = useLoginRunner({
    // A captcha needs the login form: go back there with the server's reason and a fresh image.
    onCaptcha: (msg) => backToLogin({ notice: msg || Msg.CAPTCHA_REQUIRED, captcha: true }),
  })

  useEffect(() => {
    if (handed) setOrgs(handed)
  }, [handed])
  useEffect(() => () => clearTimeout(hintTimer.current), [])
  useEffect(() => {
    if (orgs || !pending) return
    // Opened without the list (e.g. navigated back here): ask again with the pending login.
    const { redirect, ...payload } = pending
    void runLogin({ ...payload, orgId: null }, redirect ?? null).then((o) => {
      if (o.kind === 'chooseOrg') setOrgs(o.orgs)
    })
  }, [orgs, pending])

  if (!pending) return <Navigate to="/redirect/login" replace />

  const confirm = () => {
    if (chosen === null) {
      setHint(Msg.CHOOSE_ORG)
      clearTimeout(hintTimer.current)
      hintTimer.current = setTimeout(() => setHint(null), HINT_MS)
      return
    }
    const { redirect, ...payload } = pending
    void login.run({ ...payload, orgId: chosen }, redirect ?? null)
  }

  return (
    <div className="zx-login-bg" data-page={path}>
      <Card className="zx-login-card" style={{ width: 520 }}>
        <h1 className="zx-login-title">您好，{pending.userName}，请选择要登录的机构</h1>
        <div className="zx-login-sub">您的账号属于多个机构，请选择本次登录的机构</div>
        {login.error && <Alert type="error" showIcon title={login.error} style={{ marginBottom: 12 }} role="alert" />}
        {orgs ? (
          <OrgList orgs={orgs} value={chosen} onChange={setChosen} />
        ) : (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        )}
        <div
          className="zx-org-hint"
          role="status"
          aria-live="polite"
          style={{ minHeight: 22, marginTop: 8, color: '#cf1322' }}
        >
          {hint}
        </div>
        <Button type="primary" block size="large" style={{ marginTop: 8 }} loading={login.busy} onClick={confirm}>
          <span>确定</span>
        </Button>
        <Button
          type="link"
          block
          onClick={() => {
            useSession.getState().setTemporaryLoginData(null)
            backToLogin()
          }}
        >
          <span>返回登录</span>
        </Button>
      </Card>
      {login.dialogs}
    </div>
  )
}

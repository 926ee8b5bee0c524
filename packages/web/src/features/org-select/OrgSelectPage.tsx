import { Msg, type LoginOrg } from '@zhixiao/shared'
import { Alert, Button, Card } from 'antd'
import { useEffect, useState } from 'react'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { runLogin } from '../../auth/login-flow'
import { OrgList } from '../../components/OrgList'
import { useSession } from '../../stores/session'
import '../login/login.css'

/** Full-screen organisation choice after a login answered operationType 3. */
export default function OrgSelectPage() {
  const pending = useSession((s) => s.temporaryLoginData)
  const navigate = useNavigate()
  const location = useLocation()
  const orgs = (location.state as { orgs?: LoginOrg[] } | null)?.orgs
  const [list, setList] = useState<LoginOrg[] | null>(orgs ?? null)
  const [chosen, setChosen] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (list || !pending) return
    // Reloaded page: ask again for the list with the pending login.
    void runLogin({ ...pending, orgId: null }, pending.redirect ?? null).then((o) => { if (o.kind === 'chooseOrg') setList(o.orgs) })
  }, [list, pending])

  if (!pending) return <Navigate to="/redirect/login" replace />

  const confirm = async () => {
    if (chosen === null) { setError(Msg.CHOOSE_ORG); setTimeout(() => setError(null), 1500); return }
    setBusy(true)
    const outcome = await runLogin({ ...pending, orgId: chosen }, pending.redirect ?? null)
    setBusy(false)
    if (outcome.kind === 'done') navigate(outcome.to, { replace: true })
    else if (outcome.kind === 'failed' || outcome.kind === 'error' || outcome.kind === 'captcha') setError(outcome.kind === 'failed' ? `${Msg.LOGIN_FAILED}：${outcome.msg}` : outcome.msg)
    else navigate('/redirect/login', { replace: true })
  }

  return (
    <div className="zx-login-bg" data-page="/redirect/selectOrg">
      <Card className="zx-login-card" style={{ width: 480 }}>
        <div className="zx-login-title">您好，{pending.userName}</div>
        <div className="zx-login-sub">您属于多个机构，请选择要登录的机构</div>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        {list && <OrgList orgs={list} value={chosen} onChange={setChosen} />}
        <Button type="primary" block size="large" style={{ marginTop: 20 }} loading={busy} onClick={() => void confirm()}>确定</Button>
        <Button type="link" block onClick={() => { useSession.getState().setTemporaryLoginData(null); navigate('/redirect/login') }}>返回登录</Button>
      </Card>
    </div>
  )
}

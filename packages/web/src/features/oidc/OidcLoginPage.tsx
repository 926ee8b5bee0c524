import { OidcMsg, type InteractionDetails } from '@zhixiao/shared'
import { Alert, Button, Card, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { authApi } from '../../api/auth'
import { ApiError } from '../../api/client'
import { loginUrlFor } from '../../api/unauthorized'
import { clearLocalSession } from '../../stores/clear-local'
import { useSession, type TempTenant } from '../../stores/session'
import { getToken } from '../../stores/token'
import { oidcApi } from './api'
import '../auth/login.css'

/**
 * What stops the sign-in. The client answers a refused call (envelope 403) with its general 无权限 text, so the page
 * names the refusal by where it came from: the details answer 403 only for an unusable app, the login 403 only for a
 * user type the app does not admit (the app was usable a moment before); 404 is always a finished or expired request.
 */
type Stop = { msg: string; action: 'abort' | 'relogin' | null }

const stopOf = (e: unknown, refused: string): Stop => {
  if (e instanceof ApiError && e.code === 404) return { msg: OidcMsg.INTERACTION_GONE, action: 'abort' }
  if (e instanceof ApiError && e.code === 403) return { msg: refused, action: 'abort' }
  return { msg: e instanceof ApiError ? e.message : OidcMsg.INTERACTION_GONE, action: null }
}

/** How long the login page waits for the host name's tenant (startup's lookup) before it names the district itself. */
const DOMAIN_WAIT_MS = 3000

function domainLookedUp(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stop()
      clearTimeout(timer)
      resolve()
    }
    const stop = useSession.subscribe((s) => {
      if (s.domainChecked) done()
    })
    const timer = setTimeout(done, DOMAIN_WAIT_MS)
    if (useSession.getState().domainChecked) done()
  })
}

/**
 * The portal's login page acts for the district the request is for: its single sign-on buttons, its QR codes and SMS
 * codes, its name (each follows the tenantId header, docs/auth.md "Temporary tenant"). Unless the host name's tenant
 * or the temporary one already is that district, it becomes the temporary tenant, as a district's ?tn= link makes it.
 */
async function actFor(tenant: TempTenant): Promise<void> {
  if (!useSession.getState().tempTenant) await domainLookedUp()
  const s = useSession.getState()
  if ((s.tempTenant ?? s.domainTenant)?.id !== tenant.id) s.setTempTenant(tenant)
}

/**
 * /redirect/oidcLogin?tenantId=&uid=: an app asks the district's OpenID provider to sign someone in
 * (docs/open-platform.md "Sign-in"). The page says which app asks and what it will receive; a portal session of that
 * tenant finishes the sign-in and the browser goes back to the app; without one the portal's own login page (every way
 * in, TOTP, the org choice) signs the person in and returns here.
 */
export default function OidcLoginPage({ path }: { path: string }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const tenantId = Number(params.get('tenantId'))
  const uid = params.get('uid') ?? ''
  const valid = Number.isInteger(tenantId) && tenantId > 0 && /^[\w-]{1,64}$/.test(uid)
  const [details, setDetails] = useState<InteractionDetails | null>(null)
  const [stop, setStop] = useState<Stop | null>(valid ? null : { msg: OidcMsg.INTERACTION_GONE, action: null })
  const [busy, setBusy] = useState(false)
  const started = useRef(false)
  const district = useRef<TempTenant | null>(null)

  const toLogin = async () => {
    clearLocalSession()
    if (district.current) await actFor(district.current)
    await navigate(loginUrlFor(`${path}?${params.toString()}`), { replace: true })
  }

  const finish = async () => {
    try {
      const { redirectTo } = await oidcApi.login(tenantId, uid)
      window.location.assign(redirectTo)
    } catch (e) {
      if (e instanceof ApiError && e.code === 401) await toLogin()
      else setStop(stopOf(e, OidcMsg.USER_TYPE_REFUSED))
    }
  }

  useEffect(() => {
    // Strict mode runs effects twice; the interaction is finished once.
    if (started.current || !valid) return
    started.current = true
    void (async () => {
      try {
        const d = await oidcApi.details(tenantId, uid)
        district.current = d.tenant
        setDetails(d)
      } catch (e) {
        setStop(stopOf(e, OidcMsg.APP_UNAVAILABLE))
        return
      }
      const user = getToken() ? await authApi.currentUser({ loginRedirect: false }).catch(() => null) : null
      if (!user) await toLogin()
      else if (user.tenantId !== tenantId) setStop({ msg: OidcMsg.OTHER_TENANT, action: 'relogin' })
      else await finish()
    })()
  }, []) // once, for the request this page was opened with

  const abort = async () => {
    setBusy(true)
    try {
      const { redirectTo } = await oidcApi.abort(tenantId, uid)
      window.location.assign(redirectTo)
    } catch (e) {
      setBusy(false)
      setStop({ ...stopOf(e, OidcMsg.APP_UNAVAILABLE), action: null })
    }
  }

  const relogin = async () => {
    setBusy(true)
    await authApi.logout().catch(() => null)
    await toLogin()
  }

  return (
    <div className="zx-login-bg" data-page={path}>
      <Card className="zx-login-card" style={{ width: 480, maxWidth: '100%' }}>
        <h1 className="zx-login-title">应用登录</h1>
        {details && (
          <section aria-label="应用将获得的信息" style={{ margin: '16px 0' }}>
            <p style={{ margin: '0 0 8px' }}>
              <strong data-testid="oidc-app-name">{details.appName}</strong> 请求使用您的门户账号登录，将获得：
            </p>
            <ul data-testid="oidc-releases" style={{ margin: 0, paddingLeft: 20, lineHeight: 1.8 }}>
              {details.releases.length === 0 && <li>账号标识（不含个人信息）</li>}
              {details.releases.map((r) => (
                <li key={r.scope}>
                  <strong>{r.label}</strong>：{r.note}
                </li>
              ))}
            </ul>
          </section>
        )}
        {stop ? (
          <>
            <Alert type="error" showIcon title={stop.msg} role="alert" style={{ marginBottom: 16 }} />
            {stop.action === 'abort' && (
              <Button type="primary" block loading={busy} onClick={() => void abort()}>
                <span>返回应用</span>
              </Button>
            )}
            {stop.action === 'relogin' && (
              <Button type="primary" block loading={busy} onClick={() => void relogin()}>
                <span>退出并重新登录</span>
              </Button>
            )}
          </>
        ) : (
          <div style={{ textAlign: 'center', padding: 16 }} role="status">
            <Spin />
            <div className="zx-login-sub" style={{ marginTop: 12 }}>
              正在登录…
            </div>
          </div>
        )}
      </Card>
    </div>
  )
}

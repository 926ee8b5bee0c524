import { CasMsg } from '@zhixiao/shared'
import { Alert, Button, Card, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { ApiError } from '../../api/client'
import { getToken } from '../../stores/token'
import { casApi } from './api'
import '../auth/login.css'

const CAS_LOGIN = '/redirect/casLogin'

/**
 * /redirect/casLogin (from GET /t/<tenant>/cas/login): the portal session lives in this browser, so this page asks
 * for the service ticket and goes on to the app with it. Not signed in: with gateway, back to the app without a
 * ticket; else the portal's login, which comes back here. renew asks for a fresh sign-in even with a session.
 */
export default function CasLoginPage({ path }: { path: string }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const started = useRef(false)

  useEffect(() => {
    // Strict mode runs effects twice; one ticket per visit.
    if (started.current) return
    started.current = true
    const tenantId = Number(params.get('tenantId'))
    const service = params.get('service') ?? ''
    const renew = params.get('renew') === '1'
    const gateway = params.get('gateway') === '1'
    if (!Number.isInteger(tenantId) || tenantId <= 0 || !service) {
      setError(CasMsg.SERVICE_REQUIRED)
      return
    }
    const toLogin = () => {
      // Back here after the sign-in, without renew: the sign-in just made is the fresh one renew asked for.
      const back = new URLSearchParams({ tenantId: String(tenantId), service })
      const redirect = `${CAS_LOGIN}?${back.toString()}`
      void navigate(`/redirect/login?from=own&redirect=${encodeURIComponent(redirect)}`, { replace: true })
    }
    const notSignedIn = async () => {
      if (!gateway) return toLogin()
      // gateway: back to the app without a ticket, but only to a service the district registered.
      const ok = await casApi.registered(tenantId, service).catch(() => null)
      if (ok?.service) window.location.replace(ok.service)
      else setError(CasMsg.SERVICE_UNKNOWN)
    }
    void (async () => {
      if (!getToken() || renew) return notSignedIn()
      try {
        const { redirectTo } = await casApi.ticket(tenantId, service)
        window.location.replace(redirectTo)
      } catch (e) {
        if (e instanceof ApiError && e.code === 401) return notSignedIn()
        setError(e instanceof ApiError ? e.message : '网络错误，请稍后再试')
      }
    })()
  }, []) // once, for the request this page was opened with

  return (
    <div className="zx-login-bg" data-page={path}>
      <Card className="zx-login-card" style={{ width: 480, maxWidth: 'calc(100vw - 24px)' }}>
        <h1 className="zx-login-title">统一身份认证</h1>
        {error ? (
          <>
            <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} />
            <Button block onClick={() => void navigate('/', { replace: true })}>
              <span>返回门户</span>
            </Button>
          </>
        ) : (
          <div style={{ textAlign: 'center', padding: 24 }} data-testid="cas-working">
            <Spin />
            <div className="zx-login-sub" style={{ marginTop: 12 }}>
              {CasMsg.REDIRECTING}
            </div>
          </div>
        )}
      </Card>
    </div>
  )
}

import { CasMsg } from '@zhixiao/shared'
import { Button, Card, Result, Spin } from 'antd'
import { useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { authApi } from '../../api/auth'
import { queryClient } from '../../api/query-client'
import { clearLocalSession } from '../../stores/clear-local'
import { getToken } from '../../stores/token'
import { casApi } from './api'
import '../auth/login.css'

/**
 * /redirect/casLogout (from GET /t/<tenant>/cas/logout): signs out of the portal (the server's sign-out runs single
 * logout for every app that validated a ticket under the session), then returns to `service` when the district
 * registered it as a CAS service, else says 已退出.
 */
export default function CasLogoutPage({ path }: { path: string }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [done, setDone] = useState(false)
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    const tenantId = Number(params.get('tenantId'))
    const service = params.get('service') ?? ''
    void (async () => {
      if (getToken()) await authApi.logout().catch(() => undefined)
      clearLocalSession()
      queryClient.clear()
      const back = tenantId > 0 && service ? await casApi.registered(tenantId, service).catch(() => null) : null
      if (back?.service) window.location.replace(back.service)
      else setDone(true)
    })()
  }, []) // once

  return (
    <div className="zx-login-bg" data-page={path}>
      <Card className="zx-login-card" style={{ width: 480, maxWidth: 'calc(100vw - 24px)' }}>
        {done ? (
          <Result
            status="success"
            title={CasMsg.LOGGED_OUT}
            extra={
              <Button type="primary" onClick={() => void navigate('/redirect/login', { replace: true })}>
                <span>重新登录</span>
              </Button>
            }
          />
        ) : (
          <div style={{ textAlign: 'center', padding: 24 }}>
            <Spin />
          </div>
        )}
      </Card>
    </div>
  )
}

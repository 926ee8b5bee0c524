import { systemInfoContracts, type SystemInfoAnswer } from '@zhixiao/shared'
import { useEffect, useState } from 'react'
import { call } from '../../api/call'

/**
 * The login page's footer line from the system info (/menhu-systems): operator, phone, ICP number and version.
 * Plain HTML like the login page (it carries no component library or query cache, so the call is made here, not
 * through ./api); nothing while loading or when switched off. It names the call by path, not by the shared contract
 * (systemInfoContracts.get): a contract carries its zod schemas, and zod would add ≈40 KB gzip to the login route,
 * over its budget (web build/route-weight.ts).
 */
export function LoginSystemFooter({ orgId, tenantId }: { orgId?: number; tenantId?: number }) {
  const [info, setInfo] = useState<SystemInfoAnswer | null>(null)
  useEffect(() => {
    let live = true
    call(systemInfoContracts.get, { orgId, tenantId }, { showError: false, notFoundPage: false }).then(
      (v) => {
        if (live) setInfo(v)
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [orgId, tenantId])
  if (!info || !info.showOnLogin) return null
  const parts = [
    info.operator,
    info.contactPhone && `电话 ${info.contactPhone}`,
    info.contactEmail,
    info.icpNumber,
    `v${info.version}`,
  ].filter(Boolean)
  return (
    <footer
      className="zx-login-sysinfo"
      data-testid="login-sysinfo"
      style={{ marginTop: 16, textAlign: 'center', fontSize: 12, color: 'rgba(255,255,255,.85)', padding: '0 12px' }}
    >
      {info.notice && <div style={{ marginBottom: 4 }}>{info.notice}</div>}
      <div>{parts.join(' · ')}</div>
    </footer>
  )
}

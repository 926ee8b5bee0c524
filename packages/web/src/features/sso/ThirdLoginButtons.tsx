import type { ThirdButton } from '@zhixiao/shared'
import { useEffect, useState } from 'react'
import { ssoApi, startUrl } from './api'
import './sso.css'

/**
 * The login page's third-party buttons: the tenant's enabled configs, each a plain link to GET third/start (the
 * server binds the state to this browser and sends it to the provider). Plain HTML: the login route stays light.
 */
export function ThirdLoginButtons({ orgId, tenantId, redirect }: { orgId?: number; tenantId?: number; redirect: string | null }) {
  const [buttons, setButtons] = useState<ThirdButton[]>([])
  useEffect(() => {
    let live = true
    ssoApi.buttons(orgId).then((b) => { if (live) setButtons(b) }, () => {})
    return () => { live = false }
  }, [orgId, tenantId])
  if (!buttons.length) return null
  return (
    <nav className="zx-third" aria-label="其他登录方式">
      <div className="zx-third-title"><span>其他登录方式</span></div>
      <div className="zx-third-list">
        {buttons.map((b) => <a key={b.thirdType} className="zx-third-btn" data-third={b.thirdType} href={startUrl(b, { orgId, tenantId, redirect })}>{b.name}</a>)}
      </div>
    </nav>
  )
}

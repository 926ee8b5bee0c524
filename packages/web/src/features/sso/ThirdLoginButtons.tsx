import type { ThirdButton } from '@zhixiao/shared'
import { useEffect, useState } from 'react'
import { loginButtons, startUrl } from './login-buttons-api'
import './sso.css'

/**
 * The login page's third-party buttons: the tenant's enabled configs, each a plain link to GET third/start (the
 * server binds the state to this browser and sends it to the provider). Plain HTML: the login route stays light.
 */
export function ThirdLoginButtons({
  orgId,
  tenantId,
  redirect,
  part = 'all',
}: {
  orgId?: number
  tenantId?: number
  redirect: string | null
  /** With the tenant's 智慧教育平台登录 on (smartChinaLogin), 'lead' is the smartEdu button above the form and 'rest' the others below. */
  part?: 'all' | 'lead' | 'rest'
}) {
  const [buttons, setButtons] = useState<ThirdButton[]>([])
  useEffect(() => {
    let live = true
    loginButtons(orgId).then(
      (b) => {
        if (live) setButtons(b)
      },
      () => {},
    )
    return () => {
      live = false
    }
  }, [orgId, tenantId])
  if (part === 'lead') {
    const smart = buttons.find((b) => b.thirdType === 'smartEdu')
    return smart ? (
      <a
        className="zx-btn-primary zx-third-lead"
        data-testid="smart-china-login"
        href={startUrl(smart, { orgId, tenantId, redirect })}
      >
        智慧教育平台登录
      </a>
    ) : null
  }
  const shown = part === 'rest' ? buttons.filter((b) => b.thirdType !== 'smartEdu') : buttons
  if (!shown.length) return null
  return (
    <nav className="zx-third" aria-label="其他登录方式">
      <div className="zx-third-title">
        <span>其他登录方式</span>
      </div>
      <div className="zx-third-list">
        {shown.map((b) => (
          <a
            key={b.thirdType}
            className="zx-third-btn"
            data-third={b.thirdType}
            href={startUrl(b, { orgId, tenantId, redirect })}
          >
            {b.name}
          </a>
        ))}
      </div>
    </nav>
  )
}

import { Msg } from '@zhixiao/shared'
import { useState, type FormEvent } from 'react'
import { lookupTenant } from '../../bootstrap/url-tenant'
import { useSession, type TempTenant } from '../../stores/session'
import { readTenantHistory } from '../../stores/tenant-history'

/**
 * 切换租户 on the login page (docs/auth.md "Temporary tenant"): one deployment serves many districts; a user picks
 * one signed in to before on this browser, or types its 租户标识. The tenant becomes the temporary tenant, so the page
 * shows its name, background and sign-in methods and every call carries it (tenantId header); 退出租户 quits it.
 * Plain HTML like the rest of the login page.
 */
export function TenantSwitch({ onSwitched }: { onSwitched: (msg: string) => void }) {
  const current = useSession((s) => s.tempTenant)
  const [open, setOpen] = useState(false)
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const recent = readTenantHistory().filter((t) => t.id !== current?.id)

  const choose = (t: TempTenant | null, msg: string) => {
    useSession.getState().setTempTenant(t)
    setOpen(false)
    setName('')
    setError(null)
    onSwitched(msg)
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!name.trim()) {
      setError('请输入租户标识')
      return
    }
    setBusy(true)
    const found = await lookupTenant(name.trim())
    setBusy(false)
    if (found.ok) choose(found.tenant, Msg.SWITCH_OK)
    else setError(found.msg)
  }

  return (
    <div className="zx-tenant" data-testid="tenant-switch">
      <div className="zx-tenant-line">
        {current && (
          <span>
            当前租户：<b>{current.name}</b>
          </span>
        )}
        <button
          type="button"
          className="zx-link"
          aria-expanded={open}
          onClick={() => {
            setOpen((v) => !v)
            setError(null)
          }}
        >
          切换租户
        </button>
        {current && (
          <button type="button" className="zx-link" onClick={() => choose(null, Msg.TENANT_QUIT)}>
            退出租户
          </button>
        )}
      </div>
      {open && (
        <form className="zx-tenant-panel" onSubmit={(e) => void submit(e)} noValidate>
          {recent.length > 0 && (
            <div className="zx-tenant-recent" aria-label="最近使用的租户">
              {recent.map((t) => (
                <button key={t.id} type="button" className="zx-tenant-chip" onClick={() => choose(t, Msg.SWITCH_OK)}>
                  {t.name}
                </button>
              ))}
            </div>
          )}
          <div className="zx-tenant-row">
            <input
              className={`zx-input${error ? ' zx-input-error' : ''}`}
              name="tenantName"
              placeholder="请输入租户标识"
              aria-label="租户标识"
              autoComplete="off"
              maxLength={40}
              value={name}
              onChange={(e) => {
                setName(e.target.value)
                setError(null)
              }}
            />
            <button type="submit" className="zx-btn-primary zx-tenant-ok" disabled={busy} aria-busy={busy}>
              确定
            </button>
          </div>
          {error && (
            <div className="zx-field-error" role="alert">
              {error}
            </div>
          )}
        </form>
      )}
    </div>
  )
}

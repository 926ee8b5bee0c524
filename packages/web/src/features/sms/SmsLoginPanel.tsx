import { SmsMsg, type LoginOrg } from '@zhixiao/shared'
import { useState, type FormEvent } from 'react'
import type { LoginOutcome } from '../auth/login-flow'
import { smsLoginApi } from './login-api'
import { CODE_RE, PHONE_RE, runSmsLogin } from './sms-flow'
import { SmsCodeInput } from './SmsCodeInput'
import { useSmsCode } from './useSmsCode'
import './sms.css'

export interface SmsLoginPanelProps {
  orgId?: number
  redirect: string | null
  /** The login runner's follow: success, verify, TOTP and refusals are handled as for a password login. */
  follow: (outcome: LoginOutcome, redirect: string | null) => Promise<LoginOutcome>
  setError: (msg: string | null) => void
}

/**
 * 短信登录: phone and code, a 60 s countdown on 获取验证码, then loginByPhoneSms. Several organisations: the list is
 * shown here and the same code is sent again with the chosen orgId (the server keeps it for that call).
 */
export default function SmsLoginPanel({ orgId, redirect, follow, setError }: SmsLoginPanelProps) {
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [invalid, setInvalid] = useState<{ phone?: string; code?: string }>({})
  const { notice, setNotice, send, waiting, label } = useSmsCode(setError)
  const [busy, setBusy] = useState(false)
  const [orgs, setOrgs] = useState<LoginOrg[] | null>(null)
  const [chosen, setChosen] = useState<number | null>(null)

  const sendCode = async () => {
    if (!PHONE_RE.test(phone.trim())) {
      setInvalid({ phone: SmsMsg.PHONE_INVALID })
      return
    }
    setInvalid({})
    await send(() => smsLoginApi.sendLoginCode(phone.trim(), orgId))
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    const bad: { phone?: string; code?: string } = {}
    if (!PHONE_RE.test(phone.trim())) bad.phone = SmsMsg.PHONE_INVALID
    if (!CODE_RE.test(code.trim())) bad.code = SmsMsg.CODE_INVALID_FORMAT
    setInvalid(bad)
    if (bad.phone || bad.code || busy) return
    if (orgs && chosen === null) {
      setError('请选择机构')
      return
    }
    setBusy(true)
    setError(null)
    const outcome = await runSmsLogin(
      { phone: phone.trim(), smsCode: code.trim(), orgId: chosen ?? orgId ?? null },
      redirect,
    )
    setBusy(false)
    if (outcome.kind === 'smsChooseOrg') {
      setOrgs(outcome.orgs)
      setNotice('您的账号属于多个机构，请选择本次登录的机构')
      return
    }
    await follow(outcome, redirect)
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="sms-login-form">
      {notice && (
        <div className="zx-success" role="status">
          {notice}
        </div>
      )}
      <div className="zx-field">
        <input
          className={`zx-input${invalid.phone ? ' zx-input-error' : ''}`}
          name="phone"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          placeholder="请输入手机号"
          aria-label="手机号"
          aria-invalid={!!invalid.phone}
          value={phone}
          disabled={!!orgs}
          onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
        />
        {invalid.phone && (
          <div className="zx-field-error" role="alert">
            {invalid.phone}
          </div>
        )}
      </div>
      <div className="zx-field">
        <SmsCodeInput
          name="smsCode"
          value={code}
          onChange={setCode}
          invalid={!!invalid.code}
          label={label}
          disabled={waiting || !!orgs}
          onSend={() => void sendCode()}
        />
        {invalid.code && (
          <div className="zx-field-error" role="alert">
            {invalid.code}
          </div>
        )}
      </div>
      {orgs && (
        <div className="zx-org-choice" role="radiogroup" aria-label="选择机构">
          {orgs.map((o) => (
            <label key={o.orgId}>
              <input
                type="radio"
                name="smsOrg"
                value={o.orgId}
                checked={chosen === o.orgId}
                onChange={() => setChosen(o.orgId)}
              />
              {o.displayName}
            </label>
          ))}
        </div>
      )}
      <button type="submit" className="zx-btn-primary" disabled={busy} aria-busy={busy}>
        {busy && <i className="zx-btn-spin" aria-hidden />}
        <span>登录</span>
      </button>
    </form>
  )
}

import { SmsMsg } from '@zhixiao/shared'
import { useState, type FormEvent } from 'react'
import type { LoginOutcome } from '../auth/login-flow'
import { smsLoginApi } from './login-api'
import { CODE_RE, runSmsLogin } from './sms-flow'
import { SmsCodeInput } from './SmsCodeInput'
import { useSmsCode } from './useSmsCode'
import './sms.css'

export interface SmsStepDialogProps {
  ticket: string
  /** The account's phone, masked by the server. */
  phone: string
  redirect: string | null
  onCancel: () => void
  /** Hands the final outcome to the login runner. */
  onOutcome: (outcome: LoginOutcome) => void | Promise<void>
}

/** operationType 6: the password was right and the tenant wants an SMS code too; the code goes to the account's phone. */
export default function SmsStepDialog({ ticket, phone, redirect, onCancel, onOutcome }: SmsStepDialogProps) {
  const [code, setCode] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { notice, send: sendCode, waiting, label } = useSmsCode(setError)
  const [busy, setBusy] = useState(false)

  const send = () => sendCode(() => smsLoginApi.sendStepCode(ticket))

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (!CODE_RE.test(code)) {
      setError(SmsMsg.CODE_INVALID_FORMAT)
      return
    }
    setBusy(true)
    setError(null)
    const outcome = await runSmsLogin({ mustSmsId: ticket, smsCode: code }, redirect)
    setBusy(false)
    if (outcome.kind === 'error' || outcome.kind === 'failed' || outcome.kind === 'smsChooseOrg') {
      setError(outcome.kind === 'smsChooseOrg' ? SmsMsg.SMS_STEP_NEEDED : outcome.msg)
      return
    }
    await onOutcome(outcome)
  }

  return (
    <div className="zx-mask" role="dialog" aria-modal="true" aria-labelledby="zx-sms-step-title">
      <form className="zx-dialog" onSubmit={(e) => void submit(e)} noValidate>
        <h2 id="zx-sms-step-title">短信验证</h2>
        <p className="zx-note">为了您的账号安全，请输入发送到 {phone} 的短信验证码。</p>
        {notice && (
          <div className="zx-success" role="status">
            {notice}
          </div>
        )}
        {error && (
          <div className="zx-alert" role="alert">
            <span className="zx-alert-icon" aria-hidden>
              !
            </span>
            {error}
          </div>
        )}
        <div className="zx-field">
          <SmsCodeInput
            name="stepCode"
            value={code}
            onChange={setCode}
            label={label}
            disabled={waiting}
            onSend={() => void send()}
          />
        </div>
        <button type="submit" className="zx-btn-primary" disabled={busy} aria-busy={busy}>
          {busy && <i className="zx-btn-spin" aria-hidden />}
          <span>验证并登录</span>
        </button>
        <button type="button" className="zx-btn-default" onClick={onCancel}>
          取消
        </button>
      </form>
    </div>
  )
}

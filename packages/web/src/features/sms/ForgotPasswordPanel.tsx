import { Msg, SmsMsg } from '@zhixiao/shared'
import { useState, type FormEvent } from 'react'
import { smsLoginApi } from './login-api'
import { CODE_RE, PHONE_RE, refusal } from './sms-flow'
import { SmsCodeInput } from './SmsCodeInput'
import { useSmsCode } from './useSmsCode'
import './sms.css'

export interface ForgotPasswordPanelProps {
  orgId?: number
  /** The tenant's password rule, as the login page has it. */
  hint?: string
  onBack: () => void
  /** After the reset: back to the login form with a notice. */
  onDone: (msg: string) => void
}

/**
 * 找回密码: phone → code (account/smsSendModifyPwd) → account/smsVerifyCode gives a reset ticket → the new password
 * (account/change/password/notLogin, the tenant's rule). The reset ends every session of the account.
 */
export default function ForgotPasswordPanel({ orgId, hint, onBack, onDone }: ForgotPasswordPanelProps) {
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [ticket, setTicket] = useState<string | null>(null)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [error, setError] = useState<string | null>(null)
  const { notice, setNotice, send: sendCode, waiting, label } = useSmsCode(setError)
  const [busy, setBusy] = useState(false)

  const send = async () => {
    if (!PHONE_RE.test(phone)) {
      setError(SmsMsg.PHONE_INVALID)
      return
    }
    await sendCode(() => smsLoginApi.sendResetCode(phone, orgId))
  }

  const verify = async (e: FormEvent) => {
    e.preventDefault()
    if (!PHONE_RE.test(phone)) {
      setError(SmsMsg.PHONE_INVALID)
      return
    }
    if (!CODE_RE.test(code)) {
      setError(SmsMsg.CODE_INVALID_FORMAT)
      return
    }
    setBusy(true)
    setError(null)
    try {
      setTicket((await smsLoginApi.verifyResetCode(phone, code, orgId)).data.resetTicket)
      setNotice(null)
    } catch (err) {
      setError(refusal(err))
    } finally {
      setBusy(false)
    }
  }

  const reset = async (e: FormEvent) => {
    e.preventDefault()
    if (!password) {
      setError('请输入新密码')
      return
    }
    if (password !== confirm) {
      setError(Msg.PASSWORD_MISMATCH)
      return
    }
    setBusy(true)
    setError(null)
    try {
      await smsLoginApi.resetPassword(ticket!, password, confirm)
      onDone('密码已重置，请使用新密码登录')
    } catch (err) {
      setError(refusal(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <div data-testid="forgot-password">
      <h2 className="zx-login-title">找回密码</h2>
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
      {!ticket ? (
        <form onSubmit={(e) => void verify(e)} noValidate>
          <p className="zx-note">请输入账号绑定的手机号，验证后设置新密码。</p>
          <div className="zx-field">
            <input
              className="zx-input"
              name="resetPhone"
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              placeholder="请输入手机号"
              aria-label="手机号"
              value={phone}
              onChange={(e) => setPhone(e.target.value.replace(/\D/g, ''))}
            />
          </div>
          <div className="zx-field">
            <SmsCodeInput
              name="resetCode"
              value={code}
              onChange={setCode}
              label={label}
              disabled={waiting}
              onSend={() => void send()}
            />
          </div>
          <button type="submit" className="zx-btn-primary" disabled={busy}>
            <span>下一步</span>
          </button>
        </form>
      ) : (
        <form onSubmit={(e) => void reset(e)} noValidate>
          {hint && <p className="zx-note">{hint}</p>}
          <div className="zx-field">
            <input
              className="zx-input"
              type="password"
              name="newPassword"
              autoComplete="new-password"
              placeholder="请输入新密码"
              aria-label="新密码"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <div className="zx-field">
            <input
              className="zx-input"
              type="password"
              name="confirmPassword"
              autoComplete="new-password"
              placeholder="请再次输入新密码"
              aria-label="确认新密码"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
          <button type="submit" className="zx-btn-primary" disabled={busy}>
            <span>重置密码</span>
          </button>
        </form>
      )}
      <button type="button" className="zx-btn-default" onClick={onBack}>
        返回登录
      </button>
    </div>
  )
}

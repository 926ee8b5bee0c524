/**
 * The code row of the SMS forms (the SMS login, the SMS step of a password login, the forgotten password): the
 * six-digit code field and its 获取验证码 button, whose state comes from useSmsCode.
 */
export function SmsCodeInput(p: {
  name: string
  value: string
  onChange: (code: string) => void
  invalid?: boolean
  /** The button's text and whether it waits (useSmsCode's `label` and `waiting`). */
  label: string
  disabled: boolean
  onSend: () => void
}) {
  return (
    <div className="zx-code-row">
      <input
        className={`zx-input${p.invalid ? ' zx-input-error' : ''}`}
        name={p.name}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="请输入短信验证码"
        aria-label="短信验证码"
        aria-invalid={p.invalid === undefined ? undefined : p.invalid}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value.replace(/\D/g, ''))}
      />
      <button type="button" className="zx-code-btn" disabled={p.disabled} onClick={p.onSend}>
        {p.label}
      </button>
    </div>
  )
}

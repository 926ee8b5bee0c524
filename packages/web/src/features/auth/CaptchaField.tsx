import type { CheckCodeImage } from '@zhixiao/shared'

interface Props {
  captcha: CheckCodeImage
  value: string
  error: string | null
  onChange: (v: string) => void
  onRefresh: () => void
}

/** Image check code (operationType 1): its input beside the svg from checkCode/image, click to refresh. */
export function CaptchaField({ captcha, value, error, onChange, onRefresh }: Props) {
  return (
    <div className="zx-field">
      <div className="zx-captcha-row">
        <input
          className={`zx-input zx-input-captcha${error ? ' zx-input-error' : ''}`}
          placeholder="请输入验证码"
          maxLength={8}
          autoComplete="off"
          aria-label="验证码"
          aria-invalid={!!error}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <img
          className="zx-captcha"
          src={captcha.image}
          alt="验证码图片，点击刷新"
          title="看不清？点击刷新"
          role="button"
          tabIndex={0}
          onClick={onRefresh}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onRefresh()
          }}
        />
      </div>
      {error && (
        <div className="zx-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  )
}

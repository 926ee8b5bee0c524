import { Alert, Typography } from 'antd'

/** Recovery codes, shown once after enrolment: each signs in once without the app. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <>
      <Alert
        type="warning"
        showIcon
        title="请妥善保存以下恢复码：手机丢失时，每个恢复码可代替验证码登录一次，且只显示这一次。"
        style={{ marginBottom: 12 }}
      />
      <Typography.Paragraph copyable={{ text: codes.join('\n') }} style={{ marginBottom: 0 }}>
        <span
          data-testid="recovery-codes"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 4, fontFamily: 'monospace' }}
        >
          {codes.map((c) => (
            <span key={c}>{c}</span>
          ))}
        </span>
      </Typography.Paragraph>
    </>
  )
}

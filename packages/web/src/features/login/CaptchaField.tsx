import type { CheckCodeImage } from '@zhixiao/shared'
import { Form, Input, Space } from 'antd'

/** Image check code (operationType 1): the svg from checkCode/image, click to refresh, and its input. */
export function CaptchaField({ captcha, onRefresh }: { captcha: CheckCodeImage; onRefresh: () => void }) {
  return (
    <Form.Item>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="checkCode" noStyle rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}>
          <Input placeholder="请输入验证码" maxLength={8} autoComplete="off" aria-label="验证码" />
        </Form.Item>
        <img className="zx-captcha" src={captcha.image} alt="验证码图片，点击刷新" title="看不清？点击刷新"
          role="button" tabIndex={0} onClick={onRefresh} onKeyDown={(e) => { if (e.key === 'Enter') onRefresh() }} />
      </Space.Compact>
    </Form.Item>
  )
}

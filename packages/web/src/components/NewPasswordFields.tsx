import { Msg } from '@zhixiao/shared'
import { Form, Input } from 'antd'

/** New password + confirmation with the spec's messages (001 §5); used by the forced reset and the change dialog. */
export function NewPasswordFields({ hint }: { hint?: string }) {
  return (
    <>
      <Form.Item
        name="newPwd1"
        label="新密码"
        validateTrigger="onBlur"
        rules={[{ required: true, message: '请输入新密码' }]}
        extra={hint}
      >
        <Input.Password placeholder="请输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPwd2"
        label="确认新密码"
        dependencies={['newPwd1']}
        validateTrigger="onBlur"
        rules={[
          { required: true, message: '请输入新密码' },
          ({ getFieldValue }) => ({
            validator: (_, v) =>
              !v || getFieldValue('newPwd1') === v
                ? Promise.resolve()
                : Promise.reject(new Error(Msg.PASSWORD_MISMATCH)),
          }),
        ]}
      >
        <Input.Password placeholder="请再次输入新密码" autoComplete="new-password" />
      </Form.Item>
    </>
  )
}

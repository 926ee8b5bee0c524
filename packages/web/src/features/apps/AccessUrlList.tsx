import { InputMsg, isSafeLink } from '@zhixiao/shared'
import { Button, Form, Input, Space } from 'antd'

const httpRule = {
  validator: async (_: unknown, v?: string) => {
    if (v && !isSafeLink(v.trim(), 'http')) throw new Error(InputMsg.HTTP_LINK)
  },
}

/**
 * A list of exact addresses (回调地址, 服务地址 …): one input a row, each with its own 删除, and 添加 below. Every
 * control has a name that says which row it is, so a screen reader and the keyboard reach each one.
 */
export function AccessUrlList({ name, label, extra }: { name: string; label: string; extra?: string }) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }) => (
        <Form.Item label={label} extra={extra} required={false}>
          {fields.map((f, i) => (
            <Space.Compact key={f.key} block style={{ marginBottom: 8 }}>
              <Form.Item name={f.name} noStyle rules={[httpRule]}>
                <Input aria-label={`${label} ${i + 1}`} placeholder="https://…" />
              </Form.Item>
              <Button aria-label={`删除${label} ${i + 1}`} onClick={() => remove(f.name)}>
                删除
              </Button>
            </Space.Compact>
          ))}
          <Button type="dashed" block onClick={() => add('')}>
            添加{label}
          </Button>
        </Form.Item>
      )}
    </Form.List>
  )
}

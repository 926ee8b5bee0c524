import type { Envelope } from '@zhixiao/shared'
import { Button, Card, Form, Space } from 'antd'
import type { ReactNode } from 'react'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { useWrite } from './use-write'

/**
 * A form page's card (addClass, addHoliday): 保存 runs `submit` once at a time (Enter in a field submits too), shows
 * the server's msg and goes to `done(values)`; 返回 goes back to `back`.
 */
export function FormCard<V extends object>({
  initialValues,
  submit,
  groups,
  back,
  done,
  children,
}: {
  initialValues: Partial<V>
  submit: (values: V) => Promise<Envelope<unknown>>
  groups: readonly string[]
  back: string
  done?: (values: V) => string
  children: ReactNode
}) {
  const navigate = useNavigate()
  const write = useWrite(groups)
  const running = useRef(false)
  const [busy, setBusy] = useState(false)
  const save = async (v: V) => {
    if (running.current) return
    running.current = true
    setBusy(true)
    const env = await write(() => submit(v)).finally(() => {
      running.current = false
      setBusy(false)
    })
    if (env) void navigate(done ? done(v) : back)
  }
  return (
    <Card size="small" style={{ maxWidth: 560 }}>
      <Form<V> layout="vertical" initialValues={initialValues} onFinish={save}>
        {children}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>
            保存
          </Button>
          <Button onClick={() => void navigate(back)}>返回</Button>
        </Space>
      </Form>
    </Card>
  )
}

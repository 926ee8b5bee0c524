import { Form, Modal } from 'antd'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { formValues } from '../form-values'

/**
 * A modal form: `children` are antd Form.Items; `onSubmit` gets the validated values and resolves true to close.
 * Mounted only while open, so `initialValues` apply afresh every time.
 */
export function CrudFormModal<V extends object>({
  title,
  initialValues,
  onSubmit,
  onClose,
  children,
  width,
}: {
  title: string
  initialValues: Partial<V>
  onSubmit: (values: V) => Promise<boolean>
  onClose: () => void
  children: ReactNode
  width?: number
}) {
  const [form] = Form.useForm<V>()
  const [busy, setBusy] = useState(false)
  const ok = async () => {
    const values = await formValues(form)
    if (!values) return
    setBusy(true)
    try {
      if (await onSubmit(values)) onClose()
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title={title}
      okText="确定"
      cancelText="取消"
      onOk={ok}
      confirmLoading={busy}
      onCancel={onClose}
      width={width}
      destroyOnHidden
    >
      <Form<V> form={form} layout="vertical" initialValues={initialValues} preserve={false}>
        {children}
      </Form>
    </Modal>
  )
}

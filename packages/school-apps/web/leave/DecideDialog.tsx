import { Input, Modal, Typography } from 'antd'
import { useState } from 'react'
import type { RequestView } from './api.js'

/** 批准 / 不批准 with an optional comment (≤ 200 characters, the server checks it too). */
export function DecideDialog({
  request,
  approved,
  busy,
  onClose,
  onDecide,
}: {
  request: Pick<RequestView, 'personName' | 'span' | 'typeLabel'> | null
  approved: boolean
  busy: boolean
  onClose: () => void
  onDecide: (comment: string) => void
}) {
  const [comment, setComment] = useState('')
  return (
    <Modal
      open={request !== null}
      title={approved ? '批准请假' : '不批准请假'}
      okText={approved ? '批准' : '不批准'}
      okButtonProps={{ danger: !approved, loading: busy }}
      cancelText="取消"
      onCancel={onClose}
      onOk={() => onDecide(comment.trim())}
      afterClose={() => setComment('')}
      destroyOnHidden
    >
      {request && (
        <Typography.Paragraph>
          {request.personName} · {request.typeLabel} · {request.span}
        </Typography.Paragraph>
      )}
      <label htmlFor="leave-decide-comment">审批意见{approved ? '（选填）' : ''}</label>
      <Input.TextArea
        id="leave-decide-comment"
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        maxLength={200}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
        placeholder={approved ? '如：同意，注意休息' : '请说明不批准的原因'}
      />
    </Modal>
  )
}

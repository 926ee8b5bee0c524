import { AppClientMsg, type AppClientSecret } from '@zhixiao/shared'
import { Alert, Descriptions, Modal, Typography } from 'antd'

/**
 * A client secret, shown the one time the server answers it (first save, rotation). The secret lives only in the
 * caller's state: closing the dialog drops it, and the settings answer only hasSecret afterwards.
 */
export function SecretOnceModal({ secret, onClose }: { secret: AppClientSecret; onClose: () => void }) {
  return (
    <Modal
      open
      title="客户端密钥"
      okText="我已保存"
      onOk={onClose}
      onCancel={onClose}
      maskClosable={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      width="min(560px, calc(100vw - 32px))"
    >
      <Alert type="warning" showIcon title={AppClientMsg.SECRET_ONCE} style={{ marginBottom: 12 }} />
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="客户端标识">
          <Typography.Text code copyable={{ text: secret.clientId }} style={{ wordBreak: 'break-all' }}>
            {secret.clientId}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="客户端密钥">
          <Typography.Text
            code
            copyable={{ text: secret.clientSecret }}
            data-testid="client-secret"
            style={{ wordBreak: 'break-all' }}
          >
            {secret.clientSecret}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </Modal>
  )
}

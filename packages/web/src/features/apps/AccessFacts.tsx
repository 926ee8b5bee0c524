import type { AppClient, AppClientSecret } from '@zhixiao/shared'
import { App, Button, Descriptions, Space, Typography } from 'antd'
import { useWrite } from '../../components/crud'
import { AccessKeys, appAccessApi } from './access-api'

const copyText = (v: string, testId: string) => (
  <Typography.Text code copyable={{ text: v }} data-testid={testId} style={{ wordBreak: 'break-all' }}>
    {v}
  </Typography.Text>
)

/**
 * What the vendor configures its app with (client id, issuer, discovery, CAS base; each with a copy button) and the
 * app's lifecycle: a new secret, 停用 / 恢复, and the tenant's OpenID signing keys.
 */
export function AccessFacts({ client, onSecret }: { client: AppClient; onSecret: (s: AppClientSecret) => void }) {
  const { modal } = App.useApp()
  const write = useWrite([AccessKeys.client, AccessKeys.log])
  const confirm = (title: string, content: string, okText: string, run: () => Promise<unknown>, danger = true) =>
    modal.confirm({ title, content, okText, cancelText: '取消', okButtonProps: { danger }, onOk: run })
  const rotateSecret = () =>
    confirm('重新生成客户端密钥？', '旧密钥立即失效，应用须换用新密钥。', '重新生成', async () => {
      const env = await write(() => appAccessApi.rotateSecret(client.appId))
      if (env) onSecret(env.data)
    })
  const suspend = () =>
    client.suspended
      ? confirm(
          '恢复该应用？',
          '恢复后应用可重新登录用户和调用接口。',
          '恢复',
          () => write(() => appAccessApi.resume(client.appId)),
          false,
        )
      : confirm('停用该应用？', '停用后立即吊销该应用的令牌和票据，拒绝新的登录与接口调用。', '停用', () =>
          write(() => appAccessApi.suspend(client.appId)),
        )
  const rotateKeys = () =>
    confirm(
      '轮换签名密钥？',
      '本单位所有 OpenID 应用的令牌改用新密钥签名；旧密钥继续公布一天，已签发的令牌仍可验证。',
      '轮换',
      () => write(() => appAccessApi.rotateKeys()),
      false,
    )
  return (
    <>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="客户端标识">{copyText(client.clientId, 'client-id')}</Descriptions.Item>
        {client.protocol === 'oidc' && (
          <>
            <Descriptions.Item label="签发者（issuer）">{copyText(client.issuer, 'issuer')}</Descriptions.Item>
            <Descriptions.Item label="发现地址">
              {copyText(`${client.issuer}/.well-known/openid-configuration`, 'discovery')}
            </Descriptions.Item>
          </>
        )}
        {client.protocol === 'cas' && (
          <Descriptions.Item label="CAS 地址">{copyText(client.casBase, 'cas-base')}</Descriptions.Item>
        )}
        <Descriptions.Item label="客户端密钥">
          {client.publicClient
            ? '公开客户端，无密钥'
            : client.hasSecret
              ? `已设置${client.secretSetAt ? `（${new Date(client.secretSetAt).toLocaleString('zh-CN')}）` : ''}，不再显示`
              : '未设置'}
        </Descriptions.Item>
      </Descriptions>
      <Space wrap style={{ marginBottom: 16 }}>
        {!client.publicClient && <Button onClick={rotateSecret}>重新生成密钥</Button>}
        <Button danger={!client.suspended} onClick={suspend}>
          {client.suspended ? '恢复' : '停用'}
        </Button>
        {client.protocol === 'oidc' && <Button onClick={rotateKeys}>轮换签名密钥</Button>}
      </Space>
      {client.protocol === 'oidc' && (
        <Typography.Paragraph type="secondary">
          轮换签名密钥作用于本单位所有 OpenID 应用：旧密钥继续公布一天，已签发的令牌仍可验证。
        </Typography.Paragraph>
      )}
    </>
  )
}

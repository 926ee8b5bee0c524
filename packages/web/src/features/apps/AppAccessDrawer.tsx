import type { AppClientSecret } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { Drawer, Spin, Tabs, Tag, type TabsProps } from 'antd'
import { useState } from 'react'
import { AccessFacts } from './AccessFacts'
import { AccessKeys, appAccessApi } from './access-api'
import { AppAccessForm } from './AppAccessForm'
import { AppAccessLog } from './AppAccessLog'
import { SecretOnceModal } from './SecretOnceModal'
import { WebhookPanel } from './WebhookPanel'

/**
 * 接入 of one app (issue 24): how it signs people in through the district's identity hub — protocol settings and
 * grants, its secret (shown once), 停用 / 恢复 — and its access log. Top organisation only (the server's tenantWide
 * rule); 应用管理 offers it there alone.
 */
export function AppAccessDrawer({ appId, onClose }: { appId: number; onClose: () => void }) {
  const client = useQuery({ queryKey: [AccessKeys.client, appId], queryFn: () => appAccessApi.get(appId) })
  // The secret lives here only until its dialog closes: nothing can show it again.
  const [secret, setSecret] = useState<AppClientSecret | null>(null)
  const c = client.data ?? null
  const items: TabsProps['items'] = [
    {
      key: 'settings',
      label: '接入设置',
      children: client.isPending ? (
        <Spin />
      ) : (
        <>
          {c && <AccessFacts client={c} onSecret={setSecret} />}
          {/* Remounted once the settings are loaded, so the form starts from them. */}
          <AppAccessForm key={c ? 'saved' : 'new'} appId={appId} client={c} onSecret={setSecret} />
        </>
      ),
    },
    { key: 'webhook', label: '回调', children: <WebhookPanel appId={appId} /> },
    { key: 'log', label: '访问日志', children: <AppAccessLog appId={appId} /> },
  ]
  return (
    <Drawer
      open
      size="min(720px, 100vw)"
      onClose={onClose}
      destroyOnHidden
      rootClassName="zx-app-access"
      title={
        <span>
          应用接入{c ? ` · ${c.appName}` : ''}
          {c?.suspended && (
            <Tag color="red" style={{ marginLeft: 8 }} data-testid="access-suspended">
              已停用
            </Tag>
          )}
        </span>
      }
    >
      <Tabs items={items} />
      {secret && <SecretOnceModal secret={secret} onClose={() => setSecret(null)} />}
    </Drawer>
  )
}

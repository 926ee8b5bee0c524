import { Empty, Spin } from 'antd'
import { useCurrentUser } from '../../../api/queries'
import { useOftenUse } from '../../apps/api'
import { AppIcon } from '../../apps/icons'
import { openApp } from '../../apps/open-app'

/** 常用应用: the person's favourites from the app registry, opened the launcher's way. */
export function AppsBlock() {
  const often = useOftenUse()
  const permissions = useCurrentUser().data?.permissions ?? []
  if (often.isLoading) return <Spin />
  const apps = often.data ?? []
  if (!apps.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无常用" />
  return (
    <div className="zx-apps" data-block="apps">
      {apps.map((a) => (
        <button type="button" key={a.appId} className="zx-app" onClick={() => openApp(a, permissions)} title={a.name}>
          <AppIcon name={a.name} iconUri={a.iconUri} appId={a.appId} />
          <span>{a.name}</span>
        </button>
      ))}
    </div>
  )
}

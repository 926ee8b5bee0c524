import { AppMsg, type AppRow } from '@zhixiao/shared'
import { useSession } from '../../stores/session'
import { AppIcon } from '../apps/icons'
import { openApp } from '../apps/open-app'
import { RedDotBadge } from '../red-dots/RedDotBadge'
import { useRedDots } from '../red-dots/use-red-dots'

/**
 * Apps four to a row, each with its red dot (a rule's, or what waits in the app: docs/red-dots.md); a tap opens the
 * app the portal's way (open-app.ts: refusals, routes, new tabs).
 */
export function AppGrid({ apps }: { apps: AppRow[] }) {
  const permissions = useSession((s) => s.userInfo?.permissions ?? [])
  const dots = useRedDots()
  if (!apps.length) return <div style={{ color: '#666', fontSize: 13 }}>{AppMsg.EMPTY_GROUP}</div>
  return (
    <div className="zx-m-grid">
      {apps.map((a) => (
        <button
          key={a.appId}
          type="button"
          className="zx-m-app"
          data-app={a.name}
          onClick={() => openApp(a, permissions)}
        >
          <RedDotBadge dot={dots.dotOf('app', a.uniqueId)} maxCount={dots.maxCount} offset={[-4, 4]}>
            <AppIcon name={a.name} iconUri={a.iconUri} appId={a.appId} size={40} />
          </RedDotBadge>
          <span>{a.name}</span>
        </button>
      ))}
    </div>
  )
}

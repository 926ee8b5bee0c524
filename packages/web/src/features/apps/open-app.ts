import { AppMsg, OpenWay, type AppRow } from '@zhixiao/shared'
import { notify } from '../../api/feedback'
import { openCasApp } from '../cas/launch'
import { navigateTo } from '../../navigation/navigate'
import { clearRedDot } from '../red-dots/use-red-dots'

/** Why an app opens for nobody (scrapped, expired, nothing registered to open), or null. */
export function closedReason(app: Pick<AppRow, 'isScrap' | 'hasExpire' | 'missing'>): string | null {
  if (app.isScrap) return AppMsg.SCRAPPED
  if (app.hasExpire) return AppMsg.EXPIRED
  if (app.missing) return AppMsg.NOT_REGISTERED
  return null
}

/** Why an app cannot be opened (001 §5, §8), or null when it can. */
export function refusal(
  app: Pick<AppRow, 'isScrap' | 'hasExpire' | 'missing' | 'permissionName'>,
  permissions: readonly string[],
): string | null {
  const closed = closedReason(app)
  if (closed) return closed
  if (app.permissionName && !permissions.includes(app.permissionName)) return AppMsg.NO_PERMISSION
  return null
}

const isHttp = (u: string) => /^https?:\/\//i.test(u)

/**
 * Opens an app from the launcher, 常用 or a header tab: refuses with the spec's message, else goes to its route
 * (internal pages and sub-app hosts alike) in this window or, with openWay 2, a new tab. An app with only an http
 * entry (no route) is an outside site, and an OpenID app always: they open in a new tab with no session handed over;
 * a CAS app opens at its service with a ticket (this window or, openWay 2, a new tab).
 */
export function openApp(app: AppRow, permissions: readonly string[]): boolean {
  // Refused before anything opens: no new tab only to say the app is closed.
  const why = refusal(app, permissions)
  if (why) {
    notify.warning(why)
    return false
  }
  // Opening an app ends its manual red dot for this member (docs/red-dots.md "Red dots").
  clearRedDot('app', app.uniqueId)
  // An OpenID app signs in with the provider's own cookies (SameSite=Lax, not sent inside a cross-site frame): it opens
  // top-level at its plain entry address, never in the sub-app host's frame and with no portal token in the address.
  if (app.protocol === 'oidc' && app.entryUrl && isHttp(app.entryUrl)) {
    window.open(app.entryUrl, '_blank', 'noopener,noreferrer')
    return true
  }
  if (app.reqUri) {
    if (app.openWay === OpenWay.NEW) window.open(`${window.location.pathname}#${app.reqUri}`, '_blank', 'noopener')
    else void navigateTo(app.reqUri)
    return true
  }
  // A CAS app outside the portal opens at its service with a ticket (docs/open-platform.md "CAS").
  if (app.protocol === 'cas') {
    void openCasApp(app.appId, app.openWay === OpenWay.NEW)
    return true
  }
  if (app.entryUrl && isHttp(app.entryUrl)) {
    window.open(app.entryUrl, '_blank', 'noopener,noreferrer')
    return true
  }
  notify.warning(AppMsg.NOT_REGISTERED)
  return false
}

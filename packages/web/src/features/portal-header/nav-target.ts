import { type AppRow } from '@zhixiao/shared'
import { notify } from '../../api/feedback'
import { closedReason } from '../apps/open-app'
import { navigateTo } from '../../navigation/navigate'
import { clearRedDot } from '../red-dots/use-red-dots'
import { openCasApp } from '../cas/launch'

/**
 * Opens an app from a header tab or menu: its route in this window, or a new tab when it asks for one (openWay 2).
 * A scrapped, expired or unregistered app says so here, instead of opening a tab that would only say so.
 */
export function openApp(
  app: Pick<AppRow, 'reqUri' | 'entryUrl' | 'openWay' | 'name' | 'isScrap' | 'hasExpire' | 'missing'> & {
    uniqueId?: string
    appId?: number
    protocol?: AppRow['protocol']
  },
): void {
  const closed = closedReason(app)
  if (closed) {
    notify.warning(closed)
    return
  }
  // An OpenID app opens top-level at its entry address, never in the sub-app host's frame (open-app.ts).
  const target = (app.protocol === 'oidc' ? app.entryUrl : null) ?? app.reqUri ?? app.entryUrl
  if (!target) {
    notify.warning('暂无权限')
    return
  }
  clearRedDot('app', app.uniqueId)
  // A CAS app outside the portal opens at its service with a ticket; a routed one goes to its host page as usual.
  if (!app.reqUri && app.protocol === 'cas' && app.appId !== undefined) {
    void openCasApp(app.appId, app.openWay === 2)
    return
  }
  openTarget(target, app.openWay === 2)
}

/** A route (/x) inside the app, or an http address; newTab opens either in a new tab. */
export function openTarget(target: string, newTab: boolean): void {
  const external = /^https?:\/\//i.test(target)
  if (newTab || external) {
    window.open(external ? target : `${window.location.pathname}#${target}`, '_blank', 'noopener')
    return
  }
  void navigateTo(target)
}

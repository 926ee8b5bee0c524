import { notify } from '../../api/feedback'
import { ApiError } from '../../api/client'
import { casApi } from './api'

/**
 * Opens a CAS app from the launcher or a header tab (docs/open-platform.md "CAS"): asks for a ticket, then goes to
 * the app's first service with it, in this window or, for openWay 2, a new tab. The tab is opened at the click (a
 * tab opened after an answer would be a blocked popup) and sent on once the ticket is there.
 */
export async function openCasApp(appId: number, newTab: boolean): Promise<void> {
  const tab = newTab ? window.open('', '_blank') : null
  if (tab) tab.opener = null
  try {
    const { url } = await casApi.launch(appId)
    if (tab) tab.location.href = url
    else window.location.assign(url)
  } catch (e) {
    tab?.close()
    notify.warning(e instanceof ApiError ? e.message : '无法打开应用，请稍后重试')
  }
}

import { appTargetMissing, isPageRoute, subAppHostOf, type MenuOption, type SkipItem } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import { findAppTargetsByUniqueIds, listServedAppRoutes } from './header-targets-queries.js'

/**
 * Header menu entries of the bureau and alliance headers (001 §3 menu option skipList) that open something, by the
 * same rule as the apps users are offered (docs/apps.md "Offered to users"): a target naming an app
 * (uniqueId) follows that app (shown and configured); a route is a portal page, or a sub-app route some shown app
 * with an entry address serves; an address opens as it is. User type and permission are checked on the click, as
 * the header reads its config before sign-in too. An entry left with no target is dropped, except the app centre.
 */
export async function openMenuOptions(trx: Trx, options: readonly MenuOption[]): Promise<MenuOption[]> {
  const items = options.flatMap((o) => o.skipList)
  if (!items.length) return [...options]
  const ids = [...new Set(items.map((i) => i.uniqueId).filter(Boolean))]
  const named = ids.length ? await findAppTargetsByUniqueIds(trx, ids) : []
  const served = await listServedAppRoutes(trx)
  const hosts = new Set(served.map((a) => subAppHostOf(a.req_uri!)).filter((h): h is string => !!h))
  const opens = (i: SkipItem): boolean => {
    const app = i.uniqueId ? named.find((a) => a.unique_id === i.uniqueId) : undefined
    if (app) return app.has_show && !appTargetMissing({ reqUri: app.req_uri, entryUrl: app.entry_url })
    if (i.reqUri) {
      if (isPageRoute(i.reqUri)) return true
      const host = subAppHostOf(i.reqUri)
      return !!host && hosts.has(host)
    }
    return !!i.skipUrl
  }
  return options.flatMap((o) => {
    const skipList = o.skipList.filter(opens)
    return skipList.length || o.contentType === 3 || !o.skipList.length ? [{ ...o, skipList }] : []
  })
}

import type { RouteMeta } from '@zhixiao/shared'
import { redirect, type LoaderFunctionArgs } from 'react-router'
import { loginUrlFor } from '../api/unauthorized'
import { canSee } from '../auth/access'
import { ensureUser } from '../auth/current-user'
import { homePathFor } from '../auth/landing'
import { appConfig } from '../config'
import { useSession } from '../stores/session'

/** The query flag that lets a route through without its page permission (000 §6). */
export const FILTER_ROLES_FLAG = 'filterRoles'

/**
 * Loader of a page route (000 §6): public pages pass; without a session → login with redirect and from=own;
 * without the page permission (or not the super administrator on an adminOnly page) → /404, unless filterRoles=1.
 */
export function guardLoader(meta: RouteMeta) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (meta.public) return null
    const url = new URL(request.url)
    const user = await ensureUser()
    if (!user) throw redirect(loginUrlFor(url.pathname + url.search))
    if (!canSee(meta, user) && url.searchParams.get(FILTER_ROLES_FLAG) !== '1') throw redirect('/404')
    return null
  }
}

/** `/` by state (000 §2.4): signed out → login; otherwise the user's landing page. */
export async function rootLoader(): Promise<never> {
  const user = await ensureUser()
  throw redirect(user ? homePathFor(user) : '/redirect/login')
}

/** A fixed redirect that keeps the query string (/signin?orgId=3 → /redirect/login?orgId=3). */
export function redirectLoader(to: string) {
  return ({ request }: LoaderFunctionArgs): never => {
    throw redirect(to + new URL(request.url).search)
  }
}

/** The school portal needs a configured school org and the stored tenantModuleType 0; otherwise /404 (000 §2.4). */
export function schoolPortalLoader(): never {
  const allowed = appConfig.schoolOrgId !== null && useSession.getState().tenantModuleType === 0
  throw redirect(allowed ? '/schoolPortal/home/index' : '/404')
}

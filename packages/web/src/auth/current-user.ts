import type { CurrentUserDetail, RouteMeta } from '@zhixiao/shared'
import { redirect, type LoaderFunctionArgs } from 'react-router'
import { authApi } from '../api/auth'
import { useSession } from '../stores/session'
import { canSee } from './access'
import { homePathFor } from './landing'
import { getToken } from './token'

let loaded: Promise<CurrentUserDetail | null> | null = null

/**
 * The signed-in user, fetched once per page load (so permission changes apply on the next load without a new
 * login) and shared by every route loader of a navigation.
 */
export function ensureUser(): Promise<CurrentUserDetail | null> {
  if (!getToken()) { loaded = null; return Promise.resolve(null) }
  loaded ??= authApi.currentUser({ loginRedirect: false })
    .then((u) => { useSession.getState().setUser(u); return u })
    .catch(() => { loaded = null; return null })
  return loaded
}

/** After a login the user is already known; loaders use it instead of asking again. */
export function setLoadedUser(user: CurrentUserDetail | null): void { loaded = user ? Promise.resolve(user) : null }

export function loginTarget(pathWithSearch: string): string {
  const orgId = useSession.getState().userInfo?.orgId
  const q = new URLSearchParams({ redirect: pathWithSearch, from: 'own', ...(orgId !== undefined ? { orgId: String(orgId) } : {}) })
  return `/redirect/login?${q}`
}

/** Route loader of a signed-in page: no session → login with the redirect query; no page permission → /404 (000 §6). */
export function guardLoader(meta: RouteMeta) {
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url)
    if (meta.public) return null
    const user = await ensureUser()
    if (!user) throw redirect(loginTarget(url.pathname + url.search))
    if (!canSee(meta, user) && url.searchParams.get('filterRoles') !== '1') throw redirect('/404')
    return null
  }
}

/** `/` by state (000 §2.4). */
export async function rootLoader(): Promise<never> {
  const user = await ensureUser()
  throw redirect(user ? homePathFor(user) : '/redirect/login')
}

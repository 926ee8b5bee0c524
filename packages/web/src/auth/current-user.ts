import type { CurrentUserDetail } from '@zhixiao/shared'
import { authApi } from '../api/auth'
import { ApiError } from '../api/client'
import { queryKeys } from '../api/query-keys'
import { useSession } from '../stores/session'
import { getToken } from '../stores/token'

/**
 * The query cache, loaded on first need: the entry (route guards) and the login page do not carry TanStack Query;
 * the app shell loads it with the pages. One promise, so calls keep their order.
 */
type QueryClient = typeof import('../api/query-client').queryClient
let cache: Promise<QueryClient> | null = null
/** The query cache once its chunk is there (null before). */
let loaded: QueryClient | null = null
const queryCache = () => (cache ??= import('../api/query-client').then((m) => (loaded = m.queryClient)))

/** The user call of a visit's first navigation, shared by the loaders that ask while it is in flight. */
let coldAsk: Promise<CurrentUserDetail> | null = null

/**
 * Asks the server for the user. On a visit's first navigation the query cache's chunk arrives with the shell's
 * hundred-odd files; the call goes at once, beside them, not after them (the home's blocks, and so its largest
 * paint, wait for the user: issue 28), and its answer enters the cache when the cache is there.
 */
async function askUser(): Promise<CurrentUserDetail> {
  if (!loaded) {
    const ask = (coldAsk ??= authApi.currentUser({ loginRedirect: false }).finally(() => (coldAsk = null)))
    const [queryClient, user] = await Promise.all([queryCache(), ask])
    // Structural sharing as fetchQuery does: an unchanged user keeps the cached object.
    queryClient.setQueryData(queryKeys.currentUser, user)
    return queryClient.getQueryData<CurrentUserDetail>(queryKeys.currentUser) ?? user
  }
  // staleTime 0 always asks; calls made while one is in flight share it.
  return loaded.fetchQuery({
    queryKey: queryKeys.currentUser,
    queryFn: () => authApi.currentUser({ loginRedirect: false }),
    staleTime: 0,
  })
}

/** A user just read by a login, for the navigation to the landing page that follows (see reuseLoadedUserOnce). */
let justLoaded: { token: string; at: number } | null = null
const JUST_LOADED_MS = 5000

/**
 * The signed-in user for route loaders, null without a valid session. Asked of the server on every route
 * navigation (one small call): an admin's grant or revocation then reaches the side menu and the route guard at
 * the user's next click, without a new login, and a revoked page's URL goes to /404. The one exception is the
 * navigation to the landing page right after a login, which has just read the user (asking again cost a call in
 * sequence on every sign-in).
 */
export async function ensureUser(): Promise<CurrentUserDetail | null> {
  const token = getToken()
  if (!token) {
    // Nothing is cached before the cache is loaded (a signed-out visit): no need to load it to empty it.
    if (cache) (await cache).removeQueries({ queryKey: queryKeys.currentUser })
    return null
  }
  const fresh = justLoaded
  justLoaded = null
  const known = loaded?.getQueryData<CurrentUserDetail>(queryKeys.currentUser)
  if (known && fresh?.token === token && Date.now() - fresh.at < JUST_LOADED_MS) return known
  try {
    // Structural sharing keeps the cached object when nothing changed, so the store (and the menu) update only on
    // a real change.
    const user = await askUser()
    if (useSession.getState().userInfo !== user) useSession.getState().setUser(user)
    return user
  } catch (e) {
    // The session is gone (the client cleared the token): signed out. Any other failure (a network blip, a 500,
    // already shown by the client) keeps the last known user rather than sending them to the login page.
    if (e instanceof ApiError && e.code === 401) return null
    return getToken() ? ((await queryCache()).getQueryData<CurrentUserDetail>(queryKeys.currentUser) ?? null) : null
  }
}

/** After a login or an org switch the user is already known: hooks show it at once (the next route loader asks again). */
export async function setLoadedUser(user: CurrentUserDetail | null): Promise<void> {
  justLoaded = null
  const queryClient = await queryCache()
  if (user) queryClient.setQueryData(queryKeys.currentUser, user)
  else queryClient.removeQueries({ queryKey: queryKeys.currentUser })
}

/** A login going straight to its landing page: that navigation's loader uses the user just loaded (within a few seconds). */
export function reuseLoadedUserOnce(): void {
  const token = getToken()
  justLoaded = token ? { token, at: Date.now() } : null
}

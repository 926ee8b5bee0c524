import type { CurrentUserDetail } from '@zhixiao/shared'
import { authApi } from '../api/auth'
import { queryKeys } from '../api/queries'
import { queryClient } from '../api/query-client'
import { useSession } from '../stores/session'
import { getToken } from '../stores/token'

/**
 * The signed-in user for route loaders: fetched once per page load through the query cache (so permission changes
 * apply on the next load without a new login), null without a valid session.
 */
export async function ensureUser(): Promise<CurrentUserDetail | null> {
  if (!getToken()) {
    queryClient.removeQueries({ queryKey: queryKeys.currentUser })
    return null
  }
  try {
    const user = await queryClient.fetchQuery({
      queryKey: queryKeys.currentUser,
      queryFn: () => authApi.currentUser({ loginRedirect: false }),
      staleTime: Infinity,
    })
    if (useSession.getState().userInfo !== user) useSession.getState().setUser(user)
    return user
  } catch {
    return null
  }
}

/** After a login or an org switch the user is already known; loaders and hooks use it instead of asking again. */
export function setLoadedUser(user: CurrentUserDetail | null): void {
  if (user) queryClient.setQueryData(queryKeys.currentUser, user)
  else queryClient.removeQueries({ queryKey: queryKeys.currentUser })
}

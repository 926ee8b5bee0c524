import { useQuery } from '@tanstack/react-query'
import { getToken } from '../stores/token'
import { authApi } from './auth'
import { queryKeys } from './query-keys'

/** The signed-in user (user/current/detail): components read the cache, which the route guard refreshes on every navigation (auth/current-user.ts). */
export function useCurrentUser() {
  return useQuery({
    queryKey: queryKeys.currentUser,
    queryFn: () => authApi.currentUser(),
    staleTime: Infinity,
    enabled: !!getToken(),
  })
}

/** Password rule hint; asked again every time a password dialog opens. */
export function usePasswordRule() {
  return useQuery({ queryKey: queryKeys.passwordRule, queryFn: authApi.passwordRule, staleTime: 0 })
}

/** The organisations of the signed-in account (switch dialog). */
export function useUserOrgs() {
  const openAccountId = useCurrentUser().data?.openAccountId
  return useQuery({ queryKey: queryKeys.userOrgs, queryFn: () => authApi.userOrgs(openAccountId), staleTime: 0 })
}

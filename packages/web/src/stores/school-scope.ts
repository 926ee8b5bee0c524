import type { CurrentUserDetail } from '@zhixiao/shared'
import { create } from 'zustand'
import { useSession } from './session'

/**
 * The organisation the school base-data pages work on. Their calls take an `orgId` that defaults to the caller's
 * own org, and a bureau may name a school below it (docs/base-data.md); this is that choice. It lives in memory
 * only and is tied to the signed-in user and org, so a reload, another login or an org switch starts again from
 * the caller's own org instead of a choice that may no longer be in scope.
 */
interface ScopeState {
  owner: string | null
  orgId: number | null
}

const useScopeStore = create<ScopeState>(() => ({ owner: null, orgId: null }))
const ownerOf = (u: CurrentUserDetail | null): string | null => (u ? `${u.tenantId}:${u.id}:${u.orgId}` : null)

/** The org to name in base-data calls: the chosen one, or undefined for the caller's own (the server's default). */
export function useScopeOrg(): number | undefined {
  const owner = useSession((s) => ownerOf(s.userInfo))
  return useScopeStore((s) => (owner !== null && s.owner === owner && s.orgId !== null ? s.orgId : undefined))
}

/** null: back to the caller's own org. */
export function chooseScopeOrg(orgId: number | null): void {
  useScopeStore.setState({ owner: ownerOf(useSession.getState().userInfo), orgId })
}

/**
 * Query keys of the server state the web app caches. A module of their own: the route guards name the current user's
 * key without loading TanStack Query's React bindings (api/queries.ts) into the entry.
 */
export const queryKeys = {
  currentUser: ['account', 'currentUser'] as const,
  loginInfo: (orgId?: number) => ['tenant', 'loginInfo', orgId ?? null] as const,
  orgPublicInfo: (orgId?: number) => ['org', 'publicInfo', orgId ?? null] as const,
  passwordRule: ['tenant', 'passwordRule'] as const,
  userOrgs: ['account', 'userOrgs'] as const,
}

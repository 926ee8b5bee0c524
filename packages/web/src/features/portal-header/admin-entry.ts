import { isJdMode, isSuperAdmin, type CurrentUserDetail } from '@zhixiao/shared'
import { useQuery } from '@tanstack/react-query'
import { useCurrentUser } from '../../api/queries'
import { adminEntry } from '../../layouts/menu'
import { portalApi, PortalKeys } from './api'

export const PORTAL_ADMIN_HOME = '/menhu-port/maintain/mainPage'

/**
 * The bureau side of the signed-in user (001 §6): whether they are the bureau admin (the server's check: the admin
 * role with the tenant's bureau org as the current org) and the permission codes their account holds in the bureau
 * org, which the bureau menus follow (asked only `withPermissions`: the bureau header). Only asked for on a tenant
 * that runs the bureau side.
 */
export function useBureauAccess(withPermissions = false): { bureauAdmin: boolean; permissions: string[] } {
  const user = useCurrentUser().data
  const on = !!user && isJdMode(user.currentOrgData?.tenantModuleType)
  const admin = useQuery({
    queryKey: [PortalKeys.jdAdmin, user?.userInfoId ?? null],
    queryFn: () => portalApi.jdAdmin().catch(() => ({ isAdmin: false, jdOrgId: null })),
    enabled: on,
    staleTime: 60_000,
  }).data
  const jdOrgId = admin?.jdOrgId ?? null
  const permissions = useQuery({
    queryKey: [PortalKeys.jdPermissions, user?.userInfoId ?? null, jdOrgId],
    queryFn: () => portalApi.jdPermissions(jdOrgId!).catch((): string[] => []),
    enabled: withPermissions && on && jdOrgId !== null && !admin?.isAdmin,
    staleTime: 60_000,
  }).data
  return { bureauAdmin: on && !!admin?.isAdmin, permissions: permissions ?? [] }
}

/**
 * Where the gear leads (001 §6): the platform administrator → basic-data set-up; the bureau admin → the bureau back
 * office; anyone else → their first admin page (portal management first when they hold it); null for none.
 */
export function adminTarget(user: CurrentUserDetail | null, bureauAdmin: boolean): string | null {
  if (!user) return null
  if (isSuperAdmin(user)) return '/base-set'
  if (bureauAdmin) return '/localSide/navigation'
  return adminEntry(user) ?? (user.permissions.includes('sc_menhu_pc') ? PORTAL_ADMIN_HOME : null)
}

/** Permission sc_menhu (or its PC page) shows the portal-management icon. */
export const canManagePortal = (user: CurrentUserDetail | null): boolean =>
  !!user && (user.permissions.includes('sc_menhu') || user.permissions.includes('sc_menhu_pc'))

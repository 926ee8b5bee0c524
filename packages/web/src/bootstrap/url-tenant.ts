import { Msg, pathOf, tenantContracts, type TenantPublicInfo } from '@zhixiao/shared'
import { useSession, type TempTenant } from '../stores/session'
import { takeUrlParam } from './url-token'

/** What a tenant lookup came to: the tenant, or the message to show (租户不存在, 网络错误). */
export type TenantLookup = { ok: true; tenant: TempTenant } | { ok: false; msg: string }

/** The enabled tenant of a unique name (租户标识), by the public tenant/public/info call. */
export async function lookupTenant(uniqueName: string, fetcher: typeof fetch = fetch): Promise<TenantLookup> {
  try {
    const res = await fetcher(`${pathOf(tenantContracts.publicInfo)}?uniqueName=${encodeURIComponent(uniqueName)}`)
    const body = (await res.json().catch(() => null)) as { code?: number; msg?: string; data?: TenantPublicInfo } | null
    if (body?.code === 0 && body.data) return { ok: true, tenant: { id: body.data.id, name: body.data.name } }
    return { ok: false, msg: body?.msg || Msg.TENANT_NOT_FOUND }
  } catch {
    return { ok: false, msg: Msg.NETWORK_ERROR_SHORT }
  }
}

/**
 * Startup parameter tn (000 §2.4): the tenant the portal acts for, by its unique name — a district's own link
 * (https://portal/?tn=qx) opens its login page with its name, background and sign-in methods. Found: it becomes the
 * temporary tenant (every call's tenantId header) and 切换成功 shows; not found: the temporary tenant is quit and
 * the login page opens with the message ("a failed tenant lookup goes to login", 000 §8). Null when there is no tn.
 */
export async function takeTenantFromUrl(): Promise<{ msg: string; ok: boolean } | null> {
  const name = takeUrlParam('tn')
  if (name === null) return null
  const found = await lookupTenant(name.trim())
  const session = useSession.getState()
  if (found.ok) {
    session.setTempTenant(found.tenant)
    return { msg: Msg.SWITCH_OK, ok: true }
  }
  session.setTempTenant(null)
  if (!session.isLogin) window.location.hash = '#/redirect/login'
  return { msg: found.msg, ok: false }
}

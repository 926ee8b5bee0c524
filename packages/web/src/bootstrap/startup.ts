import {
  CONFIG_CENTER_FAILED,
  mobileBookingTarget,
  safeAppName,
  safeBeFrom,
  safeMicroAppUrl,
  pathOf,
  tenantContracts,
  type TenantPublicInfo,
} from '@zhixiao/shared'
import type { AppConfig, ConfigLoad } from '../config-types'
import type { useSession } from '../stores/session'
import { keepStartupAppName } from './app-name'
import { requestIdHeader } from '../api/request-id'

/*
 * The startup work of 000 §2.4 and 001 §2.4 (docs/config-center.md "Startup"; docs/auth.md "Tenant by domain"): a chunk of
 * its own, loaded beside the entry (main.tsx, config.ts). What it needs from the entry (the session store, the
 * navigator, the configuration) is handed in rather than imported: a module this chunk shared with the login route
 * would be split into a chunk of its own, which the login route's budget (issue 12) pays for.
 */

type Session = typeof useSession

const text = (v: unknown): string => (typeof v === 'string' ? v : '')

/** Lays the config centre's non-empty fields over the build-time defaults. */
export function applyConfigCenter(
  data: Record<string, unknown>,
  target: AppConfig,
  defaults: Readonly<AppConfig>,
): void {
  Object.assign(target, defaults)
  for (const k of ['gateway', 'file', 'mqtt', 'placeBookingUrl', 'version', 'ai'] as const)
    if (text(data[k])) target[k] = text(data[k])
  const org = data.schoolOrgId
  if (typeof org === 'number' && Number.isSafeInteger(org) && org > 0) target.schoolOrgId = org
}

/** Reads the config centre's answer (config.ts sent the call): applied on success, else the message to show (001 §8). */
export async function settleConfigCenter(
  answer: Promise<Response | null>,
  target: AppConfig,
  defaults: Readonly<AppConfig>,
): Promise<ConfigLoad> {
  const res = await answer
  const body = (await res?.json().catch(() => null)) as
    { code?: unknown; msg?: unknown; data?: unknown } | null | undefined
  if (res?.ok && body?.code === 0 && typeof body.data === 'object' && body.data !== null) {
    applyConfigCenter(body.data as Record<string, unknown>, target, defaults)
    return { ok: true }
  }
  return { ok: false, msg: text(body?.msg) || CONFIG_CENTER_FAILED }
}

/** The hash route of the address (#/salary?x=1 → /salary?x=1), or the pathname when there is no hash route. */
function currentRoute(): string {
  const h = window.location.hash.replace(/^#/, '')
  return h.startsWith('/') ? h : window.location.pathname
}

export interface StartupDeps {
  /** url-token's takeUrlParam: a parameter taken off the address (before or after the hash). */
  takeUrlParam: (name: string) => string | null
  navigateTo: (to: string, opts?: { replace?: boolean }) => Promise<void>
  session: Session
}

/**
 * The startup parameters microappurl, beFrom and currentAppName, taken off the address (before or after the hash):
 * - microappurl, an in-app path only (shared safeMicroAppUrl: no open redirect), is opened: signed in, the page;
 *   signed out, the page's guard sends the user to the login page with it as the redirect (from=own), so they
 *   arrive there after signing in. It also becomes the address's hash route at once (parameters still to be taken,
 *   tn and accesstoken, kept in its query), so a reload for a swapped accesstoken lands on it.
 * - beFrom (a short token: app, wechat, dingtalk …) goes to the session store (persisted, cleared on logout).
 * - currentAppName is kept for this tab with the path it names (microappurl, or the opened route): that
 *   sub-application's host page shows it as its title while the registry answers (features/apps/SubAppHost).
 * Invalid values are dropped silently.
 */
export function takeStartupParams({ takeUrlParam, navigateTo, session }: StartupDeps): void {
  const microAppUrl = safeMicroAppUrl(takeUrlParam('microappurl'))
  const beFrom = safeBeFrom(takeUrlParam('beFrom'))
  const appName = safeAppName(takeUrlParam('currentAppName'))
  if (beFrom) session.getState().setBeFrom(beFrom)
  if (appName) keepStartupAppName(microAppUrl ?? currentRoute(), appName)
  if (microAppUrl) {
    const url = new URL(window.location.href)
    const rest = new URLSearchParams(url.hash.split('?')[1] ?? '')
    const [targetPath, targetQuery = ''] = microAppUrl.split('?')
    const q = new URLSearchParams(targetQuery)
    for (const [k, v] of rest) if (!q.has(k)) q.append(k, v)
    const query = q.toString()
    url.hash = `${targetPath}${query ? `?${query}` : ''}`
    window.history.replaceState(null, '', url.toString())
    void navigateTo(microAppUrl, { replace: true })
  }
}

/**
 * A phone on a place-reservation path goes to the config centre's mobile booking address (000 §2.4), once the
 * configuration is in force. True when it is leaving.
 */
export function leaveForMobileBooking(placeBookingUrl: string): boolean {
  const target = mobileBookingTarget(navigator.userAgent, currentRoute(), placeBookingUrl)
  if (target) window.location.replace(target)
  return target !== null
}

/**
 * Tenant by domain (000 §7.5): when no temporary tenant is set (?tn=, 切换租户), the tenant of the host name the
 * portal was opened on (GET tenant/public/domain) acts for the signed-out pages: its id goes in the tenantId header
 * and the login page shows its name. Not offered to quit: the address decides it. No answer (unknown host, stopped
 * tenant, a failure) leaves none. The login page asks for its config once this has answered (domainChecked).
 * Quitting the temporary tenant later (退出租户) looks the host name's tenant up again.
 */
export async function lookupDomainTenant(session: Session, hostname: string = window.location.hostname): Promise<void> {
  if (session.getState().tempTenant) {
    session.getState().setDomainTenant(null)
    return
  }
  let tenant: TenantPublicInfo | null = null
  try {
    const res = await fetch(`${pathOf(tenantContracts.byDomain)}?domain=${encodeURIComponent(hostname)}`, {
      headers: requestIdHeader(),
    })
    const body = (await res.json().catch(() => null)) as { code?: number; data?: TenantPublicInfo | null } | null
    if (body?.code === 0 && body.data) tenant = body.data
  } catch {
    /* no answer: the platform's pages */
  }
  session.getState().setDomainTenant(tenant ? { id: tenant.id, name: tenant.name } : null)
}

/** Starts the host name's lookup, and again whenever the temporary tenant is quit. */
export function followDomainTenant(session: Session): void {
  void lookupDomainTenant(session)
  session.subscribe((s, prev) => {
    if (prev.tempTenant && !s.tempTenant) void lookupDomainTenant(session)
  })
}

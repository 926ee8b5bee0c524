import {
  isSuperAdmin,
  menuContextOf,
  pageFitsOrg,
  tenantPortalContracts,
  type BaseMode,
  type RouteMeta,
} from '@zhixiao/shared'
import { redirect, type LoaderFunctionArgs } from 'react-router'
import { call } from '../api/call'
import { loginUrlFor } from '../api/unauthorized'
import { canSee } from '../auth/access'
import { ensureUser } from '../auth/current-user'
import { homePathFor } from '../auth/landing'
import { appConfig, configReady } from '../config'
import { homeKindFor, homeOrgIdFor, isHomeRoute } from '../features/cms/homes/home-kind'
import { useSession } from '../stores/session'

/** The query flag that lets a route through without its page permission (000 §6). */
export const FILTER_ROLES_FLAG = 'filterRoles'

/**
 * Loader of a page route (000 §6): public pages pass; without a session → login with redirect and from=own;
 * without the page permission (or not the super administrator on an adminOnly page) → /404, unless filterRoles=1;
 * a page the organisation's kind does not have (the menu rules: a bureau's student pages …) → /404 always, since
 * the flag lifts role filtering, not the kind of organisation.
 */
export function guardLoader(meta: RouteMeta) {
  return async ({ request }: LoaderFunctionArgs) => {
    if (meta.public) return null
    const url = new URL(request.url)
    // The config centre (the school org, the file and AI hosts the page reads) beside the user, not after it.
    const [user] = await Promise.all([ensureUser(), configReady()])
    if (!user) throw redirect(loginUrlFor(url.pathname + url.search))
    if (user.alumni) throw redirect(homePathFor(user))
    const roleFilterLifted = url.searchParams.get(FILTER_ROLES_FLAG) === '1'
    if (!(roleFilterLifted ? pageFitsOrg(meta, user) : canSee(meta, user))) throw redirect('/404')
    if (meta.path.startsWith('/schoolPortal/') && !schoolPortalAllowed()) throw redirect('/404')
    // A home's blocks are asked for now, beside the page's code: their answer names the largest paint (issue 28).
    if (isHomeRoute(meta.path)) {
      const kind = homeKindFor(meta.path, user.currentOrgData?.unitAttr)
      const client = import('../api/query-client').then((q) => q.queryClient)
      void Promise.all([import('../features/cms/api'), client])
        .then(([portal, q]) => portal.prefetchLayout(q, kind, homeOrgIdFor(meta.path)))
        .catch(() => {})
      // The PC home's offer of the mobile portal (a phone) is known before the page renders, or it would push the
      // blocks down when it arrives (issue 28). The page's code loads meanwhile; a slow answer waits at most 1 s.
      if (!meta.path.startsWith('/schoolPortal/')) {
        const offer = Promise.all([import('../features/mobile-portal/offer-query'), client]).then(([m, q]) =>
          m.prefetchOffer(q, user.userType),
        )
        await Promise.race([offer.catch(() => {}), new Promise((r) => setTimeout(r, 1000))])
      }
    }
    return null
  }
}

/**
 * `/` by state (000 §2.4): a school-type tenant (tenantModuleType 0) with a configured school → the school portal;
 * otherwise the user's landing page. Signed out: the open portal of the org named by ?orgId= (or remembered) when it
 * is enabled, else login.
 */
export async function rootLoader({ request }: LoaderFunctionArgs): Promise<never> {
  const [user] = await Promise.all([ensureUser(), configReady()])
  if (user) {
    const home = homePathFor(user)
    const schoolType = user.currentOrgData?.tenantModuleType === 0 && appConfig.schoolOrgId !== null
    throw redirect(schoolType && home.startsWith('/portal/') ? '/schoolPortal/home/index' : home)
  }
  const orgId = Number(new URL(request.url).searchParams.get('orgId')) || useSession.getState().openPortalOrgId
  if (orgId) {
    const open = await call(tenantPortalContracts.outSchoolPortalEnable, { orgId }, { showError: false }).catch(
      () => null,
    )
    if (open?.enable) throw redirect(`/openPortal?orgId=${orgId}`)
  }
  throw redirect('/redirect/login')
}

/** The base-data set-up of the medical and universal trades is its own sub-application (001 §2.1, 000 §4). */
const BASE_SET_OF_MODE: Partial<Record<BaseMode, string>> = { Medical: '/baseYiliao/set', Universal: '/baseTY/set' }

/**
 * /base-set (001 §2.1, basic-data set-up for admins; the 基础数据 app): the super administrator's system page; a
 * medical or universal tenant's own set-up (/baseYiliao/set, /baseTY/set); else the first base-data page the user
 * may open, else /404.
 */
export async function baseSetLoader({ request }: LoaderFunctionArgs): Promise<never> {
  const url = new URL(request.url)
  const user = await ensureUser()
  if (!user) throw redirect(loginUrlFor(url.pathname + url.search))
  if (isSuperAdmin(user)) throw redirect('/base-set/system')
  const byMode = BASE_SET_OF_MODE[menuContextOf(user)?.mode ?? 'Z12']
  if (byMode) throw redirect(byMode)
  // The admin menu's rules load with this rare redirect, not with the entry.
  const { baseDataEntry } = await import('../layouts/menu')
  throw redirect(baseDataEntry(user) ?? '/404')
}

/** The school portal pages need a configured school org and the stored tenantModuleType 0 (000 §2.4, 001 §2.2); call after configReady. */
export function schoolPortalAllowed(): boolean {
  return appConfig.schoolOrgId !== null && useSession.getState().tenantModuleType === 0
}

/**
 * The school portal needs a configured school org (the config centre's schoolOrgId, else VITE_SCHOOL_ORG_ID) and the
 * stored tenantModuleType 0; otherwise /404 (000 §2.4).
 */
export async function schoolPortalLoader(): Promise<never> {
  await configReady()
  throw redirect(schoolPortalAllowed() ? '/schoolPortal/home/index' : '/404')
}

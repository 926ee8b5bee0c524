import { AppMsg, CAS_TICKET_TTL_MS, CasMsg, ErrorCode, UserType } from '@zhixiao/shared'
import { randomBytes, randomUUID } from 'node:crypto'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { hashToken } from '../../platform/tokens.js'
import { mayOpen, todayOf, viewerOf } from '../apps/registry.js'
import { claimsFor, loadPerson, type Person } from '../app-clients/claims.js'
import {
  admitsUserType,
  loadHubClient,
  logAppAccess,
  subjectFor,
  type AccessEntry,
  type HubClient,
} from '../app-clients/hub-client.js'
import { tenantExists } from '../app-clients/hub-tenant.js'
import { childGate } from '../consent/hub-gate.js'
import {
  casClientIdsForService,
  findAppInView,
  findClientIdOfApp,
  forgetTicketValues,
  insertTicket,
  keepTicketValue,
  spendTicket,
  spendTicketsOfApp,
  validatedTicketsOfSession,
} from './cas-queries.js'
import { flattenClaims, logoutRequestXml, type CasFailureCode, type CasOutcome } from './cas-xml.js'

/**
 * The district's CAS 2.0/3.0 server (docs/open-platform.md "CAS"). A service ticket is a row of once_token with the
 * app, the exact service and the portal session behind it: `ST-` + 43 random url-safe characters, only its SHA-256
 * stored, two minutes to live, spent by its first validation whatever the outcome.
 */

const fail = (code: CasFailureCode, description: string): CasOutcome => ({ ok: false, code, description })

/** The service address with its ticket: ?ticket= or &ticket=, before any #fragment. */
function withTicket(service: string, ticket: string): string {
  const hash = service.indexOf('#')
  const base = hash < 0 ? service : service.slice(0, hash)
  const frag = hash < 0 ? '' : service.slice(hash)
  return `${base}${base.includes('?') ? '&' : '?'}ticket=${encodeURIComponent(ticket)}${frag}`
}

/** The usable CAS app that registered exactly this service, if any. */
async function casClientFor(ctx: AppContext, trx: Trx, service: string): Promise<HubClient | undefined> {
  for (const { client_id } of await casClientIdsForService(trx, service)) {
    const c = await loadHubClient(ctx, trx, client_id)
    if (c?.usable && c.protocol === 'cas' && c.casServices.includes(service)) return c
  }
  return undefined
}

async function casClientOfApp(ctx: AppContext, trx: Trx, appId: number): Promise<HubClient | undefined> {
  const row = await findClientIdOfApp(trx, appId)
  return row ? loadHubClient(ctx, trx, row.client_id) : undefined
}

/** Is `service` a registered service of a usable CAS app of the tenant (login's check, logout's return)? */
export async function isRegisteredService(ctx: AppContext, tenantId: number, service: string): Promise<boolean> {
  if (!service || !(await tenantExists(ctx, tenantId))) return false
  return ctx.db.tenant(tenantId, async (trx) => !!(await casClientFor(ctx, trx, service)))
}

/** A refusal written to the app's access log in its own transaction (the refusing one rolls back). */
async function logRefusal(ctx: AppContext, tenantId: number, e: Omit<AccessEntry, 'kind'>): Promise<void> {
  await ctx.db.tenant(tenantId, (trx) => logAppAccess(trx, { ...e, kind: 'refused' }))
}

async function issueFor(ctx: AppContext, trx: Trx, auth: AuthInfo, client: HubClient, service: string) {
  const ticket = `ST-${randomBytes(32).toString('base64url')}`
  await insertTicket(trx, {
    id: hashToken(ticket),
    account_id: auth.accountId,
    user_info_id: auth.userInfoId,
    org_id: auth.orgId,
    expires_at: new Date(+ctx.clock.now() + CAS_TICKET_TTL_MS),
    app_id: client.appId,
    service,
    session_id: auth.sessionId,
  })
  await logAppAccess(trx, {
    appId: client.appId,
    clientId: client.clientId,
    kind: 'ticket',
    userInfoId: auth.userInfoId,
    detail: service,
    ip: auth.ip,
  })
  return withTicket(service, ticket)
}

/** The person may use the app: an active membership of a user type the app admits. */
async function admitted(trx: Trx, client: HubClient, userInfoId: number): Promise<Person | null> {
  const p = await loadPerson(trx, userInfoId)
  return p && p.status === 0 && admitsUserType(client, p.user_type) ? p : null
}

/**
 * POST /t/:tenantId/cas/ticket (the /redirect/casLogin page, signed in to the portal): a ticket for the app that
 * registered exactly `service`, answered as the service address with ?ticket=.
 */
export async function issueTicket(ctx: AppContext, auth: AuthInfo, tenantId: number, service: string) {
  if (auth.tenantId !== tenantId) throw refused(ErrorCode.FORBIDDEN, CasMsg.OTHER_TENANT)
  const out = await ctx.db.tenant(tenantId, async (trx) => {
    const client = await casClientFor(ctx, trx, service)
    if (!client) throw refused(ErrorCode.FORBIDDEN, CasMsg.SERVICE_UNKNOWN)
    if (!(await admitted(trx, client, auth.userInfoId))) return { refusedBy: client }
    return { redirectTo: await issueFor(ctx, trx, auth, client, service) }
  })
  if (out.refusedBy) {
    const c = out.refusedBy
    await logRefusal(ctx, tenantId, { appId: c.appId, clientId: c.clientId, userInfoId: auth.userInfoId, ip: auth.ip })
    throw refused(ErrorCode.FORBIDDEN, CasMsg.USER_TYPE_REFUSED)
  }
  return { redirectTo: out.redirectTo! }
}

/**
 * POST /base/api/app/cas/launch (the portal's launcher and sub-app host): a CAS app opens at its first registered
 * service with a fresh ticket, for one the registry lets open the app (the launcher's own rules, apps/registry.ts).
 */
export async function launchCasApp(ctx: AppContext, auth: AuthInfo, appId: number): Promise<{ url: string }> {
  const out = await ctx.db.tenant(auth.tenantId, async (trx) => {
    const now = ctx.clock.now()
    const v = await viewerOf(trx, auth, now)
    const a = await findAppInView(trx, v, appId)
    if (!a) throw notFound(AppMsg.NOT_FOUND)
    if (a.is_scrap) throw refused(ErrorCode.FORBIDDEN, AppMsg.SCRAPPED)
    if (a.expire_date && a.expire_date < todayOf(now)) throw refused(ErrorCode.FORBIDDEN, AppMsg.EXPIRED)
    if (!mayOpen(v, a)) throw refused(ErrorCode.FORBIDDEN, AppMsg.NO_PERMISSION)
    const client = await casClientOfApp(ctx, trx, appId)
    if (!client || client.protocol !== 'cas') throw refused(ErrorCode.FORBIDDEN, CasMsg.NOT_CAS)
    if (!client.usable) throw refused(ErrorCode.FORBIDDEN, CasMsg.APP_UNAVAILABLE)
    const service = client.casServices[0]
    if (!service) throw refused(ErrorCode.FORBIDDEN, CasMsg.NO_SERVICE)
    if (!(await admitted(trx, client, auth.userInfoId))) return { refusedBy: client }
    return { url: await issueFor(ctx, trx, auth, client, service) }
  })
  if (out.refusedBy) {
    const c = out.refusedBy
    await logRefusal(ctx, auth.tenantId, {
      appId: c.appId,
      clientId: c.clientId,
      userInfoId: auth.userInfoId,
      ip: auth.ip,
    })
    throw refused(ErrorCode.FORBIDDEN, CasMsg.USER_TYPE_REFUSED)
  }
  return { url: out.url! }
}

/** <cas:user>: the app's choice (cas_user_attr); a staff or student number only for a person of that type. */
function casUser(ctx: AppContext, client: HubClient, p: Person): string | null {
  switch (client.casUserAttr) {
    case 'staff_no':
      return p.user_type === UserType.STAFF && p.job_no ? p.job_no : null
    case 'student_no':
      return p.user_type === UserType.STUDENT && p.job_no ? p.job_no : null
    case 'user_info_id':
      return String(p.id)
    default:
      return subjectFor(ctx, client, p.id)
  }
}

const TICKET = /^ST-[A-Za-z0-9_-]{32,200}$/

export interface ValidateInput {
  ticket: string | undefined
  service: string | undefined
  /** CAS 1.0 (/validate) answers the user only. */
  attributes: boolean
  ip: string
  /** Where an unexpected failure goes (the request's logger); the app gets INTERNAL_ERROR. */
  onError: (err: unknown) => void
}

/**
 * serviceValidate, p3/serviceValidate and validate: spends the ticket (whatever the outcome), checks it was issued
 * for exactly this service of a usable app and a person the app still admits, and answers the user and, for 2.0/3.0,
 * the attributes of the app's granted scopes. Every outcome with a known app is in its access log.
 */
export async function validateTicket(ctx: AppContext, tenantId: number, q: ValidateInput): Promise<CasOutcome> {
  const { ticket, service } = q
  if (!ticket || !service) return fail('INVALID_REQUEST', '缺少 ticket 或 service 参数')
  if (!ticket.startsWith('ST-')) return fail('INVALID_TICKET_SPEC', `票据 ${ticket.slice(0, 40)} 不是服务票据（ST-）`)
  if (!TICKET.test(ticket)) return fail('INVALID_TICKET', `票据 ${ticket.slice(0, 40)} 无效`)
  try {
    return await ctx.db.tenant(tenantId, async (trx) => {
      const hash = hashToken(ticket)
      const row = await spendTicket(trx, hash, ctx.clock.now())
      if (!row?.app_id) return fail('INVALID_TICKET', `票据 ${ticket.slice(0, 12)}… 不存在、已使用或已过期`)
      const client = await casClientOfApp(ctx, trx, Number(row.app_id))
      if (!client) return fail('INVALID_TICKET', CasMsg.APP_UNAVAILABLE)
      const entry = { appId: client.appId, clientId: client.clientId, userInfoId: Number(row.user_info_id), ip: q.ip }
      const refuse = async (code: CasFailureCode, description: string) => {
        await logAppAccess(trx, { ...entry, kind: 'refused', detail: `${code} ${service}` })
        return fail(code, description)
      }
      if (row.service !== service) return refuse('INVALID_SERVICE', '服务地址与签发票据时的地址不一致，票据已作废')
      if (client.protocol !== 'cas' || !client.usable || !client.casServices.includes(service)) {
        return refuse('INVALID_SERVICE', CasMsg.APP_UNAVAILABLE)
      }
      const person = await admitted(trx, client, Number(row.user_info_id))
      if (!person) return refuse('INVALID_TICKET', CasMsg.USER_TYPE_REFUSED)
      // A child withheld from the app (docs/privacy.md "Consent") is known to it by `sub` alone, never by a number.
      const withheld = (await childGate(ctx, trx, client, [person.id])).withheld(person.id)
      if (withheld && client.casUserAttr !== 'sub') return refuse('INVALID_TICKET', CasMsg.CHILD_NO_CONSENT)
      const user = casUser(ctx, client, person)
      if (!user) return refuse('INVALID_TICKET', '此应用以工号或学号识别用户，该用户没有')
      const attributes = q.attributes
        ? flattenClaims(await claimsFor(ctx, trx, client, person, new Set(client.scopes)))
        : {}
      if (row.session_id) await keepTicketValue(trx, hash, ticket)
      await logAppAccess(trx, {
        ...entry,
        kind: 'validate',
        scope: q.attributes ? client.scopes.join(' ') : null,
        detail: service,
      })
      return { ok: true, user, attributes }
    })
  } catch (err) {
    q.onError(err)
    return fail('INTERNAL_ERROR', '服务器内部错误')
  }
}

/**
 * Suspension (onClientSuspended): the app's unused tickets are spent at once. One function for every app instance
 * (hooks are kept once each); the moment written is bookkeeping only, so it is the wall clock's.
 */
export const spendSuspendedTickets = (trx: Trx, c: { appId: number }) => spendTicketsOfApp(trx, c.appId, new Date())

const SLO_TIMEOUT_MS = 5000

/**
 * Single logout (platform/sign-out-hooks.ts): each service that validated a ticket under the signed-out portal
 * session receives the SAML LogoutRequest naming that ticket (CAS Protocol Specification §2.3.3), all in parallel,
 * five seconds each; every outcome is in the app's access log (kind slo).
 */
export async function casSingleLogout(ctx: AppContext, auth: AuthInfo): Promise<void> {
  const tickets = await ctx.db.tenant(auth.tenantId, async (trx) => {
    const rows = await validatedTicketsOfSession(trx, auth.sessionId)
    await forgetTicketValues(
      trx,
      rows.map((r) => r.id),
    )
    return rows
  })
  if (tickets.length === 0) return
  const outcomes = await Promise.all(
    tickets.map(async (t) => {
      const body = `logoutRequest=${encodeURIComponent(logoutRequestXml(t.ticket!, `LR-${randomUUID()}`, ctx.clock.now()))}`
      try {
        const res = await fetch(t.service!, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(SLO_TIMEOUT_MS),
        })
        await res.body?.cancel()
        return { t, detail: `${res.status} ${t.service}` }
      } catch (e) {
        return { t, detail: `${(e as Error).name} ${t.service}` }
      }
    }),
  )
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    for (const { t, detail } of outcomes) {
      const client = await casClientOfApp(ctx, trx, Number(t.app_id))
      if (!client) continue
      const e = { appId: client.appId, clientId: client.clientId, userInfoId: Number(t.user_info_id) }
      await logAppAccess(trx, { ...e, kind: 'slo', detail })
    }
  })
}

import type { AppProtocol, HubScope } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { findClientById, insertAccessLog } from './queries.js'

/**
 * A registered app as the hub's protocols see it (OpenID provider, CAS, directory, webhooks): one read of its client
 * row and registry row, the secret opened. `usable` is false when the district suspended or scrapped the app or it
 * expired: every protocol then refuses it, so its tokens stop working at once.
 */
export interface HubClient {
  tenantId: number
  appId: number
  appName: string
  clientId: string
  protocol: AppProtocol
  publicClient: boolean
  secret: string | null
  redirectUris: string[]
  postLogoutUris: string[]
  backchannelLogoutUri: string | null
  casServices: string[]
  casUserAttr: string
  scopes: HubScope[]
  subjectType: 'pairwise' | 'public'
  clientCredentials: boolean
  ratePerMinute: number
  /** The user types that may sign in to it (null: every type). */
  userTypes: number[] | null
  entryUrl: string | null
  usable: boolean
  /** 'duty': a district school-duty app; 'consent': third-party, minors only with consent (docs/privacy.md). */
  childrenData: 'consent' | 'duty'
}

type ClientRow = NonNullable<Awaited<ReturnType<typeof findClientById>>>

function toHubClient(ctx: AppContext, r: ClientRow): HubClient {
  const today = ctx.clock.now().toISOString().slice(0, 10)
  const expired = r.expire_date !== null && r.expire_date < today
  return {
    tenantId: r.tenant_id,
    appId: r.app_id,
    appName: r.app_name,
    clientId: r.client_id,
    protocol: r.protocol,
    publicClient: r.public_client,
    secret: r.secret_sealed ? ctx.secrets.open(r.secret_sealed) : null,
    redirectUris: r.redirect_uris,
    postLogoutUris: r.post_logout_uris,
    backchannelLogoutUri: r.backchannel_logout_uri,
    casServices: r.cas_services,
    casUserAttr: r.cas_user_attr,
    scopes: r.scopes as HubScope[],
    subjectType: r.subject_type,
    clientCredentials: r.client_credentials,
    ratePerMinute: r.rate_per_minute,
    userTypes: r.user_types,
    entryUrl: r.entry_url,
    usable: r.suspended_at === null && !r.is_scrap && !expired,
    childrenData: r.children_data,
  }
}

export async function loadHubClient(ctx: AppContext, trx: Trx, clientId: string): Promise<HubClient | undefined> {
  const row = await findClientById(trx, clientId)
  return row ? toHubClient(ctx, row) : undefined
}

/** May a person of this user type use the app? */
export const admitsUserType = (c: HubClient, userType: number): boolean =>
  c.userTypes === null || c.userTypes.length === 0 || c.userTypes.includes(userType)

export interface AccessEntry {
  appId: number | null
  clientId: string
  /** token, authorize, userinfo, introspect, revoke, logout, ticket, validate, directory, notify, webhook, refused */
  kind: string
  userInfoId?: number | null
  scope?: string | null
  detail?: string | null
  ip?: string | null
}

/** The per-app audit trail the district admin reads (应用访问日志). */
export function logAppAccess(trx: Trx, e: AccessEntry): Promise<unknown> {
  return insertAccessLog(trx, {
    app_id: e.appId,
    client_id: e.clientId,
    kind: e.kind,
    user_info_id: e.userInfoId ?? null,
    scope: e.scope ?? null,
    detail: e.detail?.slice(0, 500) ?? null,
    ip: e.ip ?? null,
  })
}

type SuspendHook = (trx: Trx, client: { appId: number; clientId: string }) => Promise<void>
const suspendHooks: SuspendHook[] = []

/** A protocol module revokes what it issued to a suspended app (tokens, tickets) through this. */
export function onClientSuspended(hook: SuspendHook): void {
  if (!suspendHooks.includes(hook)) suspendHooks.push(hook)
}

export async function runSuspendHooks(trx: Trx, client: { appId: number; clientId: string }): Promise<void> {
  for (const hook of suspendHooks) await hook(trx, client)
}

/**
 * The subject id an app knows a person by: the person's id for a district-owned app (public), or a keyed digest per
 * app (pairwise, the default for outside vendors), so two vendors cannot join what they know about one child.
 */
export function subjectFor(
  ctx: AppContext,
  c: Pick<HubClient, 'tenantId' | 'clientId' | 'subjectType'>,
  userInfoId: number,
) {
  if (c.subjectType === 'public') return String(userInfoId)
  return ctx.secrets.tag('pairwise-sub', `${c.tenantId}.${c.clientId}.${userInfoId}`).slice(0, 32)
}

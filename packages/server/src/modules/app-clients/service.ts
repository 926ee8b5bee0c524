import {
  AppClientMsg,
  ErrorCode,
  type AppAccessLogRow,
  type AppClient,
  type AppClientSecret,
  appClientSaveBody,
} from '@zhixiao/shared'
import { randomBytes } from 'node:crypto'
import type { z } from 'zod'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import type { Page } from '../../platform/paging.js'
import { runSuspendHooks } from './hub-client.js'
import { accessLogPage, findApp, findClientByApp, insertClient, updateClient } from './queries.js'

const MODULE = '应用管理'
type SaveInput = z.output<typeof appClientSaveBody>
type ClientRow = NonNullable<Awaited<ReturnType<typeof findClientByApp>>>

/** Where the tenant's OpenID provider and CAS server answer, for the vendor's configuration. */
export const issuerOf = (origin: string, tenantId: number) => `${origin}/t/${tenantId}/oidc`
const casBaseOf = (origin: string, tenantId: number) => `${origin}/t/${tenantId}/cas`

const newClientId = () => `zx${randomBytes(12).toString('hex')}`
const newSecret = () => randomBytes(32).toString('base64url')

function toAppClient(r: ClientRow, origin: string): AppClient {
  return {
    appId: r.app_id,
    appName: r.app_name,
    clientId: r.client_id,
    protocol: r.protocol,
    publicClient: r.public_client,
    hasSecret: r.secret_sealed !== null,
    secretSetAt: r.secret_set_at ? new Date(r.secret_set_at).toISOString() : null,
    redirectUris: r.redirect_uris,
    postLogoutUris: r.post_logout_uris,
    backchannelLogoutUri: r.backchannel_logout_uri ?? '',
    casServices: r.cas_services,
    casUserAttr: r.cas_user_attr,
    scopes: r.scopes,
    subjectType: r.subject_type,
    clientCredentials: r.client_credentials,
    ratePerMinute: r.rate_per_minute,
    suspended: r.suspended_at !== null,
    childrenData: r.children_data,
    issuer: issuerOf(origin, r.tenant_id),
    casBase: casBaseOf(origin, r.tenant_id),
  }
}

export async function getClient(
  ctx: AppContext,
  auth: AuthInfo,
  appId: number,
  origin: string,
): Promise<AppClient | null> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (!(await findApp(trx, appId))) throw notFound(AppClientMsg.APP_NOT_FOUND)
    const row = await findClientByApp(trx, appId)
    return row ? toAppClient(row, origin) : null
  })
}

function settingsOf(b: SaveInput) {
  return {
    protocol: b.protocol,
    public_client: b.publicClient,
    redirect_uris: JSON.stringify(b.redirectUris),
    post_logout_uris: JSON.stringify(b.postLogoutUris),
    backchannel_logout_uri: b.backchannelLogoutUri || null,
    cas_services: JSON.stringify(b.casServices),
    cas_user_attr: b.casUserAttr,
    scopes: JSON.stringify([...new Set(b.scopes)]),
    subject_type: b.subjectType,
    client_credentials: b.clientCredentials,
    rate_per_minute: b.ratePerMinute,
    ...(b.childrenData ? { children_data: b.childrenData } : {}),
  }
}

/**
 * Saves an app's protocol settings. The first save makes the client id and, for a confidential client, a secret that
 * this answer carries once; later saves keep both (a confidential client without one gets one).
 */
export async function saveClient(
  ctx: AppContext,
  auth: AuthInfo,
  b: SaveInput,
  origin: string,
): Promise<{ client: AppClient; secret: AppClientSecret | null }> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const app = await findApp(trx, b.appId)
    if (!app) throw notFound(AppClientMsg.APP_NOT_FOUND)
    const before = await findClientByApp(trx, b.appId)
    const needsSecret = !b.publicClient && !before?.secret_sealed
    const plain = needsSecret ? newSecret() : null
    const secretCols = b.publicClient
      ? { secret_sealed: null, secret_set_at: null }
      : plain
        ? { secret_sealed: ctx.secrets.seal(plain), secret_set_at: ctx.clock.now() }
        : {}
    if (before) await updateClient(trx, b.appId, { ...settingsOf(b), ...secretCols })
    else await insertClient(trx, { app_id: b.appId, client_id: newClientId(), ...settingsOf(b), ...secretCols })
    await recordOp(trx, auth, {
      module: MODULE,
      action: before ? '修改应用接入' : '配置应用接入',
      target: app.name,
      detail: { protocol: b.protocol, scopes: b.scopes, childrenData: b.childrenData ?? before?.children_data },
    })
    const row = (await findClientByApp(trx, b.appId))!
    return { client: toAppClient(row, origin), secret: plain ? { clientId: row.client_id, clientSecret: plain } : null }
  })
}

export async function rotateSecret(ctx: AppContext, auth: AuthInfo, appId: number): Promise<AppClientSecret> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await findClientByApp(trx, appId)
    if (!row) throw notFound(AppClientMsg.NOT_FOUND)
    if (row.public_client) throw new AppError(ErrorCode.BAD_REQUEST, AppClientMsg.PUBLIC_NO_CREDENTIALS, 400)
    const plain = newSecret()
    await updateClient(trx, appId, { secret_sealed: ctx.secrets.seal(plain), secret_set_at: ctx.clock.now() })
    await recordOp(trx, auth, { module: MODULE, action: '重新生成应用密钥', target: row.app_name, important: true })
    return { clientId: row.client_id, clientSecret: plain }
  })
}

/** Suspends (tokens and tickets revoked at once through the protocols' hooks) or resumes an app. */
export async function setSuspended(ctx: AppContext, auth: AuthInfo, appId: number, suspended: boolean): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await findClientByApp(trx, appId)
    if (!row) throw notFound(AppClientMsg.NOT_FOUND)
    await updateClient(trx, appId, { suspended_at: suspended ? ctx.clock.now() : null })
    if (suspended) await runSuspendHooks(trx, { appId, clientId: row.client_id })
    await recordOp(trx, auth, {
      module: MODULE,
      action: suspended ? '停用应用接入' : '恢复应用接入',
      target: row.app_name,
      important: true,
    })
  })
}

export async function accessLog(
  ctx: AppContext,
  auth: AuthInfo,
  q: { appId: number; pageIndex: number; pageSize: number },
): Promise<Page<AppAccessLogRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (!(await findApp(trx, q.appId))) throw notFound(AppClientMsg.APP_NOT_FOUND)
    const page = await accessLogPage(trx, q.appId, q)
    return {
      ...page,
      list: page.list.map((r) => ({
        id: r.id,
        kind: r.kind,
        userInfoId: r.user_info_id,
        trueName: r.true_name,
        scope: r.scope,
        detail: r.detail,
        ip: r.ip,
        at: new Date(r.at).toISOString(),
      })),
    }
  })
}

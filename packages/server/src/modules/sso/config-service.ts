import {
  SsoErrorCode,
  SsoMsg,
  type ThirdButton,
  type ThirdConfigBody,
  type ThirdConfigRow,
  type ThirdRefreshResult,
  type ThirdType,
} from '@zhixiao/shared'
import type { Selectable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { ThirdConfigTable } from '../../db/schema.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { badRequest, notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertProviderUrls } from '../../platform/provider-url.js'
import { CONNECTORS, ProviderError, type ConnectorConfig } from './connectors.js'
import {
  deleteConfigRow,
  findConfig,
  findConfigByType,
  findConfigForUpdate,
  insertConfig,
  listEnabledConfigs,
  pageConfigRows,
  updateConfigRow,
} from './queries.js'

/**
 * /base/openthirdconfig (001 §7.5): a tenant's third-party sign-in providers, one per type. The client secret is
 * sealed before it is stored (ctx.secrets) and no answer carries it, only whether one is stored.
 */
type Row = Selectable<ThirdConfigTable>

const MODULE = '第三方登录配置'

function toRow(r: Row): ThirdConfigRow {
  return {
    id: Number(r.id),
    thirdType: r.third_type as ThirdType,
    name: r.name,
    status: r.status,
    clientId: r.client_id,
    hasSecret: !!r.client_secret_sealed,
    issuer: r.issuer,
    apiBase: r.api_base,
    authBase: r.auth_base,
    agentId: r.agent_id,
    scope: r.scope,
    logoutUrl: r.logout_url,
    sort: r.sort,
    updatedAt: new Date(r.updated_at).toISOString(),
  }
}

/** What a connector needs, with the secret opened. */
export function connectorConfig(ctx: AppContext, tenantId: number, r: Row): ConnectorConfig {
  return {
    id: Number(r.id),
    tenantId,
    updatedAt: new Date(r.updated_at),
    thirdType: r.third_type as ThirdType,
    clientId: r.client_id,
    clientSecret: r.client_secret_sealed ? ctx.secrets.open(r.client_secret_sealed) : null,
    issuer: r.issuer,
    apiBase: r.api_base,
    authBase: r.auth_base,
    agentId: r.agent_id,
    scope: r.scope,
    logoutUrl: r.logout_url,
    allowLoopback: ctx.config.allowLoopbackProviders,
  }
}

function checkFields(ctx: AppContext, b: ThirdConfigBody, hasStoredSecret: boolean): void {
  if (!b.clientSecret && !hasStoredSecret) throw badRequest(SsoMsg.SECRET_REQUIRED)
  if ((b.thirdType === 'oidc' || b.thirdType === 'smartEdu') && !b.issuer) throw badRequest(SsoMsg.ISSUER_REQUIRED)
  if (b.thirdType === 'wecom' && !b.agentId) throw badRequest(SsoMsg.AGENT_REQUIRED)
  assertProviderUrls(ctx.config.allowLoopbackProviders, b.issuer, b.apiBase, b.authBase, b.logoutUrl)
}

function columns(b: ThirdConfigBody) {
  const oidcLike = b.thirdType === 'oidc' || b.thirdType === 'smartEdu'
  return {
    third_type: b.thirdType,
    name: b.name,
    status: b.status,
    client_id: b.clientId,
    sort: b.sort,
    // Fields of another kind of provider are dropped, so a changed type leaves nothing stale behind.
    issuer: oidcLike ? b.issuer || null : null,
    scope: oidcLike ? b.scope || null : null,
    logout_url: b.thirdType === 'smartEdu' ? b.logoutUrl || null : null,
    api_base: oidcLike ? null : b.apiBase || null,
    auth_base: oidcLike ? null : b.authBase || null,
    agent_id: b.thirdType === 'wecom' ? b.agentId || null : null,
  }
}

const UNIQUE = { third_config_tenant_id_third_type_key: SsoMsg.TYPE_TAKEN }

export function pageConfigs(
  ctx: AppContext,
  auth: AuthInfo,
  q: { pageIndex: number; pageSize: number; thirdType?: ThirdType | null },
) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const page = await pageConfigRows(trx, q)
    return { ...page, list: page.list.map(toRow) }
  })
}

export function getConfig(ctx: AppContext, auth: AuthInfo, id: number): Promise<ThirdConfigRow> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await findConfig(trx, id)
    if (!r) throw notFound()
    return toRow(r)
  })
}

export function addConfig(ctx: AppContext, auth: AuthInfo, b: ThirdConfigBody): Promise<number> {
  checkFields(ctx, b, false)
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    try {
      const r = await insertConfig(trx, { ...columns(b), client_secret_sealed: ctx.secrets.seal(b.clientSecret!) })
      await recordOp(trx, auth, { module: MODULE, action: '新增', target: `${b.name}（${b.thirdType}）` })
      return Number(r.id)
    } catch (e) {
      rethrowUnique(e, UNIQUE, SsoMsg.TYPE_TAKEN)
    }
  })
}

export function updateConfig(ctx: AppContext, auth: AuthInfo, b: ThirdConfigBody): Promise<void> {
  if (!b.id) throw badRequest('请选择要编辑的配置')
  const id = b.id
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const old = await findConfigForUpdate(trx, id)
    if (!old) throw notFound()
    checkFields(ctx, b, !!old.client_secret_sealed)
    try {
      await updateConfigRow(trx, id, {
        ...columns(b),
        updated_at: ctx.clock.now(),
        // No secret in the request keeps the stored one (the form never receives it to send back).
        ...(b.clientSecret ? { client_secret_sealed: ctx.secrets.seal(b.clientSecret) } : {}),
      })
    } catch (e) {
      rethrowUnique(e, UNIQUE, SsoMsg.TYPE_TAKEN)
    }
    await recordOp(trx, auth, {
      module: MODULE,
      action: '编辑',
      target: `${b.name}（${b.thirdType}）`,
      detail: { secretChanged: !!b.clientSecret },
    })
  })
}

/** Deleting a provider removes its bindings and session links with it (ON DELETE CASCADE): its people sign in otherwise. */
export function deleteConfig(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await deleteConfigRow(trx, id)
    if (!r) throw notFound()
    await recordOp(trx, auth, {
      module: MODULE,
      action: '删除',
      target: `${r.name}（${r.third_type}）`,
      important: true,
    })
  })
}

/** refreshMenu: fetch the provider's endpoints again (drops the cached discovery) and check the credentials. */
export async function refreshConfig(ctx: AppContext, auth: AuthInfo, id: number): Promise<ThirdRefreshResult> {
  const row = await ctx.db.tenant(auth.tenantId, (trx) => findConfig(trx, id))
  if (!row) throw notFound()
  const cfg = connectorConfig(ctx, auth.tenantId, row)
  try {
    const endpoints = await CONNECTORS[cfg.thirdType].refresh(cfg)
    return { ok: true, message: '连接正常，已刷新第三方登录地址', endpoints }
  } catch (e) {
    const detail = e instanceof ProviderError ? e.message : e instanceof Error ? e.message : String(e)
    return { ok: false, message: `连接失败：${detail.slice(0, 200)}`, endpoints: {} }
  }
}

/** The login page's buttons: enabled configs of the tenant, in order. */
export function loginButtons(ctx: AppContext, tenantId: number): Promise<ThirdButton[]> {
  return ctx.db.tenant(tenantId, async (trx) => {
    const rows = await listEnabledConfigs(trx)
    return rows.map((r) => ({ thirdType: r.third_type as ThirdType, name: r.name }))
  })
}

/** The enabled config of a type, or the refusal a sign-in answers when there is none. */
export async function enabledConfig(trx: Trx, thirdType: ThirdType): Promise<Row> {
  const r = await findConfigByType(trx, thirdType)
  if (!r || r.status !== 0) throw refused(SsoErrorCode.NOT_CONFIGURED, SsoMsg.NOT_CONFIGURED)
  return r
}

import { ErrorCode, PortalMsg, type ConfigSource } from '@zhixiao/shared'
import { z } from 'zod'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope, readableOrg } from '../../platform/org-scope.js'
import { TENANT_DEFAULT_ORG } from './store.js'
import { findConfigValue, findOrgParent, listConfigValues, orgLineageRows, upsertConfigValue } from './queries.js'

/**
 * One configuration value stored by name in portal_config (the configMgr family of 001 §7.5: ClassHomeConfig,
 * PortalMenuConfig, MobileMenuConfig, RedotMsgConfig, MHSysConfigForStudentPC …). Every name shares the same
 * inheritance: the org's own value, else the nearest ancestor's, else the tenant default, else the schema's defaults.
 */
export interface NamedConfig<S extends z.ZodType = z.ZodType> {
  /** The stored name (portal_config.name). */
  name: string
  /** Chinese label for the operation log. */
  label: string
  /** The value's schema; every field needs a default so `schema.parse({})` is the built-in value. */
  schema: S
  /** The permission code a save needs (several: any of them). */
  permission: string | readonly string[]
}

export interface ResolvedConfig<T> {
  value: T
  orgId: number
  source: ConfigSource
}

/** The org and its ancestors, nearest first (inside the transaction's tenant); empty when the org is not there. */
export async function lineage(trx: Trx, orgId: number): Promise<number[]> {
  return (await orgLineageRows(trx, orgId)).map((r) => Number(r.id))
}

/** Stored values are re-read through the schema, so fields added later get their defaults; a value that no longer fits falls back to them. */
function parseStored<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value)
  return parsed.success ? parsed.data : schema.parse({})
}

/** A named value for an org with its inheritance (see NamedConfig). An org not in the tenant is 404. */
export async function resolveNamed<S extends z.ZodType>(
  trx: Trx,
  cfg: NamedConfig<S>,
  orgId: number,
): Promise<ResolvedConfig<z.output<S>>> {
  const chain = await lineage(trx, orgId)
  if (!chain.length) throw notFound(PortalMsg.ORG_NOT_FOUND)
  const order = [...chain, TENANT_DEFAULT_ORG]
  const rows = await listConfigValues(trx, cfg.name, order)
  for (const id of order) {
    const row = rows.find((r) => Number(r.org_id) === id)
    if (row)
      return { value: parseStored(cfg.schema, row.value), orgId, source: id === TENANT_DEFAULT_ORG ? 'tenant' : 'org' }
  }
  return { value: cfg.schema.parse({}), orgId, source: 'default' }
}

export interface SaveTarget {
  orgId?: number
  tenantDefault?: boolean
}

/**
 * Saves the whole value for the caller's org, an org below it, or (top-org admins only) the tenant default, and
 * logs the before and after values. The value must already have passed cfg.schema (the route validates it).
 */
export async function saveNamed<S extends z.ZodType>(
  trx: Trx,
  auth: AuthInfo,
  cfg: NamedConfig<S>,
  value: z.output<S>,
  target: SaveTarget = {},
): Promise<number> {
  let org = target.orgId ?? auth.orgId
  if (target.tenantDefault) {
    const own = await findOrgParent(trx, auth.orgId)
    if (!own || own.parent_id !== null) throw new AppError(ErrorCode.FORBIDDEN, PortalMsg.TOP_ONLY, 403)
    org = TENANT_DEFAULT_ORG
  } else {
    await assertInScope(trx, auth, org)
  }
  const before = await findConfigValue(trx, org, cfg.name)
  const json = JSON.stringify(value)
  await upsertConfigValue(trx, org, cfg.name, json, auth.userInfoId)
  await recordOp(trx, auth, {
    module: '门户管理',
    action: '保存配置',
    target: `${cfg.label}${org === TENANT_DEFAULT_ORG ? '（租户默认）' : ''}`,
    detail: { name: cfg.name, orgId: org, before: before?.value ?? null, after: value },
  })
  return org
}

/** The named value of the caller's org or of an org they may see (readableOrg), read in the caller's tenant. */
export function readNamedFor<S extends z.ZodType>(
  ctx: AppContext,
  auth: AuthInfo,
  cfg: NamedConfig<S>,
  orgId?: number,
): Promise<ResolvedConfig<z.output<S>>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => resolveNamed(trx, cfg, await readableOrg(trx, auth, orgId)))
}

/** saveNamed in the caller's tenant, in a transaction of its own. */
export function saveNamedFor<S extends z.ZodType>(
  ctx: AppContext,
  auth: AuthInfo,
  cfg: NamedConfig<S>,
  value: z.output<S>,
  target: SaveTarget = {},
): Promise<number> {
  return ctx.db.tenant(auth.tenantId, (trx) => saveNamed(trx, auth, cfg, value, target))
}

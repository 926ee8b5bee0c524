import {
  ConfigName,
  defaultSysConfig,
  PortalMsg,
  SYS_CONFIG_SCHEMAS,
  type FooterConfig,
  type JdMhSysConfig,
  type MhSysConfig,
  type SetSysConfigBody,
  type SysConfigName,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound } from '../../platform/errors.js'
import { openMenuOptions } from '../apps/header-targets.js'
import { lineage, saveNamed } from './named-config.js'
import { TENANT_DEFAULT_ORG } from './store.js'
import {
  findConfigValue,
  findOrgTenant,
  findPersonal,
  findTenantId,
  listConfigValues,
  upsertPersonal,
} from './queries.js'

type Source = 'org' | 'tenant' | 'default'
type Resolved<T> = T & { orgId: number; source: Source }

/** Stored values are re-read through the schema, so fields added later get their defaults. */
function parseValue<N extends SysConfigName>(name: N, value: unknown): MhSysConfig | JdMhSysConfig {
  const parsed = SYS_CONFIG_SCHEMAS[name].safeParse(value)
  return parsed.success ? parsed.data : defaultSysConfig(name)
}

/**
 * A config by name for an org: the org's own value, else the nearest ancestor's (a bureau configures its schools
 * until they set their own), else the tenant default, else the built-in defaults. An org not in the tenant is 404.
 */
export async function resolveSysConfig(
  trx: Trx,
  name: SysConfigName,
  orgId: number,
): Promise<Resolved<MhSysConfig | JdMhSysConfig>> {
  const chain = await lineage(trx, orgId)
  if (!chain.length) throw notFound(PortalMsg.ORG_NOT_FOUND)
  const rows = await listConfigValues(trx, name, [...chain, TENANT_DEFAULT_ORG])
  for (const id of [...chain, TENANT_DEFAULT_ORG]) {
    const row = rows.find((r) => Number(r.org_id) === id)
    if (row) return { ...parseValue(name, row.value), orgId, source: id === TENANT_DEFAULT_ORG ? 'tenant' : 'org' }
  }
  return { ...defaultSysConfig(name), orgId, source: 'default' }
}

export function getSysConfig(ctx: AppContext, auth: AuthInfo, name: SysConfigName, orgId?: number) {
  return ctx.db.tenant(auth.tenantId, (trx) => resolveSysConfig(trx, name, orgId ?? auth.orgId))
}

/** Tenant of an org, for the signed-out header calls that name only an org (org ids come from one sequence). */
async function tenantOfOrg(ctx: AppContext, orgId: number): Promise<number> {
  const row = await ctx.db.platform((trx) => findOrgTenant(trx, orgId))
  if (!row) throw notFound(PortalMsg.ORG_NOT_FOUND)
  return row.tenant_id
}

/** Signed-out reads (bureau, alliance and footer): the org names its tenant. */
async function publicSysConfig(ctx: AppContext, name: SysConfigName, orgId: number) {
  const tenantId = await tenantOfOrg(ctx, orgId)
  return ctx.db.tenant(tenantId, (trx) => resolveSysConfig(trx, name, orgId))
}

/**
 * The bureau or alliance header config (both share the bureau header shape) as the header shows it: menu targets
 * that open nothing are left out (apps openMenuOptions). The admin's editor reads the stored value (getMHSysConfig).
 */
export async function publicHeaderConfig(
  ctx: AppContext,
  name: typeof ConfigName.JD_MH_SYS | typeof ConfigName.ALLIANCE_MH_SYS,
  orgId: number,
) {
  const tenantId = await tenantOfOrg(ctx, orgId)
  return ctx.db.tenant(tenantId, async (trx) => {
    const cfg = (await resolveSysConfig(trx, name, orgId)) as Resolved<JdMhSysConfig>
    return { ...cfg, options: await openMenuOptions(trx, cfg.options) }
  })
}

export async function bottomInfo(ctx: AppContext, orgId: number): Promise<FooterConfig & { orgId: number }> {
  const cfg = (await publicSysConfig(ctx, ConfigName.MH_SYS, orgId)) as Resolved<MhSysConfig>
  return { ...cfg.footer, orgId }
}

/** Public portal switch (tenant getOutSchoolPortalEnable): by org when given, else the tenant default. */
export async function outSchoolPortalEnable(
  ctx: AppContext,
  q: { tenantId?: number; orgId?: number },
): Promise<{ enable: boolean }> {
  if (q.orgId !== undefined) {
    const cfg = (await publicSysConfig(ctx, ConfigName.MH_SYS, q.orgId)) as Resolved<MhSysConfig>
    return { enable: cfg.openPortalEnable }
  }
  if (q.tenantId === undefined) return { enable: false }
  const tenantId = q.tenantId
  const exists = await ctx.db.platform((trx) => findTenantId(trx, tenantId))
  if (!exists) return { enable: false }
  const row = await ctx.db.tenant(tenantId, (trx) => findConfigValue(trx, TENANT_DEFAULT_ORG, ConfigName.MH_SYS))
  return { enable: row ? (parseValue(ConfigName.MH_SYS, row.value) as MhSysConfig).openPortalEnable : false }
}

const CONFIG_LABEL: Record<SysConfigName, string> = {
  [ConfigName.MH_SYS]: '门户顶部配置',
  [ConfigName.JD_MH_SYS]: '局端顶部配置',
  [ConfigName.ALLIANCE_MH_SYS]: '联盟顶部配置',
}

/**
 * Saves the whole value of one name for the caller's org, an org below it, or (top-org admins only) the tenant
 * default; the operation log gets the before and after values.
 */
export async function setSysConfig(ctx: AppContext, auth: AuthInfo, body: SetSysConfigBody): Promise<void> {
  const cfg = {
    name: body.name,
    label: CONFIG_LABEL[body.name],
    schema: SYS_CONFIG_SCHEMAS[body.name],
    permission: 'sc_menhu_pc',
  }
  await ctx.db.tenant(auth.tenantId, (trx) => saveNamed(trx, auth, cfg, body.value, body))
}

/** mh_personal_config: 'true' | 'false' per account, or null when never set. */
export async function getPersonal(ctx: AppContext, auth: AuthInfo, name: string): Promise<string | null> {
  const row = await ctx.db.tenant(auth.tenantId, (trx) => findPersonal(trx, auth.accountId, name))
  return row?.value ?? null
}

export async function setPersonal(ctx: AppContext, auth: AuthInfo, name: string, value: string): Promise<void> {
  await ctx.db.tenant(auth.tenantId, (trx) => upsertPersonal(trx, auth.accountId, name, value))
}

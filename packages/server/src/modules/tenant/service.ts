import { Msg, SUPER_ADMIN, type LoginPageInfo, type PasswordRule, type TenantPublicInfo } from '@zhixiao/shared'
import type { Selectable } from 'kysely'
import type { TenantTable } from '../../db/schema.js'
import type { AppContext } from '../../platform/context.js'
import { notFound } from '../../platform/errors.js'
import { passwordRuleFor } from '../../platform/password-rule.js'
import { findTenant } from '../auth/queries.js'
import { findEnabledTenantByDomain, findEnabledTenantByUniqueName, findOrgTenantId, pageTenants } from './queries.js'

interface TenantConfig {
  sysName?: string
  logoUrl?: string
  backgroundUrl?: string
  externalLoginUrl?: string
  requiredInfoAfterLogin?: boolean
  smartChinaLogin?: boolean
  jumpAfterLogin?: string
  studentSiteUrl?: string
}

async function tenantOrThrow(ctx: AppContext, tenantId: number): Promise<Selectable<TenantTable>> {
  const t = await ctx.db.tenant(tenantId, (trx) => findTenant(trx, tenantId))
  if (!t) throw notFound(Msg.TENANT_NOT_FOUND)
  return t
}

/** Org ids come from one sequence, so a signed-out login page can name its tenant by ?orgId= alone. */
export async function tenantIdOfOrg(ctx: AppContext, orgId: number): Promise<number | null> {
  const row = await ctx.db.platform((trx) => findOrgTenantId(trx, orgId))
  return row?.tenant_id ?? null
}

export async function loginPageInfo(ctx: AppContext, tenantHeader: number, orgId?: number): Promise<LoginPageInfo> {
  let tenantId = tenantHeader > 0 ? tenantHeader : SUPER_ADMIN.tenantId
  if (tenantHeader <= 0 && orgId !== undefined) tenantId = (await tenantIdOfOrg(ctx, orgId)) ?? SUPER_ADMIN.tenantId
  const t = await tenantOrThrow(ctx, tenantId)
  const cfg = t.config as TenantConfig
  return {
    tenantId: t.id,
    tenantName: t.name,
    sysName: cfg.sysName ?? '智慧平台',
    logoUrl: cfg.logoUrl ?? null,
    backgroundUrl: cfg.backgroundUrl ?? null,
    externalLoginUrl: cfg.externalLoginUrl ?? null,
    requiredInfoAfterLogin: cfg.requiredInfoAfterLogin ?? false,
    studentSiteUrl: cfg.studentSiteUrl ?? null,
    smartChinaLogin: cfg.smartChinaLogin ?? false,
    jumpAfterLogin: cfg.jumpAfterLogin ?? null,
    tenantModuleType: t.tenant_module_type,
    passwordRule: passwordRuleFor(t),
  }
}

const publicOf = (t: Selectable<TenantTable>): TenantPublicInfo => ({
  id: t.id,
  name: t.name,
  uniqueName: t.unique_name,
  trade: t.trade,
  pubInfo: { tenantModuleType: t.tenant_module_type },
})

export async function tenantPublicInfo(ctx: AppContext, tenantId: number): Promise<TenantPublicInfo> {
  return publicOf(await tenantOrThrow(ctx, tenantId))
}

/** The tenant a ?tn= address or the login page's 切换租户 names: an enabled one only (a stopped tenant has no login page). */
export async function tenantByUniqueName(ctx: AppContext, uniqueName: string): Promise<TenantPublicInfo> {
  const t = await ctx.db.platform((trx) => findEnabledTenantByUniqueName(trx, uniqueName))
  if (!t) throw notFound(Msg.TENANT_NOT_FOUND)
  return publicOf(t)
}

/**
 * Tenant by domain (000 §7.5; docs/auth.md "Tenant by domain"): the enabled tenant whose portal answers on a host
 * name, or null (an unknown host, a stopped tenant): the web app then stays on the platform's login page.
 */
export async function tenantByDomain(ctx: AppContext, domain: string): Promise<TenantPublicInfo | null> {
  const t = await ctx.db.platform((trx) => findEnabledTenantByDomain(trx, domain))
  return t ? publicOf(t) : null
}

export async function passwordRule(ctx: AppContext, tenantId: number): Promise<PasswordRule> {
  return passwordRuleFor(await tenantOrThrow(ctx, tenantId))
}

/** Super administrator's tenant list (platform scope, across tenants). */
export async function queryTenants(ctx: AppContext, q: { keyword?: string; pageIndex: number; pageSize: number }) {
  return ctx.db.platform(async (trx) => {
    const page = await pageTenants(trx, q.keyword, q)
    // The timestamp as the answer carries it (what JSON makes of a Date), as TenantRow declares it.
    return { ...page, list: page.list.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })) }
  })
}

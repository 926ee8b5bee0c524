import { ErrorCode, SUPER_ADMIN, TenantMsg, UserType, type TenantAddBody, type TenantUpdateBody } from '@zhixiao/shared'
import { createBuiltinRoles, createOrg, createPerson, hashPerson, insertTenant } from './provisioning.js'
import type { AppContext } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { notFound, refused } from '../../platform/errors.js'
import { findLoginName, findTenantConfig, revokeTenantSessions, updateTenantRow } from './queries.js'

export interface CreatedTenant {
  tenantId: number
  orgId: number
  adminUserName: string
}

/**
 * Creates a tenant with its top organisation, built-in roles and first administrator in one transaction. The
 * administrator starts on the tenant's initial password, so the first login forces a change (operationType 2).
 */
export async function createTenantWithAdmin(ctx: AppContext, b: TenantAddBody): Promise<CreatedTenant> {
  const admin = await hashPerson(
    {
      userName: b.adminUserName,
      password: b.defaultPassword,
      trueName: b.adminTrueName,
      mustReset: true,
      memberships: [],
    },
    ctx.config.password,
  )
  try {
    return await ctx.db.platform(async (trx) => {
      if (await findLoginName(trx, b.adminUserName)) {
        throw refused(ErrorCode.CONFLICT, TenantMsg.LOGIN_TAKEN)
      }
      const tenantId = await insertTenant(trx, {
        name: b.name,
        uniqueName: b.uniqueName,
        trade: b.trade,
        tenantModuleType: b.tenantModuleType,
        defaultPassword: b.defaultPassword,
        passwordMaxAgeDays: b.passwordMaxAgeDays,
        config: configOf({}, b),
      })
      if (b.domain) await updateTenantRow(trx, tenantId, { domain: b.domain })
      const orgId = await createOrg(trx, {
        name: b.topOrgName,
        unitAttr: b.topOrgUnitAttr,
        trade: b.trade,
        appType: b.trade === 1 ? (b.appType ?? 1) : null,
      })
      const roles = await createBuiltinRoles(trx)
      await createPerson(trx, tenantId, {
        ...admin,
        memberships: [{ orgId, userType: UserType.STAFF, roleIds: [roles.admin] }],
      })
      return { tenantId, orgId, adminUserName: b.adminUserName }
    })
  } catch (e) {
    return rethrowUnique(e, UNIQUE_MESSAGES, TenantMsg.UNIQUE_TAKEN)
  }
}

/** The tenant's unique indexes and what a clash on each means. */
const UNIQUE_MESSAGES = {
  tenant_unique_name: TenantMsg.UNIQUE_TAKEN,
  login_name_pkey: TenantMsg.LOGIN_TAKEN,
  tenant_domain: TenantMsg.DOMAIN_TAKEN,
}

export async function updateTenant(ctx: AppContext, b: TenantUpdateBody): Promise<void> {
  await ctx.db
    .platform(async (trx) => {
      const t = await findTenantConfig(trx, b.id)
      if (!t) throw notFound('租户不存在')
      const merged = configOf(t.config as Record<string, unknown>, b)
      const config = JSON.stringify(merged) !== JSON.stringify(t.config) ? JSON.stringify(merged) : undefined
      const changes = {
        ...(b.name !== undefined && { name: b.name }),
        ...(b.tenantModuleType !== undefined && { tenant_module_type: b.tenantModuleType }),
        ...(b.passwordMaxAgeDays !== undefined && { password_max_age_days: b.passwordMaxAgeDays }),
        ...(config !== undefined && { config }),
        // An empty domain clears it (docs/auth.md "Tenant by domain").
        ...(b.domain !== undefined && { domain: b.domain || null }),
      }
      // A body that changes nothing is answered as done: an UPDATE with an empty SET is not SQL.
      if (!Object.keys(changes).length) return
      await updateTenantRow(trx, b.id, changes)
    })
    .catch((e: unknown) => rethrowUnique(e, UNIQUE_MESSAGES, TenantMsg.DOMAIN_TAKEN))
}

/** Disabling a tenant refuses its logins and ends every session it has. */
export async function setTenantStatus(ctx: AppContext, id: number, status: number): Promise<void> {
  if (id === SUPER_ADMIN.tenantId) throw refused(ErrorCode.BAD_REQUEST, TenantMsg.PLATFORM)
  const now = ctx.clock.now()
  await ctx.db.platform(async (trx) => {
    const r = await updateTenantRow(trx, id, { status })
    if (!Number(r.numUpdatedRows)) throw notFound('租户不存在')
    if (status !== 0) await revokeTenantSessions(trx, id, now)
  })
}

/** The tenant config with the settings the body names (others kept). */
function configOf(
  current: Record<string, unknown>,
  b: Partial<
    Pick<
      TenantUpdateBody,
      | 'sysName'
      | 'requiredInfoAfterLogin'
      | 'requiredInfoFields'
      | 'studentSiteUrl'
      | 'backgroundUrl'
      | 'smartChinaLogin'
      | 'jumpAfterLogin'
    >
  >,
): Record<string, unknown> {
  const next = { ...current }
  if (b.sysName !== undefined) next.sysName = b.sysName || undefined
  if (b.requiredInfoAfterLogin !== undefined) next.requiredInfoAfterLogin = b.requiredInfoAfterLogin
  if (b.requiredInfoFields !== undefined) next.requiredInfoFields = b.requiredInfoFields
  if (b.studentSiteUrl !== undefined) next.studentSiteUrl = b.studentSiteUrl || undefined
  if (b.backgroundUrl !== undefined) next.backgroundUrl = b.backgroundUrl || undefined
  if (b.smartChinaLogin !== undefined) next.smartChinaLogin = b.smartChinaLogin || undefined
  if (b.jumpAfterLogin !== undefined) next.jumpAfterLogin = b.jumpAfterLogin || undefined
  return next
}

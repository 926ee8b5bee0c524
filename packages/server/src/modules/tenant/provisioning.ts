import { ADMIN_ROLE, UserType } from '@zhixiao/shared'
import type { Db, Trx } from '../../db/database.js'
import { hashPassword, type PasswordParams } from '../../platform/password.js'
import { syncBuiltinApps } from '../apps/registry.js'
import { seedHelpArticles } from '../assistant/seed.js'
import {
  insertAccount,
  insertLoginName,
  insertMembership,
  insertOrgRow,
  insertRolePermissions,
  insertRoleRow,
  insertTenantRow,
  insertUserRoles,
  setTransactionTenant,
} from './queries.js'

/**
 * Tenant provisioning: builders for tenants, organisations, roles and people. Creating a tenant (admin-service.ts)
 * uses them, and so do the demo seed (db/seed) and the tests, so seeded and test data are made the way the product
 * makes them.
 */
export interface TenantSpec {
  id?: number
  name: string
  uniqueName: string
  trade?: number
  tenantModuleType?: number
  defaultPassword?: string
  passwordMaxAgeDays?: number
  config?: Record<string, unknown>
}

/** Inserts a tenant inside a platform-scope transaction and points the transaction at it, so the rows that
 * follow in the same transaction (its top org, roles, first admin) default to the new tenant id. */
export async function insertTenant(trx: Trx, t: TenantSpec): Promise<number> {
  const values = {
    name: t.name,
    unique_name: t.uniqueName,
    trade: t.trade ?? 1,
    tenant_module_type: t.tenantModuleType ?? 0,
    default_password: t.defaultPassword ?? 'Zx123456',
    password_max_age_days: t.passwordMaxAgeDays ?? 0,
    config: JSON.stringify(t.config ?? {}),
  }
  const { id } =
    t.id === undefined ? await insertTenantRow(trx, values) : await insertTenantRow(trx, { ...values, id: t.id })
  await setTransactionTenant(trx, id)
  // Every tenant starts with the built-in apps (start-up keeps existing tenants in step with the list).
  await syncBuiltinApps(trx)
  // …and the help articles of the AI helper's quick questions (modules/assistant/seed.ts).
  await seedHelpArticles(trx)
  return id
}

export function createTenant(db: Db, t: TenantSpec): Promise<number> {
  return db.platform((trx) => insertTenant(trx, t))
}

/** The built-in roles every tenant starts with; admin holds every code, the others their portal home codes. */
export async function createBuiltinRoles(
  trx: Trx,
): Promise<{ admin: number; teacher: number; staff: number; student: number; parent: number }> {
  return {
    admin: await createRole(trx, { code: ADMIN_ROLE, name: '管理员', builtin: true }),
    teacher: await createRole(trx, {
      code: 'teacher',
      name: '教师',
      builtin: true,
      userType: UserType.STAFF,
      permissions: ['sc_menhu_menu_school', 'sc_menhu_menu_person', 'sc_menhu_menu_class'],
    }),
    staff: await createRole(trx, {
      code: 'bureau_staff',
      name: '局机关人员',
      builtin: true,
      userType: UserType.STAFF,
      permissions: ['sc_menhu_menu_jujiguan', 'sc_menhu_menu_person'],
    }),
    student: await createRole(trx, {
      code: 'student',
      name: '学生',
      builtin: true,
      userType: UserType.STUDENT,
      permissions: ['sc_menhu_menu_person'],
    }),
    parent: await createRole(trx, {
      code: 'parent',
      name: '家长',
      builtin: true,
      userType: UserType.PARENT,
      permissions: ['sc_menhu_menu_person'],
    }),
  }
}

export interface OrgSpec {
  id?: number
  parentId?: number | null
  name: string
  unitAttr: number
  trade?: number
  appType?: number | null
  orgCode?: string
  allianceSchool?: boolean
  status?: number
}

export async function createOrg(trx: Trx, o: OrgSpec): Promise<number> {
  const values = {
    parent_id: o.parentId ?? null,
    name: o.name,
    unit_attr: o.unitAttr,
    trade: o.trade ?? 1,
    app_type: o.appType ?? null,
    org_code: o.orgCode ?? null,
    alliance_school: o.allianceSchool ?? false,
    status: o.status ?? 0,
    icon_url: null,
    xd_page: null,
    jd_page: null,
  }
  const row = o.id === undefined ? await insertOrgRow(trx, values) : await insertOrgRow(trx, { ...values, id: o.id })
  return row.id
}

export async function createRole(
  trx: Trx,
  r: { code: string; name: string; builtin?: boolean; userType?: number | null; permissions?: string[] },
): Promise<number> {
  const { id } = await insertRoleRow(trx, {
    org_id: null,
    code: r.code,
    name: r.name,
    builtin: r.builtin ?? false,
    user_type: r.userType ?? null,
  })
  if (r.permissions?.length && r.code !== ADMIN_ROLE) {
    await insertRolePermissions(trx, id, r.permissions)
  }
  return id
}

export interface PersonSpec {
  userName: string
  password: string
  trueName: string
  phone?: string
  status?: number
  mustReset?: boolean
  passwordChangedAt?: Date
  memberships: { orgId: number; userType: number; roleIds: number[] }[]
}

/** Pre-hashed by the caller so a seed of many people can hash in parallel, outside the transaction. */
export interface HashedPerson extends PersonSpec {
  passwordHash: string
}

export async function hashPerson(p: PersonSpec, params: PasswordParams): Promise<HashedPerson> {
  return { ...p, passwordHash: await hashPassword(p.password, params) }
}

/** Hashes each distinct password once: a seed of many accounts sharing a password costs one Argon2id run, not one each. */
export async function hashPeople(
  people: PersonSpec[],
  params: PasswordParams,
): Promise<{ people: HashedPerson[]; hashOf: (password: string) => Promise<string> }> {
  const hashes = new Map<string, Promise<string>>()
  const hashOf = (password: string) => {
    if (!hashes.has(password)) hashes.set(password, hashPassword(password, params))
    return hashes.get(password)!
  }
  return {
    people: await Promise.all(people.map(async (p) => ({ ...p, passwordHash: await hashOf(p.password) }))),
    hashOf,
  }
}

export async function createPerson(
  trx: Trx,
  tenantId: number,
  p: HashedPerson,
): Promise<{ accountId: number; userInfoIds: number[] }> {
  const { id: accountId } = await insertAccount(trx, {
    user_name: p.userName,
    password_hash: p.passwordHash,
    status: p.status ?? 0,
    must_reset: p.mustReset ?? false,
    password_changed_at: p.passwordChangedAt ?? new Date(),
    phone: p.phone ?? null,
    locked_until: null,
  })
  await insertLoginName(trx, p.userName, tenantId, accountId)
  const userInfoIds: number[] = []
  for (const [i, m] of p.memberships.entries()) {
    const { id } = await insertMembership(trx, {
      account_id: accountId,
      org_id: m.orgId,
      user_type: m.userType,
      true_name: p.trueName,
      phone: p.phone ?? null,
      avatar_url: null,
      sort: i,
    })
    userInfoIds.push(id)
    if (m.roleIds.length) await insertUserRoles(trx, id, m.roleIds)
  }
  return { accountId, userInfoIds }
}

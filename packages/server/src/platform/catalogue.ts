import { PERMISSION_CATALOGUE, type PermissionKind, type PermissionNode } from '@zhixiao/shared'
import type { Trx } from '../db/database.js'

/**
 * A tenant's permission catalogue: the shared catalogue plus the codes the tenant added for its registered apps
 * (tenant_permission, under its 机构应用 node, docs/apps.md). Run inside the tenant's transaction: row-level
 * security limits tenant_permission to that tenant.
 */
export async function tenantCatalogue(trx: Trx): Promise<PermissionNode[]> {
  const rows = await trx
    .selectFrom('tenant_permission')
    .select(['code', 'name', 'kind', 'parent_code'])
    .orderBy('sort')
    .orderBy('code')
    .execute()
  if (!rows.length) return PERMISSION_CATALOGUE
  const node = (r: (typeof rows)[number]): PermissionNode => {
    const children = rows.filter((c) => c.parent_code === r.code).map(node)
    return { code: r.code, name: r.name, kind: r.kind as PermissionKind, ...(children.length && { children }) }
  }
  return [...PERMISSION_CATALOGUE, ...rows.filter((r) => r.parent_code === null).map(node)]
}

/** Every code a role of this tenant may hold: the shared catalogue's and the tenant's own. */
export async function knownCodes(trx: Trx): Promise<string[]> {
  const shared = await trx.selectFrom('permission').select('code').orderBy('sort').execute()
  const own = await trx.selectFrom('tenant_permission').select('code').orderBy('sort').orderBy('code').execute()
  return [...shared, ...own].map((p) => p.code)
}

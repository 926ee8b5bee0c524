import type { OrgListPageBody } from '@zhixiao/shared'
import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { OrgUnitTable } from '../../db/schema.js'
import { paginate } from '../../platform/paging.js'

/** The org-setup row with its type name; every list of the orgSet page reads this shape. */
function orgRows(trx: Trx) {
  return trx
    .selectFrom('org_unit')
    .leftJoin('org_type', (j) =>
      j.onRef('org_type.tenant_id', '=', 'org_unit.tenant_id').onRef('org_type.id', '=', 'org_unit.type_id'),
    )
    .select([
      'org_unit.id as orgId',
      'org_unit.parent_id as parentId',
      'org_unit.name',
      'org_unit.org_code as orgCode',
      'org_unit.unit_attr as unitAttr',
      'org_unit.app_type as appType',
      'org_unit.org_type as orgType',
      'org_unit.type_id as typeId',
      'org_type.name as typeName',
      'org_unit.status',
      'org_unit.sort',
      'org_unit.address',
      'org_unit.contact',
      'org_unit.phone',
      'org_unit.remark',
    ])
}

/** People of an org, or of a department (their membership is in the school, their dept_id names the department). */
export async function memberCount(trx: Trx, orgId: number): Promise<number> {
  const { n } = await trx
    .selectFrom('user_info')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where((eb) => eb.or([eb('org_id', '=', orgId), eb('dept_id', '=', orgId)]))
    .executeTakeFirstOrThrow()
  return Number(n)
}

export async function childCount(trx: Trx, orgId: number): Promise<number> {
  const { n } = await trx
    .selectFrom('org_unit')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('parent_id', '=', orgId)
    .executeTakeFirstOrThrow()
  return Number(n)
}

/** The org-setup rows of these orgs in list order. */
export function listOrgRows(trx: Trx, ids: number[]) {
  return orgRows(trx).where('org_unit.id', 'in', ids).orderBy('org_unit.sort').orderBy('org_unit.id').execute()
}

export function pageOrgRows(trx: Trx, scope: number[], q: OrgListPageBody) {
  let base = orgRows(trx).where('org_unit.id', 'in', scope)
  if (q.parentId != null) base = base.where('org_unit.parent_id', '=', q.parentId)
  if (q.keyword)
    base = base.where((eb) =>
      eb.or([eb('org_unit.name', 'ilike', `%${q.keyword}%`), eb('org_unit.org_code', 'ilike', `%${q.keyword}%`)]),
    )
  if (q.status != null) base = base.where('org_unit.status', '=', q.status)
  if (q.orgType) base = base.where('org_unit.org_type', '=', q.orgType)
  return paginate(base.orderBy('org_unit.sort').orderBy('org_unit.id'), base, q)
}

export function findOrgRowsByName(trx: Trx, scope: number[], name: string) {
  return orgRows(trx)
    .where('org_unit.id', 'in', scope)
    .where('org_unit.name', 'ilike', `%${name}%`)
    .orderBy('org_unit.id')
    .limit(50)
    .execute()
}

export function findOrgTypeOfKind(trx: Trx, typeId: number, kind: 'org' | 'depart') {
  return trx
    .selectFrom('org_type')
    .select(['id', 'unit_attr'])
    .where('id', '=', typeId)
    .where('kind', '=', kind)
    .executeTakeFirst()
}

export async function insertOrg(trx: Trx, values: Insertable<OrgUnitTable>): Promise<number> {
  const { id } = await trx.insertInto('org_unit').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export async function updateOrgUnit(trx: Trx, orgId: number, set: Updateable<OrgUnitTable>): Promise<void> {
  await trx.updateTable('org_unit').set(set).where('id', '=', orgId).execute()
}

export async function revokeOrgSessions(trx: Trx, orgId: number, now: Date): Promise<void> {
  await trx
    .updateTable('session')
    .set({ revoked_at: now })
    .where('org_id', '=', orgId)
    .where('revoked_at', 'is', null)
    .execute()
}

/**
 * What only exists because the org did (its roles, the launcher's groups, join requests, finished imports), deleted
 * one table after another before the org itself.
 */
export async function deleteOrgLeftovers(trx: Trx, orgId: number): Promise<void> {
  await trx.deleteFrom('role').where('org_id', '=', orgId).execute()
  await trx.deleteFrom('app_group').where('org_id', '=', orgId).execute()
  await trx.deleteFrom('app_group_scope').where('org_id', '=', orgId).execute()
  await trx.deleteFrom('join_request').where('org_id', '=', orgId).execute()
  await trx.deleteFrom('import_job').where('org_id', '=', orgId).where('status', '>=', 2).execute()
}

export async function deleteOrgUnit(trx: Trx, orgId: number): Promise<void> {
  await trx.deleteFrom('org_unit').where('id', '=', orgId).execute()
}

/** The org-setup rows of these orgs, unordered (the import indexes them by name). */
export function orgRowsIn(trx: Trx, ids: number[]) {
  return orgRows(trx).where('org_unit.id', 'in', ids).execute()
}

/** Every org code in the tenant. */
export function allOrgCodes(trx: Trx) {
  return trx.selectFrom('org_unit').select('org_code').where('org_code', 'is not', null).execute()
}

export function getOrgDefaults(trx: Trx, orgId: number) {
  return trx
    .selectFrom('org_unit')
    .select(['id', 'unit_attr', 'app_type', 'trade'])
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow()
}

export function exportOrgRows(trx: Trx, scope: number[], q: { keyword?: string | null; status?: number | null }) {
  let base = orgRows(trx).where('org_unit.id', 'in', scope)
  if (q.keyword) base = base.where('org_unit.name', 'ilike', `%${q.keyword}%`)
  if (q.status != null) base = base.where('org_unit.status', '=', q.status)
  return base.orderBy('org_unit.id').execute()
}

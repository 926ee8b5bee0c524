import type { Trx } from '../../db/database.js'

/** The org-setup row with its type name; every list of the orgSet page reads this shape. */
export function orgRows(trx: Trx) {
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

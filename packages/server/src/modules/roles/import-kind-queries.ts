import type { Trx } from '../../db/database.js'

/** Live people of the org whose login name or account phone is one of `keys`, one row per login name. */
export function findPeopleByLoginOrPhone(trx: Trx, orgId: number, keys: string[]) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .leftJoin('login_name as l', (j) => j.onRef('l.tenant_id', '=', 'a.tenant_id').onRef('l.account_id', '=', 'a.id'))
    .select(['u.id', 'u.true_name as trueName', 'a.phone', 'l.user_name as loginName'])
    .where('u.org_id', '=', orgId)
    .where('u.archived', '=', false)
    .where((eb) => eb.or([eb('l.user_name', 'in', keys), eb('a.phone', 'in', keys)]))
    .execute()
}

/** Every code of the shared catalogue. */
export function listCatalogueCodes(trx: Trx) {
  return trx.selectFrom('permission').select('code').execute()
}

/** The org's own roles and the built-in ones. */
export function listRolesOfOrgView(trx: Trx, orgId: number) {
  return trx
    .selectFrom('role')
    .select(['id', 'name', 'code'])
    .where((eb) => eb.or([eb('org_id', 'is', null), eb('org_id', '=', orgId)]))
    .execute()
}

export function listGrantsOfRoles(trx: Trx, roleIds: number[]) {
  return trx
    .selectFrom('role_permission')
    .select(['role_id', 'permission_code'])
    .where('role_id', 'in', roleIds)
    .execute()
}

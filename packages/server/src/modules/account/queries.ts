import type { Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { UserInfoTable } from '../../db/schema.js'

/** One read for the person, account, organisation and tenant (this call runs on every page load). */
export function findCurrentUser(trx: Trx, userInfoId: number, accountId: number) {
  return trx
    .selectFrom('user_info')
    .innerJoin('account', (j) =>
      j.onRef('account.tenant_id', '=', 'user_info.tenant_id').onRef('account.id', '=', 'user_info.account_id'),
    )
    .innerJoin('org_unit', (j) =>
      j.onRef('org_unit.tenant_id', '=', 'user_info.tenant_id').onRef('org_unit.id', '=', 'user_info.org_id'),
    )
    .innerJoin('tenant', 'tenant.id', 'user_info.tenant_id')
    .selectAll('org_unit')
    .select((eb) => [
      'user_info.id as userInfoId',
      'user_info.true_name',
      'user_info.avatar_url',
      'user_info.phone as infoPhone',
      'user_info.user_type',
      'account.user_name',
      'account.phone as accountPhone',
      'tenant.tenant_module_type',
      eb
        .selectFrom('user_info as m')
        .innerJoin('org_unit as mo', (j) => j.onRef('mo.tenant_id', '=', 'm.tenant_id').onRef('mo.id', '=', 'm.org_id'))
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('m.account_id', '=', 'user_info.account_id')
        .where('m.status', '=', 0)
        .where('m.archived', '=', false)
        .where('mo.status', '=', 0)
        .as('orgCount'),
      eb
        .selectFrom('org_unit as t')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('t.org_type', '=', 'org')
        .as('orgsInTenant'),
    ])
    .where('user_info.id', '=', userInfoId)
    .where('user_info.account_id', '=', accountId)
    .executeTakeFirst()
}

export function tenantConfig(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').select('config').where('id', '=', tenantId).executeTakeFirstOrThrow()
}

/** The fields of the verify-info form as they stand for this person. */
export function findVerifyDetail(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .leftJoin('person as p', (j) =>
      j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
    )
    .select([
      'u.true_name',
      'a.phone as accountPhone',
      'u.phone',
      'u.title_id',
      'p.id_card',
      'p.sex',
      'p.nation',
      'p.political_status_id',
      'p.education_id',
      'p.degree_id',
    ])
    .where('u.id', '=', userInfoId)
    .executeTakeFirstOrThrow()
}

/** The ID card and phones on file, which the verify form keeps as they are. */
export function findVerifyKeptFields(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_info as u')
    .leftJoin('person as p', (j) =>
      j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
    )
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .select(['p.id_card', 'u.phone', 'a.phone as accountPhone'])
    .where('u.id', '=', userInfoId)
    .executeTakeFirstOrThrow()
}

export function updateVerifyUserInfo(trx: Trx, userInfoId: number, values: Updateable<UserInfoTable>) {
  return trx.updateTable('user_info').set(values).where('id', '=', userInfoId).execute()
}

export function setAccountPhone(trx: Trx, accountId: number, phone: string) {
  return trx.updateTable('account').set({ phone }).where('id', '=', accountId).execute()
}

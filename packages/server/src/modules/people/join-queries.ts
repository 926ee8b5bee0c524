import { sql, type Insertable, type Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'

/** The database side of join-service.ts (加入审核). */

/** Locks the account's row: one account's requests queue on it, so the pending limit holds for simultaneous ones. */
export function lockAccount(trx: Trx, accountId: number) {
  return trx.selectFrom('account').select('id').where('id', '=', accountId).forUpdate().executeTakeFirstOrThrow()
}

export function findOrgState(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select(['id', 'status', 'org_type']).where('id', '=', orgId).executeTakeFirst()
}

/** The member's name, phone and kind (copied into a join request). */
export function findMemberContact(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_info')
    .select(['true_name', 'phone', 'user_type'])
    .where('id', '=', userInfoId)
    .executeTakeFirstOrThrow()
}

export function findPendingJoin(trx: Trx, accountId: number, orgId: number) {
  return trx
    .selectFrom('join_request')
    .select('id')
    .where('account_id', '=', accountId)
    .where('org_id', '=', orgId)
    .where('status', '=', 0)
    .executeTakeFirst()
}

/** The account's pending requests, counted (as a string: a bigint count). */
export function countPendingJoins(trx: Trx, accountId: number) {
  return trx
    .selectFrom('join_request')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where('status', '=', 0)
    .executeTakeFirstOrThrow()
}

export function insertJoinRequest(trx: Trx, values: Insertable<Database['join_request']>) {
  return trx.insertInto('join_request').values(values).returning('id').executeTakeFirstOrThrow()
}

/** The join requests to `orgId`, newest first, of one status when given. */
export function joinRequestRows(trx: Trx, orgId: number, status: number | null | undefined) {
  let rows = trx
    .selectFrom('join_request as j')
    .innerJoin('org_unit as o', (x) => x.onRef('o.tenant_id', '=', 'j.tenant_id').onRef('o.id', '=', 'j.org_id'))
    .innerJoin('account as a', (x) => x.onRef('a.tenant_id', '=', 'j.tenant_id').onRef('a.id', '=', 'j.account_id'))
    .where('j.org_id', '=', orgId)
    .select([
      'j.id',
      'j.org_id as orgId',
      'o.name as orgName',
      'j.true_name as trueName',
      'j.phone',
      'a.user_name as userName',
      'j.reason',
      'j.status',
      'j.refuse_reason as refuseReason',
      'j.user_type as userType',
      'j.child_no as childNo',
      'j.child_name as childName',
      'j.relation',
      'j.source',
      sql<string>`to_char(j.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
      sql<string | null>`to_char(j.decided_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('decidedAt'),
    ])
  if (status != null) rows = rows.where('j.status', '=', status)
  return rows.orderBy('j.id', 'desc')
}

/** A join request, locked so two decisions on it cannot both pass the pending check. */
export function lockJoinRequest(trx: Trx, id: number) {
  return trx.selectFrom('join_request').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export function findUserName(trx: Trx, accountId: number) {
  return trx.selectFrom('account').select('user_name').where('id', '=', accountId).executeTakeFirstOrThrow()
}

export function setJoinDecision(trx: Trx, id: number, values: Updateable<Database['join_request']>) {
  return trx.updateTable('join_request').set(values).where('id', '=', id).execute()
}

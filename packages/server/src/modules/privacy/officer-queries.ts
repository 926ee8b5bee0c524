import { UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

/** The database side of officer-service.ts: the officer, the approvers and the minors' limit of one tenant. */

export function findExportPolicy(trx: Trx) {
  return trx.selectFrom('pi_export_policy').select(['officer_user_info_id', 'minor_row_limit']).executeTakeFirst()
}

export function upsertExportPolicy(trx: Trx, officer: number | null, limit: number | null, by: number) {
  return trx
    .insertInto('pi_export_policy')
    .values({ officer_user_info_id: officer, minor_row_limit: limit, updated_by: by })
    .onConflict((oc) =>
      oc.column('tenant_id').doUpdateSet({
        officer_user_info_id: officer,
        minor_row_limit: limit,
        updated_by: by,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute()
}

const members = (trx: Trx) =>
  trx
    .selectFrom('user_info as u')
    .leftJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))

/** A staff membership as the officer screen names it, with its org and whether that org is the top. */
export function findStaffMember(trx: Trx, userInfoId: number) {
  return members(trx)
    .select([
      'u.id as userInfoId',
      'u.true_name as name',
      'u.org_id as orgId',
      'u.account_id as accountId',
      'o.name as orgName',
      sql<boolean>`o.parent_id IS NULL`.as('top'),
    ])
    .where('u.id', '=', userInfoId)
    .where('u.user_type', '=', UserType.STAFF)
    .where('u.archived', '=', false)
    .executeTakeFirst()
}

export function listApprovers(trx: Trx) {
  return members(trx)
    .innerJoin('pi_export_approver as a', (j) =>
      j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.user_info_id', '=', 'u.id'),
    )
    .select([
      'u.id as userInfoId',
      'u.true_name as name',
      'u.org_id as orgId',
      'u.account_id as accountId',
      'o.name as orgName',
    ])
    .orderBy('a.added_at')
    .execute()
}

export function insertApprover(trx: Trx, userInfoId: number, by: number) {
  return trx
    .insertInto('pi_export_approver')
    .values({ user_info_id: userInfoId, added_by: by })
    .onConflict((oc) => oc.columns(['tenant_id', 'user_info_id']).doNothing())
    .returning('user_info_id')
    .executeTakeFirst()
}

export async function deleteApprover(trx: Trx, userInfoId: number): Promise<number> {
  const r = await trx.deleteFrom('pi_export_approver').where('user_info_id', '=', userInfoId).executeTakeFirst()
  return Number(r.numDeletedRows)
}

/** Active staff of the tenant (or of its top org) whose name contains the keyword: the officer screen's picker. */
export function searchStaff(trx: Trx, keyword: string | null | undefined, topOnly: boolean) {
  let q = members(trx)
    .select(['u.id as userInfoId', 'u.true_name as name', 'o.name as orgName'])
    .where('u.user_type', '=', UserType.STAFF)
    .where('u.archived', '=', false)
    .where('u.status', '=', 0)
  if (keyword) q = q.where('u.true_name', 'like', `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
  if (topOnly) q = q.where('o.parent_id', 'is', null)
  return q.orderBy('u.true_name').orderBy('u.id').limit(20).execute()
}

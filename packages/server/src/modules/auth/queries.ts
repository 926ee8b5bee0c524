import type { LoginMethod } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'

export type Membership = Awaited<ReturnType<typeof membershipsOf>>[number]

/** The enabled organisations an account belongs to, in display order. */
export function membershipsOf(trx: Trx, accountId: number, userType?: number) {
  let q = trx
    .selectFrom('user_info')
    .innerJoin('org_unit', (j) =>
      j.onRef('org_unit.tenant_id', '=', 'user_info.tenant_id').onRef('org_unit.id', '=', 'user_info.org_id'),
    )
    .select([
      'user_info.id as userInfoId',
      'user_info.org_id as orgId',
      'user_info.user_type as userType',
      'user_info.tenant_id as tenantId',
      'org_unit.name as displayName',
      'org_unit.unit_attr as unitAttr',
    ])
    .where('user_info.account_id', '=', accountId)
    .where('user_info.status', '=', 0)
    .where('user_info.archived', '=', false)
    .where('org_unit.status', '=', 0)
  if (userType !== undefined) q = q.where('user_info.user_type', '=', userType)
  return q.orderBy('user_info.sort').orderBy('user_info.id').execute()
}

export function findAccount(trx: Trx, accountId: number) {
  return trx.selectFrom('account').selectAll().where('id', '=', accountId).executeTakeFirst()
}

export function findTenant(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').selectAll().where('id', '=', tenantId).executeTakeFirst()
}

export interface LoginLogEntry {
  accountId: number | null
  userName: string
  ip: string | null
  success: boolean
  reason: string
  at: Date
  /** How the sign-in came about (LoginMethod); the login log screen filters by it. */
  method: LoginMethod
  userAgent: string | null
  /** ysNetType of the request: 1 intranet, 0 internet, null not sent. */
  netType: number | null
}

export async function writeLoginLog(trx: Trx, row: LoginLogEntry) {
  await trx
    .insertInto('login_log')
    .values({
      account_id: row.accountId,
      user_name: row.userName.slice(0, 64),
      ip: row.ip,
      success: row.success,
      reason: row.reason,
      created_at: row.at,
      method: row.method,
      user_agent: row.userAgent?.slice(0, 300) ?? null,
      net_type: row.netType,
    })
    .execute()
}

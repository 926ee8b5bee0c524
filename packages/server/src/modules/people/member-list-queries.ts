import type { SelectQueryBuilder } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'

/** The people lists' shared keys (member-lists.ts): the members of one kind in an org, filtered. */
export type MemberKeys = SelectQueryBuilder<Database & { u: Database['user_info'] }, 'u', object>

/** The members of one kind in an org, live or archived, of one status when asked: where every people list starts. */
export function memberKeys(
  trx: Trx,
  userType: number,
  orgId: number,
  q: { archived: boolean; status?: number | null },
): MemberKeys {
  const keys = trx
    .selectFrom('user_info as u')
    .where('u.user_type', '=', userType)
    .where('u.org_id', '=', orgId)
    .where('u.archived', '=', q.archived)
  return q.status != null ? keys.where('u.status', '=', q.status) : keys
}

/** The list's search box: any of `columns` or the member's login name contains the keyword. */
export function withKeyword(
  keys: MemberKeys,
  keyword: string | null | undefined,
  columns: readonly ('u.true_name' | 'u.phone' | 'u.job_no')[],
): MemberKeys {
  if (!keyword) return keys
  const k = `%${keyword}%`
  return keys.where((eb) =>
    eb.or([
      ...columns.map((c) => eb(c, 'ilike', k)),
      eb.exists(
        eb
          .selectFrom('account as a')
          .select('a.id')
          .whereRef('a.id', '=', 'u.account_id')
          .where('a.user_name', 'ilike', k),
      ),
    ]),
  )
}

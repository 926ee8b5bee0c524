import { UserType, type ParentPageBody } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { memberKeys, withKeyword, type MemberKeys } from './member-list-queries.js'

/** The database side of parent-service.ts. */

function parentRows(trx: Trx) {
  return (
    trx
      .selectFrom('user_info as u')
      // A left join on the key (the account always exists): a query that reads none of its columns drops it (paging).
      .leftJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
      .where('u.user_type', '=', UserType.PARENT)
      .select((eb) => [
        'u.id',
        'u.account_id as accountId',
        'u.org_id as orgId',
        eb.ref('a.user_name').$notNull().as('userName'),
        'u.true_name as trueName',
        'u.phone',
        'u.status',
        'u.archived',
        sql<string>`to_char(u.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
      ])
  )
}

/** The children of the listed parents, each with its parent's id, in binding order. */
export function listChildrenOf(trx: Trx, parentIds: number[]) {
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as s', (j) => j.onRef('s.tenant_id', '=', 'pc.tenant_id').onRef('s.id', '=', 'pc.child_id'))
    .leftJoin('school_class as c', (j) => j.onRef('c.tenant_id', '=', 's.tenant_id').onRef('c.id', '=', 's.class_id'))
    .leftJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
    .select([
      'pc.parent_id as parentId',
      's.id',
      's.true_name as trueName',
      's.job_no as jobNo',
      sql<string | null>`g.name || c.name`.as('className'),
      'pc.relation',
    ])
    .where('pc.parent_id', 'in', parentIds)
    .orderBy('pc.created_at')
    .execute()
}

/** The list's own filters on user_info alone (paging reads its ids from an index; see pageByKeys). */
export function parentKeys(trx: Trx, orgId: number, q: Omit<ParentPageBody, 'pageIndex' | 'pageSize'>) {
  let keys = memberKeys(trx, UserType.PARENT, orgId, q)
  if (q.childId != null || q.classId != null) {
    keys = keys.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('parent_child as pc')
          .innerJoin('user_info as s', (j) =>
            j.onRef('s.tenant_id', '=', 'pc.tenant_id').onRef('s.id', '=', 'pc.child_id'),
          )
          .select('pc.child_id')
          .whereRef('pc.parent_id', '=', 'u.id')
          .$if(q.childId != null, (w) => w.where('pc.child_id', '=', q.childId!))
          .$if(q.classId != null, (w) => w.where('s.class_id', '=', q.classId!)),
      ),
    )
  }
  return withKeyword(keys, q.keyword, ['u.true_name', 'u.phone'])
}

/** Full rows of the filtered list (the export). */
function filterParents(trx: Trx, orgId: number, q: Omit<ParentPageBody, 'pageIndex' | 'pageSize'>) {
  return parentRows(trx).where('u.id', 'in', parentKeys(trx, orgId, q).select('u.id'))
}

/** The filtered list's full rows of the given ids, in id order (an export chunk). */
export function filteredParentsWithIds(
  trx: Trx,
  orgId: number,
  q: Omit<ParentPageBody, 'pageIndex' | 'pageSize'>,
  ids: number[],
) {
  return filterParents(trx, orgId, q).where('u.id', 'in', ids).orderBy('u.id').execute()
}

/** The list's ids in its order (newest first). */
export function parentIdsInOrder(keys: MemberKeys) {
  return keys.select('u.id').orderBy('u.id', 'desc')
}

export function parentsWithIds(trx: Trx, ids: number[]) {
  return parentRows(trx).where('u.id', 'in', ids).execute()
}

/** The account's membership in `orgId` with its kind, if any. */
export function findMembershipKindIn(trx: Trx, accountId: number, orgId: number) {
  return trx
    .selectFrom('user_info')
    .select(['id', 'user_type'])
    .where('account_id', '=', accountId)
    .where('org_id', '=', orgId)
    .executeTakeFirst()
}

/** Binds a parent to a child; undefined when they were already bound. */
export function insertParentChild(trx: Trx, parentId: number, childId: number, relation: string) {
  return trx
    .insertInto('parent_child')
    .values({ parent_id: parentId, child_id: childId, relation })
    .onConflict((oc) => oc.doNothing())
    .returning('parent_id')
    .executeTakeFirst()
}

/** Unbinds; undefined when they were not bound. */
export function deleteParentChild(trx: Trx, parentId: number, childId: number) {
  return trx
    .deleteFrom('parent_child')
    .where('parent_id', '=', parentId)
    .where('child_id', '=', childId)
    .returning('child_id')
    .executeTakeFirst()
}

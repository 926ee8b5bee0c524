import {
  ErrorCode,
  PeopleMsg,
  UserType,
  type ParentAddBody,
  type ParentBindBody,
  type ParentChild,
  type ParentPageBody,
  type ParentRow,
} from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { assertMayActOnMembers } from '../../platform/escalation.js'
import { recordOp } from '../../platform/op-log.js'
import type { Page } from '../../platform/paging.js'
import { defaultPasswordHash, insertMembers, memberFor, uniqueMsg, unitAttrOf } from './members.js'
import { anchoredIdsAt } from './deep-pages.js'
import { memberKeys, withKeyword } from './member-list-queries.js'
import { pageMembers } from './member-lists.js'
import { parentsOf, schoolOf } from './student-service.js'

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

/** The children of the listed parents, in one query for the whole page. */
export async function childrenOf(trx: Trx, parentIds: number[]): Promise<Map<number, ParentChild[]>> {
  const out = new Map<number, ParentChild[]>()
  if (!parentIds.length) return out
  const rows = await trx
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
  for (const { parentId, ...child } of rows) out.set(parentId, [...(out.get(parentId) ?? []), child])
  return out
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
export function filterParents(trx: Trx, orgId: number, q: Omit<ParentPageBody, 'pageIndex' | 'pageSize'>) {
  return parentRows(trx).where('u.id', 'in', parentKeys(trx, orgId, q).select('u.id'))
}

export function pageParents(ctx: AppContext, auth: AuthInfo, q: ParentPageBody): Promise<Page<ParentRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await schoolOf(trx, auth, q.orgId)
    const keys = parentKeys(trx, orgId, q)
    const counted = { orgId, userType: UserType.PARENT, archived: q.archived, status: q.status }
    const page = await pageMembers(trx, q, {
      keys,
      ordered: keys.select('u.id').orderBy('u.id', 'desc'),
      counted,
      kept: !q.keyword && q.childId == null && q.classId == null,
      rows: (ids) => parentRows(trx).where('u.id', 'in', ids).execute(),
      deep: (offset, limit) =>
        anchoredIdsAt(
          ctx.db,
          trx,
          keys,
          `${auth.tenantId}:${orgId}:parent:${q.archived}:${q.status}`,
          counted,
          ['u.id'],
          true,
          offset,
          limit,
        ),
    })
    const kids = await childrenOf(
      trx,
      page.list.map((p) => p.id),
    )
    return { ...page, list: page.list.map((p) => ({ ...p, children: kids.get(p.id) ?? [] })) }
  })
}

/**
 * Binds a parent to a student of the same school (the parent joins that school as a parent). A phone that
 * already belongs to an account of the tenant is that parent: a second child adds a binding, not a login.
 */
export async function bindNewParent(
  ctx: AppContext,
  trx: Trx,
  auth: AuthInfo,
  b: ParentAddBody,
  importJobId: number | null = null,
): Promise<number> {
  const child = await memberFor(trx, auth, b.childId, UserType.STUDENT)
  const account = await trx
    .selectFrom('account')
    .select('id')
    .where('phone', '=', b.phone)
    .orderBy('id')
    .executeTakeFirst()
  let parentId: number | undefined
  if (account) {
    const m = await trx
      .selectFrom('user_info')
      .select(['id', 'user_type'])
      .where('account_id', '=', account.id)
      .where('org_id', '=', child.org_id)
      .executeTakeFirst()
    if (m && m.user_type !== UserType.PARENT) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)
    parentId = m?.id
  }
  if (parentId === undefined) {
    const hash = account ? '' : await defaultPasswordHash(ctx, trx, auth.tenantId)
    ;[parentId] = await insertMembers(
      trx,
      auth.tenantId,
      hash,
      [
        {
          orgId: child.org_id,
          userType: UserType.PARENT,
          trueName: b.trueName,
          userName: b.userName ?? b.phone,
          phone: b.phone,
          accountId: account?.id ?? null,
          importJobId,
        },
      ],
      await unitAttrOf(trx, child.org_id),
    )
  }
  const bound = await trx
    .insertInto('parent_child')
    .values({ parent_id: parentId!, child_id: child.id, relation: b.relation })
    .onConflict((oc) => oc.doNothing())
    .returning('parent_id')
    .executeTakeFirst()
  if (!bound) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_BOUND)
  return parentId!
}

export function addParent(ctx: AppContext, auth: AuthInfo, b: ParentAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    try {
      const id = await bindNewParent(ctx, trx, auth, b)
      await recordOp(trx, auth, {
        module: '家长管理',
        action: '新增',
        target: b.trueName,
        detail: { after: { phone: b.phone, childId: b.childId, relation: b.relation } },
      })
      return id
    } catch (e) {
      return uniqueMsg(e)
    }
  })
}

export function bindChild(ctx: AppContext, auth: AuthInfo, b: ParentBindBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const parent = await memberFor(trx, auth, b.parentId, UserType.PARENT)
    await assertMayActOnMembers(trx, auth, [parent], 'membership')
    const child = await memberFor(trx, auth, b.childId, UserType.STUDENT)
    if (child.org_id !== parent.org_id) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.CHILD_NOT_FOUND)
    const bound = await trx
      .insertInto('parent_child')
      .values({ parent_id: parent.id, child_id: child.id, relation: b.relation })
      .onConflict((oc) => oc.doNothing())
      .returning('parent_id')
      .executeTakeFirst()
    if (!bound) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_BOUND)
    await recordOp(trx, auth, {
      module: '家长管理',
      action: '绑定学生',
      target: `${parent.true_name} → ${child.true_name}`,
    })
  })
}

export function unbindChild(ctx: AppContext, auth: AuthInfo, parentId: number, childId: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const parent = await memberFor(trx, auth, parentId, UserType.PARENT)
    await assertMayActOnMembers(trx, auth, [parent], 'membership')
    const gone = await trx
      .deleteFrom('parent_child')
      .where('parent_id', '=', parentId)
      .where('child_id', '=', childId)
      .returning('child_id')
      .executeTakeFirst()
    if (!gone) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.NOT_BOUND)
    await recordOp(trx, auth, { module: '家长管理', action: '解除绑定', target: parent.true_name, detail: { childId } })
  })
}

export function parentsOfChild(ctx: AppContext, auth: AuthInfo, childId: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await memberFor(trx, auth, childId, UserType.STUDENT)
    return parentsOf(trx, childId)
  })
}

import {
  ErrorCode,
  PeopleMsg,
  UserType,
  maskPhone,
  type ParentAddBody,
  type ParentBindBody,
  type ParentChild,
  type ParentPageBody,
  type ParentRow,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { assertMayActOnMembers } from '../../platform/escalation.js'
import { recordOp } from '../../platform/op-log.js'
import { logPersonalAccess } from '../privacy/access-log.js'
import type { Page } from '../../platform/paging.js'
import { defaultPasswordHash, insertMembers, memberFor, uniqueMsg, unitAttrOf } from './members.js'
import { anchoredIdsAt } from './deep-pages.js'
import { pageMembers } from './member-lists.js'
import { maskChildParent, maskParent } from './masks.js'
import { findAccountByPhone } from './member-queries.js'
import {
  deleteParentChild,
  findMembershipKindIn,
  insertParentChild,
  listChildrenOf,
  parentIdsInOrder,
  parentKeys,
  parentsWithIds,
} from './parent-queries.js'
import { schoolOf } from '../../platform/org-scope.js'
import { parentsOf } from './student-queries.js'

/** The children of the listed parents, in one query for the whole page. */
export async function childrenOf(trx: Trx, parentIds: number[]): Promise<Map<number, ParentChild[]>> {
  const out = new Map<number, ParentChild[]>()
  if (!parentIds.length) return out
  const rows = await listChildrenOf(trx, parentIds)
  for (const { parentId, ...child } of rows) out.set(parentId, [...(out.get(parentId) ?? []), child])
  return out
}

export function pageParents(ctx: AppContext, auth: AuthInfo, q: ParentPageBody): Promise<Page<ParentRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await schoolOf(trx, auth, q.orgId)
    const keys = parentKeys(trx, orgId, q)
    const counted = { orgId, userType: UserType.PARENT, archived: q.archived, status: q.status }
    const page = await pageMembers(trx, q, {
      keys,
      ordered: parentIdsInOrder(keys),
      counted,
      kept: !q.keyword && q.childId == null && q.classId == null,
      rows: async (ids) => (await parentsWithIds(trx, ids)).map(maskParent),
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
  const account = await findAccountByPhone(trx, b.phone)
  let parentId: number | undefined
  if (account) {
    const m = await findMembershipKindIn(trx, account.id, child.org_id)
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
  const bound = await insertParentChild(trx, parentId!, child.id, b.relation)
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
        detail: { after: { phone: maskPhone(b.phone), childId: b.childId, relation: b.relation } },
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
    const bound = await insertParentChild(trx, parent.id, child.id, b.relation)
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
    const gone = await deleteParentChild(trx, parentId, childId)
    if (!gone) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.NOT_BOUND)
    await recordOp(trx, auth, { module: '家长管理', action: '解除绑定', target: parent.true_name, detail: { childId } })
  })
}

export function parentsOfChild(ctx: AppContext, auth: AuthInfo, childId: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const child = await memberFor(trx, auth, childId, UserType.STUDENT)
    const parents = (await parentsOf(trx, childId)).map(maskChildParent)
    // The parents drawer shows the child's guardians with their phones: a look at the child's record.
    await logPersonalAccess(trx, auth, {
      action: 'view',
      fields: ['guardians'],
      subjects: [{ id: childId, name: child.true_name, orgId: child.org_id }],
      purpose: '学生的家长',
    })
    return parents
  })
}

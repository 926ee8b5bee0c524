import type { Trx } from '../../db/database.js'

/** The person behind a subject: the membership (user_info) signed in, with its org. */
export function findPerson(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_info as u')
    .select(['u.id', 'u.account_id', 'u.org_id', 'u.user_type', 'u.true_name', 'u.avatar_url', 'u.phone', 'u.job_no'])
    .select(['u.class_id', 'u.archived', 'u.status', 'u.tenant_id'])
    .where('u.id', '=', userInfoId)
    .executeTakeFirst()
}

/** The schools a person belongs to in the tenant: the orgs of the account's live memberships. */
export function schoolIdsOf(trx: Trx, accountId: number) {
  return trx
    .selectFrom('user_info')
    .select('org_id')
    .distinct()
    .where('account_id', '=', accountId)
    .where('archived', '=', false)
    .orderBy('org_id')
    .execute()
}

export function gradeOfClass(trx: Trx, classId: number) {
  return trx
    .selectFrom('school_class as c')
    .innerJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
    .select(['g.id', 'g.name'])
    .where('c.id', '=', classId)
    .executeTakeFirst()
}

export function classesTaughtBy(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('class_teacher')
    .select(['class_id', 'is_head'])
    .where('user_info_id', '=', userInfoId)
    .orderBy('class_id')
    .execute()
}

/** The subjects a teacher teaches in each of their classes, in the school's subject order. */
export function subjectsTaughtBy(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('class_teacher_subject as cts')
    .innerJoin('subject as s', (j) => j.onRef('s.tenant_id', '=', 'cts.tenant_id').onRef('s.id', '=', 'cts.subject_id'))
    .select(['cts.class_id', 's.id', 's.name', 's.code'])
    .where('cts.user_info_id', '=', userInfoId)
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute()
}

/** A parent's children (parent_child.parent_id) with the relation, live memberships only. */
export function childrenOf(trx: Trx, parentId: number) {
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'pc.tenant_id').onRef('u.id', '=', 'pc.child_id'))
    .select(['u.id', 'u.true_name', 'pc.relation'])
    .where('pc.parent_id', '=', parentId)
    .where('u.archived', '=', false)
    .orderBy('u.id')
    .execute()
}

export function guardiansOf(trx: Trx, childId: number) {
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'pc.tenant_id').onRef('u.id', '=', 'pc.parent_id'))
    .select(['u.id', 'u.true_name', 'pc.relation'])
    .where('pc.child_id', '=', childId)
    .where('u.archived', '=', false)
    .orderBy('u.id')
    .execute()
}

/** Role codes a membership holds (its own and delegated by a parent org through role_sub_org_user), live roles only. */
export function roleCodesOf(trx: Trx, userInfoId: number) {
  const held = trx
    .selectFrom('user_role')
    .select(['user_role.tenant_id', 'user_role.role_id'])
    .where('user_role.user_info_id', '=', userInfoId)
    .union(
      trx
        .selectFrom('role_sub_org_user')
        .select(['role_sub_org_user.tenant_id', 'role_sub_org_user.role_id'])
        .where('role_sub_org_user.user_info_id', '=', userInfoId),
    )
  return trx
    .selectFrom(held.as('held'))
    .innerJoin('role', (j) => j.onRef('role.tenant_id', '=', 'held.tenant_id').onRef('role.id', '=', 'held.role_id'))
    .select('role.code')
    .distinct()
    .where('role.status', '=', 0)
    .orderBy('role.code')
    .execute()
}

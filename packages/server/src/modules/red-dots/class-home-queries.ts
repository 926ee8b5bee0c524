import { UserType } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
// class_teacher is declared with the campus module's tables (campus/tables.ts augments db/schema's Database for the
// whole program); importing that file here would tie red-dots and campus into a loop (campus -> cms -> red-dots).

export function findUserTypeAndClass(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_info')
    .select(['user_type', 'class_id'])
    .where('id', '=', userInfoId)
    .executeTakeFirstOrThrow()
}

/** The classes of a parent's children still on the roll. */
export function childrenClassIds(trx: Trx, parentId: number) {
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as c', (j) => j.onRef('c.tenant_id', '=', 'pc.tenant_id').onRef('c.id', '=', 'pc.child_id'))
    .select('c.class_id')
    .where('pc.parent_id', '=', parentId)
    .where('c.class_id', 'is not', null)
    .where('c.archived', '=', false)
    .execute()
}

/** The classes a teacher teaches, head teacher first. */
export function taughtClasses(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('class_teacher')
    .select(['class_id', 'is_head'])
    .where('user_info_id', '=', userInfoId)
    .orderBy('is_head', 'desc')
    .orderBy('class_id')
    .execute()
}

export function listClassesWithNames(trx: Trx, classIds: number[]) {
  return trx
    .selectFrom('school_class as c')
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'c.tenant_id').onRef('o.id', '=', 'c.org_id'))
    .leftJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
    .select(['c.id', 'c.name', 'g.name as grade_name', 'o.name as org_name'])
    .where('c.id', 'in', classIds)
    .where('c.archived', '=', false)
    .execute()
}

export function countStudentsByClass(trx: Trx, classIds: number[]) {
  return trx
    .selectFrom('user_info')
    .select(['class_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('class_id', 'in', classIds)
    .where('user_type', '=', UserType.STUDENT)
    .where('archived', '=', false)
    .groupBy('class_id')
    .execute()
}

export function listHeadTeachers(trx: Trx, classIds: number[]) {
  return trx
    .selectFrom('class_teacher as t')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 't.tenant_id').onRef('u.id', '=', 't.user_info_id'))
    .select(['t.class_id', 'u.true_name', 'u.phone'])
    .where('t.class_id', 'in', classIds)
    .where('t.is_head', '=', true)
    .execute()
}

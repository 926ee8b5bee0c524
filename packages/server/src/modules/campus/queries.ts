import { UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

/** Current staff of the org counted by one of their dictionary columns, with the item's name, most first. */
export function staffCountsByDict(trx: Trx, orgId: number, column: 'title_id' | 'teacher_type_id' | 'position_id') {
  return trx
    .selectFrom('user_info as u')
    .leftJoin('dict_item as d', (j) => j.onRef('d.tenant_id', '=', 'u.tenant_id').onRef('d.id', '=', `u.${column}`))
    .select((eb) => [`u.${column} as id`, 'd.name', eb.fn.countAll<number>().as('n')])
    .where('u.org_id', '=', orgId)
    .where('u.user_type', '=', UserType.STAFF)
    .where('u.archived', '=', false)
    .groupBy([`u.${column}`, 'd.name'])
    .orderBy('n', 'desc')
    .execute()
}

/** Current staff of the org counted by their person's sex. */
export function staffCountsBySex(trx: Trx, orgId: number) {
  return trx
    .selectFrom('user_info as u')
    .leftJoin('person as p', (j) =>
      j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
    )
    .select((eb) => ['p.sex', eb.fn.countAll<number>().as('n')])
    .where('u.org_id', '=', orgId)
    .where('u.user_type', '=', UserType.STAFF)
    .where('u.archived', '=', false)
    .groupBy('p.sex')
    .execute()
}

export function countBuildings(trx: Trx, orgId: number) {
  return trx
    .selectFrom('building')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('org_id', '=', orgId)
    .executeTakeFirstOrThrow()
}

export function countFloors(trx: Trx, orgId: number) {
  return trx
    .selectFrom('floor')
    .innerJoin('building', (j) =>
      j.onRef('building.tenant_id', '=', 'floor.tenant_id').onRef('building.id', '=', 'floor.building_id'),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('building.org_id', '=', orgId)
    .executeTakeFirstOrThrow()
}

/** The org's rooms by use: how many, their seats and how many are enabled, most first. */
export function roomsByUse(trx: Trx, orgId: number) {
  return trx
    .selectFrom('room')
    .leftJoin('dict_item as d', (j) => j.onRef('d.tenant_id', '=', 'room.tenant_id').onRef('d.id', '=', 'room.use_id'))
    .select((eb) => [
      'room.use_id as id',
      'd.name',
      eb.fn.countAll<number>().as('n'),
      eb.fn.coalesce(eb.fn.sum<number>('room.capacity'), eb.lit(0)).as('seats'),
      sql<number>`count(*) FILTER (WHERE room.status = 0)`.as('enabled'),
    ])
    .where('room.org_id', '=', orgId)
    .groupBy(['room.use_id', 'd.name'])
    .orderBy('n', 'desc')
    .execute()
}

export function buildingsByType(trx: Trx, orgId: number) {
  return trx
    .selectFrom('building')
    .leftJoin('dict_item as d', (j) =>
      j.onRef('d.tenant_id', '=', 'building.tenant_id').onRef('d.id', '=', 'building.type_id'),
    )
    .select((eb) => ['building.type_id as id', 'd.name', eb.fn.countAll<number>().as('n')])
    .where('building.org_id', '=', orgId)
    .groupBy(['building.type_id', 'd.name'])
    .orderBy('n', 'desc')
    .execute()
}

export function findOrgNameAddress(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select(['name', 'address']).where('id', '=', orgId).executeTakeFirstOrThrow()
}

const TERM_COLUMNS = ['id', 'name', 'school_year', 'term', 'start_date', 'end_date'] as const

function enabledTerms(trx: Trx, orgId: number) {
  return trx.selectFrom('school_calendar').select(TERM_COLUMNS).where('org_id', '=', orgId).where('status', '=', 0)
}

/** The enabled term under way today (the latest started, if terms overlap). */
export function findCurrentTerm(trx: Trx, orgId: number, today: string) {
  return enabledTerms(trx, orgId)
    .where('start_date', '<=', today)
    .where('end_date', '>=', today)
    .orderBy('start_date', 'desc')
    .executeTakeFirst()
}

/** The next enabled term to start after today. */
export function findNextTerm(trx: Trx, orgId: number, today: string) {
  return enabledTerms(trx, orgId).where('start_date', '>', today).orderBy('start_date').executeTakeFirst()
}

/** The enabled terms that start or end between today and until. */
export function termsStartingOrEndingBetween(trx: Trx, orgId: number, today: string, until: string) {
  return trx
    .selectFrom('school_calendar')
    .select(TERM_COLUMNS)
    .where('org_id', '=', orgId)
    .where('status', '=', 0)
    .where((eb) =>
      eb.or([
        eb.and([eb('start_date', '>=', today), eb('start_date', '<=', until)]),
        eb.and([eb('end_date', '>=', today), eb('end_date', '<=', until)]),
      ]),
    )
    .execute()
}

/** The enabled holidays and make-up work days overlapping today..until, earliest first. */
export function holidaysBetween(trx: Trx, orgId: number, today: string, until: string, limit: number) {
  return trx
    .selectFrom('holiday')
    .select(['name', 'kind', 'start_date', 'end_date'])
    .where('org_id', '=', orgId)
    .where('status', '=', 0)
    .where('end_date', '>=', today)
    .where('start_date', '<=', until)
    .orderBy('start_date')
    .limit(limit)
    .execute()
}

/** The school's current classes of its current grades, with the grade's name and order. */
export function currentClassesWithGrades(trx: Trx, orgId: number) {
  return trx
    .selectFrom('school_class')
    .innerJoin('grade', (j) =>
      j.onRef('grade.tenant_id', '=', 'school_class.tenant_id').onRef('grade.id', '=', 'school_class.grade_id'),
    )
    .select(['school_class.id', 'school_class.grade_id', 'grade.name as grade_name', 'grade.sort', 'grade.entry_year'])
    .where('school_class.org_id', '=', orgId)
    .where('school_class.archived', '=', false)
    .where('school_class.status', '=', 0)
    .where('grade.archived', '=', false)
    .where('grade.status', '=', 0)
    .execute()
}

/** The kept counts of the org's current students per class (only these classes when classIds is given). */
export function keptStudentsPerClass(trx: Trx, orgId: number, classIds?: number[]) {
  let q = trx
    .selectFrom('member_count')
    .select((eb) => ['class_id', eb.fn.sum<number>('n').as('n')])
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STUDENT)
    .where('archived', '=', false)
  if (classIds) q = q.where('class_id', 'in', classIds)
  return q.groupBy('class_id').execute()
}

/** The account's current staff membership in the org. */
export function findStaffMembership(trx: Trx, accountId: number, orgId: number) {
  return trx
    .selectFrom('user_info')
    .select('id')
    .where('account_id', '=', accountId)
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STAFF)
    .where('archived', '=', false)
    .executeTakeFirst()
}

/** The org's current classes the member heads or teaches, head classes first. */
export function classesTaughtIn(trx: Trx, userInfoId: number, orgId: number) {
  return trx
    .selectFrom('class_teacher as ct')
    .innerJoin('school_class as c', (j) =>
      j.onRef('c.tenant_id', '=', 'ct.tenant_id').onRef('c.id', '=', 'ct.class_id'),
    )
    .innerJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
    .select([
      'c.id as classId',
      'c.name as className',
      'g.id as gradeId',
      'g.name as gradeName',
      'ct.is_head as isHead',
      'g.sort as gsort',
      'c.sort as csort',
    ])
    .where('ct.user_info_id', '=', userInfoId)
    .where('c.org_id', '=', orgId)
    .where('c.archived', '=', false)
    .orderBy('ct.is_head', 'desc')
    .orderBy('g.sort')
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute()
}

export function findClassWithGrade(trx: Trx, classId: number) {
  return trx
    .selectFrom('school_class')
    .innerJoin('grade', (j) =>
      j.onRef('grade.tenant_id', '=', 'school_class.tenant_id').onRef('grade.id', '=', 'school_class.grade_id'),
    )
    .select(['school_class.org_id', 'school_class.name', 'grade.name as grade_name'])
    .where('school_class.id', '=', classId)
    .executeTakeFirst()
}

/** The class's teachers, head teacher first, then by name. */
export function listClassTeachers(trx: Trx, classId: number) {
  return trx
    .selectFrom('class_teacher as ct')
    .innerJoin('user_info as u', (j) =>
      j.onRef('u.tenant_id', '=', 'ct.tenant_id').onRef('u.id', '=', 'ct.user_info_id'),
    )
    .select(['ct.user_info_id', 'u.true_name', 'ct.is_head'])
    .where('ct.class_id', '=', classId)
    .orderBy('ct.is_head', 'desc')
    .orderBy('u.true_name')
    .execute()
}

/** Which of these members are current staff of the org. */
export function findCurrentStaffOfOrg(trx: Trx, ids: number[], orgId: number) {
  return trx
    .selectFrom('user_info')
    .select('id')
    .where('id', 'in', ids)
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STAFF)
    .where('archived', '=', false)
    .execute()
}

/** The class's teacher rows as they are (who, and whether head). */
export function classTeacherRows(trx: Trx, classId: number) {
  return trx.selectFrom('class_teacher').select(['user_info_id', 'is_head']).where('class_id', '=', classId).execute()
}

export function deleteClassTeachersOf(trx: Trx, classId: number, userInfoIds: number[]) {
  return trx
    .deleteFrom('class_teacher')
    .where('class_id', '=', classId)
    .where('user_info_id', 'in', userInfoIds)
    .execute()
}

export function setClassTeachersHead(trx: Trx, classId: number, userInfoIds: number[], isHead: boolean) {
  return trx
    .updateTable('class_teacher')
    .set({ is_head: isHead })
    .where('class_id', '=', classId)
    .where('user_info_id', 'in', userInfoIds)
    .execute()
}

export function insertClassTeachers(
  trx: Trx,
  classId: number,
  userInfoIds: number[],
  headTeacherId: number | undefined | null,
) {
  return trx
    .insertInto('class_teacher')
    .values(userInfoIds.map((id) => ({ class_id: classId, user_info_id: id, is_head: id === headTeacherId })))
    .execute()
}

const SUBJECT_ITEM = ['s.id', 's.name', 's.code', 's.status'] as const

/** The subjects each teacher of the class teaches in it, in the school's subject order. */
export function classTeacherSubjects(trx: Trx, classId: number) {
  return trx
    .selectFrom('class_teacher_subject as cts')
    .innerJoin('subject as s', (j) => j.onRef('s.tenant_id', '=', 'cts.tenant_id').onRef('s.id', '=', 'cts.subject_id'))
    .select(['cts.user_info_id', ...SUBJECT_ITEM])
    .where('cts.class_id', '=', classId)
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute()
}

/** The org's enabled subjects, in the school's order. */
export function enabledSubjectsOf(trx: Trx, orgId: number) {
  return trx
    .selectFrom('subject as s')
    .select(SUBJECT_ITEM)
    .where('s.org_id', '=', orgId)
    .where('s.status', '=', 0)
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute()
}

/** Which of these subjects are enabled subjects of the org. */
export function findEnabledSubjectsOfOrg(trx: Trx, ids: number[], orgId: number) {
  return trx
    .selectFrom('subject')
    .select('id')
    .where('id', 'in', ids)
    .where('org_id', '=', orgId)
    .where('status', '=', 0)
    .execute()
}

export function deleteTeacherSubjects(trx: Trx, classId: number, rows: { userInfoId: number; subjectId: number }[]) {
  return trx
    .deleteFrom('class_teacher_subject')
    .where('class_id', '=', classId)
    .where((eb) =>
      eb.or(rows.map((r) => eb.and([eb('user_info_id', '=', r.userInfoId), eb('subject_id', '=', r.subjectId)]))),
    )
    .execute()
}

export function insertTeacherSubjects(trx: Trx, classId: number, rows: { userInfoId: number; subjectId: number }[]) {
  return trx
    .insertInto('class_teacher_subject')
    .values(rows.map((r) => ({ class_id: classId, user_info_id: r.userInfoId, subject_id: r.subjectId })))
    .execute()
}

import { UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'

/** Every database call of intake (docs/school-year.md "Intake, feeder schools and class placement"). */

export function findOrg(trx: Trx, id: number) {
  return trx
    .selectFrom('org_unit')
    .select(['id', 'name', 'unit_attr', 'parent_id'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export function listFeeders(trx: Trx, toOrgId?: number) {
  let q = trx
    .selectFrom('feeder_school as f')
    .innerJoin('org_unit as a', 'a.id', 'f.from_org_id')
    .innerJoin('org_unit as b', 'b.id', 'f.to_org_id')
    .select([
      'f.from_org_id as fromOrgId',
      'a.name as fromOrgName',
      'f.to_org_id as toOrgId',
      'b.name as toOrgName',
      'f.created_at as createdAt',
    ])
    .orderBy('b.name')
    .orderBy('a.name')
  if (toOrgId !== undefined) q = q.where('f.to_org_id', '=', toOrgId)
  return q.execute()
}

/** undefined when the pair was already there (a double click, two bureau admins at once). */
export function insertFeeder(trx: Trx, fromOrgId: number, toOrgId: number) {
  return trx
    .insertInto('feeder_school')
    .values({ from_org_id: fromOrgId, to_org_id: toOrgId })
    .onConflict((oc) => oc.doNothing())
    .returning('from_org_id')
    .executeTakeFirst()
}

export async function deleteFeeder(trx: Trx, fromOrgId: number, toOrgId: number): Promise<boolean> {
  const r = await trx
    .deleteFrom('feeder_school')
    .where('from_org_id', '=', fromOrgId)
    .where('to_org_id', '=', toOrgId)
    .executeTakeFirst()
  return Number(r.numDeletedRows) > 0
}

/**
 * The school's intake grade: its live grade with the latest entry year, if that year is `minEntryYear` or later (the
 * roll-over creates it with the new year's start; in autumn it is the cohort that entered this September). Locked, so
 * two placements of one grade run one after the other.
 */
export function findIntakeGrade(trx: Trx, orgId: number, minEntryYear: number) {
  return trx
    .selectFrom('grade as g')
    .leftJoin('dict_item as d', 'd.id', 'g.learn_period_id')
    .select(['g.id', 'g.name', 'g.entry_year', 'd.name as period'])
    .where('g.org_id', '=', orgId)
    .where('g.archived', '=', false)
    .where('g.entry_year', '>=', minEntryYear)
    .orderBy('g.entry_year', 'desc')
    .orderBy('g.id')
    .limit(1)
    .executeTakeFirst()
}

export function lockGrade(trx: Trx, gradeId: number) {
  return trx.selectFrom('grade').select('id').where('id', '=', gradeId).forUpdate().executeTakeFirst()
}

/** The grade's live classes with their live students counted by sex (person.sex: 0 male, 1 female). */
export function classCounts(trx: Trx, gradeId: number) {
  return trx
    .selectFrom('school_class as c')
    .leftJoin('user_info as u', (j) =>
      j.onRef('u.class_id', '=', 'c.id').on('u.archived', '=', false).on('u.user_type', '=', UserType.STUDENT),
    )
    .leftJoin('person as p', 'p.account_id', 'u.account_id')
    .select([
      'c.id',
      'c.name',
      sql<number>`count(u.id) FILTER (WHERE p.sex = 0)::int`.as('boys'),
      sql<number>`count(u.id) FILTER (WHERE p.sex = 1)::int`.as('girls'),
      sql<number>`count(u.id)::int`.as('total'),
    ])
    .where('c.grade_id', '=', gradeId)
    .where('c.archived', '=', false)
    .groupBy(['c.id', 'c.name', 'c.sort'])
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute()
}

/**
 * The intake grade's students: live student memberships of the school with an intake enrolment row of the grade's
 * year (admitted or imported), placed or not.
 */
export function intakeStudents(trx: Trx, orgId: number, gradeId: number, schoolYear: string) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('enrolment as e', (j) =>
      j
        .onRef('e.user_info_id', '=', 'u.id')
        .on('e.grade_id', '=', gradeId)
        .on('e.school_year', '=', schoolYear)
        .on('e.org_id', '=', orgId),
    )
    .leftJoin('person as p', 'p.account_id', 'u.account_id')
    .select(['u.id', 'u.true_name', 'u.job_no', 'u.class_id', 'p.sex'])
    .where('u.org_id', '=', orgId)
    .where('u.user_type', '=', UserType.STUDENT)
    .where('u.archived', '=', false)
    .orderBy('u.id')
    .distinct()
    .execute()
}

/** Places students: only those still unplaced (class_id null), so a second run places none and is told so. */
export async function placeUnplaced(trx: Trx, ids: number[], classId: number): Promise<number> {
  if (!ids.length) return 0
  const r = await trx
    .updateTable('user_info')
    .set({ class_id: classId })
    .where('id', 'in', ids)
    .where('class_id', 'is', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows)
}

export async function moveStudent(trx: Trx, id: number, classId: number): Promise<void> {
  await trx.updateTable('user_info').set({ class_id: classId }).where('id', '=', id).execute()
}

/** Keeps the year's enrolment rows in step with the placement (the history of the year names the class). */
export async function setEnrolmentClass(trx: Trx, ids: number[], gradeId: number, schoolYear: string, classId: number) {
  if (!ids.length) return
  await trx
    .updateTable('enrolment')
    .set({ class_id: classId })
    .where('user_info_id', 'in', ids)
    .where('grade_id', '=', gradeId)
    .where('school_year', '=', schoolYear)
    .execute()
}

export function lockStudents(trx: Trx, ids: number[]) {
  return trx
    .selectFrom('user_info')
    .select(['id', 'org_id', 'class_id'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forUpdate()
    .execute()
}

/**
 * Candidates for feeder schools' final cohort: live students of a grade that entered in one of `entryYears` (the
 * service keeps those whose grade is in the last year of its period), and students whose enrolment of the closing year
 * says graduated (`graduated`).
 */
export function feederGraduates(trx: Trx, feederIds: number[], entryYears: number[], closingYear: string) {
  return trx
    .selectFrom('user_info as u')
    .innerJoin('org_unit as o', 'o.id', 'u.org_id')
    .leftJoin('school_class as c', 'c.id', 'u.class_id')
    .leftJoin('grade as g', 'g.id', 'c.grade_id')
    .leftJoin('dict_item as lp', 'lp.id', 'g.learn_period_id')
    .leftJoin('person as p', 'p.account_id', 'u.account_id')
    .select((eb) => [
      'u.id',
      'u.account_id',
      'u.true_name',
      'u.job_no',
      'u.org_id',
      'u.archived',
      'o.name as school_name',
      'o.unit_attr',
      'c.name as class_name',
      'g.entry_year',
      'lp.name as period',
      'p.sex',
      'p.id_card',
      eb
        .exists(
          eb
            .selectFrom('enrolment as e')
            .select('e.id')
            .whereRef('e.user_info_id', '=', 'u.id')
            .where('e.school_year', '=', closingYear)
            .where('e.status', '=', 'graduated'),
        )
        .as('graduated'),
    ])
    .where('u.org_id', 'in', feederIds)
    .where('u.user_type', '=', UserType.STUDENT)
    .where((eb) =>
      eb.or([
        eb.and([eb('u.archived', '=', false), eb('g.entry_year', 'in', entryYears)]),
        eb.exists(
          eb
            .selectFrom('enrolment as e')
            .select('e.id')
            .whereRef('e.user_info_id', '=', 'u.id')
            .where('e.school_year', '=', closingYear)
            .where('e.status', '=', 'graduated'),
        ),
      ]),
    )
    .orderBy('o.name')
    .orderBy('c.name')
    .orderBy('u.job_no')
    .orderBy('u.id')
    .execute()
}

export function accountsInOrg(trx: Trx, orgId: number, accountIds: number[]) {
  if (!accountIds.length) return Promise.resolve([])
  return trx
    .selectFrom('user_info')
    .select(['account_id', 'user_type', 'id'])
    .where('org_id', '=', orgId)
    .where('account_id', 'in', accountIds)
    .execute()
}

export function graduatedRowOf(trx: Trx, userInfoId: number, closingYear: string) {
  return trx
    .selectFrom('enrolment')
    .select('id')
    .where('user_info_id', '=', userInfoId)
    .where('school_year', '=', closingYear)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

export async function insertEnrolments(
  trx: Trx,
  rows: {
    user_info_id: number
    school_year: string
    org_id: number
    grade_id: number
    started_on: string
    previous_id: number | null
  }[],
): Promise<void> {
  if (!rows.length) return
  await trx
    .insertInto('enrolment')
    .values(
      rows.map((r) => ({
        ...r,
        class_id: null,
        status: 'enrolled' as const,
        ended_on: null,
        source: 'intake' as const,
      })),
    )
    .execute()
}

/** The parents of a child membership, with their accounts and names. */
export function parentsOfChildren(trx: Trx, childIds: number[]) {
  if (!childIds.length) return Promise.resolve([])
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as p', 'p.id', 'pc.parent_id')
    .select(['pc.child_id', 'pc.relation', 'p.account_id', 'p.true_name', 'p.phone'])
    .where('pc.child_id', 'in', childIds)
    .where('p.archived', '=', false)
    .execute()
}

export function insertParentLink(trx: Trx, parentId: number, childId: number, relation: string) {
  return trx
    .insertInto('parent_child')
    .values({ parent_id: parentId, child_id: childId, relation })
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/**
 * Who holds these ID cards in the tenant: the account, and the school of a live student membership if any (the
 * district-wide duplicate check of the intake import).
 */
export function holdersOfIdCards(trx: Trx, idCards: string[]) {
  if (!idCards.length) return Promise.resolve([])
  return trx
    .selectFrom('person as p')
    .leftJoin('user_info as u', (j) =>
      j
        .onRef('u.account_id', '=', 'p.account_id')
        .on('u.user_type', '=', UserType.STUDENT)
        .on('u.archived', '=', false),
    )
    .leftJoin('org_unit as o', 'o.id', 'u.org_id')
    .select(['p.id_card', 'p.account_id', 'u.org_id', 'o.name as org_name'])
    .where('p.id_card', 'in', idCards)
    .execute()
}

export function loginNamesTaken(trx: Trx, names: string[]) {
  if (!names.length) return Promise.resolve([])
  return trx.selectFrom('login_name').select('user_name').where('user_name', 'in', names).execute()
}

export function jobNosTaken(trx: Trx, orgId: number, jobNos: string[]) {
  if (!jobNos.length) return Promise.resolve([])
  return trx
    .selectFrom('user_info')
    .select('job_no')
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STUDENT)
    .where('job_no', 'in', jobNos)
    .execute()
}

import { sql, type Kysely } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'

/** The tenant of an app's client-credentials token: the one cross-tenant read (index oidc_model_app_token). */
export function findTokenTenant(trx: Trx, token: string) {
  return trx
    .selectFrom('oidc_model')
    .select('tenant_id')
    .where('model', '=', 'ClientCredentials')
    .where('id', '=', token)
    .executeTakeFirst()
}

/** The token inside its tenant (row-level security), as oidc-provider stored it. */
export function findAppToken(trx: Trx, token: string) {
  return trx
    .selectFrom('oidc_model')
    .select(['payload', 'client_id', 'expires_at', 'consumed_at'])
    .where('model', '=', 'ClientCredentials')
    .where('id', '=', token)
    .executeTakeFirst()
}

/** Counts one call in the app's minute window; one statement, so racing processes never lose a count. */
export async function countCall(trx: Trx, clientId: string, windowStart: Date): Promise<number> {
  const row = await trx
    .insertInto('directory_rate')
    .values({ client_id: clientId, window_start: windowStart })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'client_id', 'window_start'])
        .doUpdateSet({ hits: sql<number>`directory_rate.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow()
  return row.hits
}

export function pruneWindows(trx: Trx, clientId: string, before: Date) {
  return trx.deleteFrom('directory_rate').where('client_id', '=', clientId).where('window_start', '<', before).execute()
}

/**
 * The time up to which the change feed is complete: now, or the start of the oldest transaction still running (its
 * changes carry that start as their `at` and are not visible yet). Read on a connection of the login user, outside a
 * tenant transaction, because pg_stat_activity shows other sessions' transaction starts only to their own user.
 */
export async function changeWatermark(db: Kysely<Database>): Promise<Date> {
  const r = await sql<{ as_of: Date | string }>`SELECT LEAST(clock_timestamp(), (
      SELECT min(xact_start) FROM pg_stat_activity
      WHERE pid <> pg_backend_pid() AND xact_start IS NOT NULL AND datname = current_database())) AS as_of`.execute(db)
  return new Date(r.rows[0]!.as_of)
}

/** Where a list's changes come from: a feed entity whose id is the row's, or one mapped to rows through a link. */
export type ChangeSource =
  | { entity: 'person' | 'class' | 'grade' | 'org' | 'class_teacher' | 'teacher_subject' }
  | { entity: 'class_teacher'; via: 'teachers_of_class' }
  | { entity: 'guardian' | 'person'; via: 'parents_of_child' }

/**
 * One source's first `limit` distinct ids after `after` changed since `since`, in id order. Written so the planner can
 * take either road: a catch-up (most rows changed) walks the ids in order through directory_change_entity_key (and,
 * for a link, the link's key, probing the feed per row) and stops at the limit; a delta of a few changes reads them
 * by time and sorts them. Reading every change since `since` and sorting the union cost about 1 s a page at a
 * million students.
 */
function sourceSql(s: ChangeSource, since: Date, after: number, limit: number) {
  const recent = (id: ReturnType<typeof sql.ref>) =>
    sql`d.entity = ${s.entity} AND d.entity_id = ${id} AND d.at >= ${since}`
  if (!('via' in s)) {
    return sql`(SELECT d.entity_id AS id FROM directory_change d
      WHERE d.entity = ${s.entity} AND d.at >= ${since} AND d.entity_id > ${after}
      GROUP BY d.entity_id ORDER BY d.entity_id LIMIT ${limit})`
  }
  if (s.via === 'teachers_of_class') {
    return sql`(SELECT ct.user_info_id AS id FROM class_teacher ct WHERE ct.user_info_id > ${after}
      AND EXISTS (SELECT 1 FROM directory_change d WHERE d.tenant_id = ct.tenant_id AND ${recent(sql.ref('ct.class_id'))})
      GROUP BY ct.user_info_id ORDER BY ct.user_info_id LIMIT ${limit})`
  }
  return sql`(SELECT pc.parent_id AS id FROM parent_child pc WHERE pc.parent_id > ${after}
    AND EXISTS (SELECT 1 FROM directory_change d WHERE d.tenant_id = pc.tenant_id AND ${recent(sql.ref('pc.child_id'))})
    GROUP BY pc.parent_id ORDER BY pc.parent_id LIMIT ${limit})`
}

/** The ids of one list changed since `since` (at or after: a tie is read twice, never missed), keyset after `after`. */
export async function changedIds(
  trx: Trx,
  sources: readonly ChangeSource[],
  since: Date,
  after: number,
  limit: number,
): Promise<number[]> {
  // Each source gives at most `limit` ids, so the union's first `limit` are the list's.
  const parts = sql.join(
    sources.map((s) => sourceSql(s, since, after, limit)),
    sql` UNION `,
  )
  const r = await sql<{ id: string | number }>`SELECT id FROM (${parts}) x ORDER BY id LIMIT ${limit}`.execute(trx)
  return r.rows.map((x) => Number(x.id))
}

/** A page of a list: the rows after `after`, or (a delta) the rows of `ids` in any state. */
export interface PageOf {
  after: number
  limit: number
  ids?: number[]
}

export function listSchools(trx: Trx, p: PageOf) {
  let q = trx.selectFrom('org_unit').select(['id', 'name', 'parent_id', 'unit_attr', 'org_type'])
  q = p.ids ? q.where('id', 'in', p.ids) : q.where('org_type', '=', 'org').where('id', '>', p.after)
  return q.orderBy('id').limit(p.limit).execute()
}

export function listGrades(trx: Trx, p: PageOf & { schoolId?: number }) {
  let q = trx.selectFrom('grade').select(['id', 'name', 'org_id', 'entry_year', 'archived'])
  if (p.ids) q = q.where('id', 'in', p.ids)
  else {
    q = q.where('archived', '=', false).where('id', '>', p.after)
    if (p.schoolId) q = q.where('org_id', '=', p.schoolId)
  }
  return q.orderBy('id').limit(p.limit).execute()
}

export function listClasses(trx: Trx, p: PageOf & { schoolId?: number; gradeId?: number }) {
  let q = trx.selectFrom('school_class').select(['id', 'name', 'org_id', 'grade_id', 'archived'])
  if (p.ids) q = q.where('id', 'in', p.ids)
  else {
    q = q.where('archived', '=', false).where('id', '>', p.after)
    if (p.schoolId) q = q.where('org_id', '=', p.schoolId)
    if (p.gradeId) q = q.where('grade_id', '=', p.gradeId)
  }
  return q.orderBy('id').limit(p.limit).execute()
}

/**
 * One page of people of a type (user_info), with the grade of a student's class joined in: one indexed query
 * (user_info_list with a school, user_info_directory without, user_info_class with a class).
 */
export function listPeople(
  trx: Trx,
  p: PageOf & { userType: number; schoolId?: number; classId?: number; childInClass?: number },
) {
  let q = trx
    .selectFrom('user_info as u')
    .leftJoin('school_class as c', (j) => j.onRef('c.tenant_id', '=', 'u.tenant_id').onRef('c.id', '=', 'u.class_id'))
    .select(['u.id', 'u.org_id', 'u.user_type', 'u.true_name', 'u.phone', 'u.job_no', 'u.class_id', 'u.archived'])
    .select(['c.grade_id', 'u.dept_id'])
  if (p.ids) q = q.where('u.id', 'in', p.ids)
  else {
    q = q.where('u.user_type', '=', p.userType).where('u.archived', '=', false).where('u.id', '>', p.after)
    if (p.schoolId) q = q.where('u.org_id', '=', p.schoolId)
    if (p.classId) q = q.where('u.class_id', '=', p.classId)
    if (p.childInClass) {
      const classId = p.childInClass
      q = q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('parent_child as pc')
            .innerJoin('user_info as k', (j) =>
              j.onRef('k.tenant_id', '=', 'pc.tenant_id').onRef('k.id', '=', 'pc.child_id'),
            )
            .select('pc.child_id')
            .whereRef('pc.parent_id', '=', 'u.id')
            .where('k.class_id', '=', classId)
            .where('k.archived', '=', false),
        ),
      )
    }
  }
  return q.orderBy('u.id').limit(p.limit).execute()
}

/** The departments (org units) a page of teachers belong to, one query. */
export function departmentsByIds(trx: Trx, ids: number[]) {
  if (!ids.length) return Promise.resolve([])
  return trx.selectFrom('org_unit').select(['id', 'name']).where('id', 'in', ids).execute()
}

/** The classes of a page of teachers, one query. */
export function classesOfTeachers(trx: Trx, teacherIds: number[]) {
  if (!teacherIds.length) return Promise.resolve([])
  return trx
    .selectFrom('class_teacher')
    .select(['user_info_id', 'class_id', 'is_head'])
    .where('user_info_id', 'in', teacherIds)
    .orderBy('class_id')
    .execute()
}

/** The subjects a page of teachers teach in their classes, in each school's subject order, one query. */
export function subjectsOfTeachers(trx: Trx, teacherIds: number[]) {
  if (!teacherIds.length) return Promise.resolve([])
  return trx
    .selectFrom('class_teacher_subject as cts')
    .innerJoin('subject as s', (j) => j.onRef('s.tenant_id', '=', 'cts.tenant_id').onRef('s.id', '=', 'cts.subject_id'))
    .select(['cts.user_info_id', 'cts.class_id', 's.id', 's.name', 's.code'])
    .where('cts.user_info_id', 'in', teacherIds)
    .orderBy('s.sort')
    .orderBy('s.id')
    .execute()
}

/** The head teachers of a page of classes, one query. */
export function headsOfClasses(trx: Trx, classIds: number[]) {
  if (!classIds.length) return Promise.resolve([])
  return trx
    .selectFrom('class_teacher')
    .select(['class_id', 'user_info_id'])
    .where('class_id', 'in', classIds)
    .where('is_head', '=', true)
    .orderBy('user_info_id')
    .execute()
}

/** The live children of a page of parents with the relation and class, one query. */
export function childrenOfParents(trx: Trx, parentIds: number[]) {
  if (!parentIds.length) return Promise.resolve([])
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'pc.tenant_id').onRef('u.id', '=', 'pc.child_id'))
    .select(['pc.parent_id', 'u.id', 'pc.relation', 'u.class_id'])
    .where('pc.parent_id', 'in', parentIds)
    .where('u.archived', '=', false)
    .orderBy('u.id')
    .execute()
}

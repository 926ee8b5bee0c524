// Schools of district size for `npm run bench`, written with generate_series in a few statements each (seconds,
// not an import): one school of 100,000 students, parents and staff (bench/lists.ts), or a district of 300 schools
// with 1,000,000 students and their parents (bench/district.ts). Every school goes under the demo bureau.
import { sql } from 'kysely'
import { Db } from '../src/db/database.js'

export interface ScaleSchool {
  tenantId: number
  orgId: number
  seconds: number
}
export interface SchoolSize {
  students: number
  parents: number
  staff: number
}

let made = 0

/**
 * Adds a school and its people to the demo tenant of `db` (platform scope; the member-count triggers run): the
 * students in classes of 40 over six grades, one parent bound to each of the first `parents` students.
 */
export async function generateSchool(db: Db, size: SchoolSize, opts: { vacuum?: boolean } = {}): Promise<ScaleSchool> {
  const started = Date.now()
  const prefix = `b${Date.now().toString(36)}${(made++).toString(36)}x`
  const perGrade = Math.max(1, Math.ceil(size.students / 40 / 6))
  const out = await db.platform(async (trx) => {
    const tenant = await trx
      .selectFrom('tenant')
      .select('id')
      .where('unique_name', '=', 'demo-district')
      .executeTakeFirstOrThrow()
    const tenantId = tenant.id
    await sql`SELECT set_config('zx.tenant_id', ${String(tenantId)}, true)`.execute(trx)
    const bureau = await trx
      .selectFrom('org_unit')
      .select(['id', 'trade'])
      .where('tenant_id', '=', tenantId)
      .where('parent_id', 'is', null)
      .orderBy('id')
      .executeTakeFirstOrThrow()
    const org = await trx
      .insertInto('org_unit')
      .values({
        tenant_id: tenantId,
        parent_id: bureau.id,
        name: `规模测试学校${prefix}`,
        unit_attr: 8,
        trade: bureau.trade,
        app_type: 1,
        org_code: null,
        alliance_school: false,
        status: 0,
        icon_url: null,
        xd_page: null,
        jd_page: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const orgId = org.id
    const grades = await trx
      .insertInto('grade')
      .values(
        [1, 2, 3, 4, 5, 6].map((g) => ({ tenant_id: tenantId, org_id: orgId, name: `${g}年级`, entry_year: 2026 - g })),
      )
      .returning('id')
      .execute()
    await trx
      .insertInto('school_class')
      .values(
        grades.flatMap((g, gi) =>
          Array.from({ length: perGrade }, (_, c) => ({
            tenant_id: tenantId,
            org_id: orgId,
            grade_id: g.id,
            name: `${gi + 1}年级(${c + 1})班`,
          })),
        ),
      )
      .execute()
    const hash = (
      await trx
        .selectFrom('account')
        .select('password_hash')
        .where('tenant_id', '=', tenantId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).password_hash
    for (const [kind, userType, name, n] of [
      ['s', 1003, '学生', size.students],
      ['p', 1004, '家长', size.parents],
      ['t', 1002, '教师', size.staff],
    ] as const) {
      if (!n) continue
      const like = `${prefix}${kind}%`
      await sql`INSERT INTO account (tenant_id, user_name, password_hash, must_reset)
        SELECT ${tenantId}, ${prefix + kind} || g, ${hash}, true FROM generate_series(1, ${n}) g`.execute(trx)
      await sql`INSERT INTO login_name (user_name, tenant_id, account_id)
        SELECT user_name, tenant_id, id FROM account WHERE tenant_id = ${tenantId} AND user_name LIKE ${like}`.execute(
        trx,
      )
      await sql`WITH classes AS (SELECT array_agg(id ORDER BY id) AS ids FROM school_class WHERE tenant_id = ${tenantId} AND org_id = ${orgId})
        INSERT INTO user_info (tenant_id, account_id, org_id, user_type, true_name, job_no, class_id, phone)
        SELECT a.tenant_id, a.id, ${orgId}, ${userType}, ${name} || a.n, lpad(a.n::text, 7, '0'),
          CASE WHEN ${userType} = 1003 THEN classes.ids[1 + a.n % cardinality(classes.ids)] END,
          CASE WHEN ${userType} <> 1003 THEN '1' || lpad(a.n::text, 10, '0') END
        FROM (SELECT id, tenant_id, substr(user_name, ${prefix.length + 2})::int AS n FROM account
              WHERE tenant_id = ${tenantId} AND user_name LIKE ${like}) a, classes`.execute(trx)
    }
    // Planned while user_info still looked empty, PostgreSQL joins parents to students by nested loop over the whole
    // school (quadratic: 30,000 students took 84 s); a hash join does it in one pass. Only for this statement.
    await sql`SET LOCAL enable_nestloop = off`.execute(trx)
    await sql`INSERT INTO parent_child (tenant_id, parent_id, child_id)
      SELECT p.tenant_id, p.id, s.id FROM user_info p JOIN user_info s ON s.tenant_id = p.tenant_id AND s.org_id = p.org_id AND s.user_type = 1003 AND s.job_no = p.job_no
      WHERE p.tenant_id = ${tenantId} AND p.org_id = ${orgId} AND p.user_type = 1004`.execute(trx)
    await sql`SET LOCAL enable_nestloop = on`.execute(trx)
    await sql`INSERT INTO user_role (tenant_id, user_info_id, role_id)
      SELECT u.tenant_id, u.id, r.id FROM user_info u JOIN role r ON r.tenant_id = u.tenant_id AND r.org_id IS NULL
        AND r.code = CASE u.user_type WHEN 1003 THEN 'student' WHEN 1004 THEN 'parent' ELSE 'teacher' END
      WHERE u.tenant_id = ${tenantId} AND u.org_id = ${orgId}`.execute(trx)
    return { tenantId, orgId }
  })
  // Fresh statistics and a visibility map, as autovacuum would give a server after a while (PGlite has none).
  if (opts.vacuum !== false) await sql`VACUUM ANALYZE`.execute(db.kysely)
  return { ...out, seconds: (Date.now() - started) / 1000 }
}

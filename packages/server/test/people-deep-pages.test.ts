import { UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Trx } from '../src/db/database.js'
import { anchoredIdsAt, studentIdsAt } from '../src/modules/people/deep-pages.js'
import { parentKeys } from '../src/modules/people/parent-queries.js'
import { studentKeys } from '../src/modules/people/student-queries.js'
import { teacherKeys } from '../src/modules/people/teacher-queries.js'
import { DEEP_FROM } from '../src/platform/paging.js'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

// Deep pages (docs/performance.md) must list exactly what OFFSET lists: every offset around class borders and anchors,
// students without a class or number, filters, and after the school's members change.
let t: TestApp
let w: World
let s: Staff
let classIds: number[] = []

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  await t.db.tenant(w.tenantId, async (trx) => {
    const g = await trx
      .insertInto('grade')
      .values({ tenant_id: w.tenantId, org_id: w.schoolId, name: '深页年级', entry_year: 2026 })
      .returning('id')
      .executeTakeFirstOrThrow()
    classIds = (
      await trx
        .insertInto('school_class')
        .values(
          [1, 2, 3].map((i) => ({ tenant_id: w.tenantId, org_id: w.schoolId, grade_id: g.id, name: `深页${i}班` })),
        )
        .returning('id')
        .execute()
    ).map((c) => c.id)
    const hash = (await trx.selectFrom('account').select('password_hash').orderBy('id').executeTakeFirstOrThrow())
      .password_hash
    for (const [kind, userType, n] of [
      ['s', UserType.STUDENT, 2600],
      ['t', UserType.STAFF, 1300],
      ['p', UserType.PARENT, 1200],
    ] as const) {
      await sql`INSERT INTO account (tenant_id, user_name, password_hash) SELECT ${w.tenantId}, ${`deep${kind}`} || g, ${hash} FROM generate_series(1, ${n}) g`.execute(
        trx,
      )
      // Students: a quarter without a class, every seventh without a number; staff in five sort groups; a few disabled.
      await sql`INSERT INTO user_info (tenant_id, account_id, org_id, user_type, true_name, job_no, class_id, sort, status)
        SELECT a.tenant_id, a.id, ${w.schoolId}, ${userType}, '深页' || a.n, CASE WHEN a.n % 7 = 0 THEN NULL ELSE lpad((a.n * 37 % 1000)::text, 4, '0') || '-' || a.n END,
          CASE WHEN ${userType} = ${UserType.STUDENT} AND a.n % 4 <> 3 THEN (${sql.val(classIds)}::bigint[])[1 + a.n % 4] END,
          a.n % 5, CASE WHEN a.n % 11 = 0 THEN 1 ELSE 0 END
        FROM (SELECT id, tenant_id, substr(user_name, 6)::int AS n FROM account WHERE user_name LIKE ${`deep${kind}%`}) a`.execute(
        trx,
      )
    }
  })
})
afterAll(() => t.close())

const OFFSETS = [DEEP_FROM, 1234, 1499, 1500, 1501, 1995, 2000, 2595, 2599, 2600, 2650]

async function compareAll(trx: Trx) {
  for (const status of [undefined, 0, 1]) {
    const q = { archived: false, status }
    const sKeys = () => studentKeys(trx, w.schoolId, q)
    const tKeys = () => teacherKeys(trx, w.schoolId, q)
    const pKeys = () => parentKeys(trx, w.schoolId, q)
    for (const offset of OFFSETS) {
      for (const limit of [10, 40]) {
        const label = `status ${status} offset ${offset} limit ${limit}`
        const plainS = (
          await sKeys()
            .select('u.id')
            .orderBy('u.class_id')
            .orderBy('u.job_no')
            .orderBy('u.id')
            .offset(offset)
            .limit(limit)
            .execute()
        ).map((r) => r.id)
        expect(
          await studentIdsAt(
            trx,
            sKeys(),
            { orgId: w.schoolId, userType: UserType.STUDENT, archived: false, status },
            offset,
            limit,
          ),
          `students ${label}`,
        ).toEqual(plainS)
        const plainT = (
          await tKeys().select('u.id').orderBy('u.sort').orderBy('u.id').offset(offset).limit(limit).execute()
        ).map((r) => r.id)
        expect(
          await anchoredIdsAt(
            t.db,
            trx,
            tKeys(),
            `t:${w.schoolId}:${status}`,
            { orgId: w.schoolId, userType: UserType.STAFF, archived: false, status },
            ['u.sort', 'u.id'],
            false,
            offset,
            limit,
          ),
          `teachers ${label}`,
        ).toEqual(plainT)
        const plainP = (await pKeys().select('u.id').orderBy('u.id', 'desc').offset(offset).limit(limit).execute()).map(
          (r) => r.id,
        )
        expect(
          await anchoredIdsAt(
            t.db,
            trx,
            pKeys(),
            `p:${w.schoolId}:${status}`,
            { orgId: w.schoolId, userType: UserType.PARENT, archived: false, status },
            ['u.id'],
            true,
            offset,
            limit,
          ),
          `parents ${label}`,
        ).toEqual(plainP)
      }
    }
  }
  const inClass = { orgId: w.schoolId, userType: UserType.STUDENT, archived: false, classId: classIds[1] }
  const k = () => studentKeys(trx, w.schoolId, { archived: false, classId: classIds[1] })
  for (const offset of [0, 300, 640, 650, 700]) {
    const plain = (
      await k()
        .select('u.id')
        .orderBy('u.class_id')
        .orderBy('u.job_no')
        .orderBy('u.id')
        .offset(offset)
        .limit(25)
        .execute()
    ).map((r) => r.id)
    expect(await studentIdsAt(trx, k(), inClass, offset, 25), `one class offset ${offset}`).toEqual(plain)
  }
}

describe('deep pages of the people lists', () => {
  it('list exactly what OFFSET lists, at every border, with and without filters', async () => {
    await t.db.tenant(w.tenantId, compareAll)
  })

  it('stay exact after members are added, moved, re-sorted, archived and deleted (the anchors are rebuilt)', async () => {
    await t.db.tenant(w.tenantId, async (trx) => {
      await compareAll(trx) // anchors cached for this version
      await trx
        .updateTable('user_info')
        .set({ sort: -1 })
        .where('user_type', '=', UserType.STAFF)
        .where('true_name', 'in', ['深页1290', '深页1295'])
        .execute()
      await trx
        .updateTable('user_info')
        .set({ class_id: null })
        .where('user_type', '=', UserType.STUDENT)
        .where('true_name', '=', '深页5')
        .execute()
      await trx
        .updateTable('user_info')
        .set({ archived: true })
        .where('user_type', '=', UserType.PARENT)
        .where('true_name', 'in', ['深页1100', '深页1150'])
        .execute()
      await trx
        .deleteFrom('user_info')
        .where('user_type', '=', UserType.PARENT)
        .where('true_name', '=', '深页1199')
        .execute()
    })
    await t.db.tenant(w.tenantId, compareAll)
  })

  it('the list call uses them: page 101 of the students is the 1,001st to 1,010th student', async () => {
    const page = await call(t, {
      url: '/base/api/userInfo/studentInfo/page',
      token: s.schoolAdmin,
      body: { orgId: w.schoolId, pageIndex: 101, pageSize: 10 },
    })
    expect(page.code).toBe(0)
    const plain = await t.db.tenant(w.tenantId, async (trx) =>
      (
        await studentKeys(trx, w.schoolId, { archived: false })
          .select('u.id')
          .orderBy('u.class_id')
          .orderBy('u.job_no')
          .orderBy('u.id')
          .offset(1000)
          .limit(10)
          .execute()
      ).map((r) => r.id),
    )
    expect(page.data.list.map((r: { id: number }) => r.id)).toEqual(plain)
    for (const [url, order] of [
      ['teacherInfo', (k: ReturnType<typeof teacherKeys>) => k.orderBy('u.sort').orderBy('u.id')],
      ['parentBindChild', (k: ReturnType<typeof teacherKeys>) => k.orderBy('u.id', 'desc')],
    ] as const) {
      const got = await call(t, {
        url: `/base/api/userInfo/${url}/page`,
        token: s.schoolAdmin,
        body: { orgId: w.schoolId, pageIndex: 120, pageSize: 10 },
      })
      expect(got.code, url).toBe(0)
      const keys = (trx: Trx) =>
        url === 'teacherInfo'
          ? teacherKeys(trx, w.schoolId, { archived: false })
          : parentKeys(trx, w.schoolId, { archived: false })
      const want = await t.db.tenant(w.tenantId, async (trx) =>
        (await order(keys(trx)).select('u.id').offset(1190).limit(10).execute()).map((r) => r.id),
      )
      expect(
        got.data.list.map((r: { id: number }) => r.id),
        url,
      ).toEqual(want)
    }
  })
})

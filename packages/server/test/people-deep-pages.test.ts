import { UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Trx } from '../src/db/database.js'
import { anchorBuilds, anchoredIdsAt, studentIdsAt } from '../src/modules/people/deep-pages.js'
import { parentKeys } from '../src/modules/people/parent-queries.js'
import { studentKeys } from '../src/modules/people/student-queries.js'
import { teacherKeys } from '../src/modules/people/teacher-queries.js'
import { countOf, DEEP_FROM } from '../src/platform/paging.js'
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
        // The total comes with the page (one statement with the start): it must be the list's count.
        expect(
          await studentIdsAt(
            t.db,
            trx,
            sKeys(),
            `students:${status}`,
            { orgId: w.schoolId, userType: UserType.STUDENT, archived: false, status },
            offset,
            limit,
          ),
          `students ${label}`,
        ).toEqual({ ids: plainS, total: await countOf(sKeys()) })
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
        ).toEqual({ ids: plainT, total: await countOf(tKeys()) })
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
        ).toEqual({ ids: plainP, total: await countOf(pKeys()) })
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
    expect(
      await studentIdsAt(t.db, trx, k(), 'students:class', inClass, offset, 25),
      `one class offset ${offset}`,
    ).toEqual({
      ids: plain,
      total: await countOf(k()),
    })
  }
  // A grade's students (the counts of its classes), and offsets past the end of a list (no rows, the same total).
  const gradeId = (
    await trx.selectFrom('school_class').select('grade_id').where('id', '=', classIds[0]!).executeTakeFirstOrThrow()
  ).grade_id
  const inGrade = { orgId: w.schoolId, userType: UserType.STUDENT, archived: false, gradeId }
  const g = () => studentKeys(trx, w.schoolId, { archived: false, gradeId })
  for (const offset of [1000, 1500, 1949, 1950, 1960, 5000]) {
    const plain = (
      await g()
        .select('u.id')
        .orderBy('u.class_id')
        .orderBy('u.job_no')
        .orderBy('u.id')
        .offset(offset)
        .limit(10)
        .execute()
    ).map((r) => r.id)
    expect(
      await studentIdsAt(t.db, trx, g(), 'students:grade', inGrade, offset, 10),
      `one grade offset ${offset}`,
    ).toEqual({
      ids: plain,
      total: await countOf(g()),
    })
  }
  for (const offset of [2600, 9000]) {
    const all = { orgId: w.schoolId, userType: UserType.STUDENT, archived: false }
    const sk = () => studentKeys(trx, w.schoolId, { archived: false })
    const tk = () => teacherKeys(trx, w.schoolId, { archived: false })
    expect(
      await studentIdsAt(t.db, trx, sk(), 'students:all', all, offset, 10),
      `students past the end ${offset}`,
    ).toEqual({
      ids: [],
      total: await countOf(sk()),
    })
    expect(
      await anchoredIdsAt(
        t.db,
        trx,
        tk(),
        `t:${w.schoolId}:undefined`,
        { ...all, userType: UserType.STAFF },
        ['u.sort', 'u.id'],
        false,
        offset,
        10,
      ),
      `teachers past the end ${offset}`,
    ).toEqual({ ids: [], total: await countOf(tk()) })
  }
}

describe('deep pages of the people lists', () => {
  it('list exactly what OFFSET lists, at every border, with and without filters', async () => {
    await t.db.tenant(w.tenantId, compareAll)
  })

  it('stay exact after members are added, moved, re-sorted, archived and deleted (the anchors are rebuilt)', async () => {
    await t.db.tenant(w.tenantId, async (trx) => {
      // The anchors the first test built serve this version: no list builds them again.
      const built = anchorBuilds.count
      await compareAll(trx)
      expect(anchorBuilds.count).toBe(built)
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
    const built = anchorBuilds.count
    await t.db.tenant(w.tenantId, compareAll)
    expect(anchorBuilds.count, 'every changed list rebuilds its anchors').toBeGreaterThan(built)
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
    const students = await t.db.tenant(w.tenantId, (trx) => countOf(studentKeys(trx, w.schoolId, { archived: false })))
    expect(page.data.total).toBe(students)
    for (const [url, order] of [
      ['teacherInfo', (k: ReturnType<typeof teacherKeys>) => k.orderBy('u.sort').orderBy('u.id')],
      ['parentBindChild', (k: ReturnType<typeof teacherKeys>) => k.orderBy('u.id', 'desc')],
    ] as const) {
      const page120 = () =>
        call(t, {
          url: `/base/api/userInfo/${url}/page`,
          token: s.schoolAdmin,
          body: { orgId: w.schoolId, pageIndex: 120, pageSize: 10 },
        })
      const got = await page120()
      expect(got.code, url).toBe(0)
      // The next deep page of the unchanged list reuses the anchors its first built (per process).
      const built = anchorBuilds.count
      expect((await page120()).data, url).toEqual(got.data)
      expect(anchorBuilds.count, url).toBe(built)
      const keys = (trx: Trx) =>
        url === 'teacherInfo'
          ? teacherKeys(trx, w.schoolId, { archived: false })
          : parentKeys(trx, w.schoolId, { archived: false })
      const want = await t.db.tenant(w.tenantId, async (trx) =>
        (await order(keys(trx)).select('u.id').offset(1190).limit(10).execute()).map((r) => r.id),
      )
      expect(got.data.total, url).toBe(await t.db.tenant(w.tenantId, (trx) => countOf(keys(trx))))
      expect(
        got.data.list.map((r: { id: number }) => r.id),
        url,
      ).toEqual(want)
    }
  })

  it('build the anchors of a new version once when its first deep pages arrive together', async () => {
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .updateTable('user_info')
        .set({ sort: 3 })
        .where('user_type', '=', UserType.STAFF)
        .where('true_name', '=', '深页1280')
        .execute(),
    )
    const built = anchorBuilds.count
    const page = (pageIndex: number) =>
      call(t, {
        url: '/base/api/userInfo/teacherInfo/page',
        token: s.schoolAdmin,
        body: { orgId: w.schoolId, pageIndex, pageSize: 10 },
      })
    const got = await Promise.all([120, 121, 125, 128].map(page))
    expect(got.map((r) => r.code)).toEqual([0, 0, 0, 0])
    expect(anchorBuilds.count).toBe(built + 1)
    const want = await t.db.tenant(w.tenantId, async (trx) =>
      (
        await teacherKeys(trx, w.schoolId, { archived: false })
          .select('u.id')
          .orderBy('u.sort')
          .orderBy('u.id')
          .offset(1190)
          .limit(10)
          .execute()
      ).map((r) => r.id),
    )
    expect(got[0]!.data.list.map((r: { id: number }) => r.id)).toEqual(want)
  })
})

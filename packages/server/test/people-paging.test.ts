import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { studentKeys } from '../src/modules/people/student-queries.js'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

// The people lists at scale (docs/performance.md): a page's ids come from an index in order, its total from the
// member counts the triggers keep. These tests prove the answers stay exact; `npm run bench` measures the speed.
let t: TestApp
let w: World
let s: Staff
const S = '/base/api/userInfo/studentInfo'
const T = '/base/api/userInfo/teacherInfo'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
})
afterAll(() => t.close())

async function newClass(name: string): Promise<number> {
  const g = await call(t, {
    url: '/base/api/grade/add',
    token: s.schoolAdmin,
    body: { name: `${name}级`, entryYear: 2026 },
  })
  return (
    await call(t, { url: '/base/api/class/add', token: s.schoolAdmin, body: { gradeId: g.data, name: `${name}班` } })
  ).data
}
/** The list's total as kept (no keyword) and as counted (a keyword every name of the test holds). */
async function totals(url: string, body: Record<string, unknown>) {
  const kept = (await call(t, { url, token: s.schoolAdmin, body: { ...body, pageSize: 1 } })).data.total
  const counted = (await call(t, { url, token: s.schoolAdmin, body: { ...body, keyword: '计数', pageSize: 1 } })).data
    .total
  return { kept, counted }
}

describe('people lists: kept totals and deferred pages', () => {
  it('the kept total follows adds, class changes, archiving, disabling and deletes, per class, grade, status and archive', async () => {
    const a = await newClass('计数一')
    const b = await newClass('计数二')
    const ids: number[] = []
    for (let i = 0; i < 7; i++) {
      const r = await call(t, {
        url: `${S}/add`,
        token: s.schoolAdmin,
        body: { trueName: `计数${i}`, jobNo: `CNT${i}`, classId: i < 4 ? a : b },
      })
      expect(r.code).toBe(0)
      ids.push(r.data)
    }
    expect(await totals(`${S}/page`, { classId: a })).toEqual({ kept: 4, counted: 4 })
    await call(t, { url: `${S}/changeClass`, token: s.schoolAdmin, body: { ids: [ids[0]], classId: b } })
    await call(t, { url: `${S}/archive`, token: s.schoolAdmin, body: { ids: [ids[1]] } })
    await call(t, { url: `${S}/updateStatus`, token: s.schoolAdmin, body: { id: ids[2], status: 1 } })
    expect((await call(t, { url: `${S}/delete`, token: s.schoolAdmin, body: { id: ids[6] } })).code).toBe(0)
    const grade = (await call(t, { url: `${S}/detail?id=${ids[3]}`, token: s.schoolAdmin })).data.gradeId
    for (const f of [
      { classId: a },
      { classId: b },
      { gradeId: grade },
      { status: 1 },
      { status: 0 },
      { archived: true },
      {},
    ]) {
      const got = await totals(`${S}/page`, f)
      expect(got.kept, JSON.stringify(f)).toBe(got.counted)
    }
    expect(await totals(`${S}/page`, { classId: a })).toEqual({ kept: 2, counted: 2 })
    expect(await totals(`${S}/page`, { classId: b })).toEqual({ kept: 3, counted: 3 })
    expect(await totals(`${S}/page`, { archived: true })).toEqual({ kept: 1, counted: 1 })
  })

  it('the kept counts equal a fresh count of every school, kind, class and status', async () => {
    const counted = await t.db.platform((trx) =>
      sql<{
        k: string
        n: number
      }>`SELECT concat_ws('/', tenant_id, org_id, user_type, archived, coalesce(class_id, 0), status) AS k, count(*)::int AS n
      FROM user_info GROUP BY 1 ORDER BY 1`.execute(trx),
    )
    const kept = await t.db.platform((trx) =>
      sql<{
        k: string
        n: number
      }>`SELECT concat_ws('/', tenant_id, org_id, user_type, archived, class_id, status) AS k, n::int AS n
      FROM member_count WHERE n <> 0 ORDER BY 1`.execute(trx),
    )
    expect(kept.rows).toEqual(counted.rows)
  })

  it('pages come in the list order with every row once, the last page short, beyond it empty', async () => {
    const c = await newClass('计数三')
    for (let i = 0; i < 11; i++)
      await call(t, {
        url: `${S}/add`,
        token: s.schoolAdmin,
        body: { trueName: `计数页${i}`, jobNo: `PG${String(i).padStart(2, '0')}`, classId: c },
      })
    const seen: string[] = []
    for (let p = 1; p <= 3; p++) {
      const page = await call(t, {
        url: `${S}/page`,
        token: s.schoolAdmin,
        body: { classId: c, pageIndex: p, pageSize: 5 },
      })
      expect(page.data.total).toBe(11)
      seen.push(
        ...page.data.list.map((r: { jobNo: string; className: string; userName: string }) => {
          expect(r.className).toBe('计数三班')
          expect(r.userName).toBeTruthy()
          return r.jobNo
        }),
      )
    }
    expect(seen).toEqual(Array.from({ length: 11 }, (_, i) => `PG${String(i).padStart(2, '0')}`))
    expect(
      (await call(t, { url: `${S}/page`, token: s.schoolAdmin, body: { classId: c, pageIndex: 4, pageSize: 5 } })).data
        .list,
    ).toEqual([])
    const teachers = await call(t, { url: `${T}/page`, token: s.schoolAdmin, body: { pageSize: 2 } })
    expect(teachers.data.list.length).toBeGreaterThan(0)
    expect(teachers.data.list[0]).toEqual(
      expect.objectContaining({ orgName: expect.any(String), userName: expect.any(String) }),
    )
    expect(teachers.data.total).toBe(
      (await call(t, { url: `${T}/page`, token: s.schoolAdmin, body: { pageSize: 500 } })).data.list.length,
    )
  })

  it('under row-level security the student page reads its ids from the list index alone, not a sort of the school', async () => {
    const plan = await t.db.tenant(w.tenantId, async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx)
      return studentKeys(trx, w.schoolId, { archived: false })
        .select('u.id')
        .orderBy('u.class_id')
        .orderBy('u.job_no')
        .orderBy('u.id')
        .limit(10)
        .offset(100)
        .explain()
    })
    const text = plan.map((r) => Object.values(r).join(' ')).join('\n')
    expect(text).toMatch(/Index Only Scan using user_info_students/)
    expect(text).not.toMatch(/Sort/)
  })
})

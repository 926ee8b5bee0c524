import { UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Trx } from '../src/db/database.js'
import { maskSearchRow } from '../src/modules/people/masks.js'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

// The bureau's people search reads pages from the kept counts and one school's index range, and keywords from the
// trigram indexes (docs/performance.md). Its answers must be exactly those of the plain query it replaced: a join
// of the district's members ordered by (org, id) with OFFSET, and a count of it.
let t: TestApp
let w: World
let s: Staff
let classId = 0
const URL = '/base/api/userInfo/searchPerson/page'

async function addMembers(trx: Trx, orgId: number, prefix: string, n: number, userType: number, withClass: boolean) {
  const hash = (await trx.selectFrom('account').select('password_hash').orderBy('id').executeTakeFirstOrThrow())
    .password_hash
  await sql`INSERT INTO account (tenant_id, user_name, password_hash)
    SELECT ${w.tenantId}, ${prefix} || g, ${hash} FROM generate_series(1, ${n}) g`.execute(trx)
  // Chinese names, phones and numbers with shared substrings; some archived or disabled; ids interleave across orgs.
  await sql`INSERT INTO user_info (tenant_id, account_id, org_id, user_type, true_name, phone, job_no, class_id, archived, status)
    SELECT a.tenant_id, a.id, ${orgId}, ${userType}, '查询' || ${prefix} || '王' || a.n,
      CASE WHEN a.n % 3 = 0 THEN NULL ELSE '1390000' || lpad(a.n::text, 4, '0') END,
      CASE WHEN a.n % 5 = 0 THEN NULL ELSE upper(${prefix}) || 'NO' || a.n END,
      CASE WHEN ${withClass} AND a.n % 2 = 0 THEN ${classId}::bigint END,
      a.n % 13 = 0, CASE WHEN a.n % 11 = 0 THEN 1 ELSE 0 END
    FROM (SELECT id, tenant_id, substr(user_name, ${prefix.length + 1})::int AS n FROM account
          WHERE user_name LIKE ${prefix + '%'} AND tenant_id = ${w.tenantId}) a`.execute(trx)
}

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  await t.db.tenant(w.tenantId, async (trx) => {
    const g = await trx
      .insertInto('grade')
      .values({ tenant_id: w.tenantId, org_id: w.schoolId, name: '查询年级', entry_year: 2026 })
      .returning('id')
      .executeTakeFirstOrThrow()
    classId = (
      await trx
        .insertInto('school_class')
        .values({ tenant_id: w.tenantId, org_id: w.schoolId, grade_id: g.id, name: '查询1班' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id
    // The second school first, so its ids come before the first school's: the order is by org, not by id.
    await addMembers(trx, w.school2Id, 'qb', 60, UserType.STUDENT, false)
    await addMembers(trx, w.schoolId, 'qa', 90, UserType.STUDENT, true)
    await addMembers(trx, w.schoolId, 'qt', 25, UserType.STAFF, false)
    await addMembers(trx, w.school2Id, 'qp', 40, UserType.PARENT, false)
    await addMembers(trx, w.bureauId, 'qj', 12, UserType.STAFF, false)
  })
})
afterAll(() => t.close())

interface Q {
  keyword?: string
  userType?: number
  orgId?: number
  pageIndex: number
  pageSize: number
}

/** The query the search ran before (search-queries.ts at 0a55efa): the reference for every answer. */
async function plain(rootOrgId: number, q: Q) {
  return t.db.tenant(w.tenantId, async (trx) => {
    const scope = (
      await sql<{ id: number }>`WITH RECURSIVE tree AS (SELECT id FROM org_unit WHERE id = ${q.orgId ?? rootOrgId}
        UNION ALL SELECT o.id FROM org_unit o JOIN tree t ON o.parent_id = t.id) SELECT id FROM tree`.execute(trx)
    ).rows.map((r) => Number(r.id))
    let rows = trx
      .selectFrom('user_info as u')
      .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
      .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
      .leftJoin('school_class as c', (j) => j.onRef('c.tenant_id', '=', 'u.tenant_id').onRef('c.id', '=', 'u.class_id'))
      .leftJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
      .where('u.org_id', 'in', scope)
    if (q.userType != null) rows = rows.where('u.user_type', '=', q.userType)
    if (q.keyword) {
      const k = `%${q.keyword}%`
      rows = rows.where((eb) =>
        eb.or([
          eb('u.true_name', 'ilike', k),
          eb('u.phone', 'ilike', k),
          eb('u.job_no', 'ilike', k),
          eb('a.user_name', 'ilike', k),
        ]),
      )
    }
    const list = await rows
      .select([
        'u.id',
        'u.true_name as trueName',
        'a.user_name as userName',
        'u.phone',
        'u.user_type as userType',
        'u.org_id as orgId',
        'o.name as orgName',
        'u.job_no as jobNo',
        sql<string | null>`g.name || c.name`.as('className'),
        'u.status',
        'u.archived',
      ])
      .orderBy('u.org_id')
      .orderBy('u.id')
      .offset((q.pageIndex - 1) * q.pageSize)
      .limit(q.pageSize)
      .execute()
    const total = await rows.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
    return { list: list.map(maskSearchRow), total: Number(total.n) }
  })
}

async function compare(token: string, rootOrgId: number, q: Q) {
  const r = await call(t, { url: URL, token, body: q })
  const label = JSON.stringify(q)
  expect(r.code, label).toBe(0)
  const want = await plain(rootOrgId, q)
  expect(r.data.total, label).toBe(want.total)
  expect(r.data.list, label).toEqual(want.list)
  return want
}

describe('people search: the fast paths answer exactly what the plain query answers', () => {
  it('every page without a keyword, per kind and school filter, across school borders', async () => {
    for (const userType of [undefined, UserType.STUDENT, UserType.PARENT]) {
      for (const orgId of [undefined, w.school2Id, w.bureauId]) {
        for (const pageSize of [9, 40]) {
          let seen = 0
          let total: number
          for (let pageIndex = 1; ; pageIndex++) {
            const want = await compare(s.bureauAdmin, w.bureauId, { userType, orgId, pageIndex, pageSize })
            seen += want.list.length
            total = want.total
            if (want.list.length < pageSize) break
          }
          expect(seen, `the pages list every member once (${userType}, ${orgId}, ${pageSize})`).toBe(total)
        }
      }
    }
  }, 240_000)

  it('keywords: Chinese names, digits of phones and numbers, login names, short and wildcard keywords', async () => {
    const keywords = ['qa王', '王1', '查询qb王4', '13900000', '00004', 'NO1', 'qp3', 'QT', '王', '无此人', '1_', '%']
    for (const keyword of keywords) {
      for (const userType of [undefined, UserType.STUDENT]) {
        for (const pageIndex of [1, 2, 5]) {
          await compare(s.bureauAdmin, w.bureauId, { keyword, userType, pageIndex, pageSize: 10 })
        }
      }
      await compare(s.bureauAdmin, w.bureauId, { keyword, orgId: w.school2Id, pageIndex: 1, pageSize: 10 })
    }
    // A name found through the trigram arm and the login arm at once is listed once.
    const both = await compare(s.bureauAdmin, w.bureauId, { keyword: 'qa1', pageIndex: 1, pageSize: 100 })
    expect(new Set(both.list.map((r) => r.id)).size).toBe(both.list.length)
    expect(both.total).toBeGreaterThan(0)
  }, 240_000)

  it('a school admin searches only their school; another school is refused like a missing org', async () => {
    for (const pageIndex of [1, 3, 20]) {
      await compare(s.schoolAdmin, w.schoolId, { pageIndex, pageSize: 10 })
    }
    await compare(s.schoolAdmin, w.schoolId, { keyword: '王2', pageIndex: 1, pageSize: 10 })
    const r = await call(t, {
      url: URL,
      token: s.schoolAdmin,
      body: { orgId: w.school2Id, pageIndex: 1, pageSize: 10 },
    })
    expect(r.code).toBe(404)
    expect(r.msg).toBe('机构不存在')
  })

  it('phones leave the server masked', async () => {
    const r = await call(t, { url: URL, token: s.bureauAdmin, body: { keyword: '1390000', pageIndex: 1, pageSize: 5 } })
    expect(r.data.list.length).toBe(5)
    for (const row of r.data.list as { phone: string }[]) expect(row.phone).toContain('*')
  })

  it('after members are added, moved, archived and deleted the pages still match', async () => {
    await t.db.tenant(w.tenantId, async (trx) => {
      await addMembers(trx, w.schoolId, 'qn', 15, UserType.STUDENT, false)
      // Moved to the other school: job numbers are unique per school, so the movers' get a new one.
      await sql`UPDATE user_info SET org_id = ${w.school2Id}, job_no = 'MV' || id WHERE tenant_id = ${w.tenantId} AND true_name LIKE '查询qa王1%'`.execute(
        trx,
      )
      await sql`UPDATE user_info SET archived = NOT archived WHERE tenant_id = ${w.tenantId} AND true_name LIKE '查询qt王%'`.execute(
        trx,
      )
      await sql`DELETE FROM user_info WHERE tenant_id = ${w.tenantId} AND true_name LIKE '查询qb王2%'`.execute(trx)
    })
    for (const userType of [undefined, UserType.STUDENT]) {
      for (const pageIndex of [1, 4, 9, 12, 13, 30]) {
        await compare(s.bureauAdmin, w.bureauId, { userType, pageIndex, pageSize: 10 })
      }
    }
  }, 120_000)
})

describe('the trigram indexes serve a keyword', () => {
  it('user_info and account answer ILIKE through their GIN trigram indexes', async () => {
    // The platform scope (no tenant condition), so that only a trigram index can narrow the rows; the test tables are
    // small enough for a sequential scan, so forbid it to see whether the index can serve.
    const plan = await t.db.platform(async (trx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(trx)
      const a = await sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM user_info
        WHERE true_name ILIKE '%查询qa王%' OR phone ILIKE '%查询qa王%' OR job_no ILIKE '%查询qa王%'`.execute(trx)
      const b = await sql<{
        'QUERY PLAN': string
      }>`EXPLAIN SELECT id FROM account WHERE user_name ILIKE '%qa12%'`.execute(trx)
      return [...a.rows, ...b.rows].map((r) => r['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('user_info_search_trgm')
    expect(plan).toContain('account_user_name_trgm')
  })
})

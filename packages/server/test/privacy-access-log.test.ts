import { ErrorCode, PERSONAL_FIELDS, PrivacyMsg, UserType, maskIdCard } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pruneExpiredAccessLog } from '../src/modules/privacy/access-log.js'
import { PI_REVEALS_PER_HOUR } from '../src/modules/privacy/reveal-service.js'
import {
  call,
  createTestApp,
  loginToken,
  makePerson,
  makeWorld,
  staffOf,
  type Staff,
  type TestApp,
  type World,
} from './helpers.js'

/**
 * The personal-data access log (issue 26 point 3, docs/privacy.md "Access log and reveal"): detail views, reveals and
 * exports are appended; the database refuses edits; admins search within their org; a parent sees who looked at
 * their own child and no other.
 */
let t: TestApp
let w: World
let s: Staff
let foreignAdmin: string
let child: number
let otherChild: number
let school2Student: number
let parent: string
let mumId: number
let dadId: number
const U = '/base/api/userInfo'
const ID_CARD = '11010519491231002X'
let seq = 0
const phone = () => `136${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`

async function student(token: string, name: string, idCard?: string): Promise<number> {
  const g = (await call(t, { url: '/base/api/grade/add', token, body: { name: `${name}级`, entryYear: 2020 } })).data
  const c = (await call(t, { url: '/base/api/class/add', token, body: { gradeId: g, name: '1班' } })).data
  const r = await call(t, {
    url: `${U}/studentInfo/add`,
    token,
    body: { trueName: name, jobNo: `P${process.pid}${++seq}`, classId: c, phone: phone(), ...(idCard && { idCard }) },
  })
  expect(r.code).toBe(0)
  return r.data as number
}

const logPage = (token: string, body: Record<string, unknown> = {}) =>
  call(t, { url: '/base/api/privacy/accessLog/queryPage', token, body: { pageIndex: 1, pageSize: 100, ...body } })
const reveal = (token: string, body: Record<string, unknown>) =>
  call(t, { url: '/base/api/privacy/reveal', token, body })
const childAccess = (token: string, childId: number) =>
  call(t, { url: `/base/api/privacy/myChildAccess?childId=${childId}`, token })

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  const other = await makeWorld(t)
  foreignAdmin = (await staffOf(t, other)).bureauAdmin
  child = await student(s.schoolAdmin, '王小明', ID_CARD)
  otherChild = await student(s.schoolAdmin, '李小红')
  school2Student = await student(s.school2Admin, '赵小刚')
  const mum = await makePerson(t, w.tenantId, {
    trueName: '王妈妈',
    memberships: [{ orgId: w.schoolId, userType: UserType.PARENT, roleIds: [] }],
  })
  const bound = await call(t, {
    url: `${U}/parentBindChild/bind`,
    token: s.schoolAdmin,
    body: { parentId: mum.userInfoIds[0], childId: child, relation: '母亲' },
  })
  expect(bound.code).toBe(0)
  parent = await loginToken(t, mum.userName)
  mumId = mum.userInfoIds[0]!
  // A second guardian without a phone: her reveal line names the link only.
  const dad = await makePerson(t, w.tenantId, {
    trueName: '王爸爸',
    memberships: [{ orgId: w.schoolId, userType: UserType.PARENT, roleIds: [] }],
  })
  dadId = dad.userInfoIds[0]!
  await t.db.tenant(w.tenantId, async (trx) => {
    await trx.updateTable('user_info').set({ phone: '13711112222' }).where('id', '=', mumId).execute()
    await trx.updateTable('user_info').set({ phone: null }).where('id', '=', dadId).execute()
    await trx.insertInto('parent_child').values({ parent_id: dadId, child_id: child, relation: '父亲' }).execute()
  })
})
afterAll(() => t.close())

describe('the access log', () => {
  it('logs a view of a student detail with who, whose, which fields and the address', async () => {
    const before = (await logPage(s.schoolAdmin, { subjectName: '王小明', action: 'view' })).data.total
    const d = await call(t, { url: `${U}/studentInfo/detail?id=${child}`, token: s.schoolAdmin, ip: '10.1.2.3' })
    expect(d.code).toBe(0)
    // The detail answers the number masked (issue 26 point 2): the reveal is the way to the full value.
    expect(d.data.idCard).toBe(maskIdCard(ID_CARD))
    const page = await logPage(s.schoolAdmin, { subjectName: '王小明', action: 'view' })
    expect(page.data.total).toBe(before + 1)
    expect(page.data.list[0]).toMatchObject({
      action: 'view',
      subjectUserInfoId: child,
      subjectName: '王小明',
      subjectOrgName: '测试一小',
      actorOrgName: '测试一小',
      actorRoles: ['管理员'],
      fields: ['idCard', 'phone', 'guardians'],
      clientIp: '10.1.2.3',
    })
  })

  it('a detail view refused for scope (another school) logs nothing', async () => {
    const before = (await logPage(s.bureauAdmin, { subjectName: '赵小刚' })).data.total
    const d = await call(t, { url: `${U}/studentInfo/detail?id=${school2Student}`, token: s.schoolAdmin })
    expect(d.code).toBe(ErrorCode.NOT_FOUND)
    expect((await logPage(s.bureauAdmin, { subjectName: '赵小刚' })).data.total).toBe(before)
  })

  it('the database refuses UPDATE, DELETE and TRUNCATE of log rows, and the retention prune removes only old rows', async () => {
    await call(t, { url: `${U}/studentInfo/detail?id=${child}`, token: s.schoolAdmin })
    const count = () =>
      t.db.tenant(w.tenantId, async (trx) =>
        Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pi_access_log`.execute(trx)).rows[0]!.n),
      )
    const n = await count()
    expect(n).toBeGreaterThan(0)
    // The app's roles hold no grant to change the log (migration 202612010200): refused before any trigger runs.
    for (const run of [
      (q: ReturnType<typeof sql>) => t.db.tenant(w.tenantId, (trx) => q.execute(trx)),
      (q: ReturnType<typeof sql>) => t.db.platform((trx) => q.execute(trx)),
    ]) {
      await expect(run(sql`UPDATE pi_access_log SET purpose = 'edited'`)).rejects.toThrow(/permission denied/)
      await expect(run(sql`DELETE FROM pi_access_log`)).rejects.toThrow(/permission denied/)
      await expect(run(sql`TRUNCATE pi_access_log`)).rejects.toThrow(/permission denied/)
    }
    // The trigger is the second wall: it refuses the table's owner as well.
    await expect(sql`UPDATE pi_access_log SET purpose = 'edited'`.execute(t.db.kysely)).rejects.toThrow(/append-only/)
    await expect(sql`DELETE FROM pi_access_log`.execute(t.db.kysely)).rejects.toThrow(/append-only/)
    await expect(sql`TRUNCATE pi_access_log`.execute(t.db.kysely)).rejects.toThrow(/append-only/)
    expect(await count()).toBe(n)
    // A row past retention (400 days) may go, by the prune; the recent rows stay.
    await t.db.tenant(w.tenantId, (trx) =>
      sql`INSERT INTO pi_access_log (actor_account_id, actor_name, action, at, subject_name)
          VALUES (1, '旧记录', 'view', now() - interval '401 days', '王小明')`.execute(trx),
    )
    expect(await count()).toBe(n + 1)
    expect(await pruneExpiredAccessLog(t.ctx)).toBeGreaterThanOrEqual(1)
    expect(await count()).toBe(n)
  })

  it('grants the app roles SELECT and INSERT only on the append-only tables; the prune function to the platform only', async () => {
    const tables = ['pi_access_log', 'consent_record', 'privacy_notice_acceptance']
    const privileges = ['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']
    const r = await sql<{ role: string; tbl: string; priv: string; has: boolean }>`
      SELECT r.role, t.tbl, p.priv, has_table_privilege(r.role, t.tbl, p.priv) AS has
      FROM unnest(${['zx_app', 'zx_platform']}::text[]) AS r(role), unnest(${tables}::text[]) AS t(tbl),
        unnest(${privileges}::text[]) AS p(priv)`.execute(t.db.kysely)
    expect(r.rows).toHaveLength(2 * tables.length * privileges.length)
    for (const row of r.rows)
      expect(row.has, `${row.role} ${row.priv} on ${row.tbl}`).toBe(row.priv === 'SELECT' || row.priv === 'INSERT')
    const exec = await sql<{ app: boolean; platform: boolean }>`
      SELECT has_function_privilege('zx_app', 'pi_access_log_prune(int)', 'EXECUTE') AS app,
        has_function_privilege('zx_platform', 'pi_access_log_prune(int)', 'EXECUTE') AS platform`.execute(t.db.kysely)
    expect(exec.rows[0]).toEqual({ app: false, platform: true })
    // Asked for a shorter period, the prune still keeps 400 days: a recent row stays.
    const n = await t.db.tenant(w.tenantId, async (trx) =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pi_access_log`.execute(trx)).rows[0]!.n),
    )
    expect(n).toBeGreaterThan(0)
    const pruned = await t.db.platform((trx) => sql<{ n: string }>`SELECT pi_access_log_prune(0) AS n`.execute(trx))
    expect(Number(pruned.rows[0]!.n)).toBe(0)
    await expect(t.db.tenant(w.tenantId, (trx) => sql`SELECT pi_access_log_prune(0)`.execute(trx))).rejects.toThrow(
      /permission denied/,
    )
  })
})

describe('reveal', () => {
  it('needs the reveal code (403), a reason of 4–200 characters (400), reach over the person (404)', async () => {
    const noCode = await reveal(s.teacher, { userInfoId: child, field: 'idCard', reason: '核对学籍信息' })
    expect([noCode.status, noCode.code]).toEqual([403, ErrorCode.FORBIDDEN])
    for (const reason of [undefined, '', '太短', 'x'.repeat(201), '核对\u0000学籍']) {
      const r = await reveal(s.schoolAdmin, { userInfoId: child, field: 'idCard', reason })
      expect([r.status, r.code], String(reason)).toEqual([400, ErrorCode.BAD_REQUEST])
    }
    const badField = await reveal(s.schoolAdmin, { userInfoId: child, field: 'salary', reason: '核对学籍信息' })
    expect(badField.code).toBe(ErrorCode.BAD_REQUEST)
    const elsewhere = await reveal(s.school2Admin, { userInfoId: child, field: 'idCard', reason: '核对学籍信息' })
    expect(elsewhere.code).toBe(ErrorCode.NOT_FOUND)
    expect(elsewhere.data).toBeNull()
  })

  it('with both returns the full value and logs the reveal with its reason', async () => {
    const r = await reveal(s.schoolAdmin, { userInfoId: child, field: 'idCard', reason: '核对学籍信息' })
    expect(r).toMatchObject({ code: 0, data: { field: 'idCard', value: ID_CARD } })
    const guardians = await reveal(s.schoolAdmin, { userInfoId: child, field: 'guardians', reason: '联系家长接孩子' })
    expect(guardians.data.value).toContain('母亲 王妈妈 13711112222')
    expect(guardians.data.value).toContain('父亲 王爸爸')
    const page = await logPage(s.schoolAdmin, { action: 'reveal', subjectName: '王小明' })
    expect(page.data.list.slice(0, 2)).toMatchObject([
      { action: 'reveal', fields: ['guardians'], purpose: '联系家长接孩子', subjectUserInfoId: child },
      { action: 'reveal', fields: ['idCard'], purpose: '核对学籍信息', subjectUserInfoId: child },
    ])
  })

  it("revealing a child's guardians logs a line for each guardian shown, naming the phone where one was", async () => {
    const r = await reveal(s.schoolAdmin, { userInfoId: child, field: 'guardians', reason: '核对家长电话' })
    expect(r.code, r.msg).toBe(0)
    const lines = (await logPage(s.schoolAdmin, { action: 'reveal' })).data.list.filter(
      (l: { purpose: string }) => l.purpose === '核对家长电话',
    )
    expect(lines).toHaveLength(3)
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ subjectUserInfoId: child, fields: ['guardians'] }),
        expect.objectContaining({
          subjectUserInfoId: mumId,
          subjectName: '王妈妈',
          subjectOrgName: '测试一小',
          fields: ['guardians', 'phone'],
        }),
        expect.objectContaining({ subjectUserInfoId: dadId, subjectName: '王爸爸', fields: ['guardians'] }),
      ]),
    )
  })

  it("checks the asked field's own reveal code from its policy entry", async () => {
    const health = PERSONAL_FIELDS.health as { reveal: string }
    const code = health.reveal
    // A stricter code for health notes, which the school admin (every catalogue code) does not hold.
    health.reveal = 'zx_test_school_doctor'
    try {
      const refused = await reveal(s.schoolAdmin, { userInfoId: child, field: 'health', reason: '核对健康信息' })
      expect([refused.status, refused.code]).toEqual([403, ErrorCode.FORBIDDEN])
      const other = await reveal(s.schoolAdmin, { userInfoId: child, field: 'idCard', reason: '核对学籍信息' })
      expect(other.code).toBe(0)
    } finally {
      health.reveal = code
    }
    expect((await reveal(s.schoolAdmin, { userInfoId: child, field: 'health', reason: '核对健康信息' })).code).toBe(0)
  })

  it(`is limited to ${PI_REVEALS_PER_HOUR} per member and hour, counted by one statement under concurrency`, async () => {
    // A fresh member: the other tests' reveals do not count against it.
    const admin = await loginToken(
      t,
      (
        await makePerson(t, w.tenantId, {
          memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.admin] }],
        })
      ).userName,
    )
    t.clock.advance(3600_000 - (t.clock.now().getTime() % 3600_000) + 60_000)
    const tries = await Promise.all(
      Array.from({ length: PI_REVEALS_PER_HOUR + 5 }, () =>
        reveal(admin, { userInfoId: child, field: 'phone', reason: '电话回访核对' }),
      ),
    )
    expect(tries.filter((r) => r.code === 0)).toHaveLength(PI_REVEALS_PER_HOUR)
    const refused = tries.filter((r) => r.code !== 0)
    expect(refused).toHaveLength(5)
    expect(refused[0]).toMatchObject({ status: 429, code: ErrorCode.TOO_MANY_REQUESTS, msg: PrivacyMsg.REVEAL_LIMIT })
    // Only the reveals that answered were logged.
    const logged = await logPage(s.schoolAdmin, { action: 'reveal', pageSize: 100 })
    expect(logged.data.list.filter((r: { purpose: string }) => r.purpose === '电话回访核对')).toHaveLength(
      PI_REVEALS_PER_HOUR,
    )
    t.clock.advance(3600_000)
    expect((await reveal(admin, { userInfoId: child, field: 'phone', reason: '电话回访核对' })).code).toBe(0)
  })
})

describe('admin search', () => {
  it('needs the log code; a school admin sees her school only, the bureau all, another tenant none', async () => {
    await call(t, { url: `${U}/studentInfo/detail?id=${school2Student}`, token: s.school2Admin })
    expect((await logPage(s.teacher)).code).toBe(ErrorCode.FORBIDDEN)
    const names = async (token: string) =>
      new Set(((await logPage(token)).data.list as { subjectName: string }[]).map((r) => r.subjectName))
    const school1 = await names(s.schoolAdmin)
    expect(school1.has('王小明')).toBe(true)
    expect(school1.has('赵小刚')).toBe(false)
    const school2 = await names(s.school2Admin)
    expect(school2.has('赵小刚')).toBe(true)
    expect(school2.has('王小明')).toBe(false)
    const bureau = await names(s.bureauAdmin)
    expect(bureau.has('王小明') && bureau.has('赵小刚')).toBe(true)
    expect((await logPage(foreignAdmin)).data.total).toBe(0)
  })

  it('filters by actor, action and date', async () => {
    const views = await logPage(s.bureauAdmin, { action: 'view' })
    expect(views.data.list.every((r: { action: string }) => r.action === 'view')).toBe(true)
    expect((await logPage(s.bureauAdmin, { actorName: '没有这个人' })).data.total).toBe(0)
    expect((await logPage(s.bureauAdmin, { to: '2020-01-01' })).data.total).toBe(0)
    expect((await logPage(s.bureauAdmin, { from: 'yesterday' })).code).toBe(ErrorCode.BAD_REQUEST)
  })
})

describe("the parent's view", () => {
  it('shows the views and exports of her child, with who, role and org, and not the address', async () => {
    await call(t, { url: `${U}/studentInfo/detail?id=${child}`, token: s.bureauAdmin })
    const exported = await t.app.inject({
      method: 'POST',
      url: `${U}/studentInfo/export`,
      payload: {},
      headers: { authorization: `Bearer ${s.schoolAdmin}` },
    })
    expect(exported.statusCode).toBe(200)
    const kids = await call(t, { url: '/base/api/privacy/myChildren', token: parent })
    expect(kids.data).toEqual([expect.objectContaining({ id: child, trueName: '王小明' })])
    const seen = await childAccess(parent, child)
    expect(seen.code).toBe(0)
    expect(seen.data.childName).toBe('王小明')
    expect(seen.data.list[0]).toMatchObject({ action: 'export', actorOrgName: '测试一小', fields: ['idCard', 'phone'] })
    expect(seen.data.list).toContainEqual(
      expect.objectContaining({ action: 'view', actorOrgName: '测试区教育局', actorRoles: ['管理员'] }),
    )
    expect(seen.data.list).toContainEqual(expect.objectContaining({ action: 'reveal', fields: ['idCard'] }))
    expect(JSON.stringify(seen.data)).not.toMatch(/clientIp|10\.1\.2\.3|purpose/)
    // The export's bulk row carries its filter for the admins.
    const bulk = (await logPage(s.schoolAdmin, { action: 'export' })).data.list.find(
      (r: { subjectUserInfoId: number | null }) => r.subjectUserInfoId === null,
    )
    expect(bulk).toMatchObject({ subjectOrgName: '测试一小', purpose: expect.stringContaining('学生管理导出') })
  })

  it("answers 404 for a child that is not hers, another school's and another tenant's", async () => {
    for (const id of [otherChild, school2Student, 999_999]) {
      const r = await childAccess(parent, id)
      expect([r.status, r.code, r.msg]).toEqual([404, ErrorCode.NOT_FOUND, PrivacyMsg.CHILD_NOT_FOUND])
    }
    // A staff member has no children at all.
    expect((await childAccess(s.schoolAdmin, child)).code).toBe(ErrorCode.NOT_FOUND)
  })
})

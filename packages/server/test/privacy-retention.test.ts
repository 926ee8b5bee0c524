import {
  addWorkingDays,
  ErrorCode,
  maskDesired,
  Msg,
  PI_REQUEST_WORKING_DAYS,
  RetentionMsg,
  UserType,
  workingDaysLeft,
} from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scrubAllTenants } from '../src/modules/privacy/retention-service.js'
import { call, createTestApp, loginToken, makePerson, makeWorld, type TestApp, type World } from './helpers.js'

/**
 * Retention and requests (issue 26 point 6, docs/privacy.md "Retention and requests"): the scrub clears exactly the
 * due domains of a leaver and keeps the 学籍 core, skips a held person, is idempotent and stays in its tenant; a
 * guardian's request is the bound guardian's only, handled only by the child's school, with a deadline.
 */
let t: TestApp
let w: World
let other: World
const DAY = 86_400_000
const U = '/base/api/userInfo'
const R = '/base/api/privacy/retention'
const Q = '/base/api/privacy/request'
let seq = 0
const uniq = () => `${process.pid % 100000}${++seq}`
const phone = () => `137${String(process.pid % 10000).padStart(4, '0')}${String(++seq).padStart(4, '0')}`
const ID_CARD = '11010519491231002X'
const ID_CARD_2 = '110105201506010016'

/** People by login name: the clock moves by days here, so sessions are taken afresh after each move. */
const names: Record<string, string> = {}
const as = (who: string) => loginToken(t, names[who]!)

async function staff(world: World, key: string, orgId: number) {
  names[key] = (
    await makePerson(t, world.tenantId, {
      memberships: [{ orgId, userType: UserType.STAFF, roleIds: [world.roles.admin] }],
    })
  ).userName
}

async function classOf(token: string): Promise<number> {
  const g = (await call(t, { url: '/base/api/grade/add', token, body: { name: `${uniq()}级`, entryYear: 2020 } })).data
  return (await call(t, { url: '/base/api/class/add', token, body: { gradeId: g, name: '1班' } })).data as number
}

async function student(token: string, classId: number, name: string, idCard?: string) {
  const jobNo = `R${uniq()}`
  const r = await call(t, {
    url: `${U}/studentInfo/add`,
    token,
    body: { trueName: name, jobNo, classId, phone: phone(), ...(idCard && { idCard }) },
  })
  expect(r.code).toBe(0)
  return { id: r.data as number, jobNo }
}

async function parentOf(world: World, orgId: number, childId: number, token: string, key: string) {
  const p = await makePerson(t, world.tenantId, {
    trueName: `${key}家长`,
    phone: phone(),
    memberships: [{ orgId, userType: UserType.PARENT, roleIds: [] }],
  })
  names[key] = p.userName
  const bound = await call(t, {
    url: `${U}/parentBindChild/bind`,
    token,
    body: { parentId: p.userInfoIds[0], childId, relation: '母亲' },
  })
  expect(bound.code).toBe(0)
  return p.userInfoIds[0]!
}

async function dict(token: string, name: string) {
  return (await call(t, { url: '/base/api/dict/add', token, body: { dictType: 'studentChangeType', name } }))
    .data as number
}

async function graduate(token: string, typeId: number, id: number) {
  const r = await call(t, {
    url: `${U}/change/add`,
    token,
    body: { userInfoId: id, changeTypeId: typeId, effect: 'leave', changedOn: '2026-11-01', remark: '毕业' },
  })
  expect(r.code).toBe(0)
}

/** What the database holds of a membership: its own fields, its account's and person's, its bindings. */
async function stored(world: World, id: number) {
  return t.db.tenant(world.tenantId, async (trx) => {
    const r = await sql<{
      true_name: string
      job_no: string | null
      phone: string | null
      avatar_url: string | null
      account_phone: string | null
      id_card: string | null
      email: string | null
      bindings: number
      changes: number
    }>`SELECT u.true_name, u.job_no, u.phone, u.avatar_url, a.phone AS account_phone, p.id_card, p.email,
        (SELECT count(*)::int FROM parent_child pc WHERE pc.child_id = u.id OR pc.parent_id = u.id) AS bindings,
        (SELECT count(*)::int FROM change_record c WHERE c.user_info_id = u.id) AS changes
      FROM user_info u JOIN account a ON a.id = u.account_id
      LEFT JOIN person p ON p.account_id = u.account_id WHERE u.id = ${id}`.execute(trx)
    return r.rows[0]!
  })
}

const setAvatar = (world: World, id: number) =>
  t.db.tenant(world.tenantId, (trx) =>
    sql`UPDATE user_info SET avatar_url = '/files/a.png' WHERE id = ${id}`.execute(trx),
  )
const setEmail = (world: World, id: number) =>
  t.db.tenant(world.tenantId, (trx) =>
    sql`UPDATE person SET email = 'kid@example.com' WHERE account_id = (SELECT account_id FROM user_info WHERE id = ${id})`.execute(
      trx,
    ),
  )
const opLines = (world: World, module: string) =>
  t.db.tenant(world.tenantId, async (trx) =>
    (
      await sql<{
        action: string
        target: string | null
        detail: Record<string, unknown> | null
      }>`SELECT action, target, detail FROM operation_log WHERE module = ${module} ORDER BY id`.execute(trx)
    ).rows.map((r) => ({ ...r, detail: typeof r.detail === 'string' ? JSON.parse(r.detail) : r.detail })),
  )
const run = async (who = 'bureau') => call(t, { url: `${R}/run`, token: await as(who), body: {} })
const journal = async (who = 'bureau') =>
  (await call(t, { url: `${R}/journal/queryPage`, token: await as(who), body: { pageSize: 100 } })).data

let classId: number
let graduateType: number
let grad: { id: number; jobNo: string }
let gradParent: number
let held: { id: number; jobNo: string }
let otherGrad: { id: number; jobNo: string }

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  other = await makeWorld(t)
  await staff(w, 'bureau', w.bureauId)
  await staff(w, 'school', w.schoolId)
  await staff(w, 'school2', w.school2Id)
  await staff(other, 'foreign', other.bureauId)
  await staff(other, 'foreignSchool', other.schoolId)
  const school = await as('school')
  classId = await classOf(school)
  graduateType = await dict(await as('bureau'), '毕业')
  grad = await student(school, classId, '毕业生甲', ID_CARD)
  gradParent = await parentOf(w, w.schoolId, grad.id, school, 'gradMum')
  await setAvatar(w, grad.id)
  await setEmail(w, grad.id)
  held = await student(school, classId, '保全生乙')
  await parentOf(w, w.schoolId, held.id, school, 'heldMum')
  const fs = await as('foreignSchool')
  otherGrad = await student(fs, await classOf(fs), '他区毕业生')
  await parentOf(other, other.schoolId, otherGrad.id, fs, 'otherMum')
  // The tenant's periods: photos and health at once, contact and family after ten days, consents much later.
  const saved = await call(t, {
    url: `${R}/policy/save`,
    token: await as('bureau'),
    body: { contact: 10, family: 10, media: 0, health: 0, consent: 400 },
  })
  expect(saved.code).toBe(0)
})
afterAll(() => t.close())

describe('the retention policy', () => {
  it('answers the defaults until set, then the tenant’s own periods; only the top org’s admin sets them', async () => {
    const foreign = await call(t, { url: `${R}/policy`, token: await as('foreign') })
    expect(foreign.data).toMatchObject({ custom: false, policy: { contact: 180, family: 180, media: 30, health: 0 } })
    const mine = await call(t, { url: `${R}/policy`, token: await as('bureau') })
    expect(mine.data).toMatchObject({ custom: true, policy: { contact: 10, family: 10, media: 0, consent: 400 } })
    const bySchool = await call(t, {
      url: `${R}/policy/save`,
      token: await as('school'),
      body: { contact: 1, family: 1, media: 1, health: 1, consent: 1 },
    })
    expect(bySchool).toMatchObject({ code: ErrorCode.FORBIDDEN, msg: Msg.TOP_ORG_ONLY })
    const bad = await call(t, {
      url: `${R}/policy/save`,
      token: await as('bureau'),
      body: { contact: -1, family: 10, media: 0, health: 0, consent: 4000 },
    })
    expect(bad).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: RetentionMsg.DAYS })
    expect((await call(t, { url: `${R}/policy`, token: await as('bureau') })).data.policy.contact).toBe(10)
  })
})

describe('the scrub', () => {
  it('clears the due domains of a graduate only when due, keeps the 学籍 core, and runs once per domain', async () => {
    const school = await as('school')
    await graduate(school, graduateType, grad.id)
    await graduate(school, graduateType, held.id)
    const placed = await call(t, {
      url: `${R}/hold/add`,
      token: await as('bureau'),
      body: { userInfoId: held.id, reason: '涉及诉讼，保留证据' },
    })
    expect(placed.code).toBe(0)
    const before = await stored(w, grad.id)
    // The 毕业 异动 graduates (modules/alumni): the guardian's binding ends at graduation, not at the scrub.
    expect(before).toMatchObject({ avatar_url: '/files/a.png', email: 'kid@example.com', bindings: 0 })
    expect(before.phone).toMatch(/^1\d{10}$/)

    // Day 0: photos and health (period 0) only. The graduation also ended the two mothers' memberships of the
    // school (their only child there graduated), so they are leavers too: three persons, not the held pupil.
    expect((await run()).data).toEqual({ persons: 3, domains: 6 })
    const day0 = await stored(w, grad.id)
    expect(day0).toMatchObject({ avatar_url: null, phone: before.phone, email: 'kid@example.com', bindings: 0 })
    // Idempotent: nothing is due again, nothing is journaled again.
    expect((await run()).data).toEqual({ persons: 0, domains: 0 })
    const j0 = await journal()
    expect(j0.list.filter((r: { userInfoId: number }) => r.userInfoId === grad.id)).toHaveLength(1)
    expect(j0.list.find((r: { userInfoId: number }) => r.userInfoId === grad.id)).toMatchObject({
      subjectName: '毕业生甲',
      domains: ['media', 'health'],
      cause: 'manual',
    })

    // Day 9: contact and family are not due yet.
    t.clock.advance(9 * DAY)
    expect((await run()).data).toEqual({ persons: 0, domains: 0 })
    expect((await stored(w, grad.id)).phone).toBe(before.phone)

    // Day 11: contact and family go; the name, the student number, the ID number and the change record stay.
    t.clock.advance(2 * DAY)
    expect((await run()).data).toEqual({ persons: 3, domains: 6 })
    const after = await stored(w, grad.id)
    expect(after).toMatchObject({
      true_name: '毕业生甲',
      job_no: grad.jobNo,
      id_card: ID_CARD,
      phone: null,
      account_phone: null,
      email: null,
      avatar_url: null,
      bindings: 0,
      changes: 1,
    })
    // The parent left the school with the graduation (no other child there): their contact data goes on the
    // same days as the graduate's.
    expect((await stored(w, gradParent)).phone).toBeNull()
    // The journal holds domains, never values; the operation log says which domains were cleared.
    const j = await journal()
    expect(JSON.stringify(j)).not.toContain(before.phone!)
    const ops = await opLines(w, '个人信息保留')
    expect(ops.filter((o) => o.target === '毕业生甲').map((o) => o.action)).toEqual(['立即清理', '立即清理'])
    expect(JSON.stringify(ops)).not.toContain(before.phone!)
  })

  it('never scrubs a held person, and scrubs them once the hold is released', async () => {
    expect((await stored(w, held.id)).phone).toMatch(/^1\d{10}$/)
    const holds = await call(t, {
      url: `${R}/hold/queryPage`,
      token: await as('bureau'),
      body: { active: true },
    })
    expect(holds.data.list).toEqual([
      expect.objectContaining({
        userInfoId: held.id,
        trueName: '保全生乙',
        reason: '涉及诉讼，保留证据',
        releasedAt: null,
      }),
    ])
    const twice = await call(t, {
      url: `${R}/hold/add`,
      token: await as('bureau'),
      body: { userInfoId: held.id, reason: '再次保全' },
    })
    expect(twice).toMatchObject({ code: ErrorCode.CONFLICT, msg: RetentionMsg.HOLD_EXISTS })
    const bySchool = await call(t, {
      url: `${R}/hold/release`,
      token: await as('school'),
      body: { id: holds.data.list[0].id, reason: '诉讼结束' },
    })
    expect(bySchool.code).toBe(ErrorCode.FORBIDDEN)
    const released = await call(t, {
      url: `${R}/hold/release`,
      token: await as('bureau'),
      body: { id: holds.data.list[0].id, reason: '诉讼结束' },
    })
    expect(released.code).toBe(0)
    const again = await call(t, {
      url: `${R}/hold/release`,
      token: await as('bureau'),
      body: { id: holds.data.list[0].id, reason: '诉讼结束' },
    })
    expect(again).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: RetentionMsg.HOLD_NOT_FOUND })
    expect((await run()).data).toEqual({ persons: 1, domains: 4 })
    expect(await stored(w, held.id)).toMatchObject({ phone: null, bindings: 0, true_name: '保全生乙' })
  })

  it('stays inside its tenant; the daily run reaches every tenant', async () => {
    const fs = await as('foreignSchool')
    await graduate(fs, await dict(await as('foreign'), '毕业'), otherGrad.id)
    t.clock.advance(200 * DAY)
    // The first tenant's run and lists do not touch or show the other tenant's graduate.
    await run()
    expect((await stored(other, otherGrad.id)).phone).toMatch(/^1\d{10}$/)
    const leavers = await call(t, { url: `${R}/leavers/queryPage`, token: await as('bureau'), body: {} })
    expect(leavers.data.list.map((r: { trueName: string }) => r.trueName).sort()).toEqual(
      ['gradMum家长', 'heldMum家长', '保全生乙', '毕业生甲'].sort(),
    )
    expect(leavers.data.list.find((r: { id: number }) => r.id === grad.id).scrubbed).toEqual([
      'contact',
      'family',
      'media',
      'health',
    ])
    const hisLeavers = await call(t, { url: `${R}/leavers/queryPage`, token: await as('foreign'), body: {} })
    // The graduate and the mother whose membership ended with the graduation; neither scrubbed by this tenant's run.
    expect(hisLeavers.data.list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ trueName: '他区毕业生', scrubbed: [] }),
        expect.objectContaining({ trueName: 'otherMum家长', scrubbed: [] }),
      ]),
    )
    expect(hisLeavers.data.list).toHaveLength(2)
    // A made-up hold on another tenant's person is a missing person.
    const cross = await call(t, {
      url: `${R}/hold/add`,
      token: await as('bureau'),
      body: { userInfoId: otherGrad.id, reason: '跨租户尝试' },
    })
    expect(cross).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: RetentionMsg.PERSON_NOT_FOUND })
    // The daily run: the other tenant's defaults (180 days for contact and family) have passed.
    expect(await scrubAllTenants(t.ctx)).toBeGreaterThanOrEqual(1)
    expect(await stored(other, otherGrad.id)).toMatchObject({ phone: null, bindings: 0, true_name: '他区毕业生' })
    const theirs = (await journal('foreign')).list as { subjectName: string; cause: string }[]
    expect(theirs.map((r) => `${r.subjectName}:${r.cause}`).sort()).toEqual(
      ['他区毕业生:schedule', 'otherMum家长:schedule'].sort(),
    )
    const sys = await opLines(other, '个人信息保留')
    expect(sys.map((o) => `${o.action}:${o.target}`).sort()).toEqual(
      ['到期清理:他区毕业生', '到期清理:otherMum家长'].sort(),
    )
  })
})

describe('guardians’ requests', () => {
  let kid: { id: number; jobNo: string }
  let kidPhone: string
  beforeAll(async () => {
    const school = await as('school')
    kid = await student(school, classId, '在校生丙', ID_CARD_2)
    await parentOf(w, w.schoolId, kid.id, school, 'kidMum')
    // Another parent of the same school, bound to another child.
    const someone = await student(school, classId, '在校生丁')
    await parentOf(w, w.schoolId, someone.id, school, 'strangerMum')
    kidPhone = (await stored(w, kid.id)).phone!
  })
  const add = async (who: string, body: Record<string, unknown>) =>
    call(t, { url: `${Q}/add`, token: await as(who), body })
  const page = async (who: string, body: Record<string, unknown> = {}) =>
    (await call(t, { url: `${Q}/queryPage`, token: await as(who), body })).data
  const handle = async (who: string, body: Record<string, unknown>) =>
    call(t, { url: `${Q}/handle`, token: await as(who), body })

  it('only a guardian bound to the child may ask, with the fields and, for a correction, the right value', async () => {
    const stranger = await add('strangerMum', {
      childId: kid.id,
      kind: 'delete',
      fields: ['phone'],
      problem: '不再需要',
    })
    expect(stranger).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: RetentionMsg.CHILD_NOT_FOUND })
    const staffAsks = await add('school', { childId: kid.id, kind: 'delete', fields: ['phone'], problem: '不再需要' })
    expect(staffAsks.code).toBe(ErrorCode.NOT_FOUND)
    const noDesired = await add('kidMum', { childId: kid.id, kind: 'correct', fields: ['phone'], problem: '号码错了' })
    expect(noDesired).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: RetentionMsg.DESIRED })
    const noFields = await add('kidMum', { childId: kid.id, kind: 'delete', fields: [], problem: '请删除' })
    expect(noFields).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: RetentionMsg.FIELDS })
    const ok = await add('kidMum', {
      childId: kid.id,
      kind: 'delete',
      fields: ['phone', 'idCard', 'photo'],
      problem: '孩子的手机号不想留在学校',
    })
    expect(ok.code).toBe(0)
    const dup = await add('kidMum', { childId: kid.id, kind: 'delete', fields: ['phone'], problem: '再申请一次' })
    expect(dup).toMatchObject({ code: ErrorCode.CONFLICT, msg: RetentionMsg.REQUEST_PENDING })
    const mine = (await call(t, { url: `${Q}/mine`, token: await as('kidMum') })).data
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
    expect(mine).toEqual([
      expect.objectContaining({
        childName: '在校生丙',
        kind: 'delete',
        status: 'pending',
        dueOn: addWorkingDays(today, PI_REQUEST_WORKING_DAYS),
        daysLeft: PI_REQUEST_WORKING_DAYS,
        overdue: false,
      }),
    ])
    expect((await opLines(w, '个人信息申请')).map((o) => [o.action, o.target])).toEqual([['申请删除', '在校生丙']])
  })

  it('only the child’s school handles: another school neither sees nor handles it', async () => {
    const theirs = await page('school2')
    expect(theirs.list).toEqual([])
    const id = (await page('school', { status: 'pending' })).list[0].id
    const wrong = await handle('school2', { id, outcome: 'done', reply: '已删除' })
    expect(wrong).toMatchObject({ code: ErrorCode.NOT_FOUND, msg: RetentionMsg.REQUEST_NOT_FOUND })
    const foreign = await handle('foreign', { id, outcome: 'done', reply: '已删除' })
    expect(foreign.code).toBe(ErrorCode.NOT_FOUND)
    const parentHandles = await handle('kidMum', { id, outcome: 'done', reply: '已删除' })
    expect(parentHandles.code).toBe(ErrorCode.FORBIDDEN)
    expect((await stored(w, kid.id)).phone).toBe(kidPhone)
  })

  it('a deletion clears the named domains now and says what the 学籍 duty keeps; the guardian sees the answer', async () => {
    const id = (await page('school', { status: 'pending' })).list[0].id
    const done = await handle('school', { id, outcome: 'done', reply: '已按您的要求删除' })
    expect(done.code).toBe(0)
    expect(done.data.result).toContain('已删除：联系方式')
    expect(done.data.result).toContain('照片与头像')
    expect(done.data.result).toContain('依学籍管理规定保留：身份证号')
    expect(await stored(w, kid.id)).toMatchObject({ phone: null, id_card: ID_CARD_2, bindings: 1 })
    const twice = await handle('school', { id, outcome: 'done', reply: '再次处理' })
    expect(twice).toMatchObject({ code: ErrorCode.CONFLICT, msg: RetentionMsg.REQUEST_DONE })
    const mine = (await call(t, { url: `${Q}/mine`, token: await as('kidMum') })).data
    expect(mine[0]).toMatchObject({ status: 'done', reply: '已按您的要求删除', daysLeft: null, overdue: false })
    expect(mine[0].result).toContain('依学籍管理规定保留')
    const j = await journal()
    expect(j.list[0]).toMatchObject({ userInfoId: kid.id, domains: ['contact', 'media'], cause: 'request' })
  })

  it('a correction goes through the people module’s rules, only for the fields asked', async () => {
    const asked = await add('kidMum', {
      childId: kid.id,
      kind: 'correct',
      fields: ['phone'],
      problem: '学校登记的手机号不对',
      desired: '13900001111',
    })
    expect(asked.code).toBe(0)
    const row = (await page('school', { status: 'pending' })).list[0]
    // The school sees the guardian's value masked; the guardian sees their own words.
    expect(row).toMatchObject({ desired: '139****1111', requesterName: 'kidMum家长' })
    expect((await call(t, { url: `${Q}/mine`, token: await as('kidMum') })).data[0].desired).toBe('13900001111')
    const notAsked = await handle('school', {
      id: row.id,
      outcome: 'done',
      reply: '已更正',
      correction: { idCard: ID_CARD },
    })
    expect(notAsked).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: RetentionMsg.CORRECTION_NOT_ASKED })
    const badPhone = await handle('school', {
      id: row.id,
      outcome: 'done',
      reply: '已更正',
      correction: { phone: '12345' },
    })
    expect(badPhone.code).toBe(ErrorCode.BAD_REQUEST)
    // Applied as given, without the school reading it in full.
    const done = await handle('school', {
      id: row.id,
      outcome: 'done',
      reply: '已更正为您提供的号码',
      useDesired: true,
    })
    expect(done).toMatchObject({ code: 0, data: { result: '已更正：手机号' } })
    expect((await stored(w, kid.id)).phone).toBe('13900001111')
    // The desired value is not kept once applied.
    const mine = (await call(t, { url: `${Q}/mine`, token: await as('kidMum') })).data
    expect(mine[0]).toMatchObject({ kind: 'correct', status: 'done', desired: null })
    expect((await opLines(w, '学生管理')).at(-1)).toMatchObject({ action: '更正', detail: { fields: ['phone'] } })
  })

  it('a typed correction goes through the same rules; a desired value that is no phone is not applied', async () => {
    const asked = await add('kidMum', {
      childId: kid.id,
      kind: 'correct',
      fields: ['phone'],
      problem: '号码又换了',
      desired: '打电话给妈妈',
    })
    expect(asked.code).toBe(0)
    const row = (await page('school', { status: 'pending' })).list[0]
    // The phone rule masks whatever stands in the phone's place.
    expect(row.desired).toBe('****')
    const unusable = await handle('school', { id: row.id, outcome: 'done', reply: '已更正', useDesired: true })
    expect(unusable).toMatchObject({ code: ErrorCode.BAD_REQUEST, msg: RetentionMsg.DESIRED_UNUSABLE })
    const typed = await handle('school', {
      id: row.id,
      outcome: 'done',
      reply: '已按电话核实后更正',
      correction: { phone: '13900002222' },
    })
    expect(typed).toMatchObject({ code: 0, data: { result: '已更正：手机号' } })
    expect((await stored(w, kid.id)).phone).toBe('13900002222')
  })

  it('marks a request overdue after its working days, and a hold keeps everything a deletion names', async () => {
    const asked = await add('kidMum', { childId: kid.id, kind: 'delete', fields: ['guardians'], problem: '解除绑定' })
    expect(asked.code).toBe(0)
    const placed = await call(t, {
      url: `${R}/hold/add`,
      token: await as('bureau'),
      body: { userInfoId: kid.id, reason: '纠纷调查中' },
    })
    expect(placed.code).toBe(0)
    t.clock.advance(30 * DAY)
    const row = (await page('school', { status: 'pending' })).list[0]
    expect(row.overdue).toBe(true)
    const today = new Date(t.clock.now().getTime() + 8 * 3_600_000).toISOString().slice(0, 10)
    expect(row.daysLeft).toBe(workingDaysLeft(today, row.dueOn))
    expect(row.daysLeft).toBeLessThan(0)
    const done = await handle('school', { id: row.id, outcome: 'done', reply: '因调查需要暂不删除' })
    expect(done.data.result).toContain('法律保全')
    expect((await stored(w, kid.id)).bindings).toBe(1)
  })
})

describe('the school’s view of a desired value', () => {
  it('masks by the one field’s rule, else every run of digits', () => {
    expect(maskDesired(['phone'], '13900001111')).toBe('139****1111')
    expect(maskDesired(['idCard'], '110105201506010016')).toBe('110105**********16')
    expect(maskDesired(['phone', 'idCard'], '手机13900001111，身份证110105201506010016')).toBe(
      '手机139****1111，身份证110105**********16',
    )
    expect(maskDesired(['nation'], '汉族')).toBe('汉族')
    expect(maskDesired(['phone'], null)).toBe(null)
  })
})

describe('working days', () => {
  it('skip weekends both ways', () => {
    // 2026-11-27 is a Friday.
    expect(addWorkingDays('2026-11-27', 1)).toBe('2026-11-30')
    expect(addWorkingDays('2026-11-27', 15)).toBe('2026-12-18')
    expect(workingDaysLeft('2026-11-27', '2026-11-30')).toBe(1)
    expect(workingDaysLeft('2026-12-01', '2026-11-30')).toBe(-1)
    expect(workingDaysLeft('2026-11-30', '2026-11-30')).toBe(0)
  })
})

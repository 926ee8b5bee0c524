import { CONSENT_SCRUBBED, UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, loginToken, makePerson, makeWorld, type TestApp, type World } from './helpers.js'

/**
 * The retention scrub of the consent ledger (issue 26 points 5–6, docs/privacy.md "Retention and requests"): once a
 * leaver's consent period has passed, the personal fields of their ledger lines (the child's and the guardian's
 * names, the guardian's membership, the relation, the guardian as recorder) are cleared, while the ledger's facts
 * stay; the domain is journaled only by the run that cleared it; and the append-only trigger still refuses every
 * other change, the retention job's switch included.
 */
let t: TestApp
let w: World
const DAY = 86_400_000
const U = '/base/api/userInfo'
const R = '/base/api/privacy/retention'
const C = '/base/api/privacy/consent'
let seq = 0
const uniq = () => `${process.pid % 100000}${++seq}`
const names: Record<string, string> = {}
const as = (who: string) => loginToken(t, names[who]!)

interface Line {
  id: string
  child_id: string
  child_name: string
  child_org_id: string
  under14: boolean
  purpose: string
  notice_version: string
  guardian_id: string | null
  guardian_name: string
  relation: string | null
  channel: string
  given: boolean
  recorded_by_account_id: string | null
  recorded_by_name: string
  at: Date
}
const lines = (childId: number) =>
  t.db.tenant(
    w.tenantId,
    async (trx) =>
      (await sql<Line>`SELECT * FROM consent_record WHERE child_id = ${childId} ORDER BY id`.execute(trx)).rows,
  )
const facts = (l: Line) => ({
  id: l.id,
  child_id: l.child_id,
  child_org_id: l.child_org_id,
  under14: l.under14,
  purpose: l.purpose,
  notice_version: l.notice_version,
  channel: l.channel,
  given: l.given,
  at: l.at,
})

let grad: number
let stay: number
let mumId: number

async function student(token: string, classId: number, name: string) {
  const r = await call(t, {
    url: `${U}/studentInfo/add`,
    token,
    body: { trueName: name, jobNo: `C${uniq()}`, classId },
  })
  expect(r.code, r.msg).toBe(0)
  return r.data as number
}

async function guardian(key: string, childId: number) {
  const p = await makePerson(t, w.tenantId, {
    trueName: `${key}妈妈`,
    memberships: [{ orgId: w.schoolId, userType: UserType.PARENT, roleIds: [] }],
  })
  names[key] = p.userName
  const bound = await call(t, {
    url: `${U}/parentBindChild/bind`,
    token: await as('school'),
    body: { parentId: p.userInfoIds[0], childId, relation: '母亲' },
  })
  expect(bound.code, bound.msg).toBe(0)
  return p.userInfoIds[0]!
}

const consent = async (who: string, childId: number, purpose: string, given: boolean) => {
  const r = await call(t, {
    url: `${C}/set`,
    token: await as(who),
    body: { childId, purpose, given, noticeVersion: 'v0', channel: 'mobile' },
  })
  expect(r.code, r.msg).toBe(0)
}
const run = async () => (await call(t, { url: `${R}/run`, token: await as('bureau'), body: {} })).data
const journalOf = async (id: number) =>
  (
    (await call(t, { url: `${R}/journal/queryPage`, token: await as('bureau'), body: { pageSize: 100 } })).data
      .list as { userInfoId: number; domains: string[] }[]
  ).filter((r) => r.userInfoId === id)

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  for (const [key, orgId] of [
    ['bureau', w.bureauId],
    ['school', w.schoolId],
  ] as const)
    names[key] = (
      await makePerson(t, w.tenantId, {
        memberships: [{ orgId, userType: UserType.STAFF, roleIds: [w.roles.admin] }],
      })
    ).userName
  const school = await as('school')
  const g = await call(t, { url: '/base/api/grade/add', token: school, body: { name: `${uniq()}级`, entryYear: 2020 } })
  const cls = (await call(t, { url: '/base/api/class/add', token: school, body: { gradeId: g.data, name: '1班' } }))
    .data as number
  grad = await student(school, cls, '毕业生戊')
  stay = await student(school, cls, '在校生己')
  mumId = await guardian('gradMum', grad)
  await guardian('stayMum', stay)
  // The leaver's ledger: portal photos given then withdrawn on the phone, face data on a paper form the school
  // entered; the pupil who stays has a consent of their own.
  await consent('gradMum', grad, 'portalPhoto', true)
  await consent('gradMum', grad, 'portalPhoto', false)
  const paper = await call(t, {
    url: `${C}/recordPaper`,
    token: school,
    body: { childId: grad, guardianId: mumId, purpose: 'faceData', given: true, noticeVersion: 'v0' },
  })
  expect(paper.code, paper.msg).toBe(0)
  await consent('stayMum', stay, 'portalPhoto', true)
  // Everything else at once, the consent ledger after 30 days.
  const saved = await call(t, {
    url: `${R}/policy/save`,
    token: await as('bureau'),
    body: { contact: 0, family: 0, media: 0, health: 0, consent: 30 },
  })
  expect(saved.code).toBe(0)
  const type = (
    await call(t, {
      url: '/base/api/dict/add',
      token: await as('bureau'),
      body: { dictType: 'studentChangeType', name: '毕业' },
    })
  ).data
  const left = await call(t, {
    url: `${U}/change/add`,
    token: school,
    body: { userInfoId: grad, changeTypeId: type, effect: 'leave', changedOn: '2026-11-01', remark: '毕业' },
  })
  expect(left.code, left.msg).toBe(0)
}, 90_000)
afterAll(() => t?.close())

describe('the consent domain of the scrub', () => {
  it('keeps the ledger until the period has passed, then clears its personal fields and keeps its facts', async () => {
    const before = await lines(grad)
    expect(before.map((l) => [l.purpose, l.given, l.channel])).toEqual([
      ['portalPhoto', true, 'mobile'],
      ['portalPhoto', false, 'mobile'],
      ['faceData', true, 'paper'],
    ])
    expect(before[0]).toMatchObject({ child_name: '毕业生戊', guardian_name: 'gradMum妈妈', relation: '母亲' })
    const schoolName = before[2]!.recorded_by_name

    // Day 0: the other domains are due, the consent ledger is not; it is neither touched nor journaled.
    await run()
    expect(await lines(grad)).toEqual(before)
    expect((await journalOf(grad)).flatMap((j) => j.domains)).not.toContain('consent')

    t.clock.advance(31 * DAY)
    const r = await run()
    expect(r.persons).toBeGreaterThanOrEqual(1)
    const after = await lines(grad)
    // Same lines, same facts: purpose, notice version, channel, given or withdrawn, under-14, time.
    expect(after.map(facts)).toEqual(before.map(facts))
    for (const l of after)
      expect(l).toMatchObject({
        child_name: CONSENT_SCRUBBED,
        guardian_name: CONSENT_SCRUBBED,
        guardian_id: null,
        relation: null,
      })
    // The guardian recorded the phone lines themselves: that recorder goes too. The paper line's recorder is the
    // school's staff member, kept like an operation log's actor.
    expect(after.slice(0, 2).map((l) => [l.recorded_by_name, l.recorded_by_account_id])).toEqual([
      [CONSENT_SCRUBBED, null],
      [CONSENT_SCRUBBED, null],
    ])
    expect(after[2]).toMatchObject({ recorded_by_name: schoolName })
    expect(after[2]!.recorded_by_account_id).not.toBeNull()
    expect(JSON.stringify(after)).not.toContain('gradMum')

    // Journaled once, by the run that cleared it; a second run clears and journals nothing.
    expect((await journalOf(grad)).filter((j) => j.domains.includes('consent'))).toHaveLength(1)
    expect(await run()).toEqual({ persons: 0, domains: 0 })
    expect((await journalOf(grad)).filter((j) => j.domains.includes('consent'))).toHaveLength(1)

    // The pupil who stays keeps every field.
    expect(await lines(stay)).toEqual([
      expect.objectContaining({ child_name: '在校生己', guardian_name: 'stayMum妈妈', relation: '母亲', given: true }),
    ])
  })

  it('stays append-only: the switch lets through only the clearing of personal fields', async () => {
    const id = (await lines(stay))[0]!.id
    const attempt = (stmt: string, withSwitch: boolean) =>
      t.db
        .tenant(w.tenantId, async (trx) => {
          if (withSwitch) await sql`SELECT set_config('zx.consent_scrub', 'on', true)`.execute(trx)
          await sql.raw(stmt.replace('$id', id)).execute(trx)
        })
        .then(
          () => 'passed',
          (e: Error) => e.message,
        )
    // Refused by the trigger, or before it by privilege: the app's roles may update only the columns the scrub clears.
    const refused = /append-only|permission denied/
    // Without the retention job's switch: nothing, not even a clearing.
    expect(await attempt(`UPDATE consent_record SET relation = NULL WHERE id = $id`, false)).toMatch(refused)
    // With it: a fact, a new name, a delete are all refused.
    expect(await attempt(`UPDATE consent_record SET given = false WHERE id = $id`, true)).toMatch(refused)
    expect(await attempt(`UPDATE consent_record SET notice_version = 'v9' WHERE id = $id`, true)).toMatch(refused)
    expect(await attempt(`UPDATE consent_record SET child_name = '别人' WHERE id = $id`, true)).toMatch(refused)
    expect(await attempt(`UPDATE consent_record SET guardian_id = guardian_id + 1 WHERE id = $id`, true)).toMatch(
      refused,
    )
    expect(await attempt(`DELETE FROM consent_record WHERE id = $id`, true)).toMatch(refused)
    expect(await lines(stay)).toEqual([expect.objectContaining({ child_name: '在校生己', relation: '母亲' })])
  })
})

import { UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { graduateStudents } from '../src/modules/alumni/graduate-queries.js'
import { Journal, undoJournal } from '../src/modules/school-year/journal-queries.js'
import { createTestApp, loginToken, makePerson, makeWorld, type TestApp, type World } from './helpers.js'

let t: TestApp
let w: World

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
})
afterAll(() => t.close())

/** Memberships, guardian links and accounts of the tenant: the state an undo must give back. */
function stateOf() {
  return t.db.tenant(w.tenantId, async (trx) => ({
    members: (await sql`SELECT * FROM user_info ORDER BY id`.execute(trx)).rows,
    links: (await sql`SELECT * FROM parent_child ORDER BY parent_id, child_id`.execute(trx)).rows,
    accounts: (await sql`SELECT * FROM account ORDER BY id`.execute(trx)).rows,
  }))
}

const student = (name: string, orgId = w.schoolId) =>
  makePerson(t, w.tenantId, { trueName: name, memberships: [{ orgId, userType: UserType.STUDENT, roleIds: [] }] })
const parentOf = (name: string, orgId = w.schoolId) =>
  makePerson(t, w.tenantId, { trueName: name, memberships: [{ orgId, userType: UserType.PARENT, roleIds: [] }] })

describe('graduateStudents', () => {
  it('archives graduates, ends their parents, expires their accounts; the journal undoes it exactly', async () => {
    const grad = await student('毕业生甲')
    const grad2 = await student('毕业生乙')
    const sibling = await student('在读弟弟')
    // A graduate who also works at the school (a staff membership): the account stays open.
    const working = await makePerson(t, w.tenantId, {
      trueName: '毕业生丙',
      memberships: [
        { orgId: w.schoolId, userType: UserType.STUDENT, roleIds: [] },
        { orgId: w.school2Id, userType: UserType.STAFF, roleIds: [] },
      ],
    })
    const onlyChildParent = await parentOf('家长甲')
    const twoChildParent = await parentOf('家长乙')
    const [g1, g2, sib, wk] = [grad, grad2, sibling, working].map((p) => p.userInfoIds[0]!)
    const [p1, p2] = [onlyChildParent, twoChildParent].map((p) => p.userInfoIds[0]!)
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .insertInto('parent_child')
        .values([
          { parent_id: p1!, child_id: g1! },
          { parent_id: p2!, child_id: g2! },
          { parent_id: p2!, child_id: sib! },
        ])
        .execute(),
    )
    const before = await stateOf()

    const now = new Date('2027-07-01T02:00:00.000Z')
    const key = `test-graduate:${w.schoolId}`
    const res = await t.db.tenant(w.tenantId, (trx) =>
      graduateStudents(new Journal(trx, key), trx, {
        orgId: w.schoolId,
        // A second-school id and a parent id are not students of the school: skipped.
        userInfoIds: [g1!, g2!, wk!, p2!, working.userInfoIds[1]!],
        on: '2027-06-30',
        now,
      }),
    )
    expect(res).toEqual({ graduates: 3, parentsEnded: 1 })

    const after = await t.db.tenant(w.tenantId, async (trx) => ({
      members: await trx
        .selectFrom('user_info')
        .select(['id', 'archived', 'archived_at'])
        .where('id', 'in', [g1!, g2!, wk!, sib!, p1!, p2!, working.userInfoIds[1]!])
        .execute(),
      links: await trx.selectFrom('parent_child').select(['parent_id', 'child_id']).execute(),
      accounts: await trx
        .selectFrom('account')
        .select(['id', 'expires_at'])
        .where('id', 'in', [grad.accountId, grad2.accountId, working.accountId, twoChildParent.accountId])
        .execute(),
    }))
    const archived = (id: number) => after.members.find((m) => m.id === id)!.archived
    expect([g1, g2, wk, p1].map((id) => archived(id!))).toEqual([true, true, true, true])
    // The parent with a child still at school keeps the membership and the binding to that child.
    expect(archived(p2!)).toBe(false)
    expect(archived(sib!)).toBe(false)
    expect(archived(working.userInfoIds[1]!)).toBe(false)
    expect(after.links).toEqual([{ parent_id: p2, child_id: sib }])
    const expiry = (id: number) => after.accounts.find((a) => a.id === id)!.expires_at
    // Default period: 180 days from now.
    expect(expiry(grad.accountId)?.toISOString()).toBe('2027-12-28T02:00:00.000Z')
    expect(expiry(grad2.accountId)?.toISOString()).toBe('2027-12-28T02:00:00.000Z')
    expect(expiry(working.accountId)).toBeNull()
    expect(expiry(twoChildParent.accountId)).toBeNull()

    // A second run finds nobody left to graduate and writes nothing.
    const again = await t.db.tenant(w.tenantId, (trx) =>
      graduateStudents(new Journal(trx, `${key}:again`), trx, {
        orgId: w.schoolId,
        userInfoIds: [g1!, g2!],
        on: '2027-06-30',
        now,
      }),
    )
    expect(again).toEqual({ graduates: 0, parentsEnded: 0 })

    await t.db.tenant(w.tenantId, (trx) => undoJournal(trx, key))
    expect(await stateOf()).toEqual(before)
  })

  it("ends the graduate's and the ended parent's sessions; a parent with a child still there keeps theirs", async () => {
    const grad = await student('毕业生丁')
    const sibling = await student('在读妹妹')
    const onlyChildParent = await parentOf('家长丙')
    const twoChildParent = await parentOf('家长丁')
    const [g, sib, p1, p2] = [grad, sibling, onlyChildParent, twoChildParent].map((p) => p.userInfoIds[0]!)
    await t.db.tenant(w.tenantId, (trx) =>
      trx
        .insertInto('parent_child')
        .values([
          { parent_id: p1!, child_id: g! },
          { parent_id: p2!, child_id: g! },
          { parent_id: p2!, child_id: sib! },
        ])
        .execute(),
    )
    for (const p of [grad, onlyChildParent, twoChildParent]) await loginToken(t, p.userName)
    await t.db.tenant(w.tenantId, (trx) =>
      graduateStudents(new Journal(trx, `test-sessions:${g}`), trx, {
        orgId: w.schoolId,
        userInfoIds: [g!],
        on: '2027-06-30',
        now: t.clock.now(),
      }),
    )
    const open = await t.db.tenant(w.tenantId, async (trx) =>
      (
        await trx
          .selectFrom('session')
          .select('user_info_id')
          .where('user_info_id', 'in', [g!, p1!, p2!])
          .where('revoked_at', 'is', null)
          .execute()
      ).map((r) => Number(r.user_info_id)),
    )
    expect(open).toEqual([p2])
  })

  it('a period of 0 expires the account at graduation', async () => {
    await t.db.tenant(w.tenantId, (trx) =>
      trx.insertInto('alumni_policy').values({ tenant_id: w.tenantId, account_days: 0, updated_by: null }).execute(),
    )
    const g = await student('毕业生丁')
    const now = new Date('2027-07-01T02:00:00.000Z')
    await t.db.tenant(w.tenantId, (trx) =>
      graduateStudents(new Journal(trx, `test-zero:${w.schoolId}`), trx, {
        orgId: w.schoolId,
        userInfoIds: [g.userInfoIds[0]!],
        on: '2027-06-30',
        now,
      }),
    )
    const acc = await t.db.tenant(w.tenantId, (trx) =>
      trx.selectFrom('account').select('expires_at').where('id', '=', g.accountId).executeTakeFirstOrThrow(),
    )
    expect(acc.expires_at?.toISOString()).toBe(now.toISOString())
    await t.db.tenant(w.tenantId, (trx) => trx.deleteFrom('alumni_policy').execute())
  })
})

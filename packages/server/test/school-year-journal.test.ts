import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Journal, undoJournal } from '../src/modules/school-year/journal-queries.js'
import { createTestApp, makePerson, makeWorld, type TestApp, type World } from './helpers.js'

let t: TestApp
let w: World

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
})
afterAll(() => t.close())

/** The school's grades, classes, memberships and guardian links, as rows: the state an undo must give back. */
function stateOf(orgId: number) {
  return t.db.tenant(w.tenantId, async (trx) => ({
    grades: (await sql`SELECT * FROM grade WHERE org_id = ${orgId} ORDER BY id`.execute(trx)).rows,
    classes: (await sql`SELECT * FROM school_class WHERE org_id = ${orgId} ORDER BY id`.execute(trx)).rows,
    members: (await sql`SELECT * FROM user_info WHERE org_id = ${orgId} ORDER BY id`.execute(trx)).rows,
    links: (await sql`SELECT * FROM parent_child ORDER BY parent_id, child_id`.execute(trx)).rows,
  }))
}

describe('the school-year undo journal', () => {
  it('undoes inserts, updates and deletes exactly; refuses, naming the row, once a later edit depends on them', async () => {
    const ids = await t.db.tenant(w.tenantId, async (trx) => {
      const g = await trx
        .insertInto('grade')
        .values({
          org_id: w.schoolId,
          name: '一年级',
          entry_year: 2026,
          archived_at: null,
          code: null,
          learn_period_id: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const c = await trx
        .insertInto('school_class')
        .values({ org_id: w.schoolId, grade_id: g.id, name: '1班', code: null, archived_at: null })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { grade: g.id, cls: c.id }
    })
    const child = await makePerson(t, w.tenantId, {
      trueName: '学生甲',
      memberships: [{ orgId: w.schoolId, userType: 3, roleIds: [] }],
    })
    const parent = await makePerson(t, w.tenantId, {
      trueName: '家长甲',
      memberships: [{ orgId: w.schoolId, userType: 4, roleIds: [] }],
    })
    const childInfo = child.userInfoIds[0]!
    const parentInfo = parent.userInfoIds[0]!
    await t.db.tenant(w.tenantId, async (trx) => {
      await trx.updateTable('user_info').set({ class_id: ids.cls }).where('id', '=', childInfo).execute()
      await trx.insertInto('parent_child').values({ parent_id: parentInfo, child_id: childInfo }).execute()
    })
    const before = await stateOf(w.schoolId)

    const key = `test:${w.schoolId}`
    let newClass = 0
    await t.db.tenant(w.tenantId, async (trx) => {
      const j = new Journal(trx, key)
      await j.update('grade', [ids.grade], { name: '二年级' })
      ;[newClass] = await j.insert('school_class', [{ org_id: w.schoolId, grade_id: ids.grade, name: '2班' }])
      await j.update('user_info', [childInfo], {
        class_id: newClass,
        archived: true,
        archived_at: '2026-08-31T16:00:00.000Z',
      })
      await j.update('school_class', [ids.cls], { archived: true })
      await j.remove('parent_child', [{ parent_id: parentInfo, child_id: childInfo }])
    })
    expect(await stateOf(w.schoolId)).not.toEqual(before)

    // A later edit of a row the change wrote: the undo names it and writes nothing.
    await t.db.tenant(w.tenantId, (trx) =>
      trx.updateTable('grade').set({ name: '二年级（改）' }).where('id', '=', ids.grade).execute(),
    )
    await expect(t.db.tenant(w.tenantId, (trx) => undoJournal(trx, key))).rejects.toMatchObject({
      message: `无法撤销：年级（编号 ${ids.grade}）在结转后已被修改`,
    })
    await t.db.tenant(w.tenantId, (trx) =>
      trx.updateTable('grade').set({ name: '二年级' }).where('id', '=', ids.grade).execute(),
    )
    // A later row pointing at a row the change inserted.
    const late = await makePerson(t, w.tenantId, {
      trueName: '学生乙',
      memberships: [{ orgId: w.schoolId, userType: 3, roleIds: [] }],
    })
    await t.db.tenant(w.tenantId, (trx) =>
      trx.updateTable('user_info').set({ class_id: newClass }).where('id', '=', late.userInfoIds[0]!).execute(),
    )
    await expect(t.db.tenant(w.tenantId, (trx) => undoJournal(trx, key))).rejects.toMatchObject({
      message: `无法撤销：班级（编号 ${newClass}）在结转后已被使用`,
    })
    await t.db.tenant(w.tenantId, (trx) => trx.deleteFrom('user_info').where('id', '=', late.userInfoIds[0]!).execute())

    const restored = await t.db.tenant(w.tenantId, (trx) => undoJournal(trx, key))
    expect(restored).toBe(5)
    const after = await stateOf(w.schoolId)
    expect(after).toEqual(before)
    // The journal is spent: a second undo has nothing to do.
    expect(await t.db.tenant(w.tenantId, (trx) => undoJournal(trx, key))).toBe(0)
  })
})

import { ErrorCode, GradeMsg } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, makeWorld, staffOf, type TestApp, type World } from './helpers.js'

let t: TestApp
let w: World
let other: World
let schoolAdmin: string
let bureauAdmin: string
let school2Admin: string
let teacher: string
let foreignAdmin: string
const G = '/base/api/grade'
const C = '/base/api/class'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  other = await makeWorld(t)
  ;({ bureauAdmin, schoolAdmin, school2Admin, teacher } = await staffOf(t, w))
  foreignAdmin = (await staffOf(t, other)).bureauAdmin
})
afterAll(() => t.close())

describe('grades and classes', () => {
  it('a school admin builds a grade with two classes; lists show them with counts', async () => {
    const g = await call(t, { url: `${G}/add`, token: schoolAdmin, body: { name: '2026级', entryYear: 2026 } })
    expect(g).toMatchObject({ code: 0, msg: '新增成功' })
    for (const name of ['1班', '2班'])
      expect((await call(t, { url: `${C}/add`, token: schoolAdmin, body: { gradeId: g.data, name } })).code).toBe(0)
    const grades = await call(t, { url: `${G}/page`, token: schoolAdmin, body: {} })
    expect(grades.data.list).toEqual([
      expect.objectContaining({ id: g.data, name: '2026级', entryYear: 2026, classCount: 2, archived: false }),
    ])
    const classes = await call(t, { url: `${C}/page`, token: schoolAdmin, body: { gradeId: g.data } })
    expect(classes.data.list.map((c: { name: string; gradeName: string }) => `${c.gradeName}${c.name}`)).toEqual([
      '2026级1班',
      '2026级2班',
    ])
  })

  it('refuses duplicates, a grade at a bureau, and a grade with classes being deleted', async () => {
    const g = (await call(t, { url: `${G}/add`, token: schoolAdmin, body: { name: '2025级', entryYear: 2025 } })).data
    expect(
      await call(t, { url: `${G}/add`, token: schoolAdmin, body: { name: '2025级', entryYear: 2025 } }),
    ).toMatchObject({ code: ErrorCode.CONFLICT, msg: GradeMsg.GRADE_NAME_TAKEN })
    await call(t, { url: `${C}/add`, token: schoolAdmin, body: { gradeId: g, name: '1班' } })
    expect(await call(t, { url: `${C}/add`, token: schoolAdmin, body: { gradeId: g, name: '1班' } })).toMatchObject({
      msg: GradeMsg.CLASS_NAME_TAKEN,
    })
    expect(await call(t, { url: `${G}/delete`, token: schoolAdmin, body: { id: g } })).toMatchObject({
      msg: GradeMsg.GRADE_HAS_CLASSES,
    })
    expect(
      await call(t, { url: `${G}/add`, token: bureauAdmin, body: { name: '局里的年级', entryYear: 2026 } }),
    ).toMatchObject({ msg: GradeMsg.NOT_SCHOOL })
    // The bureau may manage a school below it by naming it.
    expect(
      (
        await call(t, {
          url: `${G}/add`,
          token: bureauAdmin,
          body: { orgId: w.school2Id, name: '2026级', entryYear: 2026 },
        })
      ).code,
    ).toBe(0)
    expect(await call(t, { url: `${G}/add`, token: schoolAdmin, body: { name: 'x', entryYear: 1800 } })).toMatchObject({
      status: 400,
      msg: '入学年份有误',
    })
  })

  it('archiving a grade archives its classes; no class may be added to or restored in an archived grade', async () => {
    const g = (await call(t, { url: `${G}/add`, token: schoolAdmin, body: { name: '2020级', entryYear: 2020 } })).data
    const c = (await call(t, { url: `${C}/add`, token: schoolAdmin, body: { gradeId: g, name: '3班' } })).data
    expect((await call(t, { url: `${G}/archive`, token: schoolAdmin, body: { id: g } })).msg).toBe('归档成功')
    const archived = await call(t, { url: `${C}/page`, token: schoolAdmin, body: { archived: true } })
    expect(archived.data.list.map((x: { id: number }) => x.id)).toContain(c)
    expect(await call(t, { url: `${C}/add`, token: schoolAdmin, body: { gradeId: g, name: '4班' } })).toMatchObject({
      code: 400,
      msg: GradeMsg.GRADE_ARCHIVED,
    })
    expect(await call(t, { url: `${C}/resetArchive`, token: schoolAdmin, body: { id: c } })).toMatchObject({
      msg: GradeMsg.GRADE_ARCHIVED,
    })
    // A new live grade may reuse the archived grade's name; restoring the old one then collides.
    expect(
      (await call(t, { url: `${G}/add`, token: schoolAdmin, body: { name: '2020级', entryYear: 2020 } })).code,
    ).toBe(0)
    expect(await call(t, { url: `${G}/resetArchive`, token: schoolAdmin, body: { id: g } })).toMatchObject({
      msg: GradeMsg.GRADE_NAME_TAKEN,
    })
    const gradeGuidang = await call(t, { url: `${G}/page`, token: schoolAdmin, body: { archived: true } })
    expect(gradeGuidang.data.list.map((x: { id: number }) => x.id)).toEqual([g])
  })

  it('restores an archived grade, then its class; edit and status toggles', async () => {
    const g = (await call(t, { url: `${G}/add`, token: schoolAdmin, body: { name: '2019级', entryYear: 2019 } })).data
    const c = (await call(t, { url: `${C}/add`, token: schoolAdmin, body: { gradeId: g, name: '1班' } })).data
    await call(t, { url: `${G}/archive`, token: schoolAdmin, body: { id: g } })
    expect((await call(t, { url: `${G}/resetArchive`, token: schoolAdmin, body: { id: g } })).msg).toBe('恢复成功')
    expect((await call(t, { url: `${C}/resetArchive`, token: schoolAdmin, body: { id: c } })).msg).toBe('恢复成功')
    expect((await call(t, { url: `${C}/update`, token: schoolAdmin, body: { id: c, name: '实验1班' } })).code).toBe(0)
    expect((await call(t, { url: `${C}/updateStatus`, token: schoolAdmin, body: { id: c, status: 1 } })).msg).toBe(
      '停用成功',
    )
    expect((await call(t, { url: `${G}/updateStatus`, token: schoolAdmin, body: { id: g, status: 1 } })).msg).toBe(
      '停用成功',
    )
  })

  it('permission, scope and tenant: teacher 403, sibling school 404, other tenant 404, stranger 401', async () => {
    const g = (await call(t, { url: `${G}/add`, token: schoolAdmin, body: { name: '2024级', entryYear: 2024 } })).data
    expect((await call(t, { url: `${G}/page`, token: teacher, body: {} })).status).toBe(403)
    expect((await call(t, { url: `${C}/add`, token: teacher, body: { gradeId: g, name: 'x' } })).status).toBe(403)
    expect((await call(t, { url: `${C}/add`, token: school2Admin, body: { gradeId: g, name: 'x' } })).status).toBe(404)
    expect((await call(t, { url: `${G}/page`, token: school2Admin, body: { orgId: w.schoolId } })).status).toBe(404)
    expect((await call(t, { url: `${G}/delete`, token: foreignAdmin, body: { id: g } })).status).toBe(404)
    expect((await call(t, { url: `${G}/page`, body: {} })).status).toBe(401)
  })
})

import { DictMsg, ErrorCode, Msg } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, makeWorld, staffOf, type TestApp, type World } from './helpers.js'

let t: TestApp
let w: World
let other: World
let bureauAdmin: string
let schoolAdmin: string
let teacher: string
let foreignAdmin: string
const D = '/base/api/dict'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  other = await makeWorld(t)
  ;({ bureauAdmin, schoolAdmin, teacher } = await staffOf(t, w))
  foreignAdmin = (await staffOf(t, other)).bureauAdmin
})
afterAll(() => t.close())

describe('dictionaries', () => {
  it('tenant-level entries are kept by the top org; a school adds its own; select merges both', async () => {
    const a = await call(t, {
      url: `${D}/add`,
      token: bureauAdmin,
      body: { dictType: 'politicalStatus', name: '中共党员', code: '01' },
    })
    expect(a).toMatchObject({ code: 0, msg: '新增成功' })
    await call(t, {
      url: `${D}/add`,
      token: bureauAdmin,
      body: { dictType: 'politicalStatus', name: '群众', code: '13', sort: 9 },
    })
    const denied = await call(t, {
      url: `${D}/add`,
      token: schoolAdmin,
      body: { dictType: 'politicalStatus', name: '共青团员' },
    })
    expect(denied).toMatchObject({ status: 403, msg: '仅顶级机构的管理员可维护此设置' })
    const own = await call(t, {
      url: `${D}/add`,
      token: schoolAdmin,
      body: { dictType: 'politicalStatus', level: 'org', name: '共青团员' },
    })
    expect(own.code).toBe(0)

    const forSchool = await call(t, { url: `${D}/select?dictType=politicalStatus`, token: teacher })
    expect(forSchool.data.map((d: { name: string }) => d.name)).toEqual(['中共党员', '群众', '共青团员'])
    const forBureau = await call(t, { url: `${D}/select?dictType=politicalStatus`, token: bureauAdmin })
    expect(forBureau.data.map((d: { name: string }) => d.name)).toEqual(['中共党员', '群众'])
  })

  it('refuses duplicate names and codes within a type and level, allows them across types and levels', async () => {
    await call(t, { url: `${D}/add`, token: bureauAdmin, body: { dictType: 'education', name: '本科', code: 'B' } })
    expect(
      await call(t, { url: `${D}/add`, token: bureauAdmin, body: { dictType: 'education', name: '本科' } }),
    ).toMatchObject({ code: ErrorCode.CONFLICT, msg: DictMsg.NAME_TAKEN })
    expect(
      await call(t, {
        url: `${D}/add`,
        token: bureauAdmin,
        body: { dictType: 'education', name: '大学本科', code: 'B' },
      }),
    ).toMatchObject({ msg: DictMsg.CODE_TAKEN })
    expect(
      (await call(t, { url: `${D}/add`, token: bureauAdmin, body: { dictType: 'degree', name: '本科', code: 'B' } }))
        .code,
    ).toBe(0)
    expect(
      (
        await call(t, {
          url: `${D}/add`,
          token: schoolAdmin,
          body: { dictType: 'education', level: 'org', name: '本科' },
        })
      ).code,
    ).toBe(0)
  })

  it('page, edit, disable (drops from select) and delete', async () => {
    const id = (await call(t, { url: `${D}/add`, token: bureauAdmin, body: { dictType: 'title', name: '一级教师' } }))
      .data
    const page = await call(t, { url: `${D}/page`, token: bureauAdmin, body: { dictType: 'title', keyword: '一级' } })
    expect(page.data).toMatchObject({ total: 1, list: [{ id, name: '一级教师', status: 0, orgId: null }] })
    expect((await call(t, { url: `${D}/update`, token: bureauAdmin, body: { id, name: '中小学一级教师' } })).code).toBe(
      0,
    )
    await call(t, { url: `${D}/updateStatus`, token: bureauAdmin, body: { id, status: 1 } })
    expect((await call(t, { url: `${D}/select?dictType=title`, token: teacher })).data).toEqual([])
    expect((await call(t, { url: `${D}/delete`, token: bureauAdmin, body: { id } })).msg).toBe('删除成功')
    expect((await call(t, { url: `${D}/delete`, token: bureauAdmin, body: { id } })).status).toBe(404)
  })

  it('an entry in use (a grade points at its learning period) is not deleted: 该字典项已被使用，无法删除', async () => {
    const period = (
      await call(t, { url: `${D}/add`, token: bureauAdmin, body: { dictType: 'learnPeriod', name: '初中' } })
    ).data
    const grade = await call(t, {
      url: '/base/api/grade/add',
      token: schoolAdmin,
      body: { name: '2031级', entryYear: 2031, learnPeriodId: period },
    })
    expect(grade.code).toBe(0)
    expect(await call(t, { url: `${D}/delete`, token: bureauAdmin, body: { id: period } })).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: DictMsg.IN_USE,
    })
    const still = await call(t, {
      url: `${D}/page`,
      token: bureauAdmin,
      body: { dictType: 'learnPeriod', keyword: '初中' },
    })
    expect(still.data.total).toBe(1)
  })

  it('the page code follows the dictionary group: a teacher gets 403; an unknown type is a 400', async () => {
    expect(await call(t, { url: `${D}/page`, token: teacher, body: { dictType: 'learnPeriod' } })).toMatchObject({
      status: 403,
      msg: Msg.NO_PERMISSION,
    })
    expect(
      (
        await call(t, {
          url: `${D}/add`,
          token: teacher,
          body: { dictType: 'learnPeriod', level: 'org', name: '小学' },
        })
      ).status,
    ).toBe(403)
    expect(await call(t, { url: `${D}/page`, token: bureauAdmin, body: { dictType: 'nope' } })).toMatchObject({
      status: 400,
      msg: '字典类型有误',
    })
    expect((await call(t, { url: `${D}/page`, body: { dictType: 'learnPeriod' } })).status).toBe(401)
  })

  it("a school admin cannot write a sibling school's or another tenant's entries", async () => {
    const sib = await call(t, {
      url: `${D}/add`,
      token: schoolAdmin,
      body: { dictType: 'job', level: 'org', orgId: w.school2Id, name: '越权' },
    })
    expect(sib.status).toBe(404)
    const id = (
      await call(t, {
        url: `${D}/add`,
        token: bureauAdmin,
        body: { dictType: 'job', level: 'org', orgId: w.school2Id, name: '二中岗位' },
      })
    ).data
    expect((await call(t, { url: `${D}/update`, token: schoolAdmin, body: { id, name: 'x' } })).status).toBe(404)
    expect((await call(t, { url: `${D}/delete`, token: foreignAdmin, body: { id } })).status).toBe(404)
    expect((await call(t, { url: `${D}/select?dictType=job&orgId=${w.school2Id}`, token: foreignAdmin })).status).toBe(
      404,
    )
  })

  it('options (001 §7.1): one call, a group per spec type in the order asked; sex and nation from the constants', async () => {
    const degree = (await call(t, { url: `${D}/add`, token: bureauAdmin, body: { dictType: 'degree', name: '学士' } }))
      .data as number
    const own = (
      await call(t, {
        url: `${D}/add`,
        token: schoolAdmin,
        body: { dictType: 'degree', level: 'org', name: '本校学位' },
      })
    ).data as number
    const types = ['academic_degree', 'sex', 'nation', 'political_attitudes', 'education', 'professional_title']
    const r = await call(t, { url: `${D}/options`, token: teacher, body: { orgId: w.schoolId, types } })
    expect(r.code).toBe(0)
    const groups = r.data as { type: string; data: { text: string; code: number | string }[] }[]
    expect(groups.map((g) => g.type)).toEqual(types)
    // The tenant's entries (本科 from an earlier case), then the org's own; code is the entry id the verify body takes.
    expect(groups[0].data.map((d) => d.text)).toEqual(['本科', '学士', '本校学位'])
    expect(groups[0].data.slice(1)).toEqual([
      { text: '学士', code: degree },
      { text: '本校学位', code: own },
    ])
    expect(groups[1].data).toEqual([
      { text: '男', code: 0 },
      { text: '女', code: 1 },
    ])
    expect(groups[2].data).toHaveLength(56)
    expect(groups[2].data[0]).toEqual({ text: '汉族', code: '汉族' })
    expect(groups[3].data.map((d) => d.text)).toEqual(['中共党员', '群众', '共青团员'])
    // Without orgId the session's org; the bureau does not see the school's own entries.
    const bureau = await call(t, { url: `${D}/options`, token: bureauAdmin, body: { types: ['academic_degree'] } })
    expect(bureau.data[0].data.map((d: { text: string }) => d.text)).not.toContain('本校学位')
  })

  it("options: 401 unsigned, another tenant's or a sibling org answers 机构不存在, unknown or repeated types are refused", async () => {
    expect((await call(t, { url: `${D}/options`, body: { types: ['sex'] } })).status).toBe(401)
    expect(
      await call(t, { url: `${D}/options`, token: foreignAdmin, body: { orgId: w.schoolId, types: ['education'] } }),
    ).toMatchObject({ status: 404, msg: '机构不存在' })
    expect(
      await call(t, { url: `${D}/options`, token: teacher, body: { orgId: other.schoolId, types: ['sex'] } }),
    ).toMatchObject({ status: 404, msg: '机构不存在' })
    expect(
      await call(t, { url: `${D}/options`, token: teacher, body: { orgId: w.school2Id, types: ['sex'] } }),
    ).toMatchObject({ status: 404, msg: '机构不存在' })
    expect(
      await call(t, { url: `${D}/options`, token: teacher, body: { types: ['sex', 'politicalStatus'] } }),
    ).toMatchObject({ status: 400, msg: '字典类型有误' })
    expect(await call(t, { url: `${D}/options`, token: teacher, body: { types: [] } })).toMatchObject({
      status: 400,
      msg: '请指定字典类型',
    })
    expect(await call(t, { url: `${D}/options`, token: teacher, body: { types: ['sex', 'sex'] } })).toMatchObject({
      status: 400,
      msg: '字典类型不能重复',
    })
  })
})

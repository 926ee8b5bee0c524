import { ErrorCode, MajorMsg } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

let t: TestApp
let w: World
let s: Staff
let college: number
const M = '/base/api/major'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  college = (
    await call(t, {
      url: '/base/api/organizationUnit/add',
      token: s.bureauAdmin,
      body: { parentId: w.bureauId, name: '测试学院', unitAttr: 10, appType: 2 },
    })
  ).data
})
afterAll(() => t.close())

describe('faculties, majors and directions (Z3)', () => {
  it('builds faculty → major → direction and lists the tree', async () => {
    const f = (
      await call(t, {
        url: `${M}/add`,
        token: s.bureauAdmin,
        body: { orgId: college, level: 'faculty', name: '信息工程系' },
      })
    ).data
    const m = (
      await call(t, {
        url: `${M}/add`,
        token: s.bureauAdmin,
        body: { orgId: college, level: 'major', parentId: f, name: '软件技术' },
      })
    ).data
    const d = await call(t, {
      url: `${M}/add`,
      token: s.bureauAdmin,
      body: { orgId: college, level: 'direction', parentId: m, name: '移动应用开发' },
    })
    expect(d.code).toBe(0)
    const tree = await call(t, { url: `${M}/tree?orgId=${college}`, token: s.bureauAdmin })
    expect(
      tree.data.map((n: { level: string; name: string; parentId: number | null }) => [n.level, n.name, n.parentId]),
    ).toEqual([
      ['faculty', '信息工程系', null],
      ['major', '软件技术', f],
      ['direction', '移动应用开发', m],
    ])
    expect(await call(t, { url: `${M}/delete`, token: s.bureauAdmin, body: { id: f } })).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: MajorMsg.HAS_CHILDREN,
    })
    expect(
      await call(t, {
        url: `${M}/add`,
        token: s.bureauAdmin,
        body: { orgId: college, level: 'major', parentId: f, name: '软件技术' },
      }),
    ).toMatchObject({ msg: MajorMsg.NAME_TAKEN })
  })

  it('refuses wrong parents and Z12 schools', async () => {
    const f = (
      await call(t, {
        url: `${M}/add`,
        token: s.bureauAdmin,
        body: { orgId: college, level: 'faculty', name: '机电系' },
      })
    ).data
    expect(
      await call(t, {
        url: `${M}/add`,
        token: s.bureauAdmin,
        body: { orgId: college, level: 'direction', parentId: f, name: 'x' },
      }),
    ).toMatchObject({ msg: MajorMsg.WRONG_PARENT })
    expect(
      await call(t, {
        url: `${M}/add`,
        token: s.bureauAdmin,
        body: { orgId: college, level: 'major', name: '无院系专业' },
      }),
    ).toMatchObject({ msg: MajorMsg.WRONG_PARENT })
    expect(
      await call(t, {
        url: `${M}/add`,
        token: s.bureauAdmin,
        body: { orgId: college, level: 'faculty', parentId: f, name: 'x' },
      }),
    ).toMatchObject({ msg: MajorMsg.WRONG_PARENT })
    expect(await call(t, { url: `${M}/tree`, token: s.schoolAdmin })).toMatchObject({ msg: MajorMsg.NOT_Z3 })
    expect((await call(t, { url: `${M}/tree?orgId=${college}`, token: s.schoolAdmin })).status).toBe(404)
    expect((await call(t, { url: `${M}/tree?orgId=${college}`, token: s.teacher })).status).toBe(403)
  })
})

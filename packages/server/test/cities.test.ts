import { AreaMsg, type CityOption } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, call, createTestApp, login, makeWorld, staffOf, type Staff, type TestApp } from './helpers.js'

let t: TestApp
let s: Staff
let foreign: Staff
const C = '/base/api/cities'
const names = (r: { data: CityOption[] }) => r.data.map((c) => c.fullName)

beforeAll(async () => {
  t = await createTestApp()
  const admin = (await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })).data.userToken
  s = await staffOf(t, await makeWorld(t))
  foreign = await staffOf(t, await makeWorld(t))
  const level = async (name: string, sort: number) =>
    (await call(t, { url: '/base/api/eduarea/level/add', token: admin, body: { name, sort } })).data as number
  const [prov, city, county] = [await level('省级', 1), await level('市级', 2), await level('区县级', 3)]
  const add = async (code: string, name: string, levelId: number, parentCode?: string) =>
    expect(
      (await call(t, { url: '/base/api/eduarea/add', token: admin, body: { code, name, levelId, parentCode } })).code,
    ).toBe(0)
  await add('440000', '广东省', prov)
  await add('440100', '广州市', city, '440000')
  await add('440106', '天河区', county, '440100')
  await add('440300', '深圳市', city, '440000')
  await add('450000', '广西壮族自治区', prov)
  await add('450100', '南宁市', city, '450000')
})
afterAll(() => t.close())

describe('cities', () => {
  it('401 signed out', async () => {
    expect((await call(t, { url: `${C}/select` })).status).toBe(401)
    expect((await call(t, { url: `${C}/path?code=440106` })).status).toBe(401)
  })

  it('a cascader level: the top, then the children of a code, with full names and leaves', async () => {
    const top = await call(t, { url: `${C}/select`, token: s.teacher })
    expect(top.data).toEqual([
      { code: '440000', name: '广东省', parentCode: null, levelName: '省级', fullName: '广东省', isLeaf: false },
      {
        code: '450000',
        name: '广西壮族自治区',
        parentCode: null,
        levelName: '省级',
        fullName: '广西壮族自治区',
        isLeaf: false,
      },
    ])
    expect(names(await call(t, { url: `${C}/select?parentCode=440000`, token: s.teacher }))).toEqual([
      '广东省/广州市',
      '广东省/深圳市',
    ])
    const gz = await call(t, { url: `${C}/select?parentCode=440100`, token: s.teacher })
    expect(gz.data).toEqual([
      expect.objectContaining({ code: '440106', fullName: '广东省/广州市/天河区', isLeaf: true, levelName: '区县级' }),
    ])
    // An unknown parent has no children.
    expect((await call(t, { url: `${C}/select?parentCode=990000`, token: s.teacher })).data).toEqual([])
  })

  it('a keyword searches every level by name, with the full name', async () => {
    expect(names(await call(t, { url: `${C}/select?keyword=${encodeURIComponent('市')}`, token: s.teacher }))).toEqual([
      '广东省/广州市',
      '广东省/深圳市',
      '广西壮族自治区/南宁市',
    ])
    expect(
      names(await call(t, { url: `${C}/select?keyword=${encodeURIComponent('天河')}`, token: s.teacher })),
    ).toEqual(['广东省/广州市/天河区'])
    // LIKE wildcards are searched as text.
    expect((await call(t, { url: `${C}/select?keyword=%25`, token: s.teacher })).data).toEqual([])
  })

  it('the path of a code, top down; an unknown code is not found', async () => {
    const p = await call(t, { url: `${C}/path?code=440106`, token: s.teacher })
    expect(p.data.map((c: CityOption) => c.code)).toEqual(['440000', '440100', '440106'])
    expect(p.data[2].fullName).toBe('广东省/广州市/天河区')
    expect(await call(t, { url: `${C}/path?code=990101`, token: s.teacher })).toMatchObject({
      status: 404,
      msg: AreaMsg.NOT_FOUND,
    })
  })

  it('reference data: every tenant reads the same tree', async () => {
    expect(names(await call(t, { url: `${C}/select?parentCode=440000`, token: foreign.teacher }))).toEqual([
      '广东省/广州市',
      '广东省/深圳市',
    ])
  })

  it('bad input is refused with a Chinese message', async () => {
    for (const url of [
      `${C}/select?parentCode=44`,
      `${C}/select?parentCode=abc`,
      `${C}/select?keyword=${'字'.repeat(21)}`,
      `${C}/select?keyword=a%00b`,
      `${C}/path`,
      `${C}/path?code=x`,
    ]) {
      const r = await call(t, { url, token: s.teacher })
      expect(r.code, url).not.toBe(0)
      expect(r.msg, url).toMatch(/[\u4e00-\u9fa5]/)
    }
  })
})

import { AreaMsg, ErrorCode } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PASSWORD, call, createTestApp, login, makeWorld, staffOf, type Staff, type TestApp } from './helpers.js'

let t: TestApp
let admin: string
let s: Staff
const A = '/base/api/eduarea'
beforeAll(async () => {
  t = await createTestApp()
  admin = (await login(t, { userName: 'administrator', password: ADMIN_PASSWORD, loginType: 0 })).data.userToken
  s = await staffOf(t, await makeWorld(t))
})
afterAll(() => t.close())

describe('administrative levels and areas', () => {
  it('the super administrator keeps levels and an area tree; everyone signed in can read them', async () => {
    const prov = (await call(t, { url: `${A}/level/add`, token: admin, body: { name: '省级', sort: 1 } })).data
    const city = (await call(t, { url: `${A}/level/add`, token: admin, body: { name: '市级', sort: 2 } })).data
    expect(await call(t, { url: `${A}/level/add`, token: admin, body: { name: '省级' } })).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: AreaMsg.LEVEL_TAKEN,
    })
    expect(
      (await call(t, { url: `${A}/add`, token: admin, body: { code: '440000', name: '广东省', levelId: prov } })).code,
    ).toBe(0)
    expect(
      (
        await call(t, {
          url: `${A}/add`,
          token: admin,
          body: { code: '440100', name: '广州市', parentCode: '440000', levelId: city },
        })
      ).code,
    ).toBe(0)
    expect(
      await call(t, { url: `${A}/add`, token: admin, body: { code: '440100', name: '重复', levelId: city } }),
    ).toMatchObject({ msg: AreaMsg.CODE_TAKEN })
    expect(
      await call(t, {
        url: `${A}/add`,
        token: admin,
        body: { code: '990100', name: '孤儿', parentCode: '990000', levelId: city },
      }),
    ).toMatchObject({ msg: AreaMsg.PARENT_MISSING })
    expect(
      await call(t, { url: `${A}/add`, token: admin, body: { code: '44', name: '短码', levelId: city } }),
    ).toMatchObject({ status: 400, msg: '区划代码应为6位或9位数字' })
    const top = await call(t, { url: `${A}/list`, token: s.teacher })
    expect(top.data).toEqual([
      expect.objectContaining({ code: '440000', name: '广东省', levelName: '省级', childCount: 1 }),
    ])
    expect(
      (await call(t, { url: `${A}/list?parentCode=440000`, token: s.teacher })).data.map(
        (a: { name: string }) => a.name,
      ),
    ).toEqual(['广州市'])
    expect(await call(t, { url: `${A}/delete`, token: admin, body: { code: '440000' } })).toMatchObject({
      msg: AreaMsg.HAS_CHILDREN,
    })
    expect(await call(t, { url: `${A}/level/delete`, token: admin, body: { id: city } })).toMatchObject({
      msg: AreaMsg.LEVEL_IN_USE,
    })
  })

  it('only the super administrator writes: a tenant admin gets 403, a stranger 401', async () => {
    expect((await call(t, { url: `${A}/level/add`, token: s.bureauAdmin, body: { name: '县级' } })).status).toBe(403)
    expect(
      (await call(t, { url: `${A}/add`, token: s.bureauAdmin, body: { code: '110000', name: '北京市', levelId: 1 } }))
        .status,
    ).toBe(403)
    expect((await call(t, { url: `${A}/list` })).status).toBe(401)
  })
})

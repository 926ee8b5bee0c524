import { BUILTIN_APPS } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, makeWorld, staffOf, type Staff, type TestApp, type World } from './helpers.js'

/**
 * The three app-maintenance calls of 001 §7.5 no other test made (audit status I): removing one app from a mobile
 * quick-entry group, refreshing the built-in apps, and resetting a PC group's apps.
 */
let t: TestApp
let w: World
let s: Staff
let foreign: Staff
const Q = '/base/mobileHomeQuick'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  s = await staffOf(t, w)
  foreign = await staffOf(t, await makeWorld(t))
})
afterAll(() => t.close())

/** An app the school registers (with an entry address, so it opens). */
const anApp = async (name: string) =>
  (
    await call(t, {
      url: '/base/mobileApp/save',
      token: s.schoolAdmin,
      body: { name, reqUri: '/courseCenter', entryUrl: '/subapps/demo/index.html' },
    })
  ).data as number

describe('app maintenance calls', () => {
  it("deleteMobileHomeApp takes one app out of a quick-entry group and leaves the others; another tenant's group is not found", async () => {
    const a = await anApp('快捷甲')
    const b = await anApp('快捷乙')
    const groupId = (
      await call(t, {
        url: `${Q}/addMobileHomeAppGroup`,
        token: s.schoolAdmin,
        body: { roleKey: 'ut:1002', name: '快捷分组' },
      })
    ).data as number
    expect(
      (await call(t, { url: `${Q}/addMobileHomeApp`, token: s.schoolAdmin, body: { groupId, appIds: [a, b] } })).code,
    ).toBe(0)
    const listed = async () =>
      (
        (await call(t, { url: `${Q}/getAppList?roleKey=ut:1002`, token: s.schoolAdmin })).data as {
          id: number
          appList: { appId: number }[]
        }[]
      )
        .find((g) => g.id === groupId)!
        .appList.map((x) => x.appId)
    expect(await listed()).toEqual([a, b])
    expect(
      await call(t, { url: `${Q}/deleteMobileHomeApp`, token: s.schoolAdmin, body: { groupId, appId: a } }),
    ).toMatchObject({ code: 0 })
    expect(await listed()).toEqual([b])
    expect(
      (await call(t, { url: `${Q}/deleteMobileHomeApp`, token: foreign.schoolAdmin, body: { groupId, appId: b } }))
        .status,
    ).toBe(404)
    expect(
      (await call(t, { url: `${Q}/deleteMobileHomeApp`, token: s.teacher, body: { groupId, appId: b } })).status,
    ).toBe(403)
    expect(await listed()).toEqual([b])
  })

  it('refreshInternalApp answers the number of built-in apps, the shared list; a teacher is refused', async () => {
    const r = await call(t, { url: '/base/mobileApp/refreshInternalApp', token: s.schoolAdmin, body: {} })
    expect(r).toMatchObject({ code: 0, data: BUILTIN_APPS.length })
    expect((await call(t, { url: '/base/mobileApp/refreshInternalApp', token: s.teacher, body: {} })).status).toBe(403)
  })

  it("resetAppLinkList empties a group of the school's own; another tenant's group is not found", async () => {
    const groupId = (
      await call(t, { url: '/base/mobileAppGroup/save', token: s.schoolAdmin, body: { name: '重置分组', appType: 3 } })
    ).data as number
    const a = await anApp('重置应用')
    await call(t, {
      url: '/base/mobileAppLink/addAppLinkToAppGroup',
      token: s.schoolAdmin,
      body: { groupId, appIds: [a] },
    })
    const apps = async () =>
      (
        (await call(t, { url: '/base/mobileAppGroup/getAppGroupList?appType=3&filter=0', token: s.schoolAdmin }))
          .data as { id: number; appList: { appId: number }[] }[]
      )
        .find((g) => g.id === groupId)!
        .appList.map((x) => x.appId)
    expect(await apps()).toEqual([a])
    expect(
      (await call(t, { url: '/base/mobileAppLink/resetAppLinkList', token: foreign.schoolAdmin, body: { groupId } }))
        .status,
    ).toBe(404)
    expect(await apps()).toEqual([a])
    expect(
      await call(t, { url: '/base/mobileAppLink/resetAppLinkList', token: s.schoolAdmin, body: { groupId } }),
    ).toMatchObject({ code: 0 })
    expect(await apps()).toEqual([])
  })
})

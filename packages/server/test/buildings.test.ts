import { BuildingMsg, ErrorCode, SubjectMsg } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, makeWorld, staffOf, type TestApp, type World } from './helpers.js'

let t: TestApp
let w: World
let other: World
let schoolAdmin: string
let school2Admin: string
let teacher: string
let foreignAdmin: string
const B = '/base/api/buildings'
const F = '/base/api/floor'
const R = '/base/api/classroom'

beforeAll(async () => {
  t = await createTestApp()
  w = await makeWorld(t)
  other = await makeWorld(t)
  ;({ schoolAdmin, school2Admin, teacher } = await staffOf(t, w))
  foreignAdmin = (await staffOf(t, other)).bureauAdmin
})
afterAll(() => t.close())

describe('buildings, floors and rooms', () => {
  it('a building gets its floors; rooms are added singly and in batch with tags and uses', async () => {
    const use = (await call(t, { url: '/base/api/dict/add', token: schoolAdmin, body: { dictType: 'roomUse', level: 'org', name: '普通教室' } })).data
    const b = await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '教学楼A', floorCount: 3 } })
    expect(b.code).toBe(0)
    const floors = (await call(t, { url: `${F}/list?buildingId=${b.data}`, token: schoolAdmin })).data
    expect(floors.map((f: { name: string }) => f.name)).toEqual(['1层', '2层', '3层'])

    const tag = (await call(t, { url: '/base/api/tags/add', token: schoolAdmin, body: { name: '多媒体' } })).data
    const room = await call(t, { url: `${R}/add`, token: schoolAdmin, body: { floorId: floors[0].id, name: '实验室1', useId: use, capacity: 48, tagIds: [tag] } })
    expect(room.code).toBe(0)
    const batch = await call(t, { url: `${R}/batchAdd`, token: schoolAdmin, body: { buildingId: b.data, fromLevel: 2, toLevel: 3, perFloor: 3, useId: use, capacity: 45 } })
    expect(batch).toMatchObject({ code: 0, data: 6, msg: '已新增6间教室' })
    const page = await call(t, { url: `${R}/page`, token: schoolAdmin, body: { buildingId: b.data, pageSize: 50 } })
    expect(page.data.total).toBe(7)
    expect(page.data.list.map((r: { name: string }) => r.name)).toEqual(['实验室1', '201', '202', '203', '301', '302', '303'])
    expect(page.data.list[0]).toMatchObject({ buildingName: '教学楼A', floorName: '1层', useName: '普通教室', capacity: 48, tags: [{ id: tag, name: '多媒体' }] })
    const tagged = await call(t, { url: `${R}/page`, token: schoolAdmin, body: { tagId: tag } })
    expect(tagged.data.list.map((r: { name: string }) => r.name)).toEqual(['实验室1'])
    const buildings = await call(t, { url: `${B}/page`, token: schoolAdmin, body: {} })
    expect(buildings.data.list).toEqual([expect.objectContaining({ name: '教学楼A', floorCount: 3, roomCount: 7 })])
  })

  it('refuses duplicates, a batch that collides (all or nothing), missing floors, and deleting a building with rooms', async () => {
    const b = (await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '综合楼', floorCount: 2 } })).data
    expect(await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '综合楼' } })).toMatchObject({ code: ErrorCode.CONFLICT, msg: BuildingMsg.BUILDING_NAME_TAKEN })
    const floors = (await call(t, { url: `${F}/list?buildingId=${b}`, token: schoolAdmin })).data
    await call(t, { url: `${R}/add`, token: schoolAdmin, body: { floorId: floors[1].id, name: '202' } })
    expect(await call(t, { url: `${R}/add`, token: schoolAdmin, body: { floorId: floors[0].id, name: '202' } })).toMatchObject({ msg: BuildingMsg.ROOM_NAME_TAKEN })
    expect(await call(t, { url: `${R}/batchAdd`, token: schoolAdmin, body: { buildingId: b, fromLevel: 1, toLevel: 2, perFloor: 3 } })).toMatchObject({ msg: BuildingMsg.BATCH_TAKEN })
    expect((await call(t, { url: `${R}/page`, token: schoolAdmin, body: { buildingId: b } })).data.total).toBe(1)
    expect(await call(t, { url: `${R}/batchAdd`, token: schoolAdmin, body: { buildingId: b, fromLevel: 1, toLevel: 5, perFloor: 1, prefix: 'Z' } })).toMatchObject({ msg: BuildingMsg.MISSING_FLOORS })
    expect(await call(t, { url: `${B}/delete`, token: schoolAdmin, body: { id: b } })).toMatchObject({ msg: BuildingMsg.BUILDING_HAS_ROOMS })
    expect(await call(t, { url: `${R}/batchAdd`, token: schoolAdmin, body: { buildingId: b, fromLevel: 3, toLevel: 1, perFloor: 1 } })).toMatchObject({ status: 400, msg: '结束楼层不能低于开始楼层' })
  })

  it('batch move sends rooms to another building and floor of the same school only', async () => {
    const a = (await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '旧楼', floorCount: 1 } })).data
    const n = (await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '新楼', floorCount: 2 } })).data
    const fa = (await call(t, { url: `${F}/list?buildingId=${a}`, token: schoolAdmin })).data[0].id
    const fn = (await call(t, { url: `${F}/list?buildingId=${n}`, token: schoolAdmin })).data[1].id
    const ids = [(await call(t, { url: `${R}/add`, token: schoolAdmin, body: { floorId: fa, name: '甲' } })).data, (await call(t, { url: `${R}/add`, token: schoolAdmin, body: { floorId: fa, name: '乙' } })).data]
    expect(await call(t, { url: `${R}/batchMove`, token: schoolAdmin, body: { roomIds: ids, floorId: fn } })).toMatchObject({ code: 0, data: 2 })
    const moved = await call(t, { url: `${R}/page`, token: schoolAdmin, body: { buildingId: n } })
    expect(moved.data.list.map((r: { name: string; floorName: string }) => `${r.name}@${r.floorName}`).sort()).toEqual(['乙@2层', '甲@2层'].sort())
    const b2 = (await call(t, { url: `${B}/add`, token: school2Admin, body: { name: '二中楼', floorCount: 1 } })).data
    const f2 = (await call(t, { url: `${F}/list?buildingId=${b2}`, token: school2Admin })).data[0].id
    expect((await call(t, { url: `${R}/batchMove`, token: schoolAdmin, body: { roomIds: ids, floorId: f2 } })).status).toBe(404)
  })

  it('permissions and scope: teacher 403 on the page and every write; sibling school and other tenant 404', async () => {
    const b = (await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '权限楼', floorCount: 1 } })).data
    for (const [url, body] of [[`${B}/page`, {}], [`${B}/add`, { name: 'x' }], [`${B}/delete`, { id: b }], [`${R}/batchAdd`, { buildingId: b, fromLevel: 1, toLevel: 1, perFloor: 1 }], [`${R}/batchMove`, { roomIds: [1], floorId: 1 }], ['/base/api/tags/add', { name: 'x' }]] as const) {
      expect((await call(t, { url, token: teacher, body })).status, url).toBe(403)
    }
    expect((await call(t, { url: `${B}/update`, token: school2Admin, body: { id: b, name: '改' } })).status).toBe(404)
    expect((await call(t, { url: `${F}/list?buildingId=${b}`, token: foreignAdmin })).status).toBe(404)
    expect((await call(t, { url: `${B}/page`, body: {} })).status).toBe(401)
  })
})

describe('subjects', () => {
  const S = '/base/api/subjectMgr/subjectInfo'
  it('adds subjects with a category, refuses duplicates, edits, toggles and deletes', async () => {
    const cat = (await call(t, { url: '/base/api/dict/add', token: schoolAdmin, body: { dictType: 'subjectManage', level: 'org', name: '文化课' } })).data
    const yw = await call(t, { url: `${S}/add`, token: schoolAdmin, body: { name: '语文', code: 'YW', categoryId: cat } })
    expect(yw.code).toBe(0)
    await call(t, { url: `${S}/add`, token: schoolAdmin, body: { name: '数学', code: 'SX', categoryId: cat } })
    expect(await call(t, { url: `${S}/add`, token: schoolAdmin, body: { name: '语文' } })).toMatchObject({ code: ErrorCode.CONFLICT, msg: SubjectMsg.NAME_TAKEN })
    expect(await call(t, { url: `${S}/add`, token: schoolAdmin, body: { name: '语文2', code: 'YW' } })).toMatchObject({ msg: SubjectMsg.CODE_TAKEN })
    const page = await call(t, { url: `${S}/page`, token: schoolAdmin, body: {} })
    expect(page.data.list.map((s: { name: string; categoryName: string }) => `${s.name}/${s.categoryName}`)).toEqual(['语文/文化课', '数学/文化课'])
    expect((await call(t, { url: `${S}/updateStatus`, token: schoolAdmin, body: { id: yw.data, status: 1 } })).msg).toBe('停用成功')
    expect((await call(t, { url: `${S}/delete`, token: school2Admin, body: { id: yw.data } })).status).toBe(404)
    expect((await call(t, { url: `${S}/page`, token: teacher, body: {} })).status).toBe(403)
    expect((await call(t, { url: `${S}/delete`, token: schoolAdmin, body: { id: yw.data } })).msg).toBe('删除成功')
  })
})

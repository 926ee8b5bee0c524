import { BuildingMsg, ErrorCode, SubjectMsg, UserType } from '@zhixiao/shared'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createTestApp, loginToken, makePerson, makeWorld, staffOf, type TestApp, type World } from './helpers.js'

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
    const use = (
      await call(t, {
        url: '/base/api/dict/add',
        token: schoolAdmin,
        body: { dictType: 'roomUse', level: 'org', name: '普通教室' },
      })
    ).data
    const b = await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '教学楼A', floorCount: 3 } })
    expect(b.code).toBe(0)
    const floors = (await call(t, { url: `${F}/list?buildingId=${b.data}`, token: schoolAdmin })).data
    expect(floors.map((f: { name: string }) => f.name)).toEqual(['1层', '2层', '3层'])

    const tag = (await call(t, { url: '/base/api/tags/add', token: schoolAdmin, body: { name: '多媒体' } })).data
    const room = await call(t, {
      url: `${R}/add`,
      token: schoolAdmin,
      body: { floorId: floors[0].id, name: '实验室1', useId: use, capacity: 48, tagIds: [tag] },
    })
    expect(room.code).toBe(0)
    const batch = await call(t, {
      url: `${R}/batchAdd`,
      token: schoolAdmin,
      body: { buildingId: b.data, fromLevel: 2, toLevel: 3, perFloor: 3, useId: use, capacity: 45 },
    })
    expect(batch).toMatchObject({ code: 0, data: 6, msg: '已新增6间教室' })
    const page = await call(t, { url: `${R}/page`, token: schoolAdmin, body: { buildingId: b.data, pageSize: 50 } })
    expect(page.data.total).toBe(7)
    expect(page.data.list.map((r: { name: string }) => r.name)).toEqual([
      '实验室1',
      '201',
      '202',
      '203',
      '301',
      '302',
      '303',
    ])
    expect(page.data.list[0]).toMatchObject({
      buildingName: '教学楼A',
      floorName: '1层',
      useName: '普通教室',
      capacity: 48,
      tags: [{ id: tag, name: '多媒体' }],
    })
    const tagged = await call(t, { url: `${R}/page`, token: schoolAdmin, body: { tagId: tag } })
    expect(tagged.data.list.map((r: { name: string }) => r.name)).toEqual(['实验室1'])
    const buildings = await call(t, { url: `${B}/page`, token: schoolAdmin, body: {} })
    expect(buildings.data.list).toEqual([expect.objectContaining({ name: '教学楼A', floorCount: 3, roomCount: 7 })])
  })

  it('refuses duplicates, a batch that collides (all or nothing), missing floors, and deleting a building with rooms', async () => {
    const b = (await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '综合楼', floorCount: 2 } })).data
    expect(await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '综合楼' } })).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: BuildingMsg.BUILDING_NAME_TAKEN,
    })
    const floors = (await call(t, { url: `${F}/list?buildingId=${b}`, token: schoolAdmin })).data
    await call(t, { url: `${R}/add`, token: schoolAdmin, body: { floorId: floors[1].id, name: '202' } })
    expect(
      await call(t, { url: `${R}/add`, token: schoolAdmin, body: { floorId: floors[0].id, name: '202' } }),
    ).toMatchObject({ msg: BuildingMsg.ROOM_NAME_TAKEN })
    expect(
      await call(t, {
        url: `${R}/batchAdd`,
        token: schoolAdmin,
        body: { buildingId: b, fromLevel: 1, toLevel: 2, perFloor: 3 },
      }),
    ).toMatchObject({ msg: BuildingMsg.BATCH_TAKEN })
    expect((await call(t, { url: `${R}/page`, token: schoolAdmin, body: { buildingId: b } })).data.total).toBe(1)
    expect(
      await call(t, {
        url: `${R}/batchAdd`,
        token: schoolAdmin,
        body: { buildingId: b, fromLevel: 1, toLevel: 5, perFloor: 1, prefix: 'Z' },
      }),
    ).toMatchObject({ msg: BuildingMsg.MISSING_FLOORS })
    expect(await call(t, { url: `${B}/delete`, token: schoolAdmin, body: { id: b } })).toMatchObject({
      msg: BuildingMsg.BUILDING_HAS_ROOMS,
    })
    expect(
      await call(t, {
        url: `${R}/batchAdd`,
        token: schoolAdmin,
        body: { buildingId: b, fromLevel: 3, toLevel: 1, perFloor: 1 },
      }),
    ).toMatchObject({ status: 400, msg: '结束楼层不能低于开始楼层' })
  })

  it('batch move sends rooms to another building and floor of the same school only', async () => {
    const a = (await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '旧楼', floorCount: 1 } })).data
    const n = (await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '新楼', floorCount: 2 } })).data
    const fa = (await call(t, { url: `${F}/list?buildingId=${a}`, token: schoolAdmin })).data[0].id
    const fn = (await call(t, { url: `${F}/list?buildingId=${n}`, token: schoolAdmin })).data[1].id
    const ids = [
      (await call(t, { url: `${R}/add`, token: schoolAdmin, body: { floorId: fa, name: '甲' } })).data,
      (await call(t, { url: `${R}/add`, token: schoolAdmin, body: { floorId: fa, name: '乙' } })).data,
    ]
    expect(
      await call(t, { url: `${R}/batchMove`, token: schoolAdmin, body: { roomIds: ids, floorId: fn } }),
    ).toMatchObject({ code: 0, data: 2 })
    const moved = await call(t, { url: `${R}/page`, token: schoolAdmin, body: { buildingId: n } })
    expect(moved.data.list.map((r: { name: string; floorName: string }) => `${r.name}@${r.floorName}`).sort()).toEqual(
      ['乙@2层', '甲@2层'].sort(),
    )
    const b2 = (await call(t, { url: `${B}/add`, token: school2Admin, body: { name: '二中楼', floorCount: 1 } })).data
    const f2 = (await call(t, { url: `${F}/list?buildingId=${b2}`, token: school2Admin })).data[0].id
    expect(
      (await call(t, { url: `${R}/batchMove`, token: schoolAdmin, body: { roomIds: ids, floorId: f2 } })).status,
    ).toBe(404)
  })

  it('permissions and scope: teacher 403 on the page and every write; sibling school and other tenant 404', async () => {
    const b = (await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '权限楼', floorCount: 1 } })).data
    for (const [url, body] of [
      [`${B}/page`, {}],
      [`${B}/add`, { name: 'x' }],
      [`${B}/delete`, { id: b }],
      [`${R}/batchAdd`, { buildingId: b, fromLevel: 1, toLevel: 1, perFloor: 1 }],
      [`${R}/batchMove`, { roomIds: [1], floorId: 1 }],
      ['/base/api/tags/add', { name: 'x' }],
    ] as const) {
      expect((await call(t, { url, token: teacher, body })).status, url).toBe(403)
    }
    expect((await call(t, { url: `${B}/update`, token: school2Admin, body: { id: b, name: '改' } })).status).toBe(404)
    expect((await call(t, { url: `${F}/list?buildingId=${b}`, token: foreignAdmin })).status).toBe(404)
    expect((await call(t, { url: `${B}/page`, body: {} })).status).toBe(401)
  })
})

describe('the room page buttons 属性设置, 教室用途 and 类型设置 (000 §6)', () => {
  const A = '/base/api/account'
  const D = '/base/api/dict'
  let seq = 0
  /** A staff member of the first school whose only role holds `codes`, signed in. */
  async function holder(codes: string[]): Promise<string> {
    const role = (
      await call(t, {
        url: `${A}/addRole/batch`,
        token: schoolAdmin,
        body: { roles: [{ name: `楼宇角色${++seq}`, userType: 1002 }] },
      })
    ).data[0]
    expect(
      (
        await call(t, {
          url: `${A}/associatedPermission`,
          token: schoolAdmin,
          body: { roleId: role, orgId: w.schoolId, names: codes },
        })
      ).code,
    ).toBe(0)
    const p = await makePerson(t, w.tenantId, {
      memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [role] }],
    })
    return loginToken(t, p.userName)
  }
  async function twoRooms() {
    const b = (await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: `属性楼${++seq}`, floorCount: 1 } }))
      .data
    const f = (await call(t, { url: `${F}/list?buildingId=${b}`, token: schoolAdmin })).data[0].id
    const ids: number[] = []
    for (const name of ['甲', '乙'])
      ids.push((await call(t, { url: `${R}/add`, token: schoolAdmin, body: { floorId: f, name, capacity: 40 } })).data)
    return { b, ids }
  }

  it('without the codes the page reader is refused 403 on setAttr and on writing and listing room uses and building types', async () => {
    const reader = await holder(['base_build_lot'])
    const { ids } = await twoRooms()
    expect((await call(t, { url: `${R}/page`, token: reader, body: {} })).status).toBe(200)
    expect(await call(t, { url: `${R}/setAttr`, token: reader, body: { roomIds: ids, capacity: 10 } })).toMatchObject({
      status: 403,
      code: ErrorCode.FORBIDDEN,
    })
    for (const dictType of ['roomUse', 'buildingType']) {
      expect(
        (await call(t, { url: `${D}/add`, token: reader, body: { dictType, level: 'org', name: '不行' } })).status,
        dictType,
      ).toBe(403)
      expect(
        (await call(t, { url: `${D}/page`, token: reader, body: { dictType, level: 'org' } })).status,
        dictType,
      ).toBe(403)
    }
    // Each button keeps its own dictionary only.
    const useOnly = await holder(['base_build_lot', 'base_room_use'])
    expect(
      (
        await call(t, {
          url: `${D}/add`,
          token: useOnly,
          body: { dictType: 'buildingType', level: 'org', name: '不行' },
        })
      ).status,
    ).toBe(403)
    const typeOnly = await holder(['base_build_lot', 'base_room_type'])
    expect(
      (await call(t, { url: `${D}/add`, token: typeOnly, body: { dictType: 'roomUse', level: 'org', name: '不行' } }))
        .status,
    ).toBe(403)
    expect(
      (await call(t, { url: `${D}/add`, token: typeOnly, body: { dictType: 'job', level: 'org', name: '不行' } }))
        .status,
    ).toBe(403)
  })

  it('教室用途 and 类型设置 keep their dictionaries (add, list, update, toggle, delete); base_communal_fields still does', async () => {
    const keeper = await holder(['base_build_lot', 'base_room_use', 'base_room_type'])
    for (const [dictType, name] of [
      ['roomUse', '录播教室'],
      ['buildingType', '实验楼'],
    ] as const) {
      const added = await call(t, { url: `${D}/add`, token: keeper, body: { dictType, level: 'org', name } })
      expect(added, dictType).toMatchObject({ code: 0, msg: '新增成功' })
      const listed = await call(t, { url: `${D}/page`, token: keeper, body: { dictType, level: 'org' } })
      expect(listed.data.list.map((r: { name: string }) => r.name)).toContain(name)
      expect(
        (await call(t, { url: `${D}/update`, token: keeper, body: { id: added.data, name: `${name}2` } })).msg,
      ).toBe('编辑成功')
      expect(
        (await call(t, { url: `${D}/updateStatus`, token: keeper, body: { id: added.data, status: 1 } })).code,
      ).toBe(0)
      expect((await call(t, { url: `${D}/delete`, token: keeper, body: { id: added.data } })).msg).toBe('删除成功')
    }
    const communal = await holder(['base_communal_fields'])
    expect(
      (await call(t, { url: `${D}/page`, token: communal, body: { dictType: 'roomUse', level: 'tenant' } })).status,
    ).toBe(200)
    // The new-building form's type is one of these entries.
    const type = (
      await call(t, {
        url: `${D}/add`,
        token: keeper,
        body: { dictType: 'buildingType', level: 'org', name: '体育馆' },
      })
    ).data
    const b = (await call(t, { url: `${B}/add`, token: schoolAdmin, body: { name: '风雨操场', typeId: type } })).data
    const listed = await call(t, { url: `${B}/page`, token: schoolAdmin, body: { keyword: '风雨操场' } })
    expect(listed.data.list).toEqual([expect.objectContaining({ id: b, typeId: type, typeName: '体育馆' })])
  })

  it("属性设置 gives the chosen rooms one use and capacity; another school's rooms or uses are refused", async () => {
    const setter = await holder(['base_build_lot', 'base_room_attr'])
    const { b, ids } = await twoRooms()
    const use = (
      await call(t, {
        url: `${D}/add`,
        token: schoolAdmin,
        body: { dictType: 'roomUse', level: 'org', name: `多功能室${seq}` },
      })
    ).data
    expect(
      await call(t, { url: `${R}/setAttr`, token: setter, body: { roomIds: ids, useId: use, capacity: 60 } }),
    ).toMatchObject({ code: 0, data: 2, msg: '已设置2间教室' })
    const page = async () => {
      const list: { id: number; useId: number | null; capacity: number | null }[] = (
        await call(t, { url: `${R}/page`, token: setter, body: { buildingId: b } })
      ).data.list
      return ids.map((id) => list.find((r) => r.id === id)).map((r) => [r?.useId, r?.capacity])
    }
    expect(await page()).toEqual([
      [use, 60],
      [use, 60],
    ])
    // A field left out stays; null clears it.
    expect(
      (await call(t, { url: `${R}/setAttr`, token: setter, body: { roomIds: [ids[0]], capacity: null } })).code,
    ).toBe(0)
    expect(await page()).toEqual([
      [use, null],
      [use, 60],
    ])
    expect(await call(t, { url: `${R}/setAttr`, token: setter, body: { roomIds: ids } })).toMatchObject({
      status: 400,
      msg: '请设置至少一项属性',
    })
    const otherUse = (
      await call(t, {
        url: `${D}/add`,
        token: school2Admin,
        body: { dictType: 'roomUse', level: 'org', name: '二中专用' },
      })
    ).data
    expect(
      await call(t, { url: `${R}/setAttr`, token: setter, body: { roomIds: ids, useId: otherUse } }),
    ).toMatchObject({ status: 400, msg: '教室用途不存在' })
    expect(
      (await call(t, { url: `${R}/setAttr`, token: school2Admin, body: { roomIds: ids, capacity: 1 } })).status,
    ).toBe(404)
    expect(
      (await call(t, { url: `${R}/setAttr`, token: setter, body: { roomIds: [...ids, 999999], capacity: 1 } })).status,
    ).toBe(404)
    expect((await call(t, { url: `${R}/setAttr`, body: { roomIds: ids, capacity: 1 } })).status).toBe(401)
  })
})

describe('subjects', () => {
  const S = '/base/api/subjectMgr/subjectInfo'
  it('adds subjects with a category, refuses duplicates, edits, toggles and deletes', async () => {
    const cat = (
      await call(t, {
        url: '/base/api/dict/add',
        token: schoolAdmin,
        body: { dictType: 'subjectManage', level: 'org', name: '文化课' },
      })
    ).data
    const yw = await call(t, {
      url: `${S}/add`,
      token: schoolAdmin,
      body: { name: '语文', code: 'YW', categoryId: cat },
    })
    expect(yw.code).toBe(0)
    await call(t, { url: `${S}/add`, token: schoolAdmin, body: { name: '数学', code: 'SX', categoryId: cat } })
    expect(await call(t, { url: `${S}/add`, token: schoolAdmin, body: { name: '语文' } })).toMatchObject({
      code: ErrorCode.CONFLICT,
      msg: SubjectMsg.NAME_TAKEN,
    })
    expect(await call(t, { url: `${S}/add`, token: schoolAdmin, body: { name: '语文2', code: 'YW' } })).toMatchObject({
      msg: SubjectMsg.CODE_TAKEN,
    })
    const page = await call(t, { url: `${S}/page`, token: schoolAdmin, body: {} })
    expect(page.data.list.map((s: { name: string; categoryName: string }) => `${s.name}/${s.categoryName}`)).toEqual([
      '语文/文化课',
      '数学/文化课',
    ])
    expect(
      (await call(t, { url: `${S}/updateStatus`, token: schoolAdmin, body: { id: yw.data, status: 1 } })).msg,
    ).toBe('停用成功')
    expect((await call(t, { url: `${S}/delete`, token: school2Admin, body: { id: yw.data } })).status).toBe(404)
    expect((await call(t, { url: `${S}/page`, token: teacher, body: {} })).status).toBe(403)
    expect((await call(t, { url: `${S}/delete`, token: schoolAdmin, body: { id: yw.data } })).msg).toBe('删除成功')
  })
})

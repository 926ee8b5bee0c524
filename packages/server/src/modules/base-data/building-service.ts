import {
  BuildingMsg,
  ErrorCode,
  type BuildingAddBody,
  type BuildingRow,
  type BuildingUpdateBody,
  type FloorRow,
  type RoomAddBody,
  type RoomBatchAddBody,
  type RoomAttrBody,
  type RoomPageBody,
  type RoomRow,
  type RoomUpdateBody,
} from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { isDictRefOk } from '../../platform/dict-refs.js'
import { badRequest, notFound, refused } from '../../platform/errors.js'
import { assertInScope, loadInScope, scopedOrg } from '../../platform/org-scope.js'
import { paginate, type Page, type PageQuery } from '../../platform/paging.js'

const buildingUnique = (e: unknown): never => rethrowUnique(e, {}, BuildingMsg.BUILDING_NAME_TAKEN)
const roomUnique = (e: unknown): never => rethrowUnique(e, {}, BuildingMsg.ROOM_NAME_TAKEN)
/** The default name of a floor: 1层, 2层 …, 地下1层 below ground (the demo seed names floors the same way). */
export const floorName = (level: number) => (level < 0 ? `地下${-level}层` : `${level}层`)

async function checkDict(
  trx: Trx,
  orgId: number,
  id: number | null | undefined,
  type: string,
  msg: string,
): Promise<void> {
  if (!(await isDictRefOk(trx, orgId, id, type))) throw badRequest(msg)
}

const buildingFor = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, 'building', id, BuildingMsg.BUILDING_NOT_FOUND)

async function floorFor(trx: Trx, auth: AuthInfo, id: number) {
  const f = await trx
    .selectFrom('floor')
    .innerJoin('building', (j) =>
      j.onRef('building.tenant_id', '=', 'floor.tenant_id').onRef('building.id', '=', 'floor.building_id'),
    )
    .select(['floor.id', 'floor.building_id', 'floor.level', 'building.org_id'])
    .where('floor.id', '=', id)
    .executeTakeFirst()
  if (!f) throw notFound(BuildingMsg.FLOOR_NOT_FOUND)
  await assertInScope(trx, auth, f.org_id)
  return f
}

const roomFor = (trx: Trx, auth: AuthInfo, id: number) => loadInScope(trx, auth, 'room', id, BuildingMsg.ROOM_NOT_FOUND)

async function checkTags(trx: Trx, orgId: number, tagIds: number[] | undefined): Promise<void> {
  if (!tagIds?.length) return
  const found = await trx
    .selectFrom('room_tag')
    .select('id')
    .where('id', 'in', tagIds)
    .where('org_id', '=', orgId)
    .execute()
  if (found.length !== new Set(tagIds).size) throw badRequest(BuildingMsg.TAG_NOT_FOUND)
}

async function setTags(trx: Trx, roomId: number, tagIds: number[]): Promise<void> {
  await trx.deleteFrom('room_tag_link').where('room_id', '=', roomId).execute()
  if (tagIds.length)
    await trx
      .insertInto('room_tag_link')
      .values([...new Set(tagIds)].map((tag_id) => ({ room_id: roomId, tag_id })))
      .execute()
}

export function pageBuildings(
  ctx: AppContext,
  auth: AuthInfo,
  q: PageQuery & { orgId?: number; keyword?: string | null },
): Promise<Page<BuildingRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, q.orgId)
    let base = trx.selectFrom('building').where('building.org_id', '=', orgId)
    if (q.keyword) base = base.where('building.name', 'ilike', `%${q.keyword}%`)
    const rows = base
      .leftJoin('dict_item', (j) =>
        j.onRef('dict_item.tenant_id', '=', 'building.tenant_id').onRef('dict_item.id', '=', 'building.type_id'),
      )
      .select((eb) => [
        'building.id',
        'building.org_id as orgId',
        'building.name',
        'building.code',
        'building.type_id as typeId',
        'dict_item.name as typeName',
        'building.sort',
        'building.status',
        eb
          .selectFrom('floor')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('floor.building_id', '=', 'building.id')
          .as('floorCount'),
        eb
          .selectFrom('room')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('room.building_id', '=', 'building.id')
          .as('roomCount'),
      ])
      .orderBy('building.sort')
      .orderBy('building.id')
    const page = await paginate(rows, base, q)
    return {
      ...page,
      list: page.list.map((b) => ({
        ...b,
        floorCount: Number(b.floorCount ?? 0),
        roomCount: Number(b.roomCount ?? 0),
      })),
    }
  })
}

export function addBuilding(ctx: AppContext, auth: AuthInfo, b: BuildingAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, b.orgId)
    await checkDict(trx, orgId, b.typeId, 'buildingType', '楼宇类型不存在')
    try {
      const { id } = await trx
        .insertInto('building')
        .values({ org_id: orgId, name: b.name, code: b.code || null, type_id: b.typeId ?? null, sort: b.sort ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('floor')
        .values(
          Array.from({ length: b.floorCount }, (_, i) => ({ building_id: id, level: i + 1, name: floorName(i + 1) })),
        )
        .execute()
      return id
    } catch (e) {
      return buildingUnique(e)
    }
  })
}

export function updateBuilding(ctx: AppContext, auth: AuthInfo, b: BuildingUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const building = await buildingFor(trx, auth, b.id)
    await checkDict(trx, building.org_id, b.typeId, 'buildingType', '楼宇类型不存在')
    const set = {
      ...(b.name !== undefined && { name: b.name }),
      ...(b.code !== undefined && { code: b.code || null }),
      ...(b.typeId !== undefined && { type_id: b.typeId }),
      ...(b.sort !== undefined && { sort: b.sort }),
    }
    if (!Object.keys(set).length) return
    try {
      await trx.updateTable('building').set(set).where('id', '=', b.id).execute()
    } catch (e) {
      buildingUnique(e)
    }
  })
}

export function setBuildingStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await buildingFor(trx, auth, id)
    await trx.updateTable('building').set({ status }).where('id', '=', id).execute()
  })
}

export function deleteBuilding(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await buildingFor(trx, auth, id)
    if (await trx.selectFrom('room').select('id').where('building_id', '=', id).limit(1).executeTakeFirst())
      throw refused(ErrorCode.CONFLICT, BuildingMsg.BUILDING_HAS_ROOMS)
    await trx.deleteFrom('building').where('id', '=', id).execute()
  })
}

export function listFloors(ctx: AppContext, auth: AuthInfo, buildingId: number): Promise<FloorRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await buildingFor(trx, auth, buildingId)
    const rows = await trx
      .selectFrom('floor')
      .select((eb) => [
        'floor.id',
        'floor.building_id as buildingId',
        'floor.name',
        'floor.level',
        eb
          .selectFrom('room')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('room.floor_id', '=', 'floor.id')
          .as('roomCount'),
      ])
      .where('floor.building_id', '=', buildingId)
      .orderBy('floor.level')
      .execute()
    return rows.map((f) => ({ ...f, roomCount: Number(f.roomCount ?? 0) }))
  })
}

export function addFloor(
  ctx: AppContext,
  auth: AuthInfo,
  b: { buildingId: number; level: number; name?: string | null },
): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await buildingFor(trx, auth, b.buildingId)
    try {
      const { id } = await trx
        .insertInto('floor')
        .values({ building_id: b.buildingId, level: b.level, name: b.name || floorName(b.level) })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    } catch (e) {
      return rethrowUnique(e, {}, BuildingMsg.FLOOR_TAKEN)
    }
  })
}

export function deleteFloor(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await floorFor(trx, auth, id)
    if (await trx.selectFrom('room').select('id').where('floor_id', '=', id).limit(1).executeTakeFirst())
      throw refused(ErrorCode.CONFLICT, BuildingMsg.FLOOR_HAS_ROOMS)
    await trx.deleteFrom('floor').where('id', '=', id).execute()
  })
}

export function pageRooms(ctx: AppContext, auth: AuthInfo, q: RoomPageBody): Promise<Page<RoomRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, q.orgId)
    let base = trx.selectFrom('room').where('room.org_id', '=', orgId)
    if (q.buildingId != null) base = base.where('room.building_id', '=', q.buildingId)
    if (q.floorId != null) base = base.where('room.floor_id', '=', q.floorId)
    if (q.useId != null) base = base.where('room.use_id', '=', q.useId)
    if (q.status != null) base = base.where('room.status', '=', q.status)
    if (q.keyword)
      base = base.where((eb) =>
        eb.or([eb('room.name', 'ilike', `%${q.keyword}%`), eb('room.code', 'ilike', `%${q.keyword}%`)]),
      )
    if (q.tagId != null)
      base = base.where((eb) =>
        eb.exists(
          eb
            .selectFrom('room_tag_link')
            .select('room_id')
            .whereRef('room_tag_link.room_id', '=', 'room.id')
            .where('room_tag_link.tag_id', '=', q.tagId!),
        ),
      )
    const rows = base
      .innerJoin('building', (j) =>
        j.onRef('building.tenant_id', '=', 'room.tenant_id').onRef('building.id', '=', 'room.building_id'),
      )
      .innerJoin('floor', (j) =>
        j.onRef('floor.tenant_id', '=', 'room.tenant_id').onRef('floor.id', '=', 'room.floor_id'),
      )
      .leftJoin('dict_item', (j) =>
        j.onRef('dict_item.tenant_id', '=', 'room.tenant_id').onRef('dict_item.id', '=', 'room.use_id'),
      )
      .select([
        'room.id',
        'room.org_id as orgId',
        'room.building_id as buildingId',
        'building.name as buildingName',
        'room.floor_id as floorId',
        'floor.name as floorName',
        'room.name',
        'room.code',
        'room.use_id as useId',
        'dict_item.name as useName',
        'room.capacity',
        'room.status',
        sql<
          { id: number; name: string }[]
        >`coalesce((SELECT json_agg(json_build_object('id', t.id, 'name', t.name) ORDER BY t.name) FROM room_tag_link l JOIN room_tag t ON t.tenant_id = l.tenant_id AND t.id = l.tag_id WHERE l.tenant_id = room.tenant_id AND l.room_id = room.id), '[]'::json)`.as(
          'tags',
        ),
      ])
      .orderBy('building.sort')
      .orderBy('floor.level')
      .orderBy('room.name')
    const page = await paginate(rows, base, q)
    return {
      ...page,
      list: page.list.map((r) => ({
        ...r,
        tags: (typeof r.tags === 'string' ? JSON.parse(r.tags) : r.tags).map(
          (t: { id: number | string; name: string }) => ({ id: Number(t.id), name: t.name }),
        ),
      })),
    }
  })
}

export function addRoom(ctx: AppContext, auth: AuthInfo, b: RoomAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const f = await floorFor(trx, auth, b.floorId)
    await checkDict(trx, f.org_id, b.useId, 'roomUse', '教室用途不存在')
    await checkTags(trx, f.org_id, b.tagIds)
    try {
      const { id } = await trx
        .insertInto('room')
        .values({
          org_id: f.org_id,
          building_id: f.building_id,
          floor_id: f.id,
          name: b.name,
          code: b.code || null,
          use_id: b.useId ?? null,
          capacity: b.capacity ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      if (b.tagIds) await setTags(trx, id, b.tagIds)
      return id
    } catch (e) {
      return roomUnique(e)
    }
  })
}

export function updateRoom(ctx: AppContext, auth: AuthInfo, b: RoomUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await roomFor(trx, auth, b.id)
    await checkDict(trx, r.org_id, b.useId, 'roomUse', '教室用途不存在')
    await checkTags(trx, r.org_id, b.tagIds)
    const set = {
      ...(b.name !== undefined && { name: b.name }),
      ...(b.code !== undefined && { code: b.code || null }),
      ...(b.useId !== undefined && { use_id: b.useId }),
      ...(b.capacity !== undefined && { capacity: b.capacity }),
    }
    try {
      if (Object.keys(set).length) await trx.updateTable('room').set(set).where('id', '=', b.id).execute()
    } catch (e) {
      roomUnique(e)
    }
    if (b.tagIds) await setTags(trx, b.id, b.tagIds)
  })
}

export function setRoomStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await roomFor(trx, auth, id)
    await trx.updateTable('room').set({ status }).where('id', '=', id).execute()
  })
}

export function deleteRoom(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await roomFor(trx, auth, id)
    await trx.deleteFrom('room').where('id', '=', id).execute()
  })
}

/** Rooms floor × 100 + n on every floor of the range, all or nothing. */
export function batchAddRooms(ctx: AppContext, auth: AuthInfo, b: RoomBatchAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const building = await buildingFor(trx, auth, b.buildingId)
    await checkDict(trx, building.org_id, b.useId, 'roomUse', '教室用途不存在')
    const floors = await trx
      .selectFrom('floor')
      .select(['id', 'level'])
      .where('building_id', '=', b.buildingId)
      .where('level', '>=', b.fromLevel)
      .where('level', '<=', b.toLevel)
      .execute()
    const wanted = b.toLevel - b.fromLevel + 1 - (b.fromLevel <= 0 && b.toLevel >= 0 ? 1 : 0)
    if (floors.length < wanted) throw refused(ErrorCode.BAD_REQUEST, BuildingMsg.MISSING_FLOORS)
    const values = floors.flatMap((f) =>
      Array.from({ length: b.perFloor }, (_, i) => ({
        org_id: building.org_id,
        building_id: building.id,
        floor_id: f.id,
        name: `${b.prefix ?? ''}${Math.abs(f.level) * 100 + i + 1}${f.level < 0 ? 'B' : ''}`,
        code: null,
        use_id: b.useId ?? null,
        capacity: b.capacity ?? null,
      })),
    )
    try {
      await trx.insertInto('room').values(values).execute()
    } catch (e) {
      rethrowUnique(e, {}, BuildingMsg.BATCH_TAKEN)
    }
    return values.length
  })
}

/** Moves rooms to another floor (possibly another building of the same org). */
export function batchMoveRooms(ctx: AppContext, auth: AuthInfo, roomIds: number[], floorId: number): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const target = await floorFor(trx, auth, floorId)
    const rooms = await trx.selectFrom('room').select(['id', 'org_id']).where('id', 'in', roomIds).execute()
    if (rooms.length !== new Set(roomIds).size || rooms.some((r) => r.org_id !== target.org_id))
      throw notFound(BuildingMsg.ROOM_NOT_FOUND)
    try {
      await trx
        .updateTable('room')
        .set({ floor_id: target.id, building_id: target.building_id })
        .where('id', 'in', roomIds)
        .execute()
    } catch (e) {
      rethrowUnique(e, {}, BuildingMsg.ROOM_NAME_TAKEN)
    }
    return rooms.length
  })
}

/** 属性设置: the same use and capacity on rooms of one school in the caller's scope; a room elsewhere is 教室不存在. */
export function setRoomAttrs(ctx: AppContext, auth: AuthInfo, b: RoomAttrBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const ids = [...new Set(b.roomIds)]
    const rooms = await trx.selectFrom('room').select(['id', 'org_id']).where('id', 'in', ids).execute()
    const orgId = rooms[0]?.org_id
    if (orgId === undefined || rooms.length !== ids.length || rooms.some((r) => r.org_id !== orgId))
      throw notFound(BuildingMsg.ROOM_NOT_FOUND)
    await assertInScope(trx, auth, orgId)
    await checkDict(trx, orgId, b.useId, 'roomUse', '教室用途不存在')
    const set = {
      ...(b.useId !== undefined && { use_id: b.useId }),
      ...(b.capacity !== undefined && { capacity: b.capacity }),
    }
    await trx.updateTable('room').set(set).where('id', 'in', ids).execute()
    return rooms.length
  })
}

export function listTags(ctx: AppContext, auth: AuthInfo, orgId?: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const rows = await trx
      .selectFrom('room_tag')
      .select((eb) => [
        'room_tag.id',
        'room_tag.name',
        eb
          .selectFrom('room_tag_link')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('room_tag_link.tag_id', '=', 'room_tag.id')
          .as('roomCount'),
      ])
      .where('org_id', '=', org)
      .orderBy('name')
      .execute()
    return rows.map((t) => ({ ...t, roomCount: Number(t.roomCount ?? 0) }))
  })
}

export function addTag(ctx: AppContext, auth: AuthInfo, b: { orgId?: number; name: string }): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, b.orgId)
    try {
      return (
        await trx.insertInto('room_tag').values({ org_id: org, name: b.name }).returning('id').executeTakeFirstOrThrow()
      ).id
    } catch (e) {
      return rethrowUnique(e, {}, BuildingMsg.TAG_TAKEN)
    }
  })
}

export function deleteTag(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await loadInScope(trx, auth, 'room_tag', id, BuildingMsg.TAG_NOT_FOUND)
    await trx.deleteFrom('room_tag').where('id', '=', id).execute()
  })
}

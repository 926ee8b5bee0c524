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
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { isDictRefOk } from '../../platform/dict-refs.js'
import { badRequest, notFound, refused } from '../../platform/errors.js'
import { loadInScope, scopedOrg } from '../../platform/org-scope.js'
import type { Page, PageQuery } from '../../platform/paging.js'
import {
  deleteBuildingRow,
  deleteFloorRow,
  deleteRoomRow,
  deleteRoomTagLinks,
  deleteTagRow,
  findFloorWithOrg,
  findRoomInBuilding,
  findRoomOnFloor,
  insertBuilding,
  insertFloor,
  insertFloors,
  insertRoom,
  insertRoomTagLinks,
  insertRooms,
  insertTag,
  listFloorRows,
  listFloorsInRange,
  listOrgTagIds,
  listRoomOrgs,
  listTagRows,
  pageBuildingRows,
  pageRoomRows,
  updateBuildingRow,
  updateRoomRow,
  updateRooms,
} from './building-queries.js'

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

const floorFor = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, findFloorWithOrg, id, BuildingMsg.FLOOR_NOT_FOUND)

const roomFor = (trx: Trx, auth: AuthInfo, id: number) => loadInScope(trx, auth, 'room', id, BuildingMsg.ROOM_NOT_FOUND)

async function checkTags(trx: Trx, orgId: number, tagIds: number[] | undefined): Promise<void> {
  if (!tagIds?.length) return
  const found = await listOrgTagIds(trx, orgId, tagIds)
  if (found.length !== new Set(tagIds).size) throw badRequest(BuildingMsg.TAG_NOT_FOUND)
}

async function setTags(trx: Trx, roomId: number, tagIds: number[]): Promise<void> {
  await deleteRoomTagLinks(trx, roomId)
  if (tagIds.length)
    await insertRoomTagLinks(
      trx,
      [...new Set(tagIds)].map((tag_id) => ({ room_id: roomId, tag_id })),
    )
}

export function pageBuildings(
  ctx: AppContext,
  auth: AuthInfo,
  q: PageQuery & { orgId?: number; keyword?: string | null },
): Promise<Page<BuildingRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, q.orgId)
    const page = await pageBuildingRows(trx, orgId, q.keyword, q)
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
      const id = await insertBuilding(trx, {
        org_id: orgId,
        name: b.name,
        code: b.code || null,
        type_id: b.typeId ?? null,
        sort: b.sort ?? 0,
      })
      await insertFloors(
        trx,
        Array.from({ length: b.floorCount }, (_, i) => ({ building_id: id, level: i + 1, name: floorName(i + 1) })),
      )
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
      await updateBuildingRow(trx, b.id, set)
    } catch (e) {
      buildingUnique(e)
    }
  })
}

export function setBuildingStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await buildingFor(trx, auth, id)
    await updateBuildingRow(trx, id, { status })
  })
}

export function deleteBuilding(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await buildingFor(trx, auth, id)
    if (await findRoomInBuilding(trx, id)) throw refused(ErrorCode.CONFLICT, BuildingMsg.BUILDING_HAS_ROOMS)
    await deleteBuildingRow(trx, id)
  })
}

export function listFloors(ctx: AppContext, auth: AuthInfo, buildingId: number): Promise<FloorRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await buildingFor(trx, auth, buildingId)
    const rows = await listFloorRows(trx, buildingId)
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
      return await insertFloor(trx, { building_id: b.buildingId, level: b.level, name: b.name || floorName(b.level) })
    } catch (e) {
      return rethrowUnique(e, {}, BuildingMsg.FLOOR_TAKEN)
    }
  })
}

export function deleteFloor(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await floorFor(trx, auth, id)
    if (await findRoomOnFloor(trx, id)) throw refused(ErrorCode.CONFLICT, BuildingMsg.FLOOR_HAS_ROOMS)
    await deleteFloorRow(trx, id)
  })
}

export function pageRooms(ctx: AppContext, auth: AuthInfo, q: RoomPageBody): Promise<Page<RoomRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, q.orgId)
    const page = await pageRoomRows(trx, orgId, q, q)
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
      const id = await insertRoom(trx, {
        org_id: f.org_id,
        building_id: f.building_id,
        floor_id: f.id,
        name: b.name,
        code: b.code || null,
        use_id: b.useId ?? null,
        capacity: b.capacity ?? null,
      })
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
      if (Object.keys(set).length) await updateRoomRow(trx, b.id, set)
    } catch (e) {
      roomUnique(e)
    }
    if (b.tagIds) await setTags(trx, b.id, b.tagIds)
  })
}

export function setRoomStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await roomFor(trx, auth, id)
    await updateRoomRow(trx, id, { status })
  })
}

export function deleteRoom(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await roomFor(trx, auth, id)
    await deleteRoomRow(trx, id)
  })
}

/** Rooms floor × 100 + n on every floor of the range, all or nothing. */
export function batchAddRooms(ctx: AppContext, auth: AuthInfo, b: RoomBatchAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const building = await buildingFor(trx, auth, b.buildingId)
    await checkDict(trx, building.org_id, b.useId, 'roomUse', '教室用途不存在')
    const floors = await listFloorsInRange(trx, b.buildingId, b.fromLevel, b.toLevel)
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
      await insertRooms(trx, values)
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
    const rooms = await listRoomOrgs(trx, roomIds)
    if (rooms.length !== new Set(roomIds).size || rooms.some((r) => r.org_id !== target.org_id))
      throw notFound(BuildingMsg.ROOM_NOT_FOUND)
    try {
      await updateRooms(trx, roomIds, { floor_id: target.id, building_id: target.building_id })
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
    const rooms = await loadInScope(trx, auth, roomsOfOneOrg, ids, BuildingMsg.ROOM_NOT_FOUND, {
      org: (r) => r.orgId,
    })
    const orgId = rooms.orgId
    await checkDict(trx, orgId, b.useId, 'roomUse', '教室用途不存在')
    const set = {
      ...(b.useId !== undefined && { use_id: b.useId }),
      ...(b.capacity !== undefined && { capacity: b.capacity }),
    }
    await updateRooms(trx, ids, set)
    return ids.length
  })
}

/** The rooms named, when every one exists and all belong to one org (the org they share), else none. */
async function roomsOfOneOrg(trx: Trx, ids: number[]) {
  const rooms = await listRoomOrgs(trx, ids)
  const orgId = rooms[0]?.org_id
  if (orgId === undefined || rooms.length !== ids.length || rooms.some((r) => r.org_id !== orgId)) return undefined
  return { orgId }
}

export function listTags(ctx: AppContext, auth: AuthInfo, orgId?: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const rows = await listTagRows(trx, org)
    return rows.map((t) => ({ ...t, roomCount: Number(t.roomCount ?? 0) }))
  })
}

export function addTag(ctx: AppContext, auth: AuthInfo, b: { orgId?: number; name: string }): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, b.orgId)
    try {
      return await insertTag(trx, org, b.name)
    } catch (e) {
      return rethrowUnique(e, {}, BuildingMsg.TAG_TAKEN)
    }
  })
}

export function deleteTag(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await loadInScope(trx, auth, 'room_tag', id, BuildingMsg.TAG_NOT_FOUND)
    await deleteTagRow(trx, id)
  })
}

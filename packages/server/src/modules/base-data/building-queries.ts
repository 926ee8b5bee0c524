import type { Trx } from '../../db/database.js'
import type { BuildingTable, FloorTable, RoomTable, RoomTagLinkTable } from '../../db/schema.js'
import { paginate, type PageQuery } from '../../platform/paging.js'
import { sql, type Insertable, type Updateable } from 'kysely'

/** A floor with its building's org. */
export function findFloorWithOrg(trx: Trx, id: number) {
  return trx
    .selectFrom('floor')
    .innerJoin('building', (j) =>
      j.onRef('building.tenant_id', '=', 'floor.tenant_id').onRef('building.id', '=', 'floor.building_id'),
    )
    .select(['floor.id', 'floor.building_id', 'floor.level', 'building.org_id'])
    .where('floor.id', '=', id)
    .executeTakeFirst()
}

/** Those of `tagIds` that are tags of the org. */
export function listOrgTagIds(trx: Trx, orgId: number, tagIds: number[]) {
  return trx.selectFrom('room_tag').select('id').where('id', 'in', tagIds).where('org_id', '=', orgId).execute()
}

export function deleteRoomTagLinks(trx: Trx, roomId: number) {
  return trx.deleteFrom('room_tag_link').where('room_id', '=', roomId).execute()
}

export function insertRoomTagLinks(trx: Trx, values: Insertable<RoomTagLinkTable>[]) {
  return trx.insertInto('room_tag_link').values(values).execute()
}

/** One page of an org's buildings with their type names and floor and room counts. */
export function pageBuildingRows(trx: Trx, orgId: number, keyword: string | null | undefined, q: PageQuery) {
  let base = trx.selectFrom('building').where('building.org_id', '=', orgId)
  if (keyword) base = base.where('building.name', 'ilike', `%${keyword}%`)
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
  return paginate(rows, base, q)
}

export async function insertBuilding(trx: Trx, values: Insertable<BuildingTable>): Promise<number> {
  const { id } = await trx.insertInto('building').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export function insertFloors(trx: Trx, values: Insertable<FloorTable>[]) {
  return trx.insertInto('floor').values(values).execute()
}

export function updateBuildingRow(trx: Trx, id: number, set: Updateable<BuildingTable>) {
  return trx.updateTable('building').set(set).where('id', '=', id).execute()
}

export function findRoomInBuilding(trx: Trx, buildingId: number) {
  return trx.selectFrom('room').select('id').where('building_id', '=', buildingId).limit(1).executeTakeFirst()
}

export function deleteBuildingRow(trx: Trx, id: number) {
  return trx.deleteFrom('building').where('id', '=', id).execute()
}

/** A building's floors, lowest first, each with its room count. */
export function listFloorRows(trx: Trx, buildingId: number) {
  return trx
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
}

export async function insertFloor(trx: Trx, values: Insertable<FloorTable>): Promise<number> {
  const { id } = await trx.insertInto('floor').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export function findRoomOnFloor(trx: Trx, floorId: number) {
  return trx.selectFrom('room').select('id').where('floor_id', '=', floorId).limit(1).executeTakeFirst()
}

export function deleteFloorRow(trx: Trx, id: number) {
  return trx.deleteFrom('floor').where('id', '=', id).execute()
}

/** One page of an org's rooms with building, floor, use and tags, filtered as asked. */
export function pageRoomRows(
  trx: Trx,
  orgId: number,
  filter: {
    buildingId?: number | null
    floorId?: number | null
    useId?: number | null
    status?: number | null
    keyword?: string | null
    tagId?: number | null
  },
  q: PageQuery,
) {
  let base = trx.selectFrom('room').where('room.org_id', '=', orgId)
  if (filter.buildingId != null) base = base.where('room.building_id', '=', filter.buildingId)
  if (filter.floorId != null) base = base.where('room.floor_id', '=', filter.floorId)
  if (filter.useId != null) base = base.where('room.use_id', '=', filter.useId)
  if (filter.status != null) base = base.where('room.status', '=', filter.status)
  if (filter.keyword)
    base = base.where((eb) =>
      eb.or([eb('room.name', 'ilike', `%${filter.keyword}%`), eb('room.code', 'ilike', `%${filter.keyword}%`)]),
    )
  if (filter.tagId != null)
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('room_tag_link')
          .select('room_id')
          .whereRef('room_tag_link.room_id', '=', 'room.id')
          .where('room_tag_link.tag_id', '=', filter.tagId!),
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
  return paginate(rows, base, q)
}

export async function insertRoom(trx: Trx, values: Insertable<RoomTable>): Promise<number> {
  const { id } = await trx.insertInto('room').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export function updateRoomRow(trx: Trx, id: number, set: Updateable<RoomTable>) {
  return trx.updateTable('room').set(set).where('id', '=', id).execute()
}

export function deleteRoomRow(trx: Trx, id: number) {
  return trx.deleteFrom('room').where('id', '=', id).execute()
}

export function listFloorsInRange(trx: Trx, buildingId: number, fromLevel: number, toLevel: number) {
  return trx
    .selectFrom('floor')
    .select(['id', 'level'])
    .where('building_id', '=', buildingId)
    .where('level', '>=', fromLevel)
    .where('level', '<=', toLevel)
    .execute()
}

export function insertRooms(trx: Trx, values: Insertable<RoomTable>[]) {
  return trx.insertInto('room').values(values).execute()
}

export function listRoomOrgs(trx: Trx, ids: number[]) {
  return trx.selectFrom('room').select(['id', 'org_id']).where('id', 'in', ids).execute()
}

export function updateRooms(trx: Trx, ids: number[], set: Updateable<RoomTable>) {
  return trx.updateTable('room').set(set).where('id', 'in', ids).execute()
}

/** An org's room tags by name, each with the number of rooms carrying it. */
export function listTagRows(trx: Trx, orgId: number) {
  return trx
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
    .where('org_id', '=', orgId)
    .orderBy('name')
    .execute()
}

export async function insertTag(trx: Trx, orgId: number, name: string): Promise<number> {
  return (await trx.insertInto('room_tag').values({ org_id: orgId, name }).returning('id').executeTakeFirstOrThrow()).id
}

export function deleteTagRow(trx: Trx, id: number) {
  return trx.deleteFrom('room_tag').where('id', '=', id).execute()
}

import {
  buildingContracts as B,
  dictContracts as D,
  floorContracts as F,
  roomContracts as R,
  tagContracts as T,
  type BuildingAddBody,
  type BuildingUpdateBody,
  type RoomAddBody,
  type RoomAttrBody,
  type RoomBatchAddBody,
  type RoomPageBody,
  type RoomUpdateBody,
} from '@zhixiao/shared'
import { call, callEnvelope } from '../../api/call'

/** Calls of base-buildLot/roomManage (docs/base-data.md); `orgId`: a school below the caller's org (see useScopeOrg). */
export const buildingApi = {
  page: (orgId?: number) => call(B.page, { orgId, pageIndex: 1, pageSize: 500 }),
  add: (b: BuildingAddBody) => callEnvelope(B.add, b),
  update: (b: BuildingUpdateBody) => callEnvelope(B.update, b),
  remove: (id: number) => callEnvelope(B.delete, { id }),
  floors: (buildingId: number) => call(F.list, { buildingId }),
  addFloor: (buildingId: number, level: number) => callEnvelope(F.add, { buildingId, level }),
  rooms: (q: Partial<RoomPageBody>) => call(R.page, q),
  addRoom: (b: RoomAddBody) => callEnvelope(R.add, b),
  updateRoom: (b: RoomUpdateBody) => callEnvelope(R.update, b),
  setRoomStatus: (id: number, status: number) => callEnvelope(R.updateStatus, { id, status }),
  removeRoom: (id: number) => callEnvelope(R.delete, { id }),
  batchAdd: (b: RoomBatchAddBody) => callEnvelope(R.batchAdd, b),
  /** 属性设置 (base_room_attr): the same use and capacity on the chosen rooms. */
  setAttr: (b: RoomAttrBody) => callEnvelope(R.setAttr, b),
  batchMove: (roomIds: number[], floorId: number) => callEnvelope(R.batchMove, { roomIds, floorId }),
  tags: (orgId?: number) => call(T.list, { orgId }),
  addTag: (name: string, orgId?: number) => callEnvelope(T.add, { name, orgId }),
  dict: (dictType: 'roomUse' | 'buildingType') => call(D.select, { dictType }),
}

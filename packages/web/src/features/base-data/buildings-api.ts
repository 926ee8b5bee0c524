import type { BuildingAddBody, BuildingRow, BuildingUpdateBody, DictRow, FloorRow, RoomAddBody, RoomAttrBody, RoomBatchAddBody, RoomPageBody, RoomRow, RoomUpdateBody } from '@zhixiao/shared'
import { request, requestEnvelope } from '../../api/client'

export interface Page<T> { list: T[]; total: number; pageIndex: number; pageSize: number }
export interface TagRow { id: number; name: string; roomCount: number }

/** Calls of base-buildLot/roomManage (docs/base-data.md); `orgId`: a school below the caller's org (see useScopeOrg). */
export const buildingApi = {
  page: (orgId?: number) => request<Page<BuildingRow>>('/base/api/buildings/page', { body: { orgId, pageIndex: 1, pageSize: 500 } }),
  add: (b: BuildingAddBody) => requestEnvelope<number>('/base/api/buildings/add', { body: b }),
  update: (b: BuildingUpdateBody) => requestEnvelope<null>('/base/api/buildings/update', { body: b }),
  remove: (id: number) => requestEnvelope<null>('/base/api/buildings/delete', { body: { id } }),
  floors: (buildingId: number) => request<FloorRow[]>('/base/api/floor/list', { params: { buildingId } }),
  addFloor: (buildingId: number, level: number) => requestEnvelope<number>('/base/api/floor/add', { body: { buildingId, level } }),
  rooms: (q: Partial<RoomPageBody>) => request<Page<RoomRow>>('/base/api/classroom/page', { body: q }),
  addRoom: (b: RoomAddBody) => requestEnvelope<number>('/base/api/classroom/add', { body: b }),
  updateRoom: (b: RoomUpdateBody) => requestEnvelope<null>('/base/api/classroom/update', { body: b }),
  setRoomStatus: (id: number, status: number) => requestEnvelope<null>('/base/api/classroom/updateStatus', { body: { id, status } }),
  removeRoom: (id: number) => requestEnvelope<null>('/base/api/classroom/delete', { body: { id } }),
  batchAdd: (b: RoomBatchAddBody) => requestEnvelope<number>('/base/api/classroom/batchAdd', { body: b }),
  /** 属性设置 (base_room_attr): the same use and capacity on the chosen rooms. */
  setAttr: (b: RoomAttrBody) => requestEnvelope<number>('/base/api/classroom/setAttr', { body: b }),
  batchMove: (roomIds: number[], floorId: number) => requestEnvelope<number>('/base/api/classroom/batchMove', { body: { roomIds, floorId } }),
  tags: (orgId?: number) => request<TagRow[]>('/base/api/tags/list', { params: { orgId } }),
  addTag: (name: string, orgId?: number) => requestEnvelope<number>('/base/api/tags/add', { body: { name, orgId } }),
  dict: (dictType: 'roomUse' | 'buildingType') => request<DictRow[]>('/base/api/dict/select', { params: { dictType } }),
}

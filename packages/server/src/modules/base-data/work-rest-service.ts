import { ErrorCode, WorkRestMsg, type WorkRestAddBody, type WorkRestRow, type WorkRestTimeBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { notFound, refused } from '../../platform/errors.js'
import { loadInScope, scopedOrg } from '../../platform/org-scope.js'
import type { Page, PageQuery } from '../../platform/paging.js'
import {
  deleteSlotRow,
  deleteWorkRestRow,
  findClashingSlot,
  findSlot,
  findSlotSchedule,
  insertSlot,
  insertWorkRest,
  listSlotRows,
  pageWorkRestRows,
  updateSlot,
  updateWorkRestRow,
} from './work-rest-queries.js'

const scheduleFor = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, 'work_rest', id, WorkRestMsg.NOT_FOUND)

export function pageWorkRest(
  ctx: AppContext,
  auth: AuthInfo,
  q: PageQuery & { orgId?: number },
): Promise<Page<WorkRestRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, q.orgId)
    const page = await pageWorkRestRows(trx, org, q)
    return { ...page, list: page.list.map((s) => ({ ...s, slotCount: Number(s.slotCount ?? 0) })) }
  })
}

export function addWorkRest(ctx: AppContext, auth: AuthInfo, b: WorkRestAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, b.orgId)
    try {
      return await insertWorkRest(trx, {
        org_id: org,
        name: b.name,
        type_name: b.typeName ?? null,
        start_date: b.startDate,
        end_date: b.endDate,
      })
    } catch (e) {
      return rethrowUnique(e, {}, WorkRestMsg.NAME_TAKEN)
    }
  })
}

/** Edits a schedule's name, type and dates (it stays in its school). */
export function updateWorkRest(ctx: AppContext, auth: AuthInfo, id: number, b: WorkRestAddBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await scheduleFor(trx, auth, id)
    try {
      await updateWorkRestRow(trx, id, {
        name: b.name,
        type_name: b.typeName ?? null,
        start_date: b.startDate,
        end_date: b.endDate,
      })
    } catch (e) {
      rethrowUnique(e, {}, WorkRestMsg.NAME_TAKEN)
    }
  })
}

export function setWorkRestStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await scheduleFor(trx, auth, id)
    await updateWorkRestRow(trx, id, { status })
  })
}

export function deleteWorkRest(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await scheduleFor(trx, auth, id)
    await deleteWorkRestRow(trx, id)
  })
}

export function listSlots(ctx: AppContext, auth: AuthInfo, workRestId: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await scheduleFor(trx, auth, workRestId)
    return listSlotRows(trx, workRestId)
  })
}

/** A slot may not overlap another slot of the same schedule (`id`: the slot being edited, which stays in its schedule). */
export function saveSlot(ctx: AppContext, auth: AuthInfo, b: WorkRestTimeBody, id?: number): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (id !== undefined) {
      const slot = await findSlotSchedule(trx, id)
      if (!slot || slot.work_rest_id !== b.workRestId) throw notFound(WorkRestMsg.SLOT_NOT_FOUND)
    }
    await scheduleFor(trx, auth, b.workRestId)
    const clash = await findClashingSlot(trx, b.workRestId, b.startTime, b.endTime, id)
    if (clash) throw refused(ErrorCode.CONFLICT, WorkRestMsg.OVERLAP)
    const values = {
      work_rest_id: b.workRestId,
      name: b.name,
      kind: b.kind,
      start_time: b.startTime,
      end_time: b.endTime,
    }
    if (id !== undefined) {
      await updateSlot(trx, id, values)
      return id
    }
    return insertSlot(trx, values)
  })
}

export function deleteSlot(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const slot = await findSlot(trx, id)
    if (!slot) throw notFound(WorkRestMsg.SLOT_NOT_FOUND)
    await scheduleFor(trx, auth, slot.work_rest_id)
    await deleteSlotRow(trx, id)
  })
}

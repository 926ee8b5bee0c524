import { ErrorCode, WorkRestMsg, type WorkRestAddBody, type WorkRestRow, type WorkRestTimeBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { notFound, refused } from '../../platform/errors.js'
import { loadInScope, scopedOrg } from '../../platform/org-scope.js'
import { paginate, type Page, type PageQuery } from '../../platform/paging.js'

const scheduleFor = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, 'work_rest', id, WorkRestMsg.NOT_FOUND)

export function pageWorkRest(
  ctx: AppContext,
  auth: AuthInfo,
  q: PageQuery & { orgId?: number },
): Promise<Page<WorkRestRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, q.orgId)
    const base = trx.selectFrom('work_rest').where('org_id', '=', org)
    const page = await paginate(
      base
        .select((eb) => [
          'id',
          'org_id as orgId',
          'name',
          'type_name as typeName',
          'start_date as startDate',
          'end_date as endDate',
          'status',
          eb
            .selectFrom('work_rest_time')
            .select((e) => e.fn.countAll<number>().as('n'))
            .whereRef('work_rest_time.work_rest_id', '=', 'work_rest.id')
            .as('slotCount'),
        ])
        .orderBy('start_date', 'desc'),
      base,
      q,
    )
    return { ...page, list: page.list.map((s) => ({ ...s, slotCount: Number(s.slotCount ?? 0) })) }
  })
}

export function addWorkRest(ctx: AppContext, auth: AuthInfo, b: WorkRestAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, b.orgId)
    try {
      return (
        await trx
          .insertInto('work_rest')
          .values({
            org_id: org,
            name: b.name,
            type_name: b.typeName ?? null,
            start_date: b.startDate,
            end_date: b.endDate,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
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
      await trx
        .updateTable('work_rest')
        .set({ name: b.name, type_name: b.typeName ?? null, start_date: b.startDate, end_date: b.endDate })
        .where('id', '=', id)
        .execute()
    } catch (e) {
      rethrowUnique(e, {}, WorkRestMsg.NAME_TAKEN)
    }
  })
}

export function setWorkRestStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await scheduleFor(trx, auth, id)
    await trx.updateTable('work_rest').set({ status }).where('id', '=', id).execute()
  })
}

export function deleteWorkRest(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await scheduleFor(trx, auth, id)
    await trx.deleteFrom('work_rest').where('id', '=', id).execute()
  })
}

export function listSlots(ctx: AppContext, auth: AuthInfo, workRestId: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await scheduleFor(trx, auth, workRestId)
    return trx
      .selectFrom('work_rest_time')
      .select(['id', 'work_rest_id as workRestId', 'name', 'kind', 'start_time as startTime', 'end_time as endTime'])
      .where('work_rest_id', '=', workRestId)
      .orderBy('start_time')
      .execute()
  })
}

/** A slot may not overlap another slot of the same schedule (`id`: the slot being edited, which stays in its schedule). */
export function saveSlot(ctx: AppContext, auth: AuthInfo, b: WorkRestTimeBody, id?: number): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    if (id !== undefined) {
      const slot = await trx.selectFrom('work_rest_time').select('work_rest_id').where('id', '=', id).executeTakeFirst()
      if (!slot || slot.work_rest_id !== b.workRestId) throw notFound(WorkRestMsg.SLOT_NOT_FOUND)
    }
    await scheduleFor(trx, auth, b.workRestId)
    const clash = await trx
      .selectFrom('work_rest_time')
      .select('id')
      .where('work_rest_id', '=', b.workRestId)
      .where('start_time', '<', b.endTime)
      .where('end_time', '>', b.startTime)
      .$if(id !== undefined, (q) => q.where('id', '!=', id!))
      .limit(1)
      .executeTakeFirst()
    if (clash) throw refused(ErrorCode.CONFLICT, WorkRestMsg.OVERLAP)
    const values = {
      work_rest_id: b.workRestId,
      name: b.name,
      kind: b.kind,
      start_time: b.startTime,
      end_time: b.endTime,
    }
    if (id !== undefined) {
      await trx.updateTable('work_rest_time').set(values).where('id', '=', id).execute()
      return id
    }
    return (await trx.insertInto('work_rest_time').values(values).returning('id').executeTakeFirstOrThrow()).id
  })
}

export function deleteSlot(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const slot = await trx
      .selectFrom('work_rest_time')
      .select(['id', 'work_rest_id'])
      .where('id', '=', id)
      .executeTakeFirst()
    if (!slot) throw notFound(WorkRestMsg.SLOT_NOT_FOUND)
    await scheduleFor(trx, auth, slot.work_rest_id)
    await trx.deleteFrom('work_rest_time').where('id', '=', id).execute()
  })
}

import { ComplaintMsg, UserType, type ComplaintClassRow } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { badRequest, notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { MODULE } from './config-service.js'

/** Classifications of the caller's org with their handlers, in creation order. */
export async function listClasses(ctx: AppContext, auth: AuthInfo): Promise<ComplaintClassRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const classes = await trx
      .selectFrom('complaint_class')
      .select(['id', 'name'])
      .where('org_id', '=', auth.orgId)
      .orderBy('id')
      .execute()
    const handlers = classes.length
      ? await trx
          .selectFrom('complaint_class_handler as h')
          .innerJoin('user_info as u', (j) =>
            j.onRef('u.tenant_id', '=', 'h.tenant_id').onRef('u.id', '=', 'h.user_info_id'),
          )
          .select(['h.class_id', 'u.id', 'u.true_name'])
          .where(
            'h.class_id',
            'in',
            classes.map((c) => c.id),
          )
          .orderBy('u.id')
          .execute()
      : []
    return classes.map((c) => ({
      id: Number(c.id),
      name: c.name,
      handlers: handlers
        .filter((h) => Number(h.class_id) === Number(c.id))
        .map((h) => ({ userInfoId: Number(h.id), trueName: h.true_name })),
    }))
  })
}

export async function ownClass(trx: Trx, auth: AuthInfo, id: number) {
  const row = await trx
    .selectFrom('complaint_class')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', auth.orgId)
    .executeTakeFirst()
  if (!row) throw notFound(ComplaintMsg.CLASS_NOT_FOUND)
  return row
}

/** Handlers are active staff memberships of the same org. */
async function checkHandlers(trx: Trx, auth: AuthInfo, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)]
  const found = await trx
    .selectFrom('user_info')
    .select('id')
    .where('id', 'in', unique)
    .where('org_id', '=', auth.orgId)
    .where('user_type', '=', UserType.STAFF)
    .where('archived', '=', false)
    .execute()
  if (found.length !== unique.length) throw badRequest(ComplaintMsg.HANDLER_NOT_STAFF)
  return unique
}

async function nameFree(trx: Trx, auth: AuthInfo, name: string, exceptId?: number) {
  let q = trx.selectFrom('complaint_class').select('id').where('org_id', '=', auth.orgId).where('name', '=', name)
  if (exceptId) q = q.where('id', '!=', exceptId)
  if (await q.executeTakeFirst()) throw badRequest(ComplaintMsg.CLASS_NAME_TAKEN)
}

export async function saveClass(
  ctx: AppContext,
  auth: AuthInfo,
  b: { id?: number; name: string; handlerIds: number[] },
): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const handlers = await checkHandlers(trx, auth, b.handlerIds)
    await nameFree(trx, auth, b.name, b.id)
    let id = b.id
    if (id) {
      const before = await ownClass(trx, auth, id)
      await trx.updateTable('complaint_class').set({ name: b.name }).where('id', '=', id).execute()
      await trx.deleteFrom('complaint_class_handler').where('class_id', '=', id).execute()
      await recordOp(trx, auth, {
        module: MODULE,
        action: '编辑分类',
        target: b.name,
        detail: { before: before.name, after: b.name, handlers },
      })
    } else {
      id = Number(
        (
          await trx
            .insertInto('complaint_class')
            .values({ org_id: auth.orgId, name: b.name })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id,
      )
      await recordOp(trx, auth, { module: MODULE, action: '新增分类', target: b.name, detail: { handlers } })
    }
    const classId = id
    await trx
      .insertInto('complaint_class_handler')
      .values(handlers.map((h) => ({ class_id: classId, user_info_id: h })))
      .execute()
    return classId
  })
}

async function used(trx: Trx, id: number): Promise<boolean> {
  return !!(await trx.selectFrom('complaint').select('id').where('class_id', '=', id).limit(1).executeTakeFirst())
}

/** Whether a classification already has submissions (it can then not be deleted). */
export async function hasComplaints(ctx: AppContext, auth: AuthInfo, id: number): Promise<boolean> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await ownClass(trx, auth, id)
    return used(trx, id)
  })
}

export async function deleteClass(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await ownClass(trx, auth, id)
    if (await used(trx, id)) throw badRequest(ComplaintMsg.CLASS_IN_USE)
    await trx.deleteFrom('complaint_class').where('id', '=', id).execute()
    await recordOp(trx, auth, { module: MODULE, action: '删除分类', target: row.name })
  })
}

/** Class ids of the caller's org that the caller handles. */
export async function handledClassIds(trx: Trx, auth: AuthInfo): Promise<number[]> {
  const rows = await trx
    .selectFrom('complaint_class_handler as h')
    .innerJoin('complaint_class as c', (j) =>
      j.onRef('c.tenant_id', '=', 'h.tenant_id').onRef('c.id', '=', 'h.class_id'),
    )
    .select('c.id')
    .where('h.user_info_id', '=', auth.userInfoId)
    .where('c.org_id', '=', auth.orgId)
    .execute()
  return rows.map((r) => Number(r.id))
}

export async function isHandler(ctx: AppContext, auth: AuthInfo): Promise<boolean> {
  return ctx.db.tenant(auth.tenantId, async (trx) => (await handledClassIds(trx, auth)).length > 0)
}

/** Staff of the caller's org the admin may name as handlers (the picker of the base-config page). */
export async function staffChoices(
  ctx: AppContext,
  auth: AuthInfo,
  keyword: string,
): Promise<{ userInfoId: number; trueName: string }[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    let q = trx
      .selectFrom('user_info')
      .select(['id', 'true_name'])
      .where('org_id', '=', auth.orgId)
      .where('user_type', '=', UserType.STAFF)
      .where('archived', '=', false)
    if (keyword) q = q.where('true_name', 'ilike', `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`)
    const rows = await q.orderBy('true_name').orderBy('id').limit(50).execute()
    return rows.map((r) => ({ userInfoId: Number(r.id), trueName: r.true_name }))
  })
}

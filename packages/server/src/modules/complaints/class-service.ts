import { ComplaintMsg, type ComplaintClassRow } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { badRequest, notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { MODULE } from './config-service.js'
import {
  activeStaffIn,
  classHasComplaints,
  classNameTaken,
  deleteClassHandlers,
  deleteClassRow,
  findClassInOrg,
  handledClassRows,
  insertClass,
  insertClassHandlers,
  listClassHandlers,
  listClassRows,
  renameClass,
  staffByName,
} from './class-queries.js'

/** Classifications of the caller's org with their handlers, in creation order. */
export async function listClasses(ctx: AppContext, auth: AuthInfo): Promise<ComplaintClassRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const classes = await listClassRows(trx, auth.orgId)
    const handlers = classes.length
      ? await listClassHandlers(
          trx,
          classes.map((c) => c.id),
        )
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
  const row = await findClassInOrg(trx, auth.orgId, id)
  if (!row) throw notFound(ComplaintMsg.CLASS_NOT_FOUND)
  return row
}

/** Handlers are active staff memberships of the same org. */
async function checkHandlers(trx: Trx, auth: AuthInfo, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)]
  const found = await activeStaffIn(trx, auth.orgId, unique)
  if (found.length !== unique.length) throw badRequest(ComplaintMsg.HANDLER_NOT_STAFF)
  return unique
}

async function nameFree(trx: Trx, auth: AuthInfo, name: string, exceptId?: number) {
  if (await classNameTaken(trx, auth.orgId, name, exceptId)) throw badRequest(ComplaintMsg.CLASS_NAME_TAKEN)
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
      await renameClass(trx, id, b.name)
      await deleteClassHandlers(trx, id)
      await recordOp(trx, auth, {
        module: MODULE,
        action: '编辑分类',
        target: b.name,
        detail: { before: before.name, after: b.name, handlers },
      })
    } else {
      id = await insertClass(trx, auth.orgId, b.name)
      await recordOp(trx, auth, { module: MODULE, action: '新增分类', target: b.name, detail: { handlers } })
    }
    const classId = id
    await insertClassHandlers(trx, classId, handlers)
    return classId
  })
}

/** Whether a classification already has submissions (it can then not be deleted). */
export async function hasComplaints(ctx: AppContext, auth: AuthInfo, id: number): Promise<boolean> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await ownClass(trx, auth, id)
    return classHasComplaints(trx, id)
  })
}

export async function deleteClass(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await ownClass(trx, auth, id)
    if (await classHasComplaints(trx, id)) throw badRequest(ComplaintMsg.CLASS_IN_USE)
    await deleteClassRow(trx, id)
    await recordOp(trx, auth, { module: MODULE, action: '删除分类', target: row.name })
  })
}

/** Class ids of the caller's org that the caller handles. */
export async function handledClassIds(trx: Trx, auth: AuthInfo): Promise<number[]> {
  const rows = await handledClassRows(trx, auth.orgId, auth.userInfoId)
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
    const like = keyword ? `%${keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null
    const rows = await staffByName(trx, auth.orgId, like)
    return rows.map((r) => ({ userInfoId: Number(r.id), trueName: r.true_name }))
  })
}

import {
  PrivacyMsg,
  type AccessLogPageBody,
  type AccessLogRow,
  type MyChildAccess,
  type PiAction,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound } from '../../platform/errors.js'
import { subtreeIds } from '../../platform/org-scope.js'
import { paginate, type Page } from '../../platform/paging.js'
import {
  accessLogQuery,
  findActor,
  insertAccessRows,
  listChildrenOfAccount,
  listSubjectAccess,
  pruneAccessLog,
  type AccessRow,
} from './queries.js'

/** Log rows are kept this long (≥ the six months of 网络安全法 art. 21(3)); the table's trigger holds the same figure. */
const PI_LOG_RETENTION_DAYS = 400

/** Whose data was looked at: a membership, its name and org (copied into the row: the log outlives renames). */
interface PiSubject {
  id: number
  name: string
  orgId: number
}

interface PiAccess {
  action: PiAction
  /** Policy keys of the fields shown or handed out. */
  fields: readonly string[]
  /** One row per subject; an empty list with `bulk` logs one row without a subject (a bulk export). */
  subjects: readonly PiSubject[]
  /** The reveal's reason, an export's filter and count. */
  purpose?: string | null
  /** The org a bulk row belongs to (the export's org), for the admin search's scope. */
  bulkOrgId?: number
}

/**
 * Appends the look to the access log in the caller's transaction, so the read and its log line commit together (a
 * view that failed after its read leaves neither). Called by the people module after each detail read and export.
 */
export async function logPersonalAccess(trx: Trx, auth: AuthInfo, a: PiAccess): Promise<void> {
  const actor = await findActor(trx, auth.userInfoId)
  const base = {
    actor_account_id: auth.accountId,
    actor_user_info_id: auth.userInfoId,
    actor_name: actor.name,
    actor_roles: actor.roles,
    actor_org_id: actor.orgId ?? auth.orgId,
    fields: [...a.fields],
    action: a.action,
    purpose: a.purpose ?? null,
    client_ip: auth.ip ?? null,
  }
  const rows: AccessRow[] = a.subjects.map((s) => ({
    ...base,
    subject_user_info_id: s.id,
    subject_name: s.name,
    subject_org_id: s.orgId,
  }))
  if (a.bulkOrgId !== undefined)
    rows.push({ ...base, subject_user_info_id: null, subject_name: null, subject_org_id: a.bulkOrgId })
  await insertAccessRows(trx, rows)
}

/** The admin search: looks at the people of the caller's org and below, or by its members. */
export function pageAccessLog(ctx: AppContext, auth: AuthInfo, q: AccessLogPageBody): Promise<Page<AccessLogRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgIds = await subtreeIds(trx, auth.orgId)
    const { rows, count } = accessLogQuery(trx, orgIds, q)
    const page = await paginate(rows, count, { pageIndex: q.pageIndex ?? 1, pageSize: q.pageSize ?? 20 })
    return {
      ...page,
      list: page.list.map((r) => ({ ...r, id: Number(r.id), subjectUserInfoId: numOrNull(r.subjectUserInfoId) })),
    }
  })
}

const numOrNull = (v: number | string | null) => (v == null ? null : Number(v))

/** The signed-in parent's children (any of their memberships). */
export function myChildren(ctx: AppContext, auth: AuthInfo) {
  return ctx.db.tenant(auth.tenantId, async (trx) =>
    (await listChildrenOfAccount(trx, auth.accountId)).map((c) => ({ ...c, id: Number(c.id) })),
  )
}

/** Who looked at one of the parent's own children; any other child answers like a missing one (404). */
export function myChildAccess(ctx: AppContext, auth: AuthInfo, childId: number): Promise<MyChildAccess> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const child = (await listChildrenOfAccount(trx, auth.accountId)).find((c) => Number(c.id) === childId)
    if (!child) throw notFound(PrivacyMsg.CHILD_NOT_FOUND)
    const list = await listSubjectAccess(trx, childId)
    return { childName: child.trueName, list: list.map((r) => ({ ...r, id: Number(r.id) })) }
  })
}

/** The retention prune, every tenant at once (the platform scope); run daily by the module and by tests. */
export function pruneExpiredAccessLog(ctx: AppContext): Promise<number> {
  return ctx.db.platform((trx) => pruneAccessLog(trx, PI_LOG_RETENTION_DAYS))
}

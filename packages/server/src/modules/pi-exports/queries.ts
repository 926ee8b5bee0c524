import type { ExportPageBody, ExportStatus } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { PiExportRequestTable } from '../../db/tables/privacy.js'

/** The database side of the export requests and their jobs (docs/privacy.md "Export approval"). */

/** Names the filter's ids point at, for the request's filter in words. */
export async function filterNames(
  trx: Trx,
  ids: { gradeId?: number | null; classId?: number | null; deptId?: number | null; childId?: number | null },
) {
  const one = async (q: Promise<{ name: string } | undefined>) => (await q)?.name ?? null
  return {
    grade: ids.gradeId
      ? await one(trx.selectFrom('grade').select('name').where('id', '=', ids.gradeId).executeTakeFirst())
      : null,
    className: ids.classId
      ? await one(
          trx
            .selectFrom('school_class as c')
            .leftJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
            .select(sql<string>`coalesce(g.name, '') || c.name`.as('name'))
            .where('c.id', '=', ids.classId)
            .executeTakeFirst(),
        )
      : null,
    dept: ids.deptId
      ? await one(trx.selectFrom('org_unit').select('name').where('id', '=', ids.deptId).executeTakeFirst())
      : null,
    child: ids.childId
      ? await one(
          trx.selectFrom('user_info').select('true_name as name').where('id', '=', ids.childId).executeTakeFirst(),
        )
      : null,
  }
}

export async function insertRequest(trx: Trx, row: Insertable<PiExportRequestTable>): Promise<number> {
  const r = await trx.insertInto('pi_export_request').values(row).returning('id').executeTakeFirstOrThrow()
  return Number(r.id)
}

const requestRows = (trx: Trx) =>
  trx
    .selectFrom('pi_export_request as r')
    .leftJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'r.tenant_id').onRef('o.id', '=', 'r.org_id'))
    .leftJoin('org_unit as ro', (j) =>
      j.onRef('ro.tenant_id', '=', 'r.tenant_id').onRef('ro.id', '=', 'r.requester_org_id'),
    )

const stamp = (col: string) =>
  sql<string | null>`to_char(${sql.ref(col)} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`

/** One page of requests: the caller's own (by account), or those of `orgIds` (a reviewer's reach; null: all). */
export function requestQuery(
  trx: Trx,
  scope: { accountId: number } | { orgIds: number[] | null },
  q: ExportPageBody,
  now: Date,
) {
  let rows = requestRows(trx)
  if ('accountId' in scope) rows = rows.where('r.requester_account_id', '=', scope.accountId)
  else if (scope.orgIds) rows = rows.where('r.org_id', 'in', scope.orgIds)
  if (q.status) rows = rows.where('r.status', '=', q.status)
  return {
    count: rows.select('r.id'),
    rows: rows
      .select([
        'r.id',
        'r.kind',
        'r.full_values as full',
        'o.name as orgName',
        'r.filter_text as filterText',
        'r.purpose',
        'r.requester_account_id as requesterAccountId',
        'r.requester_name as requesterName',
        'ro.name as requesterOrgName',
        stamp('r.created_at').$notNull().as('createdAt'),
        'r.status',
        sql<boolean>`coalesce(r.expires_at <= ${now}, false)`.as('expired'),
        'r.reviewer_name as reviewerName',
        'r.review_comment as reviewComment',
        stamp('r.reviewed_at').as('reviewedAt'),
        'r.row_count as rowCount',
        'r.error',
        stamp('r.expires_at').as('expiresAt'),
        'r.download_count as downloadCount',
        'r.token',
      ])
      .orderBy('r.id', 'desc'),
  }
}

/** A request under its row lock (a review or a download orders itself against another). */
export function lockRequest(trx: Trx, id: number) {
  return trx
    .selectFrom('pi_export_request')
    .select([
      'id',
      'kind',
      'full_values',
      'org_id',
      'status',
      'requester_account_id',
      'requester_user_info_id',
      'requester_name',
      'purpose',
      'token',
      'expires_at',
      'file_name',
      'download_count',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst()
}

/** Moves a pending request on; 0 when it is no longer pending (a racing review got there first). */
export async function reviewPending(
  trx: Trx,
  id: number,
  to: Extract<ExportStatus, 'queued' | 'refused'>,
  reviewer: { userInfoId: number; name: string; comment: string | null; at: Date },
): Promise<number> {
  const r = await trx
    .updateTable('pi_export_request')
    .set({
      status: to,
      reviewer_user_info_id: reviewer.userInfoId,
      reviewer_name: reviewer.name,
      review_comment: reviewer.comment,
      reviewed_at: reviewer.at,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst()
  return Number(r.numUpdatedRows)
}

export function countPendingIn(trx: Trx, orgIds: number[] | null, notAccount: number) {
  let q = trx
    .selectFrom('pi_export_request')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('status', '=', 'pending')
    .where('requester_account_id', '!=', notAccount)
  if (orgIds) q = q.where('org_id', 'in', orgIds)
  return q.executeTakeFirstOrThrow()
}

/** The file of a request (the download, after its checks). */
export function findRequestFile(trx: Trx, id: number) {
  return trx.selectFrom('pi_export_request').select(['file', 'file_name']).where('id', '=', id).executeTakeFirst()
}

export function countDownload(trx: Trx, id: number, at: Date) {
  return trx
    .updateTable('pi_export_request')
    .set((eb) => ({ download_count: eb('download_count', '+', 1), last_download_at: at }))
    .where('id', '=', id)
    .returning('download_count')
    .executeTakeFirstOrThrow()
}

// ---- the job runner (platform scope: every tenant's approved requests) ----

/**
 * Claims the oldest approved request no live runner holds: queued, or running under another runner that stopped
 * (`exclusive`: this process holds the database alone, so any other runner is gone; else after `staleSeconds`).
 */
export async function claimNextExport(trx: Trx, runnerId: string, exclusive: boolean, staleSeconds: number, now: Date) {
  const r = await sql<{ tenant_id: number; id: number }>`
    UPDATE pi_export_request SET status = 'running', runner_id = ${runnerId}, started_at = ${now}
    WHERE (tenant_id, id) = (
      SELECT tenant_id, id FROM pi_export_request
      WHERE status = 'queued' OR (status = 'running' AND runner_id IS DISTINCT FROM ${runnerId}
        AND (${exclusive} OR started_at < ${now}::timestamptz - make_interval(secs => ${staleSeconds})))
      ORDER BY reviewed_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING tenant_id, id`.execute(trx)
  const row = r.rows[0]
  return row ? { tenantId: Number(row.tenant_id), id: Number(row.id) } : null
}

/** What the job needs to run a request: who asked (their membership and org at the time), what and why. */
export function findJob(trx: Trx, id: number) {
  return trx
    .selectFrom('pi_export_request')
    .select([
      'id',
      'kind',
      'full_values',
      'org_id',
      'filter',
      'purpose',
      'requester_account_id',
      'requester_user_info_id',
      'requester_org_id',
      'requester_name',
      'client_ip',
      'reviewer_name',
      'created_at',
      'runner_id',
    ])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Ends the job: done with its file, or failed; only while this runner still holds it. */
export async function finishJob(
  trx: Trx,
  id: number,
  runnerId: string,
  end:
    | { status: 'done'; file: Buffer; fileName: string; rows: number; token: string; expiresAt: Date; at: Date }
    | { status: 'failed'; error: string; at: Date },
): Promise<boolean> {
  const set =
    end.status === 'done'
      ? {
          status: end.status,
          file: end.file,
          file_name: end.fileName,
          row_count: end.rows,
          token: end.token,
          expires_at: end.expiresAt,
          finished_at: end.at,
        }
      : { status: end.status, error: end.error, finished_at: end.at }
  const r = await trx
    .updateTable('pi_export_request')
    .set(set)
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('runner_id', '=', runnerId)
    .executeTakeFirst()
  return Number(r.numUpdatedRows) > 0
}

/** Gives back the runner's claims (a stopping process): its running jobs are queued again. */
export function releaseExportClaims(trx: Trx, runnerId: string) {
  return trx
    .updateTable('pi_export_request')
    .set({ status: 'queued', runner_id: null })
    .where('status', '=', 'running')
    .where('runner_id', '=', runnerId)
    .execute()
}

/** Files past their link's time leave the database (every tenant): nothing to download, nothing to leak. */
export async function dropExpiredFiles(trx: Trx, now: Date): Promise<number> {
  const r = await trx
    .updateTable('pi_export_request')
    .set({ file: null, token: null })
    .where('expires_at', '<=', now)
    .where('file', 'is not', null)
    .executeTakeFirst()
  return Number(r.numUpdatedRows)
}

export function findOrgName(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('name').where('id', '=', orgId).executeTakeFirst()
}

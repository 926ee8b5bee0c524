import { ImportStatus } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { paginate, type PageQuery } from '../../platform/paging.js'

// ---- the job routes (service.ts) ----

export function findOrgUnitAttr(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('unit_attr').where('id', '=', orgId).executeTakeFirstOrThrow()
}

export function findUserName(trx: Trx, userInfoId: number) {
  return trx.selectFrom('user_info').select('true_name').where('id', '=', userInfoId).executeTakeFirstOrThrow()
}

export async function insertJob(
  trx: Trx,
  values: {
    org_id: number
    kind: string
    file_name: string
    file: Buffer
    created_by: number
    created_by_name: string
    message: null
    finished_at: null
  },
): Promise<number> {
  const { id } = await trx.insertInto('import_job').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

/** A job as the task list shows it (times as China wall-clock text). */
function tasks(trx: Trx) {
  return trx
    .selectFrom('import_job')
    .select([
      'id as importLogId',
      'file_name as fileName',
      'kind as type',
      'status',
      'processed_count as processedCount',
      'total_count as totalCount',
      'success_count as successCount',
      'fail_count as failCount',
      'message',
      'created_by_name as createdByName',
      sql<string>`to_char(created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
      sql<string | null>`to_char(finished_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('finishedAt'),
    ])
}

export function findJob(trx: Trx, id: number) {
  return trx
    .selectFrom('import_job')
    .select(['id', 'org_id', 'status', 'file_name', 'kind'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export function findTask(trx: Trx, id: number) {
  return tasks(trx).where('id', '=', id).executeTakeFirstOrThrow()
}

/** One page of the org's tasks of the given kinds (and of `type` when given), newest first. */
export function pageOrgTasks(trx: Trx, orgId: number, kinds: string[], type: string | null | undefined, q: PageQuery) {
  let rows = tasks(trx).where('org_id', '=', orgId).where('kind', 'in', kinds)
  if (type) rows = rows.where('kind', '=', type)
  return paginate(rows.orderBy('id', 'desc'), rows, q)
}

/** The user's tasks of the given kinds still open or finished after `finishedAfter`, oldest first. */
export function listCurrentTasks(trx: Trx, userInfoId: number, kinds: string[], finishedAfter: Date) {
  return tasks(trx)
    .where('created_by', '=', userInfoId)
    .where('kind', 'in', kinds)
    .where((eb) => eb.or([eb('status', '<', ImportStatus.DONE), eb('finished_at', '>', finishedAfter)]))
    .orderBy('id')
    .execute()
}

/** Cancels the job if it is still open; undefined when it had already ended. */
export function cancelOpenJob(trx: Trx, id: number, now: Date) {
  return trx
    .updateTable('import_job')
    .set({ status: ImportStatus.CANCELLED, finished_at: now, updated_at: now, file: null })
    .where('id', '=', id)
    .where('status', '<', ImportStatus.DONE)
    .returning('id')
    .executeTakeFirst()
}

export function listJobErrors(trx: Trx, jobId: number) {
  return trx
    .selectFrom('import_job_error')
    .select(['row_no', 'reason', 'data'])
    .where('job_id', '=', jobId)
    .orderBy('row_no')
    .execute()
}

// ---- the runner (runner.ts) ----

/** Gives back the runner's claims on open jobs. */
export async function releaseClaims(trx: Trx, runnerId: string): Promise<void> {
  await trx
    .updateTable('import_job')
    .set({ runner_id: null })
    .where('runner_id', '=', runnerId)
    .where('status', '<', ImportStatus.DONE)
    .execute()
}

/**
 * Claims the oldest open job that no live runner holds (or that this runner holds already; any job when
 * `exclusive`); SKIP LOCKED lets two processes claim at once without taking the same job.
 */
export async function claimNextJob(trx: Trx, runnerId: string, exclusive: boolean, staleSeconds: number) {
  return (
    await sql<{ id: number; tenant_id: number; org_id: number; kind: string; created_by: number }>`
      UPDATE import_job j SET runner_id = ${runnerId}, heartbeat_at = now()
      FROM (SELECT tenant_id, id FROM import_job
            WHERE status < ${ImportStatus.DONE}
              AND (${exclusive} OR runner_id IS NULL OR runner_id = ${runnerId} OR heartbeat_at < now() - make_interval(secs => ${staleSeconds}))
            ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED) next
      WHERE j.tenant_id = next.tenant_id AND j.id = next.id
      RETURNING j.id, j.tenant_id, j.org_id, j.kind, j.created_by`.execute(trx)
  ).rows[0]
}

/** Marks the job failed if it is still open and still this runner's. */
export async function failJob(
  trx: Trx,
  id: number,
  runnerId: string,
  message: string,
  finishedAt: Date,
  updatedAt: Date,
): Promise<void> {
  await trx
    .updateTable('import_job')
    .set({ status: ImportStatus.FAILED, message, finished_at: finishedAt, file: null, updated_at: updatedAt })
    .where('id', '=', id)
    .where('status', '<', ImportStatus.DONE)
    .where('runner_id', '=', runnerId)
    .execute()
}

export function findJobFile(trx: Trx, id: number) {
  return trx.selectFrom('import_job').select(['file', 'processed_count']).where('id', '=', id).executeTakeFirstOrThrow()
}

/** Queued → running with the row count. */
export async function startJob(trx: Trx, id: number, totalCount: number, now: Date): Promise<void> {
  await trx
    .updateTable('import_job')
    .set({ status: ImportStatus.RUNNING, total_count: totalCount, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', ImportStatus.QUEUED)
    .execute()
}

/** The finished job's counts and its creator's account. */
export function findJobOutcome(trx: Trx, id: number) {
  return trx
    .selectFrom('import_job as j')
    .innerJoin('user_info as u', (x) => x.onRef('u.tenant_id', '=', 'j.tenant_id').onRef('u.id', '=', 'j.created_by'))
    .select(['j.kind', 'j.success_count', 'j.fail_count', 'u.account_id'])
    .where('j.id', '=', id)
    .executeTakeFirst()
}

/** Locks the job's row till the transaction ends (orders a batch against a cancel and another process's claim). */
export async function lockJob(trx: Trx, id: number) {
  const j = await sql<{
    status: number
    runner_id: string | null
  }>`SELECT status, runner_id FROM import_job WHERE id = ${id} FOR UPDATE`.execute(trx)
  return j.rows[0]
}

export async function insertJobErrors(
  trx: Trx,
  rows: { job_id: number; row_no: number; reason: string; data: string }[],
): Promise<void> {
  await trx.insertInto('import_job_error').values(rows).execute()
}

/** Adds a batch to the job's counters and beats; the last batch also finishes the job and drops its file. */
export async function recordBatch(
  trx: Trx,
  id: number,
  processed: number,
  rejected: number,
  now: Date,
  last: boolean,
): Promise<void> {
  await trx
    .updateTable('import_job')
    .set((eb) => ({
      processed_count: eb('processed_count', '+', processed),
      success_count: eb('success_count', '+', processed - rejected),
      fail_count: eb('fail_count', '+', rejected),
      updated_at: now,
      heartbeat_at: sql<Date>`now()`,
      ...(last && { status: ImportStatus.DONE, finished_at: now, file: null }),
    }))
    .where('id', '=', id)
    .execute()
}

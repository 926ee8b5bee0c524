import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { IMPORT_KINDS, ImportStatus, type ImportKind } from '@zhixiao/shared'
import { isConnectionLoss, type Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'
import { maskSheetValues, readSheet, type ReadRow, type SheetColumn } from '../../platform/excel.js'
import { AppError } from '../../platform/errors.js'
import { notify } from '../../platform/notify.js'
import { importKindDef, type JobInfo, type KindRunner } from './kinds.js'
import { IMPORT_MAX_ROWS } from '@zhixiao/shared'
import {
  claimNextJob,
  failJob,
  findJobFile,
  findJobOutcome,
  insertJobErrors,
  lockJob,
  recordBatch,
  releaseClaims,
  startJob,
} from './queries.js'
import { BackgroundDrain } from '../../platform/background-drain.js'

/**
 * Rows written per transaction: the first batch is small so progress shows at once, then each batch doubles up to
 * IMPORT_BATCH_MAX, where a statement's fixed costs (round trips, the job's lock and counters, the duplicate
 * look-ups) are spread over thousands of rows (issue 28: 100,000 students in seconds). Every batch is a multiple of
 * the first, so processed counts stay whole batches.
 */
const IMPORT_BATCH = 500
const IMPORT_BATCH_MAX = 8000
/** Planner statistics are refreshed after the first batch and then every this many rows (see Db.analyze). */
const ANALYZE_EVERY_ROWS = 20_000
const PEOPLE_TABLES = ['user_info', 'account', 'login_name', 'person', 'user_role', 'parent_child'] as const
/** A breath between batches; requests already waiting for the database are served first in any case (its queue is FIFO). */
const BATCH_PAUSE_MS = 2

/**
 * Runs import jobs one at a time in the server process. Jobs are rows, so a job queued or half-done when the
 * server stopped is picked up again at start and resumes after its last committed batch: each batch's rows,
 * rejected rows and progress counters commit together, so no row is written twice or skipped.
 *
 * Several processes on one PostgreSQL (docs/deploy.md): a process claims a job (runner_id, FOR UPDATE SKIP LOCKED)
 * and beats with every batch; each batch checks under the job's row lock that the claim is still its own. A job
 * whose runner stopped beating for importStaleSeconds (a killed process) is claimed by another, which resumes
 * after the last committed batch; a stopping process gives its claims back at once. On PGlite one process holds
 * the data directory, so whatever claim a previous process left is stale.
 */
export class ImportRunner {
  // Lazy closures: the constructor's parameter properties are not set yet when fields initialise.
  private readonly loop = new BackgroundDrain(
    () => this.drain(),
    (e: unknown) => this.log('import runner stopped; the next look for work starts it again', e),
  )
  /** Names the process (host/pid) so an operator can tell who runs a job; the suffix tells two runners of one process apart. */
  private readonly id = `${os.hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`

  constructor(
    private readonly ctx: AppContext,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  /** Looks for queued work; returns at once, the work runs in the background. */
  kick(): void {
    this.loop.kick()
  }

  /** Resolves once the current batch has committed; unfinished jobs stay queued for the next start. */
  async stop(): Promise<void> {
    await this.loop.stop()
    await this.ctx.db.platform((trx) => releaseClaims(trx, this.id)).catch(() => {})
  }

  /** Claims the oldest open job that no live runner holds (or that this runner holds already). */
  private claim() {
    const exclusive = this.ctx.db.kind === 'pglite'
    const stale = this.ctx.config.importStaleSeconds
    return this.ctx.db.platform((trx) => claimNextJob(trx, this.id, exclusive, stale))
  }

  /** Waits until no job is left (tests and the benchmark). */
  async idle(): Promise<void> {
    await this.loop.idle()
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.loop.stopped) return
      const next = await this.claim()
      if (!next) return
      const job: JobInfo = { id: next.id, tenantId: next.tenant_id, orgId: next.org_id, createdBy: next.created_by }
      try {
        await this.run(job, next.kind as ImportKind)
      } catch (e) {
        if (isConnectionLoss(e)) {
          // Not the job's fault: it stays claimed and resumes after its last committed batch when the database is back
          // (the poll of app.ts kicks every few seconds; another process takes it over if this one stays away).
          this.log(`import job ${job.id} waits for the database`, e)
          return
        }
        this.log(`import job ${job.id} failed`, e)
        const message = e instanceof AppError ? e.message : '导入失败，请检查文件后重试'
        await this.ctx.db.tenant(job.tenantId, (trx) =>
          failJob(trx, job.id, this.id, message, this.ctx.clock.now(), this.ctx.clock.now()),
        )
      }
    }
  }

  private async run(job: JobInfo, kind: ImportKind): Promise<void> {
    const def = importKindDef(kind)
    const { rows, runner, start } = await this.ctx.db.tenant(job.tenantId, async (trx) => {
      const j = await findJobFile(trx, job.id)
      // PGlite hands bytea back as a plain Uint8Array; wrap it (no copy) as the Buffer the reader expects.
      const file = j.file ? Buffer.from(j.file.buffer, j.file.byteOffset, j.file.byteLength) : Buffer.alloc(0)
      const rows = await readSheet(file, def.columns, IMPORT_MAX_ROWS)
      const runner = await def.prepare(this.ctx, trx, job)
      await startJob(trx, job.id, rows.length, this.ctx.clock.now())
      return { rows, runner, start: j.processed_count }
    })
    let analyzedAt = -Infinity
    for (let at = start, size = IMPORT_BATCH; at < rows.length && !this.loop.stopped;) {
      const batch = rows.slice(at, at + size)
      const go = await this.batch(job, def.columns, runner, batch, at + size >= rows.length)
      if (!go) return
      at += size
      size = Math.min(size * 2, IMPORT_BATCH_MAX)
      if (at - analyzedAt > ANALYZE_EVERY_ROWS) {
        // All six, not only the two the batches look up: ANALYZE also invalidates the plans cached for the
        // foreign-key checks, and PGlite has no autovacuum to do it. Analysing two, test/imports-100k.test.ts ran past
        // its 600 s on PGlite (33.7 s with all six), most likely on plans made while account was a page long.
        await this.ctx.db.analyze(PEOPLE_TABLES)
        analyzedAt = at
      }
      // The embedded database has one connection: pause so requests (the progress poll, page loads) get a turn.
      await new Promise((r) => setTimeout(r, BATCH_PAUSE_MS))
    }
  }

  /** Tells the importer the job is done, in the last batch's transaction (modules/messages). */
  private async notifyDone(trx: Trx, job: JobInfo): Promise<void> {
    const j = await findJobOutcome(trx, job.id)
    if (!j) return
    await notify(trx, this.ctx, {
      event: 'importFinished',
      orgId: job.orgId,
      to: [j.account_id],
      values: {
        导入类型: IMPORT_KINDS[j.kind as keyof typeof IMPORT_KINDS] ?? j.kind,
        成功条数: String(j.success_count),
        失败条数: String(j.fail_count),
      },
    })
  }

  /** One batch in one transaction; false when the job was cancelled meanwhile. */
  private batch(
    job: JobInfo,
    columns: readonly SheetColumn[],
    runner: KindRunner,
    rows: ReadRow[],
    last: boolean,
  ): Promise<boolean> {
    return this.ctx.db.tenant(job.tenantId, async (trx) => {
      // The row lock orders this batch against a cancel: a cancel waits for it, and the next batch sees it.
      // It also orders it against another process: the batch goes on only while the claim is this runner's.
      const j = await lockJob(trx, job.id)
      if (j?.status !== ImportStatus.RUNNING || j.runner_id !== this.id) return false
      const rejected = await runner.write(trx, rows)
      if (rejected.length) {
        await insertJobErrors(
          trx,
          rejected.map((r) => ({
            job_id: job.id,
            row_no: r.row.rowNumber,
            reason: r.reason,
            // Kept masked: the error file shows it to the importer, not the full ID number or phone.
            data: JSON.stringify(maskSheetValues(columns, r.row.values)),
          })),
        )
      }
      const now = this.ctx.clock.now()
      await recordBatch(trx, job.id, rows.length, rejected.length, now, last)
      if (last) await this.notifyDone(trx, job)
      return !last
    })
  }
}

const runners = new WeakMap<AppContext, ImportRunner>()
/** The process's runner for this context (one per app). */
export function importRunner(ctx: AppContext, log?: (msg: string, err?: unknown) => void): ImportRunner {
  let r = runners.get(ctx)
  if (!r) {
    r = new ImportRunner(ctx, log)
    runners.set(ctx, r)
  }
  return r
}

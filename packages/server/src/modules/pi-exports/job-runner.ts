import { randomBytes, randomUUID } from 'node:crypto'
import os from 'node:os'
import type { Readable } from 'node:stream'
import { EXPORT_KIND_LABEL, EXPORT_LINK_HOURS, exportRequestBody } from '@zhixiao/shared'
import { isConnectionLoss, type Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError } from '../../platform/errors.js'
import { notify } from '../../platform/notify.js'
import { exportParents, exportStudents, exportTeachers, type ApprovedExport } from '../people/export-service.js'
import { claimNextExport, dropExpiredFiles, findJob, findOrgName, finishJob, releaseExportClaims } from './queries.js'
import { watermarked } from './watermark.js'
import { BackgroundDrain } from '../../platform/background-drain.js'

/** A claim whose runner gave no sign for this long is taken over by another process (several on one PostgreSQL). */
const STALE_SECONDS = 600

type Job = NonNullable<Awaited<ReturnType<typeof findJob>>>

/** Beijing time, minutes (the watermark's and the message's clock). */
const beijing = (d: Date) => new Date(+d + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')

/** The people module's export of the request's kind, run as the requester (their reach is checked again now). */
function produce(ctx: AppContext, auth: AuthInfo, job: Job, approved: ApprovedExport): Promise<Readable> {
  // The stored filter passed the shared schema when it was asked; read it through it again for its type.
  const r = exportRequestBody.parse({ kind: job.kind, filter: job.filter, purpose: job.purpose })
  const orgId = Number(job.org_id)
  if (r.kind === 'student') return exportStudents(ctx, auth, { ...r.filter, orgId }, approved)
  if (r.kind === 'teacher') return exportTeachers(ctx, auth, { ...r.filter, orgId }, approved)
  return exportParents(ctx, auth, { ...r.filter, orgId }, approved)
}

/**
 * Runs approved export requests in the background of the server process, one at a time (docs/privacy.md "Export
 * approval"). A request is its own job row: the approval queues it; a runner claims it (FOR UPDATE SKIP LOCKED) and
 * stores the finished file, its token and expiry only if its claim still holds. A job a stopped process left behind
 * is queued again at stop or taken over when stale, and starts afresh: the file is written in one go, so there is no
 * half to resume, and a rerun at worst repeats the access-log lines of the rows read before the stop (the log says
 * more, never less).
 */
export class ExportRunner {
  // Lazy closures: the constructor's parameter properties are not set yet when fields initialise.
  private readonly loop = new BackgroundDrain(
    () => this.drain(),
    (e: unknown) => this.log('export runner stopped; the next look for work starts it again', e),
  )
  private readonly id = `${os.hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`

  constructor(
    private readonly ctx: AppContext,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  kick(): void {
    this.loop.kick()
  }

  /** Waits until no job is left (tests). */
  async idle(): Promise<void> {
    await this.loop.idle()
  }

  async stop(): Promise<void> {
    await this.loop.stop()
    await this.ctx.db.platform((trx) => releaseExportClaims(trx, this.id)).catch(() => {})
  }

  /** Files past their link's time are dropped (every tenant). */
  dropExpired(): Promise<number> {
    return this.ctx.db.platform((trx) => dropExpiredFiles(trx, this.ctx.clock.now()))
  }

  private async drain(): Promise<void> {
    const exclusive = this.ctx.db.kind === 'pglite'
    for (;;) {
      if (this.loop.stopped) return
      const next = await this.ctx.db.platform((trx) =>
        claimNextExport(trx, this.id, exclusive, STALE_SECONDS, this.ctx.clock.now()),
      )
      if (!next) return
      try {
        await this.run(next.tenantId, next.id)
      } catch (e) {
        if (isConnectionLoss(e)) {
          this.log(`export job ${next.id} waits for the database`, e)
          return
        }
        this.log(`export job ${next.id} failed`, e)
        const error = e instanceof AppError ? e.message : '导出失败，请重新申请'
        await this.ctx.db.tenant(next.tenantId, async (trx) => {
          const job = await findJob(trx, next.id)
          if (!(await finishJob(trx, next.id, this.id, { status: 'failed', error, at: this.ctx.clock.now() })) || !job)
            return
          await this.tell(trx, job, `已批准，但生成失败（${error}）`, '')
        })
      }
    }
  }

  private async run(tenantId: number, id: number): Promise<void> {
    const job = await this.ctx.db.tenant(tenantId, (trx) => findJob(trx, id))
    if (!job) return
    const auth: AuthInfo = {
      sessionId: `export-job-${id}`,
      tenantId,
      accountId: Number(job.requester_account_id),
      userInfoId: Number(job.requester_user_info_id),
      orgId: Number(job.requester_org_id),
      ip: job.client_ip ?? undefined,
    }
    const purpose = `导出申请#${id}（${job.purpose}；审批人 ${job.reviewer_name ?? ''}）`
    const source = await produce(this.ctx, auth, job, { full: job.full_values, purpose })
    const at = this.ctx.clock.now()
    const orgName = await this.ctx.db.tenant(tenantId, (trx) => findOrgName(trx, auth.orgId))
    const { file, rows } = await watermarked(source, {
      requester: job.requester_name,
      orgName: orgName?.name ?? null,
      at: beijing(at),
      purpose: job.purpose,
      requestId: id,
      approver: job.reviewer_name,
    })
    const expiresAt = new Date(+at + EXPORT_LINK_HOURS * 3600_000)
    await this.ctx.db.tenant(tenantId, async (trx) => {
      const ended = await finishJob(trx, id, this.id, {
        status: 'done',
        file,
        fileName: `${EXPORT_KIND_LABEL[job.kind]}${job.full_values ? '（完整信息）' : ''}_${id}.xlsx`,
        rows,
        token: randomBytes(24).toString('base64url'),
        expiresAt,
        at,
      })
      if (ended)
        await this.tell(trx, job, '已批准，文件已生成', `请在“导出申请”中下载，链接有效至 ${beijing(expiresAt)}。`)
    })
  }

  private tell(trx: Trx, job: Job, result: string, comment: string) {
    return notify(trx, this.ctx, {
      event: 'exportReviewed',
      orgId: Number(job.requester_org_id),
      to: [Number(job.requester_account_id)],
      values: { 导出类型: EXPORT_KIND_LABEL[job.kind], 审批结果: result, 审批意见: comment },
    })
  }
}

const runners = new WeakMap<AppContext, ExportRunner>()

/** The process's export runner for this context (one per app; tests wait on it with idle()). */
export function exportRunner(ctx: AppContext, log?: (msg: string, err?: unknown) => void): ExportRunner {
  let r = runners.get(ctx)
  if (!r) {
    r = new ExportRunner(ctx, log)
    runners.set(ctx, r)
  }
  return r
}

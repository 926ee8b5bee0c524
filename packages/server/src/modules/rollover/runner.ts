import { ErrorCode, RolloverMsg, type RolloverPlan, type RolloverRunBody } from '@zhixiao/shared'
import { isConnectionLoss } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { loadPlan, OP_MODULE, planDetail } from './plan-service.js'
import { claimQueued, lockSchool, queueSchools, refreshPlanStatus, updateSchool } from './queries.js'
import { failureText, RunFailed, runSchoolTx } from './run-service.js'
import { BackgroundDrain } from '../../platform/background-drain.js'

/** A claim whose runner gave no sign for this long is taken over by another process (several on one PostgreSQL). */
const STALE_SECONDS = 1800

/**
 * Marks the school failed with the reason, in a transaction of its own (the run's own rolled back): it can be
 * retried alone, and the other schools go on.
 */
async function markFailed(ctx: AppContext, tenantId: number, planId: number, orgId: number, error: string) {
  await ctx.db.tenant(tenantId, async (trx) => {
    const lock = await lockSchool(trx, planId, orgId)
    if (!lock || lock.status === 'done') return
    await updateSchool(
      trx,
      planId,
      orgId,
      { status: 'failed', queued: false, error, finished_at: ctx.clock.now() },
      true,
    )
    await refreshPlanStatus(trx, planId)
  })
}

/** Runs one school now; a failure marks it failed (alone) and answers its reason. */
async function runOne(
  ctx: AppContext,
  tenantId: number,
  planId: number,
  orgId: number,
  explicit: boolean,
): Promise<string | null> {
  try {
    await ctx.db.tenant(tenantId, async (trx) => runSchoolTx(trx, ctx, await loadPlan(trx, planId), orgId, explicit))
    return null
  } catch (e) {
    if (!(e instanceof RunFailed)) throw e
    await markFailed(ctx, tenantId, planId, orgId, e.message)
    return e.message
  }
}

/**
 * Runs the plan (the bureau, after approval): one school now and in one transaction when `orgId` is given (a retry
 * of a failed one too), else every school not done is queued and run one by one in the background; the plan's
 * progress shows how far it is.
 */
export async function runPlan(ctx: AppContext, auth: AuthInfo, b: RolloverRunBody): Promise<RolloverPlan> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const plan = await loadPlan(trx, b.planId)
    if (plan.status === 'draft') throw refused(ErrorCode.CONFLICT, RolloverMsg.NOT_APPROVED)
    if (!b.orgId) {
      const n = await queueSchools(trx, b.planId)
      await recordOp(trx, auth, {
        module: OP_MODULE,
        action: '执行结转（全部学校）',
        detail: { schools: n },
        important: true,
      })
    }
  })
  if (b.orgId) {
    const failed = await runOne(ctx, auth.tenantId, b.planId, b.orgId, true)
    if (failed !== null) throw refused(ErrorCode.CONFLICT, failed)
    await ctx.db.tenant(auth.tenantId, (trx) =>
      recordOp(trx, auth, { module: OP_MODULE, action: '执行结转', detail: { orgId: b.orgId }, important: true }),
    )
  } else rolloverRunner(ctx).kick()
  return planDetail(ctx, auth, { planId: b.planId })
}

/**
 * The background run of queued schools, one at a time per process. A school is claimed (status running, visible as
 * progress) and run in its own transaction; a failed one is marked failed and the next goes on. A school a stopped
 * process left running is taken again at start (exclusive PGlite) or when stale (PostgreSQL).
 */
export class RolloverRunner {
  // Lazy closures: the constructor's parameter properties are not set yet when fields initialise.
  private readonly loop = new BackgroundDrain(
    () => this.drain(),
    (e: unknown) => this.log('roll-over runner stopped; the next kick starts it again', e),
  )

  constructor(
    private readonly ctx: AppContext,
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {}

  kick(): void {
    this.loop.kick()
  }

  /** Waits until no queued school is left (tests). */
  async idle(): Promise<void> {
    await this.loop.idle()
  }

  async stop(): Promise<void> {
    await this.loop.stop()
  }

  private async drain(): Promise<void> {
    const exclusive = this.ctx.db.kind === 'pglite'
    for (;;) {
      if (this.loop.stopped) return
      const next = await this.ctx.db.platform((trx) => claimQueued(trx, this.ctx.clock.now(), exclusive, STALE_SECONDS))
      if (!next) return
      try {
        await runOne(this.ctx, next.tenantId, next.planId, next.orgId, false)
      } catch (e) {
        if (isConnectionLoss(e)) {
          this.log(`roll-over of school ${next.orgId} waits for the database`, e)
          return
        }
        // Not a failure of the run itself (the plan gone, …): the school leaves the queue, marked failed.
        this.log(`roll-over of school ${next.orgId} failed`, e)
        await markFailed(this.ctx, next.tenantId, next.planId, next.orgId, failureText(e)).catch(() => undefined)
      }
    }
  }
}

const runners = new WeakMap<AppContext, RolloverRunner>()

/** The process's roll-over runner for this context (one per app; tests wait on it with idle()). */
export function rolloverRunner(ctx: AppContext, log?: (msg: string, err?: unknown) => void): RolloverRunner {
  let r = runners.get(ctx)
  if (!r) {
    r = new RolloverRunner(ctx, log)
    runners.set(ctx, r)
  }
  return r
}

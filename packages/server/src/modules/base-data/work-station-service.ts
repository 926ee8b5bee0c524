import {
  WorkStationMsg,
  workStationName,
  type WorkStationAddBody,
  type WorkStationListItem,
  type WorkStationMatrix,
  type WorkStationPageBody,
  type WorkStationRow,
  type WorkStationUpdateBody,
} from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { dictItemsFor, isDictRefOk } from '../../platform/dict-refs.js'
import { notFound } from '../../platform/errors.js'
import { loadInScope, scopedOrg } from '../../platform/org-scope.js'
import { paginate, type Page } from '../../platform/paging.js'

/**
 * The workstation matrix (000 §3, §7.9 workStationMatrix; the jobMatrixSet tab of /base-userAccount/dictionary): per
 * org, a job of the 岗位 dictionary at a level (1–13) with its approved headcount. docs/base-data.md.
 */
const taken = (e: unknown): never => rethrowUnique(e, {}, WorkStationMsg.TAKEN)

function rows(trx: Trx) {
  return trx
    .selectFrom('work_station as w')
    .innerJoin('dict_item as d', (j) => j.onRef('d.tenant_id', '=', 'w.tenant_id').onRef('d.id', '=', 'w.job_id'))
    .select([
      'w.id',
      'w.org_id as orgId',
      'w.job_id as jobId',
      'd.name as jobName',
      'w.level',
      'w.quota',
      'w.status',
      'w.remark',
    ])
}
type Raw = {
  id: number
  orgId: number
  jobId: number
  jobName: string
  level: number
  quota: number
  status: number
  remark: string | null
}
const toRow = (r: Raw): WorkStationRow => ({
  ...r,
  level: Number(r.level),
  quota: Number(r.quota),
  name: workStationName(r.jobName, Number(r.level)),
})

const stationFor = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, 'work_station', id, WorkStationMsg.NOT_FOUND)

/** A job the org's forms offer (the tenant's 岗位 entries and the org's own); another school's is refused like a missing one. */
async function checkJob(trx: Trx, orgId: number, jobId: number): Promise<void> {
  if (!(await isDictRefOk(trx, orgId, jobId, 'job'))) throw notFound(WorkStationMsg.JOB_NOT_FOUND)
}

export function pageWorkStations(
  ctx: AppContext,
  auth: AuthInfo,
  q: WorkStationPageBody,
): Promise<Page<WorkStationRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, q.orgId)
    let base = rows(trx).where('w.org_id', '=', org)
    if (q.jobId != null) base = base.where('w.job_id', '=', q.jobId)
    if (q.status != null) base = base.where('w.status', '=', q.status)
    const page = await paginate(base.orderBy('d.sort').orderBy('w.job_id').orderBy('w.level'), base, q)
    return { ...page, list: page.list.map(toRow) }
  })
}

/** The grid: every enabled job the org may use, the levels set anywhere in it, and every cell (enabled or not). */
export function workStationMatrix(ctx: AppContext, auth: AuthInfo, orgId?: number): Promise<WorkStationMatrix> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const cells = (await rows(trx).where('w.org_id', '=', org).orderBy('w.job_id').orderBy('w.level').execute()).map(
      toRow,
    )
    const offered = await dictItemsFor(trx, org)
      .select(['id', 'name'])
      .where('dict_type', '=', 'job')
      .where('status', '=', 0)
      .orderBy(sql`org_id NULLS FIRST`)
      .orderBy('sort')
      .orderBy('id')
      .execute()
    // A cell whose job was since disabled still shows its row, so nothing set is hidden.
    const jobs = [...offered]
    for (const c of cells) if (!jobs.some((j) => j.id === c.jobId)) jobs.push({ id: c.jobId, name: c.jobName })
    const levels = [...new Set(cells.map((c) => c.level))].sort((a, b) => a - b)
    return { jobs, levels, cells, totalQuota: cells.filter((c) => c.status === 0).reduce((n, c) => n + c.quota, 0) }
  })
}

/** organizationUnit/workStationList: an org's enabled workstations, for pickers. */
export function listWorkStations(ctx: AppContext, auth: AuthInfo, orgId?: number): Promise<WorkStationListItem[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const list = await rows(trx)
      .where('w.org_id', '=', org)
      .where('w.status', '=', 0)
      .orderBy('d.sort')
      .orderBy('w.job_id')
      .orderBy('w.level')
      .execute()
    return list
      .map(toRow)
      .map(({ id, jobId, jobName, level, name, quota }) => ({ id, jobId, jobName, level, name, quota }))
  })
}

export function addWorkStation(ctx: AppContext, auth: AuthInfo, b: WorkStationAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, b.orgId)
    await checkJob(trx, org, b.jobId)
    try {
      return (
        await trx
          .insertInto('work_station')
          .values({ org_id: org, job_id: b.jobId, level: b.level, quota: b.quota, remark: b.remark ?? null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    } catch (e) {
      return taken(e)
    }
  })
}

export function updateWorkStation(ctx: AppContext, auth: AuthInfo, b: WorkStationUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const s = await stationFor(trx, auth, b.id)
    await checkJob(trx, s.org_id, b.jobId)
    try {
      await trx
        .updateTable('work_station')
        .set({ job_id: b.jobId, level: b.level, quota: b.quota, remark: b.remark ?? null })
        .where('id', '=', b.id)
        .execute()
    } catch (e) {
      taken(e)
    }
  })
}

export function setWorkStationStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await stationFor(trx, auth, id)
    await trx.updateTable('work_station').set({ status }).where('id', '=', id).execute()
  })
}

export function deleteWorkStation(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await stationFor(trx, auth, id)
    await trx.deleteFrom('work_station').where('id', '=', id).execute()
  })
}

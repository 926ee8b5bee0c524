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
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { isDictRefOk } from '../../platform/dict-refs.js'
import { notFound } from '../../platform/errors.js'
import { loadInScope, scopedOrg } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import {
  deleteWorkStationRow,
  insertWorkStation,
  listEnabledWorkStations,
  listOfferedJobs,
  listWorkStationCells,
  pageWorkStationRows,
  updateWorkStationRow,
} from './work-station-queries.js'

/**
 * The workstation matrix (000 §3, §7.9 workStationMatrix; the jobMatrixSet tab of /base-userAccount/dictionary): per
 * org, a job of the 岗位 dictionary at a level (1–13) with its approved headcount. docs/base-data.md.
 */
const taken = (e: unknown): never => rethrowUnique(e, {}, WorkStationMsg.TAKEN)

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
    const page = await pageWorkStationRows(trx, org, q, q)
    return { ...page, list: page.list.map(toRow) }
  })
}

/** The grid: every enabled job the org may use, the levels set anywhere in it, and every cell (enabled or not). */
export function workStationMatrix(ctx: AppContext, auth: AuthInfo, orgId?: number): Promise<WorkStationMatrix> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const org = await scopedOrg(trx, auth, orgId)
    const cells = (await listWorkStationCells(trx, org)).map(toRow)
    const offered = await listOfferedJobs(trx, org)
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
    const list = await listEnabledWorkStations(trx, org)
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
      return await insertWorkStation(trx, {
        org_id: org,
        job_id: b.jobId,
        level: b.level,
        quota: b.quota,
        remark: b.remark ?? null,
      })
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
      await updateWorkStationRow(trx, b.id, {
        job_id: b.jobId,
        level: b.level,
        quota: b.quota,
        remark: b.remark ?? null,
      })
    } catch (e) {
      taken(e)
    }
  })
}

export function setWorkStationStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await stationFor(trx, auth, id)
    await updateWorkStationRow(trx, id, { status })
  })
}

export function deleteWorkStation(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await stationFor(trx, auth, id)
    await deleteWorkStationRow(trx, id)
  })
}

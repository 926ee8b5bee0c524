import {
  chinaDay,
  ErrorCode,
  SchoolStatsMsg,
  schoolYearOf,
  snapshotData,
  SNAPSHOT_MIN_GAP_MS,
  type SnapshotGetBody,
  type SnapshotRow,
  type SnapshotTakeBody,
  type SnapshotView,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { badRequest, notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { isTopOrg, subtreeIds } from '../../platform/org-scope.js'
import { computeSnapshot, sumOf } from './compute.js'
import { findMemberName, findSnapshot, insertSnapshot, latestTakenAt, listSnapshots, lockSnapshots } from './queries.js'

const rowOf = (r: { id: number; school_year: string; taken_at: Date; taker_name: string }): SnapshotRow => ({
  id: Number(r.id),
  schoolYear: r.school_year,
  takenAt: new Date(r.taken_at).toISOString(),
  takerName: r.taker_name,
})

/**
 * Takes the district's snapshot for a school year (default: the one today falls in). The route holds the code and
 * the top-org rule. Snapshots of one tenant are taken one at a time (an advisory lock), and a second one of the same
 * year within a minute is a double click, refused with 409, so two clicks never store two copies.
 */
export function takeSnapshot(ctx: AppContext, auth: AuthInfo, b: SnapshotTakeBody): Promise<SnapshotRow> {
  const now = ctx.clock.now()
  const schoolYear = b.schoolYear ?? schoolYearOf(chinaDay(now))
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await lockSnapshots(trx, auth.tenantId)
    const last = await latestTakenAt(trx, schoolYear)
    if (last && now.getTime() - new Date(last.taken_at).getTime() < SNAPSHOT_MIN_GAP_MS)
      throw refused(ErrorCode.CONFLICT, SchoolStatsMsg.TOO_SOON)
    const data = await computeSnapshot(trx, schoolYear)
    if (!data.schools.length) throw badRequest(SchoolStatsMsg.NO_SCHOOL)
    const row = await insertSnapshot(trx, {
      school_year: schoolYear,
      taken_at: now,
      taken_by: auth.userInfoId,
      taker_name: (await findMemberName(trx, auth.userInfoId))?.true_name ?? '',
      data: JSON.stringify(data),
    })
    const t = sumOf(data.schools)
    await recordOp(trx, auth, {
      module: '秋季统计',
      action: '生成统计快照',
      target: schoolYear,
      detail: { schools: data.schools.length, students: t.students, teachers: t.teachers },
    })
    return rowOf(row)
  })
}

export const snapshotList = (ctx: AppContext, auth: AuthInfo): Promise<SnapshotRow[]> =>
  ctx.db.tenant(auth.tenantId, async (trx) => (await listSnapshots(trx)).map(rowOf))

/**
 * One snapshot as the caller may see it: the top org's members the whole district; anyone else only the schools in
 * their org's subtree (a school admin their own school), with totals of those alone. Another tenant's id is 404 (RLS).
 */
async function viewOf(trx: Trx, auth: AuthInfo, b: SnapshotGetBody): Promise<SnapshotView | null> {
  const row = await findSnapshot(trx, b)
  if (!row) {
    if (b.id !== undefined) throw notFound(SchoolStatsMsg.NOT_FOUND)
    return null
  }
  const all = snapshotData.parse(row.data).schools
  const district = await isTopOrg(trx, auth.orgId)
  let schools = all
  if (!district) {
    const reach = new Set(await subtreeIds(trx, auth.orgId))
    schools = all.filter((s) => reach.has(s.orgId))
  }
  return { ...rowOf(row), district, schools, totals: sumOf(schools) }
}

export const snapshotView = (ctx: AppContext, auth: AuthInfo, b: SnapshotGetBody) =>
  ctx.db.tenant(auth.tenantId, (trx) => viewOf(trx, auth, b))

/** The snapshot the export is of, seen as the caller may see it (the same reach as the page). */
export async function snapshotForExport(ctx: AppContext, auth: AuthInfo, id: number): Promise<SnapshotView> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const view = (await viewOf(trx, auth, { id }))!
    await recordOp(trx, auth, { module: '秋季统计', action: '导出统计快照', target: view.schoolYear })
    return view
  })
}

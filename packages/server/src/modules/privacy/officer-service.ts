import {
  DEFAULT_MINOR_ROW_LIMIT,
  ErrorCode,
  EXPORT_LINK_HOURS,
  ExportMsg,
  PI_OFFICER_PERMISSION,
  type PiCandidateBody,
  type PiMember,
  type PiOfficerSaveBody,
  type PiOfficerSettings,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, badRequest, notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { isTopOrg } from '../../platform/org-scope.js'
import { loadGrants } from '../../platform/permissions.js'
import {
  deleteApprover,
  findExportPolicy,
  findStaffMember,
  insertApprover,
  listApprovers,
  searchStaff,
  upsertExportPolicy,
} from './officer-queries.js'

/**
 * The personal-information officer (个人信息保护负责人, PIPL art. 52, 儿童规定 art. 8) and the approvers they name: who
 * may approve export requests. A tenant setting: the top org's administrator names the officer; the officer or that
 * administrator names and removes approvers (docs/privacy.md "Export approval").
 */

const OP_MODULE = '个人信息保护'

/** Who reviews export requests, with the account (for messages) and org (for reach) of each. */
interface Reviewer {
  userInfoId: number
  accountId: number
  orgId: number
  name: string
  orgName: string | null
}

const asMember = (m: Reviewer): PiMember => ({ userInfoId: m.userInfoId, name: m.name, orgName: m.orgName })

export async function exportReviewers(trx: Trx): Promise<{ officer: Reviewer | null; approvers: Reviewer[] }> {
  const policy = await findExportPolicy(trx)
  const officerRow = policy?.officer_user_info_id ? await findStaffMember(trx, policy.officer_user_info_id) : undefined
  const fix = (r: { userInfoId: number; accountId: number; orgId: number; name: string; orgName: string | null }) => ({
    ...r,
    userInfoId: Number(r.userInfoId),
    accountId: Number(r.accountId),
    orgId: Number(r.orgId),
  })
  return { officer: officerRow ? fix(officerRow) : null, approvers: (await listApprovers(trx)).map(fix) }
}

/**
 * What the caller's session membership reviews: everything (the officer), the requests of its org and below (an
 * approver), or nothing (null).
 */
export async function reviewScope(trx: Trx, auth: AuthInfo): Promise<{ all: boolean; rootOrgId: number } | null> {
  const { officer, approvers } = await exportReviewers(trx)
  if (officer?.userInfoId === auth.userInfoId) return { all: true, rootOrgId: officer.orgId }
  const mine = approvers.find((a) => a.userInfoId === auth.userInfoId)
  return mine ? { all: false, rootOrgId: mine.orgId } : null
}

/** A masked student export of more minors than this needs approval; null: no limit. */
export async function minorExportLimit(trx: Trx): Promise<number | null> {
  const policy = await findExportPolicy(trx)
  return policy ? policy.minor_row_limit : DEFAULT_MINOR_ROW_LIMIT
}

/** The top org's administrator: a session in the top org holding the officer page's code. */
async function isTopAdmin(trx: Trx, auth: AuthInfo): Promise<boolean> {
  if (!(await isTopOrg(trx, auth.orgId))) return false
  return (await loadGrants(trx, auth.userInfoId)).permissions.includes(PI_OFFICER_PERMISSION)
}

async function canManageApprovers(trx: Trx, auth: AuthInfo): Promise<boolean> {
  const policy = await findExportPolicy(trx)
  return (
    (policy?.officer_user_info_id != null && Number(policy.officer_user_info_id) === auth.userInfoId) ||
    (await isTopAdmin(trx, auth))
  )
}

async function assertManager(trx: Trx, auth: AuthInfo): Promise<void> {
  if (!(await canManageApprovers(trx, auth))) throw new AppError(ErrorCode.FORBIDDEN, ExportMsg.NOT_OFFICER, 403)
}

/** The settings as any member of the tenant may read them (the officer's name is meant to be known). */
export function officerSettings(ctx: AppContext, auth: AuthInfo): Promise<PiOfficerSettings> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { officer, approvers } = await exportReviewers(trx)
    const top = await isTopAdmin(trx, auth)
    return {
      officer: officer ? asMember(officer) : null,
      approvers: approvers.map(asMember),
      minorRowLimit: await minorExportLimit(trx),
      linkHours: EXPORT_LINK_HOURS,
      canSetOfficer: top,
      canManageApprovers: top || officer?.userInfoId === auth.userInfoId,
      reviews: (await reviewScope(trx, auth)) !== null,
    }
  })
}

/** Names the officer (a staff member of the top org) and the minors' limit; the route is tenant-wide. */
export function saveOfficer(ctx: AppContext, auth: AuthInfo, b: PiOfficerSaveBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    let name = '无'
    if (b.officerUserInfoId !== null) {
      const m = await findStaffMember(trx, b.officerUserInfoId)
      if (!m) throw notFound(ExportMsg.MEMBER_NOT_FOUND)
      if (!m.top) throw badRequest(ExportMsg.OFFICER_NOT_TOP)
      name = m.name
    }
    await upsertExportPolicy(trx, b.officerUserInfoId, b.minorRowLimit, auth.userInfoId)
    await recordOp(trx, auth, {
      module: OP_MODULE,
      action: '指定负责人',
      target: name,
      detail: { minorRowLimit: b.minorRowLimit },
      important: true,
    })
  })
}

export function addApprover(ctx: AppContext, auth: AuthInfo, userInfoId: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertManager(trx, auth)
    const m = await findStaffMember(trx, userInfoId)
    if (!m) throw notFound(ExportMsg.MEMBER_NOT_FOUND)
    if (!(await insertApprover(trx, userInfoId, auth.userInfoId)))
      throw refused(ErrorCode.CONFLICT, ExportMsg.APPROVER_EXISTS)
    await recordOp(trx, auth, { module: OP_MODULE, action: '指定审批人', target: m.name, important: true })
  })
}

export function removeApprover(ctx: AppContext, auth: AuthInfo, userInfoId: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertManager(trx, auth)
    const m = await findStaffMember(trx, userInfoId)
    if (!(await deleteApprover(trx, userInfoId))) throw notFound(ExportMsg.MEMBER_NOT_FOUND)
    await recordOp(trx, auth, { module: OP_MODULE, action: '移除审批人', target: m?.name ?? null, important: true })
  })
}

export function officerCandidates(ctx: AppContext, auth: AuthInfo, b: PiCandidateBody): Promise<PiMember[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertManager(trx, auth)
    return (await searchStaff(trx, b.keyword, b.top === true)).map((r) => ({ ...r, userInfoId: Number(r.userInfoId) }))
  })
}

import {
  ErrorCode,
  EXPORT_KIND_LABEL,
  ExportMsg,
  PI_EXPORT_FULL_PERMISSION,
  type ExportKind,
  type ExportPageBody,
  type ExportRefuseBody,
  type ExportRequestBody,
  type ExportRequestRow,
  type ExportReviewBody,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, forbidden, notFound, refused } from '../../platform/errors.js'
import { notify } from '../../platform/notify.js'
import { recordOp } from '../../platform/op-log.js'
import { isWithin, scopedOrg, subtreeIds } from '../../platform/org-scope.js'
import { paginate, type Page } from '../../platform/paging.js'
import { loadGrants } from '../../platform/permissions.js'
import { schoolOf } from '../../platform/org-scope.js'
import { findActor } from '../privacy/queries.js'
import { exportReviewers, reviewScope } from '../privacy/officer-service.js'
import { exportRunner } from './job-runner.js'
import { countPendingIn, filterNames, insertRequest, lockRequest, requestQuery, reviewPending } from './queries.js'

const OP_MODULE = '个人信息保护'

/** The code the list page's own export needs, per kind (a request asks for at least as much). */
const EXPORT_CODE: Record<ExportKind, string> = {
  student: 'base_user_account',
  teacher: 'base_teacher_export',
  parent: 'base_parent_export',
}

/** The request's filters in words, for reviewers (they see what leaves, not ids). */
async function filterText(trx: Trx, b: ExportRequestBody): Promise<string> {
  const f = b.filter
  const names = await filterNames(trx, {
    gradeId: 'gradeId' in f ? f.gradeId : null,
    classId: 'classId' in f ? f.classId : null,
    deptId: 'deptId' in f ? f.deptId : null,
    childId: 'childId' in f ? f.childId : null,
  })
  const parts = [
    names.grade && `年级 ${names.grade}`,
    names.className && `班级 ${names.className}`,
    names.dept && `部门 ${names.dept}`,
    names.child && `学生 ${names.child}`,
    f.keyword && `关键字“${f.keyword}”`,
    f.status != null && (f.status === 0 ? '启用' : '停用'),
    f.archived && '归档',
  ].filter((p): p is string => typeof p === 'string' && p !== '')
  return parts.length ? parts.join('，') : '全部'
}

/**
 * Asks for an export that needs approval: full values (the 申请导出完整信息 code), or a masked student export over the
 * minors' limit. The export's org is resolved and checked now (the caller's reach, as the list's export does), and
 * again when the job runs. The officer and the approvers whose reach holds the org are told.
 */
export function requestExport(ctx: AppContext, auth: AuthInfo, b: ExportRequestBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { permissions } = await loadGrants(trx, auth.userInfoId)
    if (!permissions.includes(EXPORT_CODE[b.kind])) throw forbidden()
    if (b.full && !permissions.includes(PI_EXPORT_FULL_PERMISSION)) throw forbidden()
    if (!b.full && b.kind !== 'student') throw refused(ErrorCode.BAD_REQUEST, ExportMsg.MASKED_ONLY_STUDENTS)
    const orgId =
      b.kind === 'teacher'
        ? await scopedOrg(trx, auth, b.filter.orgId ?? undefined)
        : await schoolOf(trx, auth, b.filter.orgId ?? undefined)
    const { officer, approvers } = await exportReviewers(trx)
    if (!officer) throw refused(ErrorCode.CONFLICT, ExportMsg.NO_REVIEWER)
    const me = await findActor(trx, auth.userInfoId)
    const id = await insertRequest(trx, {
      kind: b.kind,
      full_values: b.full,
      org_id: orgId,
      filter: JSON.stringify({ ...b.filter, orgId }),
      filter_text: await filterText(trx, b),
      purpose: b.purpose,
      requester_account_id: auth.accountId,
      requester_user_info_id: auth.userInfoId,
      requester_org_id: auth.orgId,
      requester_name: me.name,
      client_ip: auth.ip ?? null,
    })
    await recordOp(trx, auth, {
      module: OP_MODULE,
      action: '申请导出',
      target: `${EXPORT_KIND_LABEL[b.kind]}${b.full ? '（完整信息）' : ''} #${id}`,
      detail: { purpose: b.purpose },
      important: true,
    })
    const reviewers = [officer, ...approvers]
    const inReach: number[] = []
    for (const r of reviewers)
      if (r.accountId !== auth.accountId && (r === officer || (await isWithin(trx, r.orgId, orgId))))
        inReach.push(r.accountId)
    await notify(trx, ctx, {
      event: 'exportRequested',
      orgId,
      to: [...new Set(inReach)],
      values: { 申请人: me.name, 导出类型: EXPORT_KIND_LABEL[b.kind], 用途: b.purpose },
    })
    return id
  })
}

/** The orgs a reviewer's requests come from: all (the officer, null) or the approver's org and below. */
async function reviewOrgs(trx: Trx, auth: AuthInfo): Promise<number[] | null> {
  const scope = await reviewScope(trx, auth)
  if (!scope) throw new AppError(ErrorCode.FORBIDDEN, ExportMsg.NOT_REVIEWER, 403)
  return scope.all ? null : subtreeIds(trx, scope.rootOrgId)
}

/** My requests (their download tokens while valid), or the requests I review (no tokens: only the requester downloads). */
export function pageRequests(ctx: AppContext, auth: AuthInfo, q: ExportPageBody): Promise<Page<ExportRequestRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const mine = (q.box ?? 'mine') === 'mine'
    const { rows, count } = requestQuery(
      trx,
      mine ? { accountId: auth.accountId } : { orgIds: await reviewOrgs(trx, auth) },
      q,
      ctx.clock.now(),
    )
    const page = await paginate(rows, count, { pageIndex: q.pageIndex ?? 1, pageSize: q.pageSize ?? 20 })
    return {
      ...page,
      list: page.list.map(({ requesterAccountId, token, ...r }) => {
        const own = Number(requesterAccountId) === auth.accountId
        return {
          ...r,
          id: Number(r.id),
          rowCount: r.rowCount == null ? null : Number(r.rowCount),
          downloadCount: Number(r.downloadCount),
          token: own && r.status === 'done' && !r.expired ? token : null,
          // Every row of the review box is in the caller's reach; one's own requests are never theirs to decide.
          canReview: !mine && !own && r.status === 'pending',
        }
      }),
    }
  })
}

export function pendingCount(ctx: AppContext, auth: AuthInfo): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await reviewScope(trx, auth)
    if (!scope) return 0
    const orgIds = scope.all ? null : await subtreeIds(trx, scope.rootOrgId)
    return Number((await countPendingIn(trx, orgIds, auth.accountId)).n)
  })
}

/**
 * Approves or refuses a pending request: only the officer or an approver whose reach holds its org (another school's
 * request answers like a missing one), never one's own, and only once — the row is locked and moved on only while
 * still pending, so two reviewers racing get one approval and one 409. An approval queues the job; a refusal tells the
 * requester now (an approval tells them when the file is ready).
 */
export async function reviewRequest(
  ctx: AppContext,
  auth: AuthInfo,
  b: ExportReviewBody | ExportRefuseBody,
  approve: boolean,
): Promise<void> {
  try {
    await review(ctx, auth, b, approve)
  } finally {
    // After the commit or the rollback: the runner claims only committed, queued rows it can lock (SKIP LOCKED). A
    // reviewer who lost a race to approve held the row's lock while the winner's kick ran, so that kick skipped the
    // row; every review that may have held the lock kicks again once it let go.
    if (approve) exportRunner(ctx).kick()
  }
}

async function review(
  ctx: AppContext,
  auth: AuthInfo,
  b: ExportReviewBody | ExportRefuseBody,
  approve: boolean,
): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const scope = await reviewScope(trx, auth)
    if (!scope) throw new AppError(ErrorCode.FORBIDDEN, ExportMsg.NOT_REVIEWER, 403)
    const r = await lockRequest(trx, b.id)
    if (!r) throw notFound(ExportMsg.NOT_FOUND)
    if (!scope.all && !(await isWithin(trx, scope.rootOrgId, Number(r.org_id)))) throw notFound(ExportMsg.NOT_FOUND)
    if (Number(r.requester_account_id) === auth.accountId)
      throw new AppError(ErrorCode.FORBIDDEN, ExportMsg.OWN_REQUEST, 403)
    if (r.status !== 'pending') throw refused(ErrorCode.CONFLICT, ExportMsg.DONE_ALREADY)
    const me = await findActor(trx, auth.userInfoId)
    const comment = b.comment?.trim() || null
    const moved = await reviewPending(trx, b.id, approve ? 'queued' : 'refused', {
      userInfoId: auth.userInfoId,
      name: me.name,
      comment,
      at: ctx.clock.now(),
    })
    if (!moved) throw refused(ErrorCode.CONFLICT, ExportMsg.DONE_ALREADY)
    await recordOp(trx, auth, {
      module: OP_MODULE,
      action: approve ? '批准导出' : '拒绝导出',
      target: `${r.requester_name} #${b.id}`,
      detail: { comment },
      important: true,
    })
    if (!approve)
      await notify(trx, ctx, {
        event: 'exportReviewed',
        orgId: Number(r.org_id),
        to: [Number(r.requester_account_id)],
        values: { 导出类型: EXPORT_KIND_LABEL[r.kind], 审批结果: '未获批准', 审批意见: `审批意见：${comment ?? ''}` },
      })
  })
}

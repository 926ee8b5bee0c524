import {
  addWorkingDays,
  chinaDay,
  dueText,
  ErrorCode,
  isSchoolUnit,
  schoolYearOf,
  StudyStatus,
  TRANSFER_APPLY_PERMISSION,
  TRANSFER_BUREAU_PERMISSION,
  TRANSFER_OUT_PERMISSION,
  TRANSFER_REMIND_DAYS_LEFT,
  TRANSFER_STEP_DAYS,
  TransferMsg,
  workingDaysLeft,
  type TransferApplyBody,
  type TransferApproveBody,
  type TransferCandidate,
  type TransferFindBody,
  type TransferPageBody,
  type TransferRefuseBody,
  type TransferRow,
  type TransferredOutRow,
  UserType,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, notFound, refused } from '../../platform/errors.js'
import { notify } from '../../platform/notify.js'
import { recordOp } from '../../platform/op-log.js'
import { isWithin } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { loadGrants } from '../../platform/permissions.js'
import * as Q from './queries.js'
import type { TransferRequest } from './queries.js'

const OP_MODULE = '转学管理'
const conflict = (msg: string) => refused(ErrorCode.CONFLICT, msg)
const forbid = (msg: string) => new AppError(ErrorCode.FORBIDDEN, msg, 403)
// Finding shows the 学号 masked (the applicant may have found by ID card); lists show it as student lists do.
const maskedNo = (v: string | null) =>
  v ? (v.length > 4 ? `${'*'.repeat(v.length - 4)}${v.slice(-4)}` : '****') : null

/** The caller's session org as a school (转入 is applied, 转出 reviewed, by a school for itself). */
async function ownSchool(trx: Trx, auth: AuthInfo): Promise<{ id: number; name: string }> {
  const org = await Q.orgUnit(trx, auth.orgId)
  if (!org || !isSchoolUnit(org.unit_attr)) throw forbid(TransferMsg.NOT_SCHOOL)
  return { id: Number(org.id), name: org.name }
}

const nameOf = async (trx: Trx, orgId: number) => (await Q.orgUnit(trx, orgId))?.name ?? ''

/** The step's handlers: the sending school's reviewers, or the bureau's (the top org's, with the code). */
async function stepHandlers(trx: Trx, r: TransferRequest, step: 'out' | 'bureau'): Promise<number[]> {
  if (step === 'out') return Q.handlersOf(trx, Number(r.from_org_id), TRANSFER_OUT_PERMISSION)
  const from = await Q.orgUnit(trx, Number(r.from_org_id))
  // The bureau is the schools' parent org (a district's schools sit under its 教育局).
  return from?.parent_id ? Q.handlersOf(trx, Number(from.parent_id), TRANSFER_BUREAU_PERMISSION) : []
}

async function values(trx: Trx, r: TransferRequest): Promise<Record<string, string>> {
  const student = await Q.memberOf(trx, Number(r.user_info_id))
  return {
    学生姓名: student?.true_name ?? '',
    转出学校: await nameOf(trx, Number(r.from_org_id)),
    转入学校: await nameOf(trx, Number(r.to_org_id)),
  }
}

async function tellStep(trx: Trx, ctx: AppContext, r: TransferRequest, step: 'out' | 'bureau', today: string) {
  const due = step === 'out' ? r.out_due : r.bureau_due
  await notify(trx, ctx, {
    event: 'transferStep',
    orgId: step === 'out' ? Number(r.from_org_id) : Number(r.to_org_id),
    to: await stepHandlers(trx, r, step),
    values: {
      ...(await values(trx, r)),
      审核环节: step === 'out' ? '转出审核' : '教育局审核',
      期限: due ? `请于${due}前处理（${dueText(workingDaysLeft(today, due))}）` : '',
    },
  })
}

/** The applicant and the sending school's reviewers learn how a request ended. */
async function tellDone(trx: Trx, ctx: AppContext, r: TransferRequest, result: string) {
  const to = [
    ...(await Q.handlersOf(trx, Number(r.to_org_id), TRANSFER_APPLY_PERMISSION)),
    ...(await Q.handlersOf(trx, Number(r.from_org_id), TRANSFER_OUT_PERMISSION)),
  ]
  const applicant = await Q.memberOf(trx, Number(r.applied_by))
  if (applicant) to.push(Number(applicant.account_id))
  await notify(trx, ctx, {
    event: 'transferDone',
    orgId: Number(r.to_org_id),
    to: [...new Set(to)],
    values: { ...(await values(trx, r)), 结果: result },
  })
}

export function findStudents(ctx: AppContext, auth: AuthInfo, b: TransferFindBody): Promise<TransferCandidate[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const school = await ownSchool(trx, auth)
    const rows = await Q.findStudents(trx, { name: b.name, jobNo: b.jobNo, idCard: b.idCard, notOrgId: school.id })
    if (!rows.length) throw notFound(TransferMsg.STUDENT_NOT_FOUND)
    // Only what confirming the student needs: the name typed, the school and class, a masked 学号; no ID or phone.
    return rows.map((r) => ({
      userInfoId: Number(r.id),
      name: r.true_name,
      jobNo: maskedNo(r.job_no),
      schoolName: r.school_name,
      className: r.class_name,
      suspended: r.study_status === StudyStatus.SUSPENDED,
    }))
  })
}

/**
 * 转入申请: the receiving school applies for a student of another school of the tenant. Refused during 休学 and while
 * another request of the student is open (the partial unique index decides a race). The sending school is told.
 */
export function applyTransfer(ctx: AppContext, auth: AuthInfo, b: TransferApplyBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const school = await ownSchool(trx, auth)
    const s = await Q.lockStudent(trx, b.userInfoId)
    if (!s || s.archived) throw notFound(TransferMsg.STUDENT_NOT_FOUND)
    if (Number(s.org_id) === school.id) throw refused(ErrorCode.BAD_REQUEST, TransferMsg.OWN_SCHOOL)
    const from = await Q.orgUnit(trx, Number(s.org_id))
    if (!from || !isSchoolUnit(from.unit_attr)) throw notFound(TransferMsg.STUDENT_NOT_FOUND)
    if (s.study_status === StudyStatus.SUSPENDED) throw conflict(TransferMsg.SUSPENDED)
    if (b.toClassId != null && !(await Q.findLiveClass(trx, school.id, b.toClassId)))
      throw notFound(TransferMsg.CLASS_NOT_FOUND)
    // The student row is locked above, so two applications for one student queue here and the second sees the first.
    if (await Q.openRequestOf(trx, Number(s.id))) throw conflict(TransferMsg.OPEN_EXISTS)
    const today = chinaDay(ctx.clock.now())
    let id: number
    try {
      // The partial unique index decides two applications racing; the loser's transaction is rolled back anyway.
      id = await Q.insertRequest(trx, {
        user_info_id: Number(s.id),
        from_org_id: Number(s.org_id),
        to_org_id: school.id,
        to_class_id: b.toClassId ?? null,
        status: 'applied',
        reason: b.reason,
        applied_by: auth.userInfoId,
        out_due: addWorkingDays(today, TRANSFER_STEP_DAYS),
      })
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(TransferMsg.OPEN_EXISTS)
      throw e
    }
    await recordOp(trx, auth, {
      module: OP_MODULE,
      action: '转入申请',
      target: `${s.true_name} #${id}`,
      important: true,
    })
    const r = await Q.lockRequest(trx, id)
    await tellStep(trx, ctx, r!, 'out', today)
    return id
  })
}

function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; cause?: { code?: string } } | null
  return err?.code === '23505' || err?.cause?.code === '23505' || /duplicate key|unique/i.test(String(e))
}

/** The request, locked, if the caller's org is party to it in the given role; another's answers like a missing one. */
async function requestFor(trx: Trx, id: number) {
  const r = await Q.lockRequest(trx, id)
  if (!r) throw notFound(TransferMsg.NOT_FOUND)
  return r
}

export function cancelTransfer(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await requestFor(trx, id)
    if (Number(r.to_org_id) !== auth.orgId) throw notFound(TransferMsg.NOT_FOUND)
    if (r.status !== 'applied' && r.status !== 'out_agreed') throw conflict(TransferMsg.NOT_CANCELLABLE)
    if (!(await Q.moveRequest(trx, id, r.status, { status: 'cancelled' }))) throw conflict(TransferMsg.NOT_CANCELLABLE)
    await recordOp(trx, auth, { module: OP_MODULE, action: '撤回转入申请', target: `#${id}`, important: true })
    await tellDone(trx, ctx, r, '已撤回')
  })
}

/** 转出审核 by the sending school: agree opens the bureau's step; refuse ends the request. */
export function decideOut(
  ctx: AppContext,
  auth: AuthInfo,
  b: { id: number; reason?: string },
  agree: boolean,
): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await requestFor(trx, b.id)
    if (Number(r.from_org_id) !== auth.orgId) throw notFound(TransferMsg.NOT_FOUND)
    if (r.status !== 'applied') throw conflict(TransferMsg.NOT_APPLIED)
    const now = ctx.clock.now()
    const today = chinaDay(now)
    const set = agree
      ? {
          status: 'out_agreed' as const,
          out_by: auth.userInfoId,
          out_at: now,
          bureau_due: addWorkingDays(today, TRANSFER_STEP_DAYS),
        }
      : { status: 'refused' as const, out_by: auth.userInfoId, out_at: now, refused_reason: b.reason ?? null }
    if (!(await Q.moveRequest(trx, b.id, 'applied', set))) throw conflict(TransferMsg.NOT_APPLIED)
    await recordOp(trx, auth, {
      module: OP_MODULE,
      action: agree ? '同意转出' : '拒绝转出',
      target: `#${b.id}`,
      detail: agree ? null : { reason: b.reason },
      important: true,
    })
    const moved = { ...r, ...set }
    if (agree) await tellStep(trx, ctx, moved, 'bureau', today)
    else await tellDone(trx, ctx, moved, `未通过转出审核（${b.reason ?? ''}）`)
  })
}

/**
 * 教育局审核: only a bureau member (an org above both schools that is not a school) with the code, never one who is
 * also a member of either school; only after the sending school agreed. Approval applies the move now when it is
 * effective today, else the sweep applies it on the day.
 */
export function decideBureau(
  ctx: AppContext,
  auth: AuthInfo,
  b: TransferApproveBody | TransferRefuseBody,
  approve: boolean,
): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const me = await Q.orgUnit(trx, auth.orgId)
    if (!me || isSchoolUnit(me.unit_attr)) throw forbid(TransferMsg.BUREAU_ONLY)
    const { permissions } = await loadGrants(trx, auth.userInfoId)
    if (!permissions.includes(TRANSFER_BUREAU_PERMISSION)) throw forbid(TransferMsg.BUREAU_ONLY)
    const r = await requestFor(trx, b.id)
    if (
      !(await isWithin(trx, auth.orgId, Number(r.from_org_id))) ||
      !(await isWithin(trx, auth.orgId, Number(r.to_org_id)))
    )
      throw notFound(TransferMsg.NOT_FOUND)
    if (await Q.hasMembershipIn(trx, auth.accountId, [Number(r.from_org_id), Number(r.to_org_id)]))
      throw forbid(TransferMsg.OWN_SCHOOL_APPROVAL)
    if (r.status !== 'out_agreed') throw conflict(TransferMsg.NOT_AGREED)
    const now = ctx.clock.now()
    const today = chinaDay(now)
    const effectiveOn = approve ? ((b as TransferApproveBody).effectiveOn ?? today) : null
    if (effectiveOn && effectiveOn < today) throw refused(ErrorCode.BAD_REQUEST, TransferMsg.EFFECTIVE_PAST)
    const set = approve
      ? { status: 'approved' as const, bureau_by: auth.userInfoId, bureau_at: now, effective_on: effectiveOn }
      : {
          status: 'refused' as const,
          bureau_by: auth.userInfoId,
          bureau_at: now,
          refused_reason: (b as TransferRefuseBody).reason,
        }
    if (!(await Q.moveRequest(trx, b.id, 'out_agreed', set))) throw conflict(TransferMsg.NOT_AGREED)
    await recordOp(trx, auth, {
      module: OP_MODULE,
      action: approve ? '批准转学' : '拒绝转学',
      target: `#${b.id}`,
      detail: approve ? { effectiveOn } : { reason: (b as TransferRefuseBody).reason },
      important: true,
    })
    const moved = { ...r, ...set }
    if (!approve) {
      await tellDone(trx, ctx, moved, `未通过教育局审核（${(b as TransferRefuseBody).reason}）`)
      return
    }
    if (effectiveOn! <= today) await makeEffective(trx, ctx, moved, auth.userInfoId)
    else await tellDone(trx, ctx, moved, `已批准，将于${effectiveOn}生效`)
  })
}

/**
 * The move, in the caller's transaction: the same membership and account go to the receiving school (sessions end,
 * as a teacher's move does), the sending school's enrolment row closes as 转出 and the receiving school's opens with
 * it as previous, a 转出 change record is written, and each parent follows — their membership moves when no other
 * child keeps them at the sending school, else a membership at the receiving school takes the child's binding.
 */
async function makeEffective(trx: Trx, ctx: AppContext, r: TransferRequest, by: number | null): Promise<void> {
  const now = ctx.clock.now()
  const on = r.effective_on ?? chinaDay(now)
  const from = Number(r.from_org_id)
  const to = Number(r.to_org_id)
  const s = await Q.lockStudent(trx, Number(r.user_info_id))
  if (!s || Number(s.org_id) !== from) throw conflict(TransferMsg.NO_LONGER_THERE)
  if (s.job_no && (await Q.studentWithJobNo(trx, to, s.job_no))) throw conflict(TransferMsg.JOB_NO_TAKEN)
  const year = schoolYearOf(on)
  const open = await Q.openEnrolment(trx, Number(s.id), from)
  let previousId: number
  if (open) {
    previousId = Number(open.id)
    await Q.closeEnrolment(trx, previousId, on)
  } else {
    // No history row yet (the student came before enrolment was kept): the period at the school is written now.
    const g = await Q.classGrade(trx, s.class_id)
    previousId = await Q.insertEnrolment(trx, {
      user_info_id: Number(s.id),
      school_year: year,
      org_id: from,
      grade_id: g ? Number(g.grade_id) : null,
      class_id: s.class_id,
      status: 'transferred',
      started_on: s.entered_on && s.entered_on <= on ? s.entered_on : on,
      ended_on: on,
      previous_id: null,
      source: 'import',
    })
  }
  const toClass = r.to_class_id === null ? undefined : await Q.classGrade(trx, Number(r.to_class_id))
  await Q.insertEnrolment(trx, {
    user_info_id: Number(s.id),
    school_year: year,
    org_id: to,
    grade_id: toClass ? Number(toClass.grade_id) : null,
    class_id: r.to_class_id === null ? null : Number(r.to_class_id),
    status: 'enrolled',
    started_on: on,
    ended_on: null,
    previous_id: previousId,
    source: 'transfer',
  })
  await Q.moveStudent(trx, Number(s.id), to, r.to_class_id === null ? null : Number(r.to_class_id))
  const ended = [Number(s.id)]
  await Q.insertChange(trx, {
    user_info_id: Number(s.id),
    user_type: UserType.STUDENT,
    change_type_id: await Q.changeTypeId(trx, from, '转出'),
    effect: 'move',
    changed_on: on,
    remark: `转学申请 #${r.id}`,
    from_org_id: from,
    to_org_id: to,
    from_class_id: s.class_id,
    to_class_id: r.to_class_id,
    created_by: by,
  })
  for (const p of await Q.parentsOf(trx, Number(s.id))) {
    if (Number(p.org_id) !== from) continue
    const there = await Q.parentMembershipIn(trx, Number(p.account_id), to)
    const keptAtFrom = await Q.hasOtherChildAt(trx, Number(p.id), Number(s.id), from)
    if (!there && !keptAtFrom) {
      await Q.moveMembership(trx, Number(p.id), to)
      ended.push(Number(p.id))
      continue
    }
    const target =
      there?.id ??
      (await Q.insertParentMembership(trx, {
        account_id: Number(p.account_id),
        org_id: to,
        true_name: p.true_name,
        phone: p.phone,
      }))
    await Q.rebind(trx, Number(p.id), Number(target), Number(s.id), p.relation)
  }
  await Q.endSessions(trx, ended, now)
  await Q.markDone(trx, Number(r.id), now)
  await tellDone(trx, ctx, r, on === chinaDay(now) ? '已批准并生效' : `已于${on}生效`)
}

type Box = TransferPageBody['box']

/** Who decides in a box: the sending school (out), the bureau (bureau); the applicant cancels (in). */
async function boxScope(trx: Trx, auth: AuthInfo, box: Box) {
  if (box === 'bureau') {
    const me = await Q.orgUnit(trx, auth.orgId)
    if (!me || isSchoolUnit(me.unit_attr)) throw forbid(TransferMsg.BUREAU_ONLY)
    return {}
  }
  const school = await ownSchool(trx, auth)
  return box === 'in' ? { toOrgId: school.id } : { fromOrgId: school.id }
}

export function pageTransfers(ctx: AppContext, auth: AuthInfo, q: TransferPageBody): Promise<Page<TransferRow>> {
  // Due moves are applied on the read too, so a list never shows an approved move the sweep has not reached yet.
  return sweepTenant(ctx, auth.tenantId).then(() =>
    ctx.db.tenant(auth.tenantId, async (trx) => {
      const box = q.box
      const where = await boxScope(trx, auth, box)
      const pageIndex = q.pageIndex ?? 1
      const pageSize = q.pageSize ?? 20
      const { list: rows, total } = await Q.pageRequestRows(
        trx,
        { ...where, ...(box === 'bureau' ? { statuses: ['out_agreed', 'approved', 'refused'] } : {}), open: q.open },
        { pageIndex, pageSize },
      )
      let bureauScope: number[] | null = null
      if (box === 'bureau') {
        // A bureau member only sees the requests between schools below their org.
        bureauScope = []
        for (const r of rows)
          if (
            (await isWithin(trx, auth.orgId, Number(r.from_org_id))) &&
            (await isWithin(trx, auth.orgId, Number(r.to_org_id)))
          )
            bureauScope.push(Number(r.id))
      }
      const today = chinaDay(ctx.clock.now())
      const list = rows
        .filter((r) => bureauScope === null || bureauScope.includes(Number(r.id)))
        .map((r): TransferRow => {
          const due = r.status === 'applied' ? r.out_due : r.status === 'out_agreed' ? r.bureau_due : null
          return {
            id: Number(r.id),
            studentName: r.true_name,
            jobNo: r.job_no,
            fromSchool: r.from_school,
            toSchool: r.to_school,
            toClass: r.to_class,
            status: r.status,
            reason: r.reason,
            refusedReason: r.refused_reason,
            appliedAt: r.applied_at,
            due,
            daysLeft: due ? workingDaysLeft(today, due) : null,
            effectiveOn: r.effective_on,
            done: r.done_at !== null,
            effectError: r.done_at === null ? r.effect_error : null,
            canDecide: (box === 'out' && r.status === 'applied') || (box === 'bureau' && r.status === 'out_agreed'),
            canCancel: box === 'in' && (r.status === 'applied' || r.status === 'out_agreed'),
          }
        })
      return { list, total, pageIndex, pageSize }
    }),
  )
}

/** 转出学生: the sending school's read-only record of its own period of the students it transferred out. */
export function transferredOut(ctx: AppContext, auth: AuthInfo): Promise<TransferredOutRow[]> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const school = await ownSchool(trx, auth)
    const rows = await Q.transferredOutOf(trx, school.id)
    const enrolments = await Q.enrolmentsAt(
      trx,
      school.id,
      rows.map((r) => Number(r.user_info_id)),
    )
    return rows.map((r) => ({
      userInfoId: Number(r.user_info_id),
      name: r.true_name,
      jobNo: r.job_no,
      toSchool: r.to_school,
      transferredOn: r.effective_on ?? '',
      enrolments: enrolments
        .filter((e) => Number(e.user_info_id) === Number(r.user_info_id))
        .map((e) => ({
          schoolYear: e.school_year,
          className: e.class_name,
          status: e.status,
          startedOn: e.started_on,
          endedOn: e.ended_on,
        })),
    }))
  })
}

/**
 * The sweep of one tenant: approved moves whose day has come are applied (each in its own transaction, so one
 * refusal — a 学号 clash — leaves the others, and the request keeps why), and the open steps with 2 working days
 * left are reminded once. Answers the first failure that was not a refusal (a fault of ours, for the timer to log);
 * the list's own sweep ignores it, since the request already shows it.
 */
async function sweepTenant(ctx: AppContext, tenantId: number): Promise<unknown> {
  const today = chinaDay(ctx.clock.now())
  const due = await ctx.db.tenant(tenantId, (trx) => Q.dueApproved(trx, today))
  let unexpected: unknown = null
  for (const { id } of due)
    await ctx.db
      .tenant(tenantId, async (trx) => {
        const r = await Q.lockRequest(trx, Number(id))
        if (r && r.status === 'approved' && r.done_at === null) await makeEffective(trx, ctx, r, r.bureau_by)
      })
      .catch(async (e: unknown) => {
        // The move is rolled back and retried on the next sweep; the request says why meanwhile. A refusal (a 学号
        // taken at the receiving school since the approval) is the parties' to resolve; anything else is ours.
        const why = e instanceof AppError ? e.message : TransferMsg.EFFECT_FAILED
        if (!(e instanceof AppError)) unexpected ??= e
        await ctx.db.tenant(tenantId, (trx) => Q.markEffectFailed(trx, Number(id), why, ctx.clock.now()))
      })
  await ctx.db.tenant(tenantId, async (trx) => {
    for (const r of await Q.unremindedOpen(trx)) {
      const step = r.status === 'applied' ? 'out' : 'bureau'
      const dueOn = step === 'out' ? r.out_due : r.bureau_due
      if (!dueOn || workingDaysLeft(today, dueOn) > TRANSFER_REMIND_DAYS_LEFT) continue
      await tellStep(trx, ctx, r, step, today)
      await Q.setReminded(trx, Number(r.id), step)
    }
  })
  return unexpected
}

/** Every tenant with open or waiting requests (the timer's sweep). */
export async function sweepAll(ctx: AppContext): Promise<void> {
  const tenants = await ctx.db.platform((trx) => Q.tenantsWithOpenTransfers(trx))
  let first: unknown = null
  for (const t of tenants) {
    const failed = await sweepTenant(ctx, t)
    first ??= failed
  }
  // Thrown after every tenant had its turn, so the timer's caller logs it (manifest.ts).
  if (first) throw first
}

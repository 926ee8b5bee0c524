import {
  addWorkingDays,
  chinaDay,
  CORRECTABLE_FIELDS,
  ErrorCode,
  maskDesired,
  parseIdCard,
  PERSONAL_FIELDS,
  PI_REQUEST_KIND_LABEL,
  PI_REQUEST_WORKING_DAYS,
  RetentionMsg,
  SCRUB_DOMAIN_LABEL,
  scrubDomainOf,
  workingDaysLeft,
  type PersonalFieldKey,
  type PiRequestAddBody,
  type PiRequestHandleBody,
  type PiRequestPageBody,
  type PiRequestRow,
  type ScrubDomain,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { badRequest, notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { subtreeIds } from '../../platform/org-scope.js'
import { paginate, type Page } from '../../platform/paging.js'
import { findActor } from './queries.js'
import {
  findGuardianship,
  findLiveHold,
  findMember,
  findPendingRequest,
  findRequest,
  finishRequest,
  insertRequest,
  requestQuery,
  requestsOfAccount,
} from './retention-queries.js'
import { scrubMember } from './retention-service.js'

/**
 * Guardians' deletion and correction requests (issue 26 point 6; PIPL art. 44–47 and 50, 未成年人网络保护条例 art. 34):
 * a guardian bound to the child asks, the school of the child answers within PI_REQUEST_WORKING_DAYS.
 */

/** A correction's new values, as the people module applies them. */
export interface StudentCorrection {
  phone?: string
  idCard?: string
}
type Corrector = (trx: Trx, auth: AuthInfo, childId: number, c: StudentCorrection) => Promise<void>
let corrector: Corrector | null = null
/** The people module hands in its update (it imports this module, so this one cannot import it back). */
export function registerStudentCorrector(fn: Corrector): void {
  corrector = fn
}

const labels = (fields: readonly string[]) =>
  fields.map((f) => PERSONAL_FIELDS[f as PersonalFieldKey]?.label ?? f).join('、')

type Row = Awaited<ReturnType<typeof requestsOfAccount>>[number]
/** `school`: the school's view, where the guardian's desired value leaves masked. */
function present(r: Row, today: string, school = false): PiRequestRow {
  const pending = r.status === 'pending'
  const left = pending ? workingDaysLeft(today, r.dueOn) : null
  const fields = r.fields as PersonalFieldKey[]
  return {
    ...r,
    id: Number(r.id),
    childId: Number(r.childId),
    fields,
    desired: school ? maskDesired(fields, r.desired) : r.desired,
    daysLeft: left,
    overdue: pending && today > r.dueOn,
  }
}

/** A guardian's request: only about a child bound to one of the caller's memberships (else 404, like a missing one). */
export function addRequest(ctx: AppContext, auth: AuthInfo, b: PiRequestAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await findGuardianship(trx, auth.accountId, b.childId)
    if (!g) throw notFound(RetentionMsg.CHILD_NOT_FOUND)
    if (await findPendingRequest(trx, auth.accountId, b.childId, b.kind))
      throw refused(ErrorCode.CONFLICT, RetentionMsg.REQUEST_PENDING)
    const now = ctx.clock.now()
    const { id } = await insertRequest(trx, {
      child_id: b.childId,
      org_id: g.childOrgId,
      requester_account_id: auth.accountId,
      requester_user_info_id: g.parentId,
      requester_name: g.parentName,
      kind: b.kind,
      fields: b.fields,
      problem: b.problem,
      desired: b.kind === 'correct' ? (b.desired ?? null) : null,
      due_on: addWorkingDays(chinaDay(now), PI_REQUEST_WORKING_DAYS),
      created_at: now,
    })
    await recordOp(trx, auth, {
      module: '个人信息申请',
      action: `申请${PI_REQUEST_KIND_LABEL[b.kind]}`,
      target: g.childName,
      detail: { fields: b.fields },
    })
    return Number(id)
  })
}

export function myRequests(ctx: AppContext, auth: AuthInfo): Promise<PiRequestRow[]> {
  const today = chinaDay(ctx.clock.now())
  return ctx.db.tenant(auth.tenantId, async (trx) =>
    (await requestsOfAccount(trx, auth.accountId)).map((r) => present(r, today)),
  )
}

/** The requests about children of the caller's org and below (a school's administrators: their school). */
export function pageRequests(ctx: AppContext, auth: AuthInfo, q: PiRequestPageBody): Promise<Page<PiRequestRow>> {
  const today = chinaDay(ctx.clock.now())
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const { rows, count } = requestQuery(trx, await subtreeIds(trx, auth.orgId), q)
    const page = await paginate(rows, count, { pageIndex: q.pageIndex ?? 1, pageSize: q.pageSize ?? 20 })
    return { ...page, list: page.list.map((r) => present(r, today, true)) }
  })
}

/** What a deletion does: the named domains now, unless a hold keeps everything or the 学籍 duty keeps a field. */
async function deleteAsked(
  trx: Trx,
  auth: AuthInfo,
  r: { id: number; child_id: number; fields: string[] },
  now: Date,
): Promise<string> {
  const fields = r.fields as PersonalFieldKey[]
  const m = await findMember(trx, r.child_id)
  if (!m) return '该学生的记录已不存在，无需删除'
  const hold = await findLiveHold(trx, m.id)
  if (hold) return `该学生的信息处于法律保全中，本次未删除任何信息（${labels(fields)}）`
  const kept = fields.filter((f) => scrubDomainOf(f) === null)
  const domains = [...new Set(fields.map(scrubDomainOf).filter((d): d is ScrubDomain => d !== null))]
  await scrubMember(trx, m, domains, { cause: 'request', auth, requestId: r.id }, now)
  const parts = []
  if (domains.length) parts.push(`已删除：${domains.map((d) => SCRUB_DOMAIN_LABEL[d]).join('；')}`)
  if (kept.length) parts.push(`依学籍管理规定保留：${labels(kept)}`)
  return parts.join('。')
}

/** A correction: the asked fields the people module can set, through its update; the rest by the school's reply. */
async function correctAsked(
  trx: Trx,
  auth: AuthInfo,
  r: { child_id: number; fields: string[]; desired: string | null },
  b: PiRequestHandleBody,
): Promise<string> {
  const values: StudentCorrection = {}
  const c = b.correction
  if (c?.phone) values.phone = c.phone
  if (c?.idCard) values.idCard = c.idCard
  if (b.useDesired) {
    // The guardian's value, for the one correctable field named; it must pass the same checks as a typed one.
    const settable = CORRECTABLE_FIELDS.filter((f) => r.fields.includes(f))
    const v = r.desired?.trim().toUpperCase() ?? ''
    if (settable.length !== 1) throw badRequest(RetentionMsg.DESIRED_UNUSABLE)
    if (settable[0] === 'phone' && /^1\d{10}$/.test(v)) values.phone = v
    else if (settable[0] === 'idCard' && parseIdCard(v)) values.idCard = v
    else throw badRequest(RetentionMsg.DESIRED_UNUSABLE)
  }
  const named = Object.keys(values) as (typeof CORRECTABLE_FIELDS)[number][]
  if (named.some((f) => !r.fields.includes(f))) throw badRequest(RetentionMsg.CORRECTION_NOT_ASKED)
  if (!named.length) return '未改动记录'
  if (!corrector) throw new Error('the people module registers the correction (registerStudentCorrector)')
  await corrector(trx, auth, r.child_id, values)
  return `已更正：${labels(named)}`
}

/**
 * Handles a pending request of a child in the caller's reach (404 otherwise, 409 once handled): corrects or deletes
 * and replies, all in one transaction with the request's new state and the operation log.
 */
export function handleRequest(ctx: AppContext, auth: AuthInfo, b: PiRequestHandleBody): Promise<{ result: string }> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await findRequest(trx, b.id)
    // Another school's request answers like a missing one.
    if (!r || !(await subtreeIds(trx, auth.orgId)).includes(r.org_id)) throw notFound(RetentionMsg.REQUEST_NOT_FOUND)
    if (r.status !== 'pending') throw refused(ErrorCode.CONFLICT, RetentionMsg.REQUEST_DONE)
    const now = ctx.clock.now()
    const req = { ...r, id: Number(r.id), child_id: Number(r.child_id) }
    let result = '不予处理'
    if (b.outcome === 'done')
      result = r.kind === 'delete' ? await deleteAsked(trx, auth, req, now) : await correctAsked(trx, auth, req, b)
    const me = await findActor(trx, auth.userInfoId)
    const child = await findMember(trx, req.child_id)
    await finishRequest(trx, req.id, {
      status: b.outcome,
      by: auth.userInfoId,
      name: me.name,
      at: now,
      reply: b.reply,
      result,
    })
    await recordOp(trx, auth, {
      module: '个人信息申请',
      action: `处理${PI_REQUEST_KIND_LABEL[r.kind]}申请`,
      target: child?.true_name ?? null,
      detail: { requestId: req.id, outcome: b.outcome, fields: r.fields },
      important: true,
    })
    return { result }
  })
}

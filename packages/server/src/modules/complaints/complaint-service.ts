import {
  ComplaintMsg,
  ComplaintStatus,
  ErrorCode,
  maskPersonalText,
  maskValue,
  type ComplaintRow,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import type { Page, PageQuery } from '../../platform/paging.js'
import { loadGrants } from '../../platform/permissions.js'
import { handledClassIds, ownClass } from './class-service.js'
import { MODULE, readConfig } from './config-service.js'
import { notify } from '../../platform/notify.js'
import {
  countPending,
  findComplaintInOrg,
  findUserAccount,
  findUserType,
  insertComplaint,
  pageOrgComplaints,
  pageOwnComplaints,
  updateComplaintStatus,
  type RawComplaint,
} from './complaint-queries.js'

/** Holders of the list code see every submission of their org; handlers see their classes'. */
export const LIST_CODE = 'sc_menhu_newFeedback_config_list'

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString())

/**
 * The submitter's name shows to the submitter only when they asked to stay anonymous. The contact phone shows in full
 * to the submitter alone (their own record); handlers and list holders see it masked by the field policy (issue 26
 * point 2) and answer in the reply.
 */
function toRow(r: RawComplaint, auth: AuthInfo): ComplaintRow {
  const own = Number(r.submitter_id) === auth.userInfoId
  return {
    id: Number(r.id),
    classId: Number(r.class_id),
    className: r.class_name,
    // A phone or ID number typed into the text is masked for everyone but its writer, like the phone field.
    title: own ? r.title : maskPersonalText(r.title),
    content: own ? r.content : maskPersonalText(r.content),
    phone: own ? r.phone : r.anonymous ? null : maskValue('phone', r.phone),
    anonymous: r.anonymous,
    submitterName: r.anonymous && !own ? null : r.submitter_name,
    status: Number(r.status),
    reply: r.reply,
    handlerName: r.handler_name,
    createdAt: iso(r.created_at)!,
    handledAt: iso(r.handled_at),
  }
}

async function holdsList(trx: Trx, auth: AuthInfo): Promise<boolean> {
  return (await loadGrants(trx, auth.userInfoId)).permissions.includes(LIST_CODE)
}

export async function submit(
  ctx: AppContext,
  auth: AuthInfo,
  b: { classId: number; title: string; content: string; phone: string; anonymous: boolean },
): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const cfg = await readConfig(trx, auth.orgId)
    if (!cfg.enable) throw badRequest(ComplaintMsg.DISABLED)
    const me = await findUserType(trx, auth.userInfoId)
    if (!(cfg.userRole as readonly number[]).includes(me.user_type))
      throw new AppError(ErrorCode.FORBIDDEN, ComplaintMsg.ROLE_NOT_ALLOWED, 403)
    if (b.anonymous && !cfg.allowAnonymous) throw badRequest(ComplaintMsg.ANONYMOUS_NOT_ALLOWED)
    await ownClass(trx, auth, b.classId)
    return insertComplaint(trx, {
      org_id: auth.orgId,
      class_id: b.classId,
      title: b.title,
      content: b.content,
      phone: b.phone || null,
      anonymous: b.anonymous,
      submitter_id: auth.userInfoId,
    })
  })
}

/** The caller's own submissions in their current org, newest first, with replies. */
export async function mine(ctx: AppContext, auth: AuthInfo, q: PageQuery): Promise<Page<ComplaintRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const page = await pageOwnComplaints(trx, auth.orgId, auth.userInfoId, q)
    return { ...page, list: page.list.map((r) => toRow(r, auth)) }
  })
}

export interface AdminQuery extends PageQuery {
  scope: 'all' | 'mine'
  classId?: number
  status?: number
  startDate?: string
  endDate?: string
  keyword?: string
}

/** Class ids the caller may see for a scope: null = the whole org; 403 when they may see nothing. */
async function visibleClasses(trx: Trx, auth: AuthInfo, scope: 'all' | 'mine'): Promise<number[] | null> {
  if (scope === 'all') {
    if (!(await holdsList(trx, auth))) throw forbidden()
    return null
  }
  const ids = await handledClassIds(trx, auth)
  if (!ids.length) throw forbidden()
  return ids
}

export async function adminList(ctx: AppContext, auth: AuthInfo, q: AdminQuery): Promise<Page<ComplaintRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const classes = await visibleClasses(trx, auth, q.scope)
    const page = await pageOrgComplaints(
      trx,
      auth.orgId,
      {
        classes,
        classId: q.classId,
        status: q.status,
        startDate: q.startDate,
        endDate: q.endDate,
        like: q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : undefined,
      },
      q,
    )
    return { ...page, list: page.list.map((r) => toRow(r, auth)) }
  })
}

/** Pending submissions the caller can act on (the red dot): the whole org for list holders, else their classes. */
export async function pendingCount(ctx: AppContext, auth: AuthInfo): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    let ids: number[] | null = null
    if (!(await holdsList(trx, auth))) {
      ids = await handledClassIds(trx, auth)
      if (!ids.length) return 0
    }
    return countPending(trx, auth.orgId, ids)
  })
}

/** A submission the caller may read (own, handled class, or list holder); as not found otherwise. */
async function readable(trx: Trx, auth: AuthInfo, id: number, forWrite: boolean): Promise<RawComplaint> {
  const r = await findComplaintInOrg(trx, auth.orgId, id)
  if (!r) throw notFound(ComplaintMsg.NOT_FOUND)
  if (!forWrite && Number(r.submitter_id) === auth.userInfoId) return r
  if ((await handledClassIds(trx, auth)).includes(Number(r.class_id)) || (await holdsList(trx, auth))) return r
  throw forWrite ? forbidden() : notFound(ComplaintMsg.NOT_FOUND)
}

export async function detail(ctx: AppContext, auth: AuthInfo, id: number): Promise<ComplaintRow> {
  return ctx.db.tenant(auth.tenantId, async (trx) => toRow(await readable(trx, auth, id, false), auth))
}

/** 0 → 1 → 2 (or straight to 2); 已处理 needs a reply and is final. */
export async function changeStatus(
  ctx: AppContext,
  auth: AuthInfo,
  b: { id: number; status: number; reply: string },
): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await readable(trx, auth, b.id, true)
    if (Number(r.status) === ComplaintStatus.DONE) throw badRequest(ComplaintMsg.STATUS_BACKWARD)
    if (b.status === ComplaintStatus.DONE && !b.reply) throw badRequest(ComplaintMsg.REPLY_REQUIRED)
    await updateComplaintStatus(trx, b.id, {
      status: b.status,
      reply: b.reply || r.reply,
      handler_id: auth.userInfoId,
      handled_at: b.status === ComplaintStatus.DONE ? ctx.clock.now() : null,
    })
    await recordOp(trx, auth, {
      module: MODULE,
      action: '处理',
      target: r.title,
      detail: { before: Number(r.status), after: b.status, reply: b.reply },
    })
    if (b.status === ComplaintStatus.DONE) {
      const s = await findUserAccount(trx, r.submitter_id)
      await notify(trx, ctx, {
        event: 'complaintAnswered',
        orgId: s.org_id,
        to: [s.account_id],
        values: { 投诉标题: r.title, 回复内容: b.reply },
      })
    }
  })
}

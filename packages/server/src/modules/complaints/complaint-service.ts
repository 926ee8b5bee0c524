import { ComplaintMsg, ComplaintStatus, ErrorCode, type ComplaintRow } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, badRequest, forbidden, notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { paginate, type Page, type PageQuery } from '../../platform/paging.js'
import { loadGrants } from '../../platform/permissions.js'
import { handledClassIds, ownClass } from './class-service.js'
import { MODULE, readConfig } from './config-service.js'
import { notify } from '../../platform/notify.js'

/** Holders of the list code see every submission of their org; handlers see their classes'. */
export const LIST_CODE = 'sc_menhu_newFeedback_config_list'

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString())

function rows(trx: Trx) {
  return trx
    .selectFrom('complaint as c')
    .innerJoin('complaint_class as k', (j) =>
      j.onRef('k.tenant_id', '=', 'c.tenant_id').onRef('k.id', '=', 'c.class_id'),
    )
    .innerJoin('user_info as s', (j) => j.onRef('s.tenant_id', '=', 'c.tenant_id').onRef('s.id', '=', 'c.submitter_id'))
    .leftJoin('user_info as h', (j) => j.onRef('h.tenant_id', '=', 'c.tenant_id').onRef('h.id', '=', 'c.handler_id'))
}
const columns = [
  'c.id',
  'c.class_id',
  'k.name as class_name',
  'c.title',
  'c.content',
  'c.phone',
  'c.anonymous',
  'c.submitter_id',
  's.true_name as submitter_name',
  'c.status',
  'c.reply',
  'h.true_name as handler_name',
  'c.created_at',
  'c.handled_at',
] as const

type Raw = {
  id: number
  class_id: number
  class_name: string
  title: string
  content: string
  phone: string | null
  anonymous: boolean
  submitter_id: number
  submitter_name: string
  status: number
  reply: string | null
  handler_name: string | null
  created_at: Date
  handled_at: Date | null
}

/** The submitter's name shows to the submitter only when they asked to stay anonymous. */
function toRow(r: Raw, auth: AuthInfo): ComplaintRow {
  const own = Number(r.submitter_id) === auth.userInfoId
  return {
    id: Number(r.id),
    classId: Number(r.class_id),
    className: r.class_name,
    title: r.title,
    content: r.content,
    phone: r.anonymous && !own ? null : r.phone,
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
    const me = await trx
      .selectFrom('user_info')
      .select('user_type')
      .where('id', '=', auth.userInfoId)
      .executeTakeFirstOrThrow()
    if (!(cfg.userRole as readonly number[]).includes(me.user_type))
      throw new AppError(ErrorCode.FORBIDDEN, ComplaintMsg.ROLE_NOT_ALLOWED, 403)
    if (b.anonymous && !cfg.allowAnonymous) throw badRequest(ComplaintMsg.ANONYMOUS_NOT_ALLOWED)
    await ownClass(trx, auth, b.classId)
    const { id } = await trx
      .insertInto('complaint')
      .values({
        org_id: auth.orgId,
        class_id: b.classId,
        title: b.title,
        content: b.content,
        phone: b.phone || null,
        anonymous: b.anonymous,
        submitter_id: auth.userInfoId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return Number(id)
  })
}

/** The caller's own submissions in their current org, newest first, with replies. */
export async function mine(ctx: AppContext, auth: AuthInfo, q: PageQuery): Promise<Page<ComplaintRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const base = rows(trx).where('c.submitter_id', '=', auth.userInfoId).where('c.org_id', '=', auth.orgId)
    const page = await paginate(base.select(columns).orderBy('c.id', 'desc'), base, q)
    return { ...page, list: page.list.map((r) => toRow(r as Raw, auth)) }
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
    let base = rows(trx).where('c.org_id', '=', auth.orgId)
    if (classes) base = base.where('c.class_id', 'in', classes)
    if (q.classId) base = base.where('c.class_id', '=', q.classId)
    if (q.status !== undefined) base = base.where('c.status', '=', q.status)
    // Dates are the school's calendar days (China time).
    if (q.startDate)
      base = base.where(sql<boolean>`(c.created_at AT TIME ZONE 'Asia/Shanghai')::date >= ${q.startDate}::date`)
    if (q.endDate)
      base = base.where(sql<boolean>`(c.created_at AT TIME ZONE 'Asia/Shanghai')::date <= ${q.endDate}::date`)
    if (q.keyword) {
      const like = `%${q.keyword.replace(/[\\%_]/g, (m) => `\\${m}`)}%`
      base = base.where((eb) => eb.or([eb('c.title', 'ilike', like), eb('c.content', 'ilike', like)]))
    }
    const page = await paginate(base.select(columns).orderBy('c.status').orderBy('c.id', 'desc'), base, q)
    return { ...page, list: page.list.map((r) => toRow(r as Raw, auth)) }
  })
}

/** Pending submissions the caller can act on (the red dot): the whole org for list holders, else their classes. */
export async function pendingCount(ctx: AppContext, auth: AuthInfo): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    let q = trx.selectFrom('complaint').where('org_id', '=', auth.orgId).where('status', '=', ComplaintStatus.PENDING)
    if (!(await holdsList(trx, auth))) {
      const ids = await handledClassIds(trx, auth)
      if (!ids.length) return 0
      q = q.where('class_id', 'in', ids)
    }
    const { n } = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()
    return Number(n)
  })
}

/** A submission the caller may read (own, handled class, or list holder); as not found otherwise. */
async function readable(trx: Trx, auth: AuthInfo, id: number, forWrite: boolean): Promise<Raw> {
  const r = (await rows(trx)
    .select(columns)
    .where('c.id', '=', id)
    .where('c.org_id', '=', auth.orgId)
    .executeTakeFirst()) as Raw | undefined
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
    await trx
      .updateTable('complaint')
      .set({
        status: b.status,
        reply: b.reply || r.reply,
        handler_id: auth.userInfoId,
        handled_at: b.status === ComplaintStatus.DONE ? ctx.clock.now() : null,
      })
      .where('id', '=', b.id)
      .execute()
    await recordOp(trx, auth, {
      module: MODULE,
      action: '处理',
      target: r.title,
      detail: { before: Number(r.status), after: b.status, reply: b.reply },
    })
    if (b.status === ComplaintStatus.DONE) {
      const s = await trx
        .selectFrom('user_info')
        .select(['account_id', 'org_id'])
        .where('id', '=', r.submitter_id)
        .executeTakeFirstOrThrow()
      await notify(trx, ctx, {
        event: 'complaintAnswered',
        orgId: s.org_id,
        to: [s.account_id],
        values: { 投诉标题: r.title, 回复内容: b.reply },
      })
    }
  })
}

import { CmsMsg, ErrorCode, type NewsDetail, type NewsQueryBody, type NewsRow } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { badRequest, notFound, refused } from '../../platform/errors.js'
import type { Page } from '../../platform/paging.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { iso } from './news-service.js'
import { orgChain } from './orgs-queries.js'
import { findPublishedNews, insertNewsConfirm, pagePublishedNews, type ReaderRaw } from './reader-queries.js'

/**
 * Who reads: a signed-in member (their org and the orgs above it: their school and their bureau), or a visitor
 * of the open portal of one org, who sees only items marked public.
 */
export type Reader = { auth: AuthInfo } | { visitorOrgId: number }

interface Scope {
  tenantId: number
  orgIds: number[]
  publicOnly: boolean
  userInfoId: number | null
}

/**
 * What a reader may list: the chain of the org asked for (or their own). A member asking for an org outside their
 * own chain (a school portal of another school) sees only its public items, like a visitor.
 */
async function scopeOf(ctx: AppContext, trx: Trx, reader: Reader, orgId: number | null | undefined): Promise<Scope> {
  if ('auth' in reader) {
    const own = (await orgChain(trx, reader.auth.orgId)).map((o) => o.id)
    const target = orgId ?? reader.auth.orgId
    if (own.includes(target))
      return {
        tenantId: reader.auth.tenantId,
        orgIds: own.slice(own.indexOf(target)),
        publicOnly: false,
        userInfoId: reader.auth.userInfoId,
      }
    return {
      tenantId: reader.auth.tenantId,
      orgIds: (await orgChain(trx, target)).map((o) => o.id),
      publicOnly: true,
      userInfoId: reader.auth.userInfoId,
    }
  }
  return {
    tenantId: 0,
    orgIds: (await orgChain(trx, reader.visitorOrgId)).map((o) => o.id),
    publicOnly: true,
    userInfoId: null,
  }
}

/** A visitor's tenant is the tenant of the org they name (org ids come from one sequence). */
async function withReader<T>(ctx: AppContext, reader: Reader, fn: (trx: Trx) => Promise<T>): Promise<T> {
  if ('auth' in reader) return ctx.db.tenant(reader.auth.tenantId, fn)
  const tenantId = await tenantIdOfOrg(ctx, reader.visitorOrgId)
  if (tenantId === null) throw notFound('机构不存在')
  return ctx.db.tenant(tenantId, fn)
}

export function visitorOrg(orgId: number | null | undefined): number {
  if (!orgId) throw badRequest(CmsMsg.VISITOR_ORG_REQUIRED)
  return orgId
}

function toRow(r: ReaderRaw, visitor: boolean): NewsRow & { content: string; isPublic: boolean } {
  const { publish_time, ...rest } = r
  // A visitor cannot confirm, so the pending-confirmation flag is never raised for one.
  return {
    ...rest,
    publishTime: iso(publish_time),
    confirm: visitor ? 0 : r.confirm,
    confirmOver: Number(r.confirmOver),
  }
}

/** POST /base/api/cms2/open/query/page (001 §7.2). */
export async function queryNews(ctx: AppContext, reader: Reader, q: NewsQueryBody): Promise<Page<NewsRow>> {
  return withReader(ctx, reader, async (trx) => {
    const s = await scopeOf(ctx, trx, reader, q.orgId)
    if (!s.orgIds.length) return { list: [], total: 0, pageIndex: q.pageIndex, pageSize: q.pageSize }
    const now = ctx.clock.now()
    const page = await pagePublishedNews(trx, s, now, q)
    return {
      ...page,
      list: page.list.map((r) => {
        const { content: _c, isPublic: _p, ...row } = toRow(r, s.publicOnly && s.userInfoId === null)
        return row
      }),
    }
  })
}

/** An item a reader may open: published, and in their own chain, or public. */
async function readable(ctx: AppContext, trx: Trx, reader: Reader, id: number): Promise<ReaderRaw> {
  const userInfoId = 'auth' in reader ? reader.auth.userInfoId : null
  const row = await findPublishedNews(trx, userInfoId, id, ctx.clock.now())
  if (!row) throw notFound(CmsMsg.NEWS_NOT_FOUND)
  const chainOf = 'auth' in reader ? reader.auth.orgId : reader.visitorOrgId
  const own = (await orgChain(trx, chainOf)).map((o) => o.id)
  const ok = 'auth' in reader ? own.includes(row.orgId) || row.isPublic : row.isPublic && own.includes(row.orgId)
  if (!ok) throw notFound(CmsMsg.NEWS_NOT_FOUND)
  return row
}

export async function newsDetail(ctx: AppContext, reader: Reader, id: number): Promise<NewsDetail> {
  return withReader(ctx, reader, async (trx) => toRow(await readable(ctx, trx, reader, id), !('auth' in reader)))
}

/** The reader confirms having read an item that asks for it; confirming twice is harmless. */
export async function confirmNews(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await readable(ctx, trx, { auth }, id)
    if (row.confirm !== 1) throw refused(ErrorCode.BAD_REQUEST, CmsMsg.NO_CONFIRM_NEEDED)
    await insertNewsConfirm(trx, id, auth.userInfoId, ctx.clock.now())
  })
}

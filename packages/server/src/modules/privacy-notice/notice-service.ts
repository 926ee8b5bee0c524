import {
  ErrorCode,
  NOTICE_KINDS,
  NOTICE_LABEL,
  NoticeMsg,
  noticeVersionName,
  type MyNoticeAcceptance,
  type NoticeAccepted,
  type NoticeDoc,
  type NoticeDraftBody,
  type NoticeKind,
  type NoticeListRow,
  type NoticeVersionRef,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { AppError, notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { sanitizeHtml } from '../cms/sanitize.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import {
  deleteDraftRow,
  findCurrentNotice,
  findMemberName,
  findNotice,
  insertAcceptances,
  listAcceptances,
  listCurrentVersions,
  listNotices,
  publishDraftRow,
  upsertDraft,
} from './queries.js'

const MODULE = '隐私政策与服务条款'

/**
 * The tenant a pre-login page means: the one it names (the login page knows it from getLoginInfo), else the login
 * page's tenantId header, else the tenant of the org of its ?orgId=. Null when none is named: no notice then.
 */
export async function noticeTenant(
  ctx: AppContext,
  q: { tenantId?: number; orgId?: number },
  header: number,
): Promise<number | null> {
  if (q.tenantId) return q.tenantId
  if (header > 0) return header
  return q.orgId ? tenantIdOfOrg(ctx, q.orgId) : null
}

/** The current published version of a kind, with its body; null when the tenant has published none. */
export async function currentNotice(ctx: AppContext, tenantId: number | null, kind: NoticeKind) {
  if (tenantId === null) return null
  const doc = await ctx.db.tenant(tenantId, (trx) => findCurrentNotice(trx, kind))
  return doc ?? null
}

export async function currentVersions(ctx: AppContext, tenantId: number | null): Promise<NoticeVersionRef[]> {
  if (tenantId === null) return []
  const rows = await ctx.db.tenant(tenantId, (trx) => listCurrentVersions(trx))
  return rows.flatMap((r) => (r.version === null ? [] : [{ kind: r.kind, version: r.version, title: r.title }]))
}

/**
 * The version name (`v3`) of the kind's current notice, for the records that must say which text a person was shown
 * (the consent ledger names the children's notice). `v0` when the tenant has published none yet.
 */
export async function currentNoticeVersion(
  ctx: AppContext,
  tenantId: number,
  kind: NoticeKind = 'children',
): Promise<string> {
  return ctx.db.tenant(tenantId, (trx) => noticeVersionIn(trx, kind))
}

/** The same inside a caller's transaction (its tenant). */
export async function noticeVersionIn(trx: Trx, kind: NoticeKind): Promise<string> {
  const doc = await findCurrentNotice(trx, kind)
  return noticeVersionName(doc?.version ?? 0)
}

export const listAllNotices = (ctx: AppContext, auth: AuthInfo): Promise<NoticeListRow[]> =>
  ctx.db.tenant(auth.tenantId, (trx) => listNotices(trx))

export async function noticeDetail(ctx: AppContext, auth: AuthInfo, id: number): Promise<NoticeDoc> {
  const doc = await ctx.db.tenant(auth.tenantId, (trx) => findNotice(trx, id))
  if (!doc) throw notFound(NoticeMsg.NOT_FOUND)
  return doc
}

/** The route holds the page code and the top-org rule; the body is cleaned by the CMS's allow-list before it is kept. */
export async function saveDraft(ctx: AppContext, auth: AuthInfo, b: NoticeDraftBody): Promise<NoticeDoc> {
  const body = sanitizeHtml(b.body)
  if (!body.trim()) throw new AppError(ErrorCode.BAD_REQUEST, NoticeMsg.BODY, 400)
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const id = await upsertDraft(trx, b.kind, b.title, body, auth.userInfoId)
    await recordOp(trx, auth, { module: MODULE, action: '保存草稿', target: NOTICE_LABEL[b.kind] })
    return (await findNotice(trx, id))!
  })
}

export async function deleteDraft(ctx: AppContext, auth: AuthInfo, kind: NoticeKind): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await deleteDraftRow(trx, kind)
    if (!Number(r.numDeletedRows)) throw notFound(NoticeMsg.NO_DRAFT)
    await recordOp(trx, auth, { module: MODULE, action: '删除草稿', target: NOTICE_LABEL[kind] })
  })
}

/** The kind's draft becomes its next version, from then on immutable (the table's trigger holds that too). */
export async function publishNotice(ctx: AppContext, auth: AuthInfo, kind: NoticeKind): Promise<NoticeDoc> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const name = (await findMemberName(trx, auth.userInfoId))?.true_name ?? ''
    const id = await publishDraftRow(trx, kind, { userInfoId: auth.userInfoId, name })
    if (id === null) throw notFound(NoticeMsg.NO_DRAFT)
    const doc = (await findNotice(trx, id))!
    await recordOp(trx, auth, {
      module: MODULE,
      action: '发布',
      target: `${NOTICE_LABEL[kind]} ${noticeVersionName(doc.version!)}`,
      important: true,
    })
    return doc
  })
}

/**
 * Sign-up (in its transaction): the version of each notice the person accepted. A version the form sent must be the
 * current one (409 when a newer one was published while the form was open: the person has not seen it); a kind the
 * form did not name is recorded at its current version, as the form's text 注册即表示同意 says.
 */
export async function recordSignupAcceptance(
  trx: Trx,
  accountId: number,
  sent: readonly NoticeAccepted[] | undefined,
): Promise<void> {
  const current = await listCurrentVersions(trx)
  const rows: { kind: NoticeKind; version: number }[] = []
  for (const c of current) {
    if (c.version === null) continue
    const claimed = sent?.find((s) => s.kind === c.kind)
    if (claimed && claimed.version !== c.version) throw new AppError(ErrorCode.CONFLICT, NoticeMsg.STALE, 409)
    rows.push({ kind: c.kind, version: c.version })
  }
  await insertAcceptances(trx, accountId, rows)
}

export async function myAcceptances(ctx: AppContext, auth: AuthInfo): Promise<MyNoticeAcceptance[]> {
  const rows = await ctx.db.tenant(auth.tenantId, (trx) => listAcceptances(trx, auth.accountId))
  const order = (k: NoticeKind) => NOTICE_KINDS.indexOf(k)
  return rows.sort((a, b) => b.acceptedAt.localeCompare(a.acceptedAt) || order(a.kind) - order(b.kind))
}

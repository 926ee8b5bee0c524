import {
  CmsMsg,
  ErrorCode,
  NewsLevel,
  isSchoolUnit,
  newsSaveBody,
  type NewsAdminDetail,
  type NewsAdminPageBody,
  type NewsAdminRow,
  type NewsTypeRow,
} from '@zhixiao/shared'
import type { z } from 'zod'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import type { Page } from '../../platform/paging.js'
import {
  anyNewsType,
  deleteNewsRow,
  findNewsType,
  findOrgNews,
  getAdminNews,
  getOrgUnitAttr,
  insertNews,
  insertNewsTypes,
  listNewsTypes,
  pageOrgNews,
  updateNews,
  type AdminNewsRaw,
} from './news-queries.js'
import { htmlText, sanitizeHtml } from './sanitize.js'
import { notify } from '../../platform/notify.js'

const MODULE = '新闻管理'

/** The types every tenant starts with: level 0 both, 1 school news, 2 bureau news (getCMSTypeList / getJDCMSTypeList). */
const DEFAULT_NEWS_TYPES: { name: string; level: number }[] = [
  { name: '通知公告', level: 0 },
  { name: '学校新闻', level: 1 },
  { name: '校园活动', level: 1 },
  { name: '教育动态', level: 2 },
  { name: '政策文件', level: 2 },
]

/** The tenant's news types, created with the defaults on first use. */
export async function ensureNewsTypes(trx: Trx): Promise<void> {
  const any = await anyNewsType(trx)
  if (any) return
  await insertNewsTypes(
    trx,
    DEFAULT_NEWS_TYPES.map((t, i) => ({ name: t.name, level: t.level, sort: i })),
  )
}

/** School-side types (level 0 or 1), or bureau-side ones (0 or 2). */
export async function newsTypes(ctx: AppContext, tenantId: number, side: 'school' | 'bureau'): Promise<NewsTypeRow[]> {
  return ctx.db.tenant(tenantId, async (trx) => {
    await ensureNewsTypes(trx)
    return listNewsTypes(trx, [0, side === 'school' ? NewsLevel.SCHOOL : NewsLevel.BUREAU])
  })
}

export const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString())

function toAdminRow(r: AdminNewsRaw): NewsAdminRow {
  const { publish_time, created_at, ...rest } = r
  return {
    ...rest,
    publishTime: iso(publish_time),
    createdAt: iso(created_at)!,
    confirmOver: 0,
    confirmCount: Number(r.confirmCount),
  }
}

/** An admin manages the news of the org they are signed in to; another org's (or tenant's) item is not found. */
async function ownNews(trx: Trx, auth: AuthInfo, id: number) {
  const row = await findOrgNews(trx, auth.orgId, id)
  if (!row) throw notFound(CmsMsg.NEWS_NOT_FOUND)
  return row
}

export async function pageNews(ctx: AppContext, auth: AuthInfo, q: NewsAdminPageBody): Promise<Page<NewsAdminRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const page = await pageOrgNews(trx, auth.orgId, q)
    return { ...page, list: page.list.map(toAdminRow) }
  })
}

export async function getNews(ctx: AppContext, auth: AuthInfo, id: number): Promise<NewsAdminDetail> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const own = await ownNews(trx, auth, id)
    const row = await getAdminNews(trx, id)
    return { ...toAdminRow(row), content: own.content }
  })
}

type SaveInput = z.output<typeof newsSaveBody>

function cleanContent(html: string): string {
  const clean = sanitizeHtml(html)
  // An image-only body is content too; an empty one after cleaning is not.
  if (!htmlText(clean) && !/<(img|video)\b/.test(clean)) throw refused(ErrorCode.BAD_REQUEST, CmsMsg.CONTENT_REQUIRED)
  return clean
}

async function assertType(trx: Trx, typeId: number): Promise<void> {
  await ensureNewsTypes(trx)
  const t = await findNewsType(trx, typeId)
  if (!t) throw notFound(CmsMsg.TYPE_NOT_FOUND)
}

export async function saveNews(ctx: AppContext, auth: AuthInfo, body: SaveInput): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await assertType(trx, body.noticeType)
    const values = {
      title: body.title,
      type_id: body.noticeType,
      cover: body.cover || null,
      content: cleanContent(body.content),
      source: body.source || null,
      confirm: body.confirm,
      is_public: body.isPublic,
      top: body.top,
      sort: body.sort,
    }
    if (body.id) {
      const before = await ownNews(trx, auth, body.id)
      await updateNews(trx, body.id, { ...values, updated_at: new Date() })
      await recordOp(trx, auth, {
        module: MODULE,
        action: '编辑',
        target: body.title,
        detail: {
          before: { title: before.title, confirm: before.confirm, isPublic: before.is_public },
          after: { title: values.title, confirm: values.confirm, isPublic: values.is_public },
        },
      })
      return body.id
    }
    const org = await getOrgUnitAttr(trx, auth.orgId)
    const id = await insertNews(trx, {
      ...values,
      org_id: auth.orgId,
      new_level: isSchoolUnit(org.unit_attr) ? NewsLevel.SCHOOL : NewsLevel.BUREAU,
      created_by: auth.userInfoId,
    })
    await recordOp(trx, auth, { module: MODULE, action: '新增', target: body.title })
    return id
  })
}

export async function setPublished(ctx: AppContext, auth: AuthInfo, id: number, published: boolean): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await ownNews(trx, auth, id)
    await updateNews(trx, id, published ? { status: 1, publish_time: ctx.clock.now() } : { status: 0 })
    await recordOp(trx, auth, { module: MODULE, action: published ? '发布' : '撤回', target: row.title })
    // Publishing (not re-saving what is already out) asks its readers — members of the org and the orgs below it — to confirm it.
    if (published && row.confirm === 1 && row.status !== 1) {
      await notify(trx, ctx, {
        event: 'newsToConfirm',
        orgId: row.org_id,
        to: { orgSubtree: row.org_id },
        values: { 新闻标题: row.title },
        link: `/cms2-newslist/details?id=${id}`,
      })
    }
  })
}

export async function deleteNews(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await ownNews(trx, auth, id)
    await deleteNewsRow(trx, id)
    await recordOp(trx, auth, { module: MODULE, action: '删除', target: row.title, important: true })
  })
}

import { CmsMsg, bannerSaveBody, type BannerRow } from '@zhixiao/shared'
import type { z } from 'zod'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { paginate, type Page, type PageQuery } from '../../platform/paging.js'
import './tables.js'

const MODULE = '轮播图'
const columns = ['id', 'org_id as orgId', 'title', 'image_url as imageUrl', 'link', 'sort', 'status'] as const

/** Banners of the admin's own org; they feed the image carousel of its homes (/base/api/banner, 001 §7.5). */
export async function pageBanners(ctx: AppContext, auth: AuthInfo, q: PageQuery): Promise<Page<BannerRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const base = trx.selectFrom('banner').where('org_id', '=', auth.orgId)
    return paginate(base.select(columns).orderBy('sort').orderBy('id'), base, q)
  })
}

async function own(trx: Trx, auth: AuthInfo, id: number) {
  const row = await trx.selectFrom('banner').selectAll().where('id', '=', id).where('org_id', '=', auth.orgId).executeTakeFirst()
  if (!row) throw notFound(CmsMsg.BANNER_NOT_FOUND)
  return row
}

export async function saveBanner(ctx: AppContext, auth: AuthInfo, b: z.output<typeof bannerSaveBody>): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const values = { title: b.title, image_url: b.imageUrl, link: b.link || null, status: b.status }
    if (b.id) {
      const before = await own(trx, auth, b.id)
      await trx.updateTable('banner').set(values).where('id', '=', b.id).execute()
      await recordOp(trx, auth, { module: MODULE, action: '编辑', target: b.title, detail: { before: { title: before.title, imageUrl: before.image_url }, after: { title: b.title, imageUrl: b.imageUrl } } })
      return b.id
    }
    const last = await trx.selectFrom('banner').select((eb) => eb.fn.max('sort').as('max')).where('org_id', '=', auth.orgId).executeTakeFirst()
    const { id } = await trx.insertInto('banner').values({ ...values, org_id: auth.orgId, sort: Number(last?.max ?? -1) + 1 }).returning('id').executeTakeFirstOrThrow()
    await recordOp(trx, auth, { module: MODULE, action: '新增', target: b.title })
    return id
  })
}

export async function deleteBanner(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const row = await own(trx, auth, id)
    await trx.deleteFrom('banner').where('id', '=', id).execute()
    await recordOp(trx, auth, { module: MODULE, action: '删除', target: row.title })
  })
}

/** The carousel order: ids in their new order (all of them the admin's own). */
export async function orderBanners(ctx: AppContext, auth: AuthInfo, ids: number[]): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    for (const id of ids) await own(trx, auth, id)
    for (const [i, id] of ids.entries()) await trx.updateTable('banner').set({ sort: i }).where('id', '=', id).execute()
    await recordOp(trx, auth, { module: MODULE, action: '排序', target: ids.join(',') })
  })
}

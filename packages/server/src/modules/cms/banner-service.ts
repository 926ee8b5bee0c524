import {
  CmsMsg,
  bannerButtonOf,
  bannerPageCodeOf,
  bannerSaveBody,
  type BannerRow,
  type MobileAction,
} from '@zhixiao/shared'
import type { z } from 'zod'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import { assertPermission, loadGrants } from '../../platform/permissions.js'
import type { Page, PageQuery } from '../../platform/paging.js'
import {
  deleteBannerRow,
  findOrgBanner,
  insertBanner,
  maxBannerSort,
  pageOrgBanners,
  updateBanner,
} from './banner-queries.js'

const MODULE = '轮播图'
/**
 * Banners carry a terminal (0 PC, 1 teacher mobile, 2 parent and student mobile): the routes let in a holder of any
 * of the three maintenance codes, and here the caller must hold the one of the banner's terminal: sc_menhu_pc for
 * PC, the mobile group's page code to list and its add/edit/delete button code to write.
 */
const codeOf = (terminal: number, action: MobileAction | 'read'): string =>
  (action === 'read' ? null : bannerButtonOf(terminal, action)) ?? bannerPageCodeOf(terminal)

/** The terminal asked for, else the first the caller maintains (PC first); 403 unless they hold its code. */
async function assertTerminal(
  trx: Trx,
  auth: AuthInfo,
  terminal: number | undefined,
  action: MobileAction | 'read',
): Promise<number> {
  if (terminal === undefined) {
    const { permissions } = await loadGrants(trx, auth.userInfoId)
    terminal = [0, 1, 2].find((t) => permissions.includes(codeOf(t, action))) ?? 0
  }
  await assertPermission(trx, auth.userInfoId, codeOf(terminal, action))
  return terminal
}

/** Banners of the admin's own org; they feed the image carousel of its homes (/base/api/banner, 001 §7.5). */
export async function pageBanners(
  ctx: AppContext,
  auth: AuthInfo,
  q: PageQuery & { terminal?: number },
): Promise<Page<BannerRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const terminal = await assertTerminal(trx, auth, q.terminal, 'read')
    return pageOrgBanners(trx, auth.orgId, terminal, q)
  })
}

/** A banner of the caller's org on that terminal; one of another terminal answers like a missing one. */
async function own(trx: Trx, auth: AuthInfo, id: number, terminal: number) {
  const row = await findOrgBanner(trx, auth.orgId, id, terminal)
  if (!row) throw notFound(CmsMsg.BANNER_NOT_FOUND)
  return row
}

export async function saveBanner(ctx: AppContext, auth: AuthInfo, b: z.output<typeof bannerSaveBody>): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const terminal = await assertTerminal(trx, auth, b.terminal, b.id ? 'edit' : 'add')
    const values = { title: b.title, image_url: b.imageUrl, link: b.link || null, status: b.status }
    if (b.id) {
      const before = await own(trx, auth, b.id, terminal)
      await updateBanner(trx, b.id, values)
      await recordOp(trx, auth, {
        module: MODULE,
        action: '编辑',
        target: b.title,
        detail: {
          before: { title: before.title, imageUrl: before.image_url },
          after: { title: b.title, imageUrl: b.imageUrl },
        },
      })
      return b.id
    }
    const last = await maxBannerSort(trx, auth.orgId, terminal)
    const id = await insertBanner(trx, { ...values, org_id: auth.orgId, terminal, sort: Number(last?.max ?? -1) + 1 })
    await recordOp(trx, auth, { module: MODULE, action: '新增', target: b.title })
    return id
  })
}

export async function deleteBanner(ctx: AppContext, auth: AuthInfo, id: number, asked?: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const terminal = await assertTerminal(trx, auth, asked, 'delete')
    const row = await own(trx, auth, id, terminal)
    await deleteBannerRow(trx, id)
    await recordOp(trx, auth, { module: MODULE, action: '删除', target: row.title })
  })
}

/** The carousel order: ids in their new order (all of them the admin's own). */
export async function orderBanners(ctx: AppContext, auth: AuthInfo, ids: number[], asked?: number): Promise<void> {
  await ctx.db.tenant(auth.tenantId, async (trx) => {
    const terminal = await assertTerminal(trx, auth, asked, 'edit')
    for (const id of ids) await own(trx, auth, id, terminal)
    for (const [i, id] of ids.entries()) await updateBanner(trx, id, { sort: i })
    await recordOp(trx, auth, { module: MODULE, action: '排序', target: ids.join(',') })
  })
}

import { bannerContracts as B, CmsMsg, cmsContracts as C, portalModuleContracts as M } from '@zhixiao/shared'
import type { FastifyRequest } from 'fastify'
import { bearerToken } from '../../platform/auth-hook.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { badRequest, notFound, unauthorized } from '../../platform/errors.js'
import { resolveSession } from '../../platform/session.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { deleteBanner, orderBanners, pageBanners, saveBanner } from './banner-service.js'
import { readImage, uploadImage } from './image-service.js'
import * as mod from './module-service.js'
import * as news from './news-service.js'
import { confirmNews, newsDetail, queryNews, visitorOrg, type Reader } from './reader-service.js'
import { uploadedBytes } from '../../platform/uploaded-bytes.js'

/** Routes open to visitors still know a signed-in caller when a valid token comes along. */
async function optionalAuth(ctx: AppContext, req: FastifyRequest): Promise<AuthInfo | null> {
  const token = bearerToken(req)
  const s = token ? await resolveSession(ctx, token) : null
  return s ? { ...s, ip: req.ip } : null
}

async function readerOf(ctx: AppContext, req: FastifyRequest, orgId: number | null | undefined): Promise<Reader> {
  const auth = await optionalAuth(ctx, req)
  return auth ? { auth } : { visitorOrgId: visitorOrg(orgId) }
}

/** /base/api/cms2: news admin (cms_news_mgr), reading (members and visitors), confirmation, images. */
export const cmsRoutes = (ctx: AppContext) => [
  handle(C.query, async (req) => ok(await queryNews(ctx, await readerOf(ctx, req, req.body.orgId), req.body))),
  handle(C.detail, async (req) => ok(await newsDetail(ctx, await readerOf(ctx, req, req.query.orgId), req.query.id))),
  handle(C.confirm, async (req) => {
    await confirmNews(ctx, req.auth!, req.body.id)
    return ok(null, CmsMsg.CONFIRMED)
  }),
  handle(C.image, async (req, reply) => {
    const img = await readImage(ctx, req.params.tenantId, req.params.id)
    if (!img) throw notFound('图片不存在')
    // The key never points at other bytes, so the image may be cached for good.
    return reply
      .header('content-type', img.mime)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('etag', `"${req.params.id}"`)
      .header('x-content-type-options', 'nosniff')
      .send(img.data)
  }),
  handle(C.uploadImage, async (req) => {
    const file = await req.file()
    if (!file) throw badRequest(CmsMsg.IMAGE_REQUIRED)
    return ok(await uploadImage(ctx, req.auth!, await uploadedBytes(file)), '上传成功')
  }),
  handle(C.page, async (req) => ok(await news.pageNews(ctx, req.auth!, req.body))),
  handle(C.get, async (req) => ok(await news.getNews(ctx, req.auth!, req.query.id))),
  handle(C.add, async (req) => ok(await news.saveNews(ctx, req.auth!, { ...req.body, id: null }), '新增成功')),
  handle(C.update, async (req) => ok(await news.saveNews(ctx, req.auth!, req.body), '编辑成功')),
  handle(C.delete, async (req) => {
    await news.deleteNews(ctx, req.auth!, req.body.id)
    return ok(null, '删除成功')
  }),
  handle(C.publish, async (req) => {
    await news.setPublished(ctx, req.auth!, req.body.id, true)
    return ok(null, CmsMsg.PUBLISHED)
  }),
  handle(C.unpublish, async (req) => {
    await news.setPublished(ctx, req.auth!, req.body.id, false)
    return ok(null, CmsMsg.UNPUBLISHED)
  }),
]

/** Homes a visitor may see: the open portal and the school portal (outer portal layout). */
const VISITOR_HOMES = new Set(['open', 'school'])

/** /base/portal/module (001 §7.5): the blocks of the portal homes, per org and home kind. */
export const portalModuleRoutes = (ctx: AppContext) => [
  handle(M.layout, async (req) => {
    const auth = await optionalAuth(ctx, req)
    const { homeKind: kind, orgId } = req.query
    // The open portal answers only those its outer-portal limits let in (modules/red-dots/outer-portal.ts).
    if (auth) return ok(await mod.readerLayout(ctx, auth.tenantId, auth, orgId ?? auth.orgId, kind))
    if (!VISITOR_HOMES.has(kind)) throw unauthorized()
    const tenantId = await tenantIdOfOrg(ctx, visitorOrg(orgId))
    if (tenantId === null) throw notFound('机构不存在')
    return ok(await mod.readerLayout(ctx, tenantId, null, orgId!, kind))
  }),
  handle(M.list, async (req) => ok(await mod.moduleList(ctx, req.auth!, req.query.homeKind))),
  handle(M.get, async (req) => ok(await mod.getModule(ctx, req.auth!, req.query.id))),
  handle(M.set, async (req) =>
    ok(await mod.setModule(ctx, req.auth!, req.body.homeKind, req.body.id, req.body.module), '保存成功'),
  ),
  handle(M.setStatus, async (req) => {
    await mod.setModuleStatus(ctx, req.auth!, req.body.id, req.body.status)
    return ok(null, req.body.status === 0 ? '已显示' : '已隐藏')
  }),
  handle(M.remove, async (req) => {
    await mod.removeModule(ctx, req.auth!, req.body.id)
    return ok(null, '删除成功')
  }),
  handle(M.maintain, async (req) => {
    await mod.maintainModules(ctx, req.auth!, req.body.homeKind, req.body.modules)
    return ok(null, '保存成功')
  }),
  handle(M.types, async (req) => ok(await news.newsTypes(ctx, req.auth!.tenantId, 'school'))),
  handle(M.jdTypes, async (req) => ok(await news.newsTypes(ctx, req.auth!.tenantId, 'bureau'))),
]

/**
 * /base/api/banner (001 §7.5): the carousel pictures of the admin's org, per terminal (0 PC, 1 teacher mobile, 2
 * parent and student mobile). The calls let in any of the three maintenance groups; banner-service checks the
 * terminal's own code.
 */
export const bannerRoutes = (ctx: AppContext) => [
  handle(B.page, async (req) => ok(await pageBanners(ctx, req.auth!, req.body))),
  handle(B.add, async (req) => ok(await saveBanner(ctx, req.auth!, { ...req.body, id: null }), '新增成功')),
  handle(B.update, async (req) => ok(await saveBanner(ctx, req.auth!, req.body), '编辑成功')),
  handle(B.delete, async (req) => {
    await deleteBanner(ctx, req.auth!, req.body.id, req.body.terminal)
    return ok(null, '删除成功')
  }),
  handle(B.order, async (req) => {
    await orderBanners(ctx, req.auth!, req.body.ids, req.body.terminal)
    return ok(null, '排序成功')
  }),
]

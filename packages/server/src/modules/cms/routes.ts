import {
  CmsMsg, bannerOrderBody, bannerPageBody, bannerRow, bannerSaveBody, envelopeSchema, layoutQuery, moduleLayout as moduleLayoutSchema,
  moduleListBody, moduleStatusBody, newsAdminDetail, newsAdminPageBody, newsAdminRow, newsDetail as newsDetailSchema, newsIdBody,
  newsQueryBody, newsRow, newsSaveBody, newsTypeRow, pageOf, setModuleBody, homeKind, zId, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { bearerToken } from '../../platform/auth-hook.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { badRequest, notFound, unauthorized } from '../../platform/errors.js'
import { resolveSession } from '../../platform/session.js'
import { assertOuterAllowed } from '../red-dots/outer-portal.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { deleteBanner, orderBanners, pageBanners, saveBanner } from './banner-service.js'
import { readImage, uploadImage } from './image-service.js'
import * as mod from './module-service.js'
import * as news from './news-service.js'
import { confirmNews, newsDetail, queryNews, visitorOrg, type Reader } from './reader-service.js'

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

const mgr = { permission: 'cms_news_mgr' }

/** /base/api/cms2: news admin (cms_news_mgr), reading (members and visitors), confirmation, images. */
export function cmsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['新闻']
    r.post('/open/query/page', {
      config: { public: true },
      schema: { tags, summary: '新闻分页（登录用户：本机构及上级已发布的新闻；访客：指定机构公开的新闻）', body: newsQueryBody, response: { 200: envelopeSchema(pageOf(newsRow)) } },
    }, async (req) => ok(await queryNews(ctx, await readerOf(ctx, req, req.body.orgId), req.body)))
    r.get('/open/detail', {
      config: { public: true },
      schema: { tags, summary: '新闻详情（访客需带 orgId）', querystring: z.object({ id: zId(), orgId: zNumber().int().optional() }), response: { 200: envelopeSchema(newsDetailSchema) } },
    }, async (req) => ok(await newsDetail(ctx, await readerOf(ctx, req, req.query.orgId), req.query.id)))
    r.post('/open/confirm', { schema: { tags, summary: '确认已阅（需要确认的新闻）', body: newsIdBody } },
      async (req) => { await confirmNews(ctx, req.auth!, req.body.id); return ok(null, CmsMsg.CONFIRMED) })
    r.get('/open/image/:tenantId/:id', {
      config: { public: true },
      schema: { tags, summary: '上传的图片（长期缓存）', params: z.object({ tenantId: zNumber().int().min(0), id: z.string().uuid() }) },
    }, async (req, reply) => {
      const img = await readImage(ctx, req.params.tenantId, req.params.id)
      if (!img) throw notFound('图片不存在')
      // The key never points at other bytes, so the image may be cached for good.
      return reply.header('content-type', img.mime).header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', `"${req.params.id}"`).header('x-content-type-options', 'nosniff').send(img.data)
    })
    r.post('/image/upload', {
      schema: { tags, summary: '上传图片（multipart 字段 file；JPG/PNG/GIF/WEBP，不超过2MB；需新闻管理或门户PC端权限）', consumes: ['multipart/form-data'] },
    }, async (req) => {
      const file = await req.file()
      if (!file) throw badRequest(CmsMsg.IMAGE_REQUIRED)
      return ok(await uploadImage(ctx, req.auth!, await file.toBuffer()), '上传成功')
    })

    r.post('/news/page', { config: mgr, schema: { tags, summary: '本机构新闻分页（管理）', body: newsAdminPageBody, response: { 200: envelopeSchema(pageOf(newsAdminRow)) } } },
      async (req) => ok(await news.pageNews(ctx, req.auth!, req.body)))
    r.get('/news/get', { config: mgr, schema: { tags, summary: '新闻详情（管理）', querystring: newsIdBody, response: { 200: envelopeSchema(newsAdminDetail) } } },
      async (req) => ok(await news.getNews(ctx, req.auth!, req.query.id)))
    r.post('/news/add', { config: mgr, schema: { tags, summary: '新增新闻（草稿；正文按白名单清理）', body: newsSaveBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await news.saveNews(ctx, req.auth!, { ...req.body, id: null }), '新增成功'))
    r.post('/news/update', { config: mgr, schema: { tags, summary: '编辑新闻', body: newsSaveBody.extend({ id: zId() }), response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await news.saveNews(ctx, req.auth!, req.body), '编辑成功'))
    r.post('/news/delete', { config: mgr, schema: { tags, summary: '删除新闻', body: newsIdBody } },
      async (req) => { await news.deleteNews(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })
    r.post('/news/publish', { config: mgr, schema: { tags, summary: '发布新闻', body: newsIdBody } },
      async (req) => { await news.setPublished(ctx, req.auth!, req.body.id, true); return ok(null, CmsMsg.PUBLISHED) })
    r.post('/news/unpublish', { config: mgr, schema: { tags, summary: '撤回新闻', body: newsIdBody } },
      async (req) => { await news.setPublished(ctx, req.auth!, req.body.id, false); return ok(null, CmsMsg.UNPUBLISHED) })
  }
}

const pc = { permission: 'sc_menhu_pc' }
/** Homes a visitor may see: the open portal and the school portal (outer portal layout). */
const VISITOR_HOMES = new Set(['open', 'school'])

/** /base/portal/module (001 §7.5): the blocks of the portal homes, per org and home kind. */
export function portalModuleRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['门户模块']
    r.get('/getModuleLayout', {
      config: { public: true },
      schema: { tags, summary: '门户首页布局（本机构或上级配置，否则默认）；访客仅公共门户与学校门户', querystring: layoutQuery, response: { 200: envelopeSchema(moduleLayoutSchema) } },
    }, async (req) => {
      const auth = await optionalAuth(ctx, req)
      const { homeKind: kind, orgId } = req.query
      // The open portal answers only those its outer-portal limits let in (modules/red-dots/outer-portal.ts).
      if (auth) {
        return ok(await ctx.db.tenant(auth.tenantId, async (trx) => {
          if (kind === 'open') await assertOuterAllowed(trx, auth, orgId ?? auth.orgId)
          return mod.moduleLayout(trx, orgId ?? auth.orgId, kind)
        }))
      }
      if (!VISITOR_HOMES.has(kind)) throw unauthorized()
      const tenantId = await tenantIdOfOrg(ctx, visitorOrg(orgId))
      if (tenantId === null) throw notFound('机构不存在')
      return ok(await ctx.db.tenant(tenantId, async (trx) => {
        if (kind === 'open') await assertOuterAllowed(trx, null, orgId!)
        return mod.moduleLayout(trx, orgId!, kind)
      }))
    })
    r.get('/getModuleList', { config: pc, schema: { tags, summary: '本机构某首页的模块（含隐藏；未配置时为默认）', querystring: z.object({ homeKind }), response: { 200: envelopeSchema(moduleLayoutSchema) } } },
      async (req) => ok(await mod.moduleList(ctx, req.auth!, req.query.homeKind)))
    r.get('/getModule', { config: pc, schema: { tags, summary: '模块详情', querystring: z.object({ id: zId() }) } },
      async (req) => ok(await mod.getModule(ctx, req.auth!, req.query.id)))
    r.post('/setModule', { config: pc, schema: { tags, summary: '新增或编辑模块', body: setModuleBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await mod.setModule(ctx, req.auth!, req.body.homeKind, req.body.id, req.body.module), '保存成功'))
    r.post('/setModuleStatus', { config: pc, schema: { tags, summary: '显示/隐藏模块（0 显示，1 隐藏）', body: moduleStatusBody } },
      async (req) => { await mod.setModuleStatus(ctx, req.auth!, req.body.id, req.body.status); return ok(null, req.body.status === 0 ? '已显示' : '已隐藏') })
    r.post('/removeModule', { config: pc, schema: { tags, summary: '删除模块', body: z.object({ id: zId() }) } },
      async (req) => { await mod.removeModule(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })
    r.post('/moduleListMaintain', { config: pc, schema: { tags, summary: '保存整个首页（按顺序；空列表恢复默认）', body: moduleListBody } },
      async (req) => { await mod.maintainModules(ctx, req.auth!, req.body.homeKind, req.body.modules); return ok(null, '保存成功') })
    r.get('/getCMSTypeList', { schema: { tags, summary: '新闻类型（学校端）', response: { 200: envelopeSchema(z.array(newsTypeRow)) } } },
      async (req) => ok(await news.newsTypes(ctx, req.auth!.tenantId, 'school')))
    r.get('/getJDCMSTypeList', { schema: { tags, summary: '新闻类型（局端）', response: { 200: envelopeSchema(z.array(newsTypeRow)) } } },
      async (req) => ok(await news.newsTypes(ctx, req.auth!.tenantId, 'bureau')))
  }
}

/** Banner routes let in any of the three maintenance groups; banner-service checks the terminal's own code. */
const bannerRead = { permission: ['sc_menhu_pc', 'sc_menhu_mobile_t', 'sc_menhu_mobile_p'] }
const bannerWrite = (action: 'add' | 'edit' | 'delete') => ({ permission: ['sc_menhu_pc', `sc_menhu_mobile_t_${action}`, `sc_menhu_mobile_p_${action}`] })
const terminalField = { terminal: zNumber().int().min(0, '终端无效').max(2, '终端无效').optional() }

/** /base/api/banner (001 §7.5): the carousel pictures of the admin's org, per terminal (0 PC, 1 teacher mobile, 2 parent and student mobile). */
export function bannerRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['轮播图']
    r.post('/page', { config: bannerRead, schema: { tags, summary: '轮播图分页（本机构；terminal 0 PC，1 教师移动端，2 家长学生移动端）', body: bannerPageBody, response: { 200: envelopeSchema(pageOf(bannerRow)) } } },
      async (req) => ok(await pageBanners(ctx, req.auth!, req.body)))
    r.post('/add', { config: bannerWrite('add'), schema: { tags, summary: '新增轮播图', body: bannerSaveBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await saveBanner(ctx, req.auth!, { ...req.body, id: null }), '新增成功'))
    r.post('/update', { config: bannerWrite('edit'), schema: { tags, summary: '编辑轮播图（终端不变）', body: bannerSaveBody.extend({ id: zId() }), response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await saveBanner(ctx, req.auth!, req.body), '编辑成功'))
    r.post('/delete', { config: bannerWrite('delete'), schema: { tags, summary: '删除轮播图', body: z.object({ id: zId(), ...terminalField }) } },
      async (req) => { await deleteBanner(ctx, req.auth!, req.body.id, req.body.terminal); return ok(null, '删除成功') })
    r.post('/updateBannerOrderIndex', { config: bannerWrite('edit'), schema: { tags, summary: '轮播图排序（按 ids 顺序）', body: bannerOrderBody.extend(terminalField) } },
      async (req) => { await orderBanners(ctx, req.auth!, req.body.ids, req.body.terminal); return ok(null, '排序成功') })
  }
}

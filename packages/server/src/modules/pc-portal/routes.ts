import {
  envelopeSchema, PcPortalPerm, saveSidebarBody, saveWebsiteBody, sidebarInfoAnswer, sidebarQuery, SUPER_ADMIN, systemInfoAnswer,
  systemInfoQuery, updateWebsiteBody, website, websiteIdQuery, websiteQuery, type ConfigSource, type SystemInfoAnswer, type SystemInfoConfig,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { readableOrg } from '../../platform/org-scope.js'
import { namedConfigRoutes, resolveNamed, saveNamed } from '../portal-config/named-config.js'
import { portalTrx, TENANT_DEFAULT_ORG } from '../portal-config/store.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { portalMenuCfg, SERVER_VERSION, sidebarCfg, systemInfoCfg } from './configs.js'
import { deleteWebsite, getWebsite, listWebsites, saveWebsite, updateWebsite } from './websites.js'

/** PortalMenuConfig and SystemInfoConfig under /base/configMgr (get<Key> for members, set<Key> with the button code). */
export function pcPortalConfigRoutes(ctx: AppContext) {
  return namedConfigRoutes(ctx, { PortalMenuConfig: portalMenuCfg, SystemInfoConfig: systemInfoCfg }, 'PC门户')
}

/**
 * /base/api/Sidebar: the floating sidebar (fullAllInfo, saveSidebarInfo) and the recommended websites (the spec
 * gives those calls no prefix; they live here beside the sidebar, docs/portal.md).
 */
export function sidebarRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['PC门户侧边栏与推荐网站']
    r.get('/fullAllInfo', { schema: { tags, summary: '侧边栏（本机构→上级机构→租户默认→内置默认）', querystring: sidebarQuery, response: { 200: envelopeSchema(sidebarInfoAnswer) } } },
      async (req) => {
        const got = await ctx.db.tenant(req.auth!.tenantId, async (trx) => resolveNamed(trx, sidebarCfg, await readableOrg(trx, req.auth!, req.query.orgId)))
        return ok({ ...got.value, orgId: got.orgId, source: got.source })
      })
    r.post('/saveSidebarInfo', { config: { permission: PcPortalPerm.SIDEBAR_SAVE }, schema: { tags, summary: '保存侧边栏', body: saveSidebarBody } },
      async (req) => {
        await ctx.db.tenant(req.auth!.tenantId, (trx) => saveNamed(trx, req.auth!, sidebarCfg, req.body.value, req.body))
        return ok(null, '保存成功')
      })
    r.get('/fullRecommendlWebInfoById', { schema: { tags, summary: '推荐网站：id 取一条，否则取机构（默认本机构）及上级机构的网站；all=1 含停用的', querystring: websiteQuery, response: { 200: envelopeSchema(z.union([website, z.array(website)])) } } },
      async (req) => ok(req.query.id !== undefined
        ? await getWebsite(ctx, req.auth!, req.query.id)
        : await listWebsites(ctx, req.auth!, req.query.orgId, req.query.all === '1')))
    r.post('/saveRecommendlWeb', { config: { permission: PcPortalPerm.WEBSITE_ADD }, schema: { tags, summary: '新增推荐网站', body: saveWebsiteBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await saveWebsite(ctx, req.auth!, req.body), '新增成功'))
    r.post('/updateRecommendlWeb', { config: { permission: PcPortalPerm.WEBSITE_EDIT }, schema: { tags, summary: '编辑推荐网站', body: updateWebsiteBody } },
      async (req) => { await updateWebsite(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.get('/deleteRecommendlWebById', { config: { permission: PcPortalPerm.WEBSITE_DELETE }, schema: { tags, summary: '删除推荐网站', querystring: websiteIdQuery } },
      async (req) => { await deleteWebsite(ctx, req.auth!, req.query.id); return ok(null, '删除成功') })
  }
}

/**
 * GET /base/api/systemInfo/get (public: the login page reads it signed out): the system info of an org (orgId, its
 * tenant found from it) or of a tenant (its tenant default), with the running version. An empty system name is the
 * tenant's own. An unknown org or tenant answers the built-in values.
 */
export function systemInfoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.get('/get', { config: { public: true }, schema: { tags: ['PC门户'], summary: '系统信息（未登录可读，含版本号）', querystring: systemInfoQuery, response: { 200: envelopeSchema(systemInfoAnswer) } } },
      async (req) => ok(await publicSystemInfo(ctx, req.query)))
  }
}

async function publicSystemInfo(ctx: AppContext, q: { orgId?: number; tenantId?: number }): Promise<SystemInfoAnswer> {
  const builtin: SystemInfoAnswer = { ...systemInfoCfg.schema.parse({}), version: SERVER_VERSION, orgId: null, source: 'default' }
  const tenantId = q.orgId !== undefined ? await tenantIdOfOrg(ctx, q.orgId) : q.tenantId ?? null
  if (tenantId === null || tenantId === SUPER_ADMIN.tenantId) return builtin
  return ctx.db.tenant(tenantId, async (trx) => {
    const tenant = await trx.selectFrom('tenant').select('config').where('id', '=', tenantId).executeTakeFirst()
    if (!tenant) return builtin
    let found: { value: SystemInfoConfig; orgId: number | null; source: ConfigSource }
    if (q.orgId !== undefined) {
      found = await resolveNamed(trx, systemInfoCfg, q.orgId)
    } else {
      // Signed out with only the tenant known: the tenant default.
      const row = await portalTrx(trx).selectFrom('portal_config').select('value').where('org_id', '=', TENANT_DEFAULT_ORG).where('name', '=', systemInfoCfg.name).executeTakeFirst()
      const parsed = row ? systemInfoCfg.schema.safeParse(row.value) : null
      found = parsed?.success ? { value: parsed.data, orgId: null, source: 'tenant' } : { value: systemInfoCfg.schema.parse({}), orgId: null, source: 'default' }
    }
    const tenantName = (tenant.config as { sysName?: string } | null)?.sysName ?? ''
    return { ...found.value, sysName: found.value.sysName || tenantName, version: SERVER_VERSION, orgId: found.orgId, source: found.source }
  })
}

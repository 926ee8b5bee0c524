import {
  portalMenuConfigContracts, sidebarContracts as S, SUPER_ADMIN, systemInfoConfigContracts, systemInfoContracts, type ConfigSource,
  type SystemInfoAnswer, type SystemInfoConfig,
} from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { readableOrg } from '../../platform/org-scope.js'
import { resolveNamed, saveNamed } from '../portal-config/named-config.js'
import { namedConfigHandlers } from '../portal-config/named-config-routes.js'
import { TENANT_DEFAULT_ORG } from '../portal-config/store.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { portalMenuCfg, SERVER_VERSION, sidebarCfg, systemInfoCfg } from './configs.js'
import { deleteWebsite, getWebsite, listWebsites, saveWebsite, updateWebsite } from './websites.js'

/** PortalMenuConfig and SystemInfoConfig under /base/configMgr (get<Key> for members, set<Key> with the button code). */
export const pcPortalConfigRoutes = (ctx: AppContext) => [
  ...namedConfigHandlers(ctx, portalMenuConfigContracts, portalMenuCfg),
  ...namedConfigHandlers(ctx, systemInfoConfigContracts, systemInfoCfg),
]

/**
 * /base/api/Sidebar: the floating sidebar (fullAllInfo, saveSidebarInfo) and the recommended websites (the spec
 * gives those calls no prefix; they live here beside the sidebar, docs/portal.md).
 */
export const sidebarRoutes = (ctx: AppContext) => [
  handle(S.fullAllInfo, async (req) => {
    const got = await ctx.db.tenant(req.auth!.tenantId, async (trx) => resolveNamed(trx, sidebarCfg, await readableOrg(trx, req.auth!, req.query.orgId)))
    return ok({ ...got.value, orgId: got.orgId, source: got.source })
  }),
  handle(S.save, async (req) => {
    await ctx.db.tenant(req.auth!.tenantId, (trx) => saveNamed(trx, req.auth!, sidebarCfg, req.body.value, req.body))
    return ok(null, '保存成功')
  }),
  handle(S.websites, async (req) => ok(req.query.id !== undefined
    ? await getWebsite(ctx, req.auth!, req.query.id)
    : await listWebsites(ctx, req.auth!, req.query.orgId, req.query.all === '1'))),
  handle(S.saveWebsite, async (req) => ok(await saveWebsite(ctx, req.auth!, req.body), '新增成功')),
  handle(S.updateWebsite, async (req) => { await updateWebsite(ctx, req.auth!, req.body); return ok(null, '编辑成功') }),
  handle(S.deleteWebsite, async (req) => { await deleteWebsite(ctx, req.auth!, req.query.id); return ok(null, '删除成功') }),
]

/**
 * GET /base/api/systemInfo/get (public: the login page reads it signed out): the system info of an org (orgId, its
 * tenant found from it) or of a tenant (its tenant default), with the running version. An empty system name is the
 * tenant's own. An unknown org or tenant answers the built-in values.
 */
export const systemInfoRoutes = (ctx: AppContext) => [
  handle(systemInfoContracts.get, async (req) => ok(await publicSystemInfo(ctx, req.query))),
]

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
      const row = await trx.selectFrom('portal_config').select('value').where('org_id', '=', TENANT_DEFAULT_ORG).where('name', '=', systemInfoCfg.name).executeTakeFirst()
      const parsed = row ? systemInfoCfg.schema.safeParse(row.value) : null
      found = parsed?.success ? { value: parsed.data, orgId: null, source: 'tenant' } : { value: systemInfoCfg.schema.parse({}), orgId: null, source: 'default' }
    }
    const tenantName = (tenant.config as { sysName?: string } | null)?.sysName ?? ''
    return { ...found.value, sysName: found.value.sysName || tenantName, version: SERVER_VERSION, orgId: found.orgId, source: found.source }
  })
}

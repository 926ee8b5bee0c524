import {
  portalMenuConfigContracts,
  sidebarContracts as S,
  systemInfoConfigContracts,
  systemInfoContracts,
} from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { readNamedFor, saveNamedFor } from '../portal-config/named-config.js'
import { namedConfigHandlers } from '../portal-config/named-config-routes.js'
import { portalMenuCfg, sidebarCfg, systemInfoCfg } from './configs.js'
import { publicSystemInfo } from './system-info-service.js'
import { deleteWebsite, getWebsite, listWebsites, saveWebsite, updateWebsite } from './websites.js'

/** PortalMenuConfig and SystemInfoConfig under /base/configMgr (get<Key> for members, set<Key> with the button code). */
export const pcPortalConfigRoutes = (ctx: AppContext) => [
  ...namedConfigHandlers(ctx, portalMenuConfigContracts, portalMenuCfg),
  ...namedConfigHandlers(ctx, systemInfoConfigContracts, systemInfoCfg),
]

/**
 * /base/api/Sidebar: the floating sidebar (fullAllInfo, saveSidebarInfo) and the recommended websites (the spec
 * gives those calls no prefix; they live here beside the sidebar, docs/pc-portal.md).
 */
export const sidebarRoutes = (ctx: AppContext) => [
  handle(S.fullAllInfo, async (req) => {
    const got = await readNamedFor(ctx, req.auth!, sidebarCfg, req.query.orgId)
    return ok({ ...got.value, orgId: got.orgId, source: got.source })
  }),
  handle(S.save, async (req) => {
    await saveNamedFor(ctx, req.auth!, sidebarCfg, req.body.value, req.body)
    return ok(null, '保存成功')
  }),
  handle(S.websites, async (req) =>
    ok(
      req.query.id !== undefined
        ? await getWebsite(ctx, req.auth!, req.query.id)
        : await listWebsites(ctx, req.auth!, req.query.orgId, req.query.all === '1'),
    ),
  ),
  handle(S.saveWebsite, async (req) => ok(await saveWebsite(ctx, req.auth!, req.body), '新增成功')),
  handle(S.updateWebsite, async (req) => {
    await updateWebsite(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  handle(S.deleteWebsite, async (req) => {
    await deleteWebsite(ctx, req.auth!, req.query.id)
    return ok(null, '删除成功')
  }),
]

/** GET /base/api/systemInfo/get (public: the login page reads it signed out); system-info-service.ts says what it answers. */
export const systemInfoRoutes = (ctx: AppContext) => [
  handle(systemInfoContracts.get, async (req) => ok(await publicSystemInfo(ctx, req.query))),
]

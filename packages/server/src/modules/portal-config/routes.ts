import {
  campusWeatherConfigContracts,
  ConfigName,
  configMgrContracts as C,
  mobileInfoContracts as Mobile,
  PortalMsg,
  tenantPortalContracts as T,
} from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { checkJdAdmin, jdPermissions } from './jd-service.js'
import { deleteEntry, listEntries, saveEntry, updateEntry } from './mobile-service.js'
import { namedConfigHandlers } from './named-config-routes.js'
import {
  bottomInfo,
  getPersonal,
  getSysConfig,
  outSchoolPortalEnable,
  publicHeaderConfig,
  setPersonal,
  setSysConfig,
} from './service.js'
import { campusWeatherCfg } from './weather-config.js'

/** Portal configuration under /base/configMgr (000 §7.6, 001 §7.1); see docs/portal-config.md. */
export const configMgrRoutes = (ctx: AppContext) => [
  handle(C.getSysConfig, async (req) => ok(await getSysConfig(ctx, req.auth!, req.query.name, req.query.orgId))),
  handle(C.setSysConfig, async (req) => {
    await setSysConfig(ctx, req.auth!, req.body)
    return ok(null, PortalMsg.SAVED)
  }),
  handle(C.getPersonal, async (req) => ok(await getPersonal(ctx, req.auth!, req.query.name))),
  handle(C.setPersonalByQuery, async (req) => {
    // The schema guarantees one of the two (and that they agree when both are sent).
    await setPersonal(ctx, req.auth!, req.query.name, (req.query.hasMultiple ?? req.query.value)!)
    return ok(null, PortalMsg.SAVED)
  }),
  handle(C.setPersonal, async (req) => {
    await setPersonal(ctx, req.auth!, req.body.name, req.body.hasMultiple ? 'true' : 'false')
    return ok(null, PortalMsg.SAVED)
  }),
  handle(C.getJdConfig, async (req) => ok(await publicHeaderConfig(ctx, ConfigName.JD_MH_SYS, req.query.orgId))),
  handle(C.jdCheckIsAdmin, async (req) => ok(await checkJdAdmin(ctx, req.auth!))),
  handle(C.jdPermissions, async (req) => ok(await jdPermissions(ctx, req.auth!, req.query.jdOrgId))),
  handle(C.getAllianceConfig, async (req) =>
    ok(await publicHeaderConfig(ctx, ConfigName.ALLIANCE_MH_SYS, req.query.orgId)),
  ),
]

/** Mobile entries of the header drawer under /base/api/Mobile (001 §7.5). */
export const mobileInfoRoutes = (ctx: AppContext) => [
  handle(Mobile.fullInfo, async (req) => ok(await listEntries(ctx, req.auth!, req.query.orgId, req.query.all === '1'))),
  handle(Mobile.save, async (req) => ok(await saveEntry(ctx, req.auth!, req.body), '新增成功')),
  handle(Mobile.update, async (req) => {
    await updateEntry(ctx, req.auth!, req.body.id, req.body)
    return ok(null, '编辑成功')
  }),
  handle(Mobile.delete, async (req) => {
    await deleteEntry(ctx, req.auth!, req.query.id)
    return ok(null, '删除成功')
  }),
]

/** The tenant calls the portal header makes (000 §7.4), kept with the config they read. */
export const tenantPortalRoutes = (ctx: AppContext) => [
  handle(T.bottomInfo, async (req) => ok(await bottomInfo(ctx, req.query.orgId))),
  handle(T.outSchoolPortalEnable, async (req) => ok(await outSchoolPortalEnable(ctx, req.query))),
]

/** The weather location of an org: campus's data, registered with the other named configs under /base/configMgr. */
export const weatherConfigRoutes = (ctx: AppContext) =>
  namedConfigHandlers(ctx, campusWeatherConfigContracts, campusWeatherCfg)

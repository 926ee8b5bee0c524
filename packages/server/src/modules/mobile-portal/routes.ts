import {
  customLayoutContracts as L,
  mobileConfigContracts as C,
  mobileHomeContracts as H,
  mobileQuickContracts as Q,
  PortalMsg,
} from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle, type ContractRequest } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { readNamedFor, saveNamedFor } from '../portal-config/named-config.js'
import { namedConfigHandlers } from '../portal-config/named-config-routes.js'
import { AlarmCfg, FamilyLayoutCfg, MobileMenuCfg, MobileSettingsCfg, StudentPcCfg } from './configs.js'
import { mobileHome } from './home-service.js'
import * as quick from './quick-service.js'

/** /base/configMgr get/set of MobileMenuConfig, MHSysConfigForStudentPC and MobilePortalSettings (named-config.ts). */
export const mobileConfigMgrRoutes = (ctx: AppContext) => [
  ...namedConfigHandlers(ctx, C.menu, MobileMenuCfg),
  ...namedConfigHandlers(ctx, C.studentPc, StudentPcCfg),
  ...namedConfigHandlers(ctx, C.settings, MobileSettingsCfg),
]

/** /base/api/Mobile: the home alarm (001 §7.5) and the home, beside the mobile entries of portal-config. */
export const mobileHomeRoutes = (ctx: AppContext) => [
  handle(H.alarm, async (req) => ok(await readNamedFor(ctx, req.auth!, AlarmCfg, req.query.orgId))),
  handle(H.setAlarm, async (req) => {
    await saveNamedFor(ctx, req.auth!, AlarmCfg, req.body.value, req.body)
    return ok(null, PortalMsg.SAVED)
  }),
  handle(H.home, async (req) => ok(await mobileHome(ctx, req.auth!, req.query.childId))),
]

/** /base/portal/custom: the parent-student mobile home layout (001 §7.5); /update and /save are the same call. */
export const customLayoutRoutes = (ctx: AppContext) => {
  const save = async (req: ContractRequest<typeof L.save>) => {
    await saveNamedFor(ctx, req.auth!, FamilyLayoutCfg, req.body.value, req.body)
    return ok(null, PortalMsg.SAVED)
  }
  return [
    handle(L.get, async (req) => ok(await readNamedFor(ctx, req.auth!, FamilyLayoutCfg, req.query.orgId))),
    handle<typeof L.update>(L.update, save),
    handle(L.save, save),
  ]
}

/** /base/mobileHomeQuick (001 §7.5): quick entries per role; quick-service checks the group of the role key. */
export const mobileQuickRoutes = (ctx: AppContext) => [
  handle(Q.roles, async (req) => ok(await quick.roleList(ctx, req.auth!))),
  handle(Q.apps, async (req) => ok(await quick.appList(ctx, req.auth!, req.query.roleKey))),
  handle(Q.addGroup, async (req) => ok(await quick.addGroup(ctx, req.auth!, req.body), '新增成功')),
  handle(Q.deleteGroup, async (req) => {
    await quick.deleteGroup(ctx, req.auth!, req.query.id)
    return ok(null, '删除成功')
  }),
  handle(Q.addApps, async (req) => {
    await quick.addApps(ctx, req.auth!, req.body)
    return ok(null, '添加成功')
  }),
  handle(Q.deleteApp, async (req) => {
    await quick.deleteApp(ctx, req.auth!, req.body)
    return ok(null, '移除成功')
  }),
  handle(Q.reset, async (req) => ok(await quick.resetKey(ctx, req.auth!, req.body.roleKey), '重置成功')),
]

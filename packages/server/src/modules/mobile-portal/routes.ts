import {
  alarmSaveBody, customLayoutQuery, customLayoutSaveBody, envelopeSchema, familyLayout, MOBILE_BUTTONS, mobileHome as mobileHomeSchema,
  mobileHomeAlarm, mobileHomeQuery, PortalMsg, quickAppBody, quickDeleteAppBody, quickGroup, quickGroupSaveBody, quickIdQuery, quickListQuery,
  quickRoleRow, configSource, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { readableOrg } from '../../platform/org-scope.js'
import { namedConfigRoutes, resolveNamed, saveNamed } from '../portal-config/named-config.js'
import { AlarmCfg, FamilyLayoutCfg, MobileMenuCfg, MobileSettingsCfg, StudentPcCfg } from './configs.js'
import { mobileHome } from './home-service.js'
import * as quick from './quick-service.js'

const orgQuery = z.object({ orgId: zNumber().int().optional() })
const resolved = <S extends z.ZodType>(s: S) => z.object({ value: s, orgId: z.number(), source: configSource })

/** /base/configMgr get/set of MobileMenuConfig, MHSysConfigForStudentPC and MobilePortalSettings (named-config.ts). */
export function mobileConfigMgrRoutes(ctx: AppContext) {
  return namedConfigRoutes(ctx, { MobileMenuConfig: MobileMenuCfg, MHSysConfigForStudentPC: StudentPcCfg, MobilePortalSettings: MobileSettingsCfg }, '移动端配置')
}

/** /base/api/Mobile: the home alarm (001 §7.5), beside the mobile entries of portal-config. */
export function mobileAlarmRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['移动端门户']
    r.get('/getMobileHomeAlarmConfig', { schema: { tags, summary: '移动端首页提醒（本机构→上级机构→租户默认→内置默认）', querystring: orgQuery, response: { 200: envelopeSchema(resolved(mobileHomeAlarm)) } } },
      async (req) => ok(await ctx.db.tenant(req.auth!.tenantId, async (trx) => resolveNamed(trx, AlarmCfg, await readableOrg(trx, req.auth!, req.query.orgId)))))
    r.post('/settingMobileHomeAlarmConfig', { config: { permission: MOBILE_BUTTONS.platform.edit }, schema: { tags, summary: '保存移动端首页提醒', body: alarmSaveBody } },
      async (req) => { await ctx.db.tenant(req.auth!.tenantId, (trx) => saveNamed(trx, req.auth!, AlarmCfg, req.body.value, req.body)); return ok(null, PortalMsg.SAVED) })
    r.get('/home', { schema: { tags, summary: '当前用户的移动端首页（终端、菜单、模块、轮播图、提醒、快捷入口、孩子）', querystring: mobileHomeQuery, response: { 200: envelopeSchema(mobileHomeSchema) } } },
      async (req) => ok(await mobileHome(ctx, req.auth!, req.query.childId)))
  }
}

/** /base/portal/custom: the parent-student mobile home layout (001 §7.5). */
export function customLayoutRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['移动端门户']
    r.get('/get', { schema: { tags, summary: '家长学生移动端首页布局', querystring: customLayoutQuery, response: { 200: envelopeSchema(resolved(familyLayout)) } } },
      async (req) => ok(await ctx.db.tenant(req.auth!.tenantId, async (trx) => resolveNamed(trx, FamilyLayoutCfg, await readableOrg(trx, req.auth!, req.query.orgId)))))
    for (const path of ['/update', '/save']) {
      r.post(path, { config: { permission: MOBILE_BUTTONS.family.edit }, schema: { tags, summary: '保存家长学生移动端首页布局', body: customLayoutSaveBody } },
        async (req) => { await ctx.db.tenant(req.auth!.tenantId, (trx) => saveNamed(trx, req.auth!, FamilyLayoutCfg, req.body.value, req.body)); return ok(null, PortalMsg.SAVED) })
    }
  }
}

const quickRead = { permission: ['sc_menhu_mobile_t', 'sc_menhu_mobile_p'] }
const quickWrite = (action: 'add' | 'edit' | 'delete') => ({ permission: [MOBILE_BUTTONS.teacher[action], MOBILE_BUTTONS.family[action]] })

/** /base/mobileHomeQuick (001 §7.5): quick entries per role; quick-service checks the group of the role key. */
export function mobileQuickRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['移动端快捷入口']
    r.get('/getRoleList', { config: quickRead, schema: { tags, summary: '可配置快捷入口的身份与角色', response: { 200: envelopeSchema(z.array(quickRoleRow)) } } },
      async (req) => ok(await quick.roleList(ctx, req.auth!)))
    r.get('/getAppList', { config: quickRead, schema: { tags, summary: '本机构某身份或角色的快捷入口分组及应用', querystring: quickListQuery, response: { 200: envelopeSchema(z.array(quickGroup)) } } },
      async (req) => ok(await quick.appList(ctx, req.auth!, req.query.roleKey)))
    r.post('/addMobileHomeAppGroup', { config: quickWrite('add'), schema: { tags, summary: '新增快捷入口分组', body: quickGroupSaveBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await quick.addGroup(ctx, req.auth!, req.body), '新增成功'))
    r.get('/deleteMobileHomeAppGroup', { config: quickWrite('delete'), schema: { tags, summary: '删除快捷入口分组', querystring: quickIdQuery } },
      async (req) => { await quick.deleteGroup(ctx, req.auth!, req.query.id); return ok(null, '删除成功') })
    r.post('/addMobileHomeApp', { config: quickWrite('add'), schema: { tags, summary: '添加应用到快捷入口分组', body: quickAppBody } },
      async (req) => { await quick.addApps(ctx, req.auth!, req.body); return ok(null, '添加成功') })
    r.post('/deleteMobileHomeApp', { config: quickWrite('delete'), schema: { tags, summary: '从快捷入口分组移除应用', body: quickDeleteAppBody } },
      async (req) => { await quick.deleteApp(ctx, req.auth!, req.body); return ok(null, '移除成功') })
    r.post('/resetAppList', { config: quickWrite('edit'), schema: { tags, summary: '恢复默认（删除本机构该身份的快捷入口，沿用上级机构）', body: quickListQuery, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await quick.resetKey(ctx, req.auth!, req.body.roleKey), '重置成功'))
  }
}

import {
  bottomInfoQuery, ConfigName, envelopeSchema, footerConfig, jdAdminAnswer, jdMhSysConfigAnswer, jdPermissionsQuery, mobileEntry, mobileEntryQuery, mobileEntrySaveBody,
  mobileEntryUpdateBody, personalConfigQuery, PortalMsg, setPersonalConfigBody, setPersonalConfigQuery, setSysConfigBody, sysConfigQuery, zId, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { checkJdAdmin, jdPermissions } from './jd-service.js'
import { deleteEntry, listEntries, MOBILE_ENTRY_PERMISSION, saveEntry, updateEntry } from './mobile-service.js'
import { bottomInfo, getPersonal, getSysConfig, outSchoolPortalEnable, publicHeaderConfig, setPersonal, setSysConfig } from './service.js'

const pc = { permission: 'sc_menhu_pc' }
const orgQuery = z.object({ orgId: zNumber().int() })

/** Portal configuration under /base/configMgr (000 §7.6, 001 §7.1); see docs/portal.md. */
export function configMgrRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['门户配置']
    r.get('/getMHSysConfig', { schema: { tags, summary: '门户配置（按名称；本机构→上级机构→租户默认→内置默认）', querystring: sysConfigQuery } },
      async (req) => ok(await getSysConfig(ctx, req.auth!, req.query.name, req.query.orgId)))
    r.post('/setMHSysConfig', { config: pc, schema: { tags, summary: '保存门户配置（本机构及下级，或顶级机构的租户默认）', body: setSysConfigBody } },
      async (req) => { await setSysConfig(ctx, req.auth!, req.body); return ok(null, PortalMsg.SAVED) })
    r.get('/getMHPersonalConfig', { schema: { tags, summary: '个人配置：多个应用（\'true\'/\'false\'，未设置为 null）', querystring: personalConfigQuery, response: { 200: envelopeSchema(z.string().nullable()) } } },
      async (req) => ok(await getPersonal(ctx, req.auth!, req.query.name)))
    r.get('/setMHPersonalConfig', { schema: { tags, summary: '保存个人配置（本账号；value 或 hasMultiple 为 \'true\'/\'false\'）', querystring: setPersonalConfigQuery } },
      async (req) => {
        // The schema guarantees one of the two (and that they agree when both are sent).
        await setPersonal(ctx, req.auth!, req.query.name, (req.query.hasMultiple ?? req.query.value)!)
        return ok(null, PortalMsg.SAVED)
      })
    r.post('/setMHPersonalConfig', { schema: { tags, summary: '保存个人配置（本账号；001 §7.1 hasMultiple 布尔值）', body: setPersonalConfigBody } },
      async (req) => { await setPersonal(ctx, req.auth!, req.body.name, req.body.hasMultiple ? 'true' : 'false'); return ok(null, PortalMsg.SAVED) })
    r.get('/getJDMHSysConfig', { config: { public: true }, schema: { tags, summary: '局端顶部配置（未登录可读）', querystring: orgQuery, response: { 200: envelopeSchema(jdMhSysConfigAnswer) } } },
      async (req) => ok(await publicHeaderConfig(ctx, ConfigName.JD_MH_SYS, req.query.orgId)))
    r.get('/jd/checkIsAdmin', { schema: { tags, summary: '局端管理员判断（管理员角色且当前机构为局端机构）', response: { 200: envelopeSchema(jdAdminAnswer) } } },
      async (req) => ok(await checkJdAdmin(ctx, req.auth!)))
    r.get('/jd/permissions', { schema: { tags, summary: '局端用户权限（本账号在局端机构的权限码）', querystring: jdPermissionsQuery, response: { 200: envelopeSchema(z.array(z.string())) } } },
      async (req) => ok(await jdPermissions(ctx, req.auth!, req.query.jdOrgId)))
    r.get('/getAllianceSchoolMHSysConfig', { config: { public: true }, schema: { tags, summary: '联盟顶部配置（未登录可读）', querystring: orgQuery, response: { 200: envelopeSchema(jdMhSysConfigAnswer) } } },
      async (req) => ok(await publicHeaderConfig(ctx, ConfigName.ALLIANCE_MH_SYS, req.query.orgId)))
  }
}

/** Mobile entries of the header drawer under /base/api/Mobile (001 §7.5). */
export function mobileInfoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['移动端入口']
    const pc = { permission: MOBILE_ENTRY_PERMISSION }
    r.get('/fullInfo', { schema: { tags, summary: '移动端入口（默认只含显示的；all=1 含隐藏）', querystring: mobileEntryQuery, response: { 200: envelopeSchema(z.array(mobileEntry)) } } },
      async (req) => ok(await listEntries(ctx, req.auth!, req.query.orgId, req.query.all === '1')))
    r.post('/save', { config: pc, schema: { tags, summary: '新增移动端入口', body: z.object({ orgId: zNumber().int().optional() }).and(mobileEntrySaveBody) } },
      async (req) => ok(await saveEntry(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config: pc, schema: { tags, summary: '编辑移动端入口', body: mobileEntryUpdateBody } },
      async (req) => { await updateEntry(ctx, req.auth!, req.body.id, req.body); return ok(null, '编辑成功') })
    r.get('/delete', { config: pc, schema: { tags, summary: '删除移动端入口', querystring: z.object({ id: zId() }) } },
      async (req) => { await deleteEntry(ctx, req.auth!, req.query.id); return ok(null, '删除成功') })
  }
}

/** The tenant calls the portal header makes (000 §7.4), kept with the config they read. */
export function tenantPortalRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['tenant']
    r.get('/getTenantBottomBaseInfo', { config: { public: true }, schema: { tags, summary: '门户底部配置', querystring: bottomInfoQuery, response: { 200: envelopeSchema(footerConfig.extend({ orgId: z.number() })) } } },
      async (req) => ok(await bottomInfo(ctx, req.query.orgId)))
    r.get('/getOutSchoolPortalEnable', { config: { public: true }, schema: { tags, summary: '公共门户是否开启', querystring: z.object({ tenantId: zNumber().int().optional(), orgId: zNumber().int().optional() }), response: { 200: envelopeSchema(z.object({ enable: z.boolean() })) } } },
      async (req) => ok(await outSchoolPortalEnable(ctx, req.query)))
  }
}

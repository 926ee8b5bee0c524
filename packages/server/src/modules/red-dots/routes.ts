import {
  classHomeView as classHomeViewSchema, envelopeSchema, OuterMsg, outerAddBody, outerDeleteBody, outerEmployee, outerEmployeeSetBody,
  outerKeywordQuery, outerLimitTypeAnswer, outerLimitTypeBody, outerMayOpen, outerOrgQuery, outerRoleInfo, outerRoleObject, redDotAnswer,
  redDotTarget, redDotTargets, RedDotPerm,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { bearerToken } from '../../platform/auth-hook.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { notFound } from '../../platform/errors.js'
import { resolveSession } from '../../platform/session.js'
import { namedConfigRoutes } from '../portal-config/named-config.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { classHomeView } from './class-home.js'
import { classHomeCfg, redotMsgCfg } from './configs.js'
import * as outer from './outer-portal.js'
import { openRedDot, redDotCounts, redDotTargets as targetsOf } from './service.js'

/** RedotMsgConfig and ClassHomeConfig under /base/configMgr (get<Key> for members, set<Key> with the button code). */
export function redDotConfigRoutes(ctx: AppContext) {
  return namedConfigRoutes(ctx, { RedotMsgConfig: redotMsgCfg, ClassHomeConfig: classHomeCfg }, '红点与班级主页')
}

/** /base/api/redot: the signed-in member's dots, clearing a manual dot on opening, and the targets for the admin page. */
export function redDotRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['红点']
    r.get('/counts', { schema: { tags, summary: '当前用户的红点（按权限与机构计算）', response: { 200: envelopeSchema(redDotAnswer) } } },
      async (req) => ok(await redDotCounts(ctx, req.auth!)))
    r.post('/open', { schema: { tags, summary: '打开了某应用或菜单：其手动红点对本人消失', body: redDotTarget, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await openRedDot(ctx, req.auth!, req.body)))
    r.get('/targets', { config: { permission: [RedDotPerm.PAGE, 'sc_menhu_pc'] }, schema: { tags, summary: '红点规则与班级主页可选的应用与菜单入口', response: { 200: envelopeSchema(redDotTargets) } } },
      async (req) => ok(await targetsOf(ctx, req.auth!)))
  }
}

/** /base/api/classHome: what /portal/class shows the signed-in member. */
export function classHomeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.get('/view', { schema: { tags: ['班级主页'], summary: '班级主页（配置与本人的班级）', response: { 200: envelopeSchema(classHomeViewSchema) } } },
      async (req) => ok(await classHomeView(ctx, req.auth!)))
  }
}

const read = { permission: 'sc_menhu_pc' }
const write = { permission: RedDotPerm.OUTER_SAVE }

async function optionalAuth(ctx: AppContext, token: string | null | undefined, ip: string): Promise<AuthInfo | null> {
  const s = token ? await resolveSession(ctx, token) : null
  return s ? { ...s, ip } : null
}

/** /base/portal/outer (001 §7.5): who may open the open (outer) portal of an org. */
export function outerPortalRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['公共门户访问限制']
    r.get('/getLimitType', { config: read, schema: { tags, summary: '限制类型（0 所有人，1 仅指定角色，2 仅指定人员；未设置时沿用上级机构）', querystring: outerOrgQuery, response: { 200: envelopeSchema(outerLimitTypeAnswer) } } },
      async (req) => ok(await outer.getLimitType(ctx, req.auth!, req.query.orgId)))
    r.post('/setLimitType', { config: write, schema: { tags, summary: '设置限制类型', body: outerLimitTypeBody } },
      async (req) => { await outer.setLimitType(ctx, req.auth!, req.body.orgId, req.body.limitType); return ok(null, OuterMsg.SAVED) })
    r.get('/select', { config: read, schema: { tags, summary: '限制对象：本机构列出的角色', querystring: outerOrgQuery, response: { 200: envelopeSchema(z.array(outerRoleObject)) } } },
      async (req) => ok(await outer.listRoleObjects(ctx, req.auth!, req.query.orgId)))
    r.post('/add', { config: write, schema: { tags, summary: '添加角色（roleIds）', body: outerAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await outer.addRoleObjects(ctx, req.auth!, req.body.orgId, req.body.roleIds), OuterMsg.ADDED))
    r.post('/delete', { config: write, schema: { tags, summary: '删除限制对象（ids）', body: outerDeleteBody } },
      async (req) => { await outer.deleteObjects(ctx, req.auth!, req.body.orgId, req.body.ids); return ok(null, OuterMsg.DELETED) })
    r.get('/selectRoleInfos', { config: read, schema: { tags, summary: '可选角色（租户通用角色与本机构及上级的角色）', querystring: outerKeywordQuery, response: { 200: envelopeSchema(z.array(outerRoleInfo)) } } },
      async (req) => ok(await outer.roleInfos(ctx, req.auth!, req.query.orgId, req.query.keyword)))
    r.get('/employee/select', { config: read, schema: { tags, summary: '本机构列出的人员', querystring: outerOrgQuery, response: { 200: envelopeSchema(z.array(outerEmployee)) } } },
      async (req) => ok(await outer.listEmployees(ctx, req.auth!, req.query.orgId)))
    r.get('/employee/candidates', { config: read, schema: { tags, summary: '可选人员（本机构及下级的教职工，最多50条）', querystring: outerKeywordQuery, response: { 200: envelopeSchema(z.array(outerEmployee)) } } },
      async (req) => ok(await outer.employeeCandidates(ctx, req.auth!, req.query.orgId, req.query.keyword)))
    r.post('/employee/set', { config: write, schema: { tags, summary: '设置人员（整个名单；空列表清空）', body: outerEmployeeSetBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await outer.setEmployees(ctx, req.auth!, req.body.orgId, req.body.userInfoIds), OuterMsg.SAVED))
    r.get('/mayOpen', {
      config: { public: true },
      schema: { tags, summary: '能否打开某机构的公共门户（访客需带 orgId）', querystring: outerOrgQuery, response: { 200: envelopeSchema(outerMayOpen) } },
    }, async (req) => {
      const auth = await optionalAuth(ctx, bearerToken(req), req.ip)
      const orgId = req.query.orgId ?? auth?.orgId
      if (orgId === undefined) throw notFound('机构不存在')
      const tenantId = await tenantIdOfOrg(ctx, orgId)
      if (tenantId === null) throw notFound('机构不存在')
      // Someone of another tenant is a visitor here.
      const who = auth && auth.tenantId === tenantId ? auth : null
      const got = await ctx.db.tenant(tenantId, (trx) => outer.outerAllowed(trx, who, orgId))
      return ok({ orgId, ...got })
    })
  }
}

import { envelopeSchema, tenantAddBody, tenantUpdateBody, loginPageInfo as loginPageInfoSchema, passwordRule as passwordRuleSchema, tenantPublicInfo as publicInfoSchema, tenantPublicInfoQuery, tenantDomainQuery, zNumber } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { tenantHeader } from '../../platform/request-meta.js'
import { createTenantWithAdmin, setTenantStatus, updateTenant } from './admin-service.js'
import { loginPageInfo, passwordRule, queryTenants, tenantByDomain, tenantByUniqueName, tenantPublicInfo } from './service.js'

export function tenantRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['tenant']

    r.get('/getLoginInfo', {
      config: { public: true },
      schema: { tags, summary: '登录页配置', querystring: z.object({ orgId: zNumber().int().optional() }), response: { 200: envelopeSchema(loginPageInfoSchema) } },
    }, async (req) => ok(await loginPageInfo(ctx, tenantHeader(req), req.query.orgId)))

    r.get('/public/info', {
      config: { public: true },
      schema: { tags, summary: '租户公开信息（按 tenantId，或按租户标识 uniqueName：仅启用的租户）', querystring: tenantPublicInfoQuery, response: { 200: envelopeSchema(publicInfoSchema) } },
    }, async (req) => ok(req.query.tenantId !== undefined ? await tenantPublicInfo(ctx, req.query.tenantId) : await tenantByUniqueName(ctx, req.query.uniqueName!)))

    r.get('/public/domain', {
      config: { public: true },
      schema: { tags, summary: '按域名查租户（公开：仅启用的租户，无则 null）', querystring: tenantDomainQuery, response: { 200: envelopeSchema(publicInfoSchema.nullable()) } },
    }, async (req) => ok(await tenantByDomain(ctx, req.query.domain)))

    r.get('/query', {
      config: { superAdmin: true },
      schema: {
        tags, summary: '租户列表（超级管理员）',
        querystring: z.object({ keyword: z.string().max(50).optional(), pageIndex: zNumber().int().min(1).default(1), pageSize: zNumber().int().min(1).max(100).default(20) }),
      },
    }, async (req) => ok(await queryTenants(ctx, req.query)))

    r.post('/add', {
      config: { superAdmin: true },
      schema: { tags, summary: '新建租户（含顶级机构与首个管理员）', body: tenantAddBody, response: { 200: envelopeSchema(z.object({ tenantId: z.number(), orgId: z.number(), adminUserName: z.string() })) } },
    }, async (req) => ok(await createTenantWithAdmin(ctx, req.body), '新增成功'))

    r.post('/update', { config: { superAdmin: true }, schema: { tags, summary: '编辑租户', body: tenantUpdateBody } },
      async (req) => { await updateTenant(ctx, req.body); return ok(null, '编辑成功') })

    r.post('/updateStatus', {
      config: { superAdmin: true },
      schema: { tags, summary: '启用/停用租户（停用即结束其全部会话）', body: z.object({ id: zNumber().int().min(0), status: zNumber().int().min(0).max(1) }) },
    }, async (req) => { await setTenantStatus(ctx, req.body.id, req.body.status); return ok(null, req.body.status === 0 ? '启用成功' : '停用成功') })

    r.post('/base/tenant/config/password/rule', {
      schema: { tags, summary: '密码规则', response: { 200: envelopeSchema(passwordRuleSchema) } },
    }, async (req) => ok(await passwordRule(ctx, req.auth!.tenantId)))
  }
}

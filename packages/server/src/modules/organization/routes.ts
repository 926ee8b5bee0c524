import { changeOrgQuery, envelopeSchema, orgInfo as orgInfoSchema, orgPublicInfo as orgPublicInfoSchema, Msg } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { changeOrg, orgInfo, orgPublicInfo } from './service.js'

export function organizationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['organizationUnit']

    r.get('/get', {
      schema: { tags, summary: '机构信息', querystring: z.object({ orgId: z.coerce.number().int().optional() }), response: { 200: envelopeSchema(orgInfoSchema) } },
    }, async (req) => ok(await orgInfo(ctx, req.auth!, req.query.orgId)))

    r.get('/changeOrg', {
      schema: { tags, summary: '切换机构，返回新令牌', querystring: changeOrgQuery, response: { 200: envelopeSchema(z.string()) } },
    }, async (req) => ok(await changeOrg(ctx, req.auth!, req.query.newOrgId, req.query.accountId), Msg.SWITCH_OK))

    r.get('/public/info', {
      config: { public: true },
      schema: { tags, summary: '机构公开信息（登录页）', querystring: z.object({ orgId: z.coerce.number().int() }), response: { 200: envelopeSchema(orgPublicInfoSchema) } },
    }, async (req) => ok(await orgPublicInfo(ctx, req.query.orgId)))
  }
}

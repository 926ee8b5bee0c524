import { bindOrg, envelopeSchema, jdTenantOrg, jdTenantOrgQuery, orgManager, workStationListItem, zNumber } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { listWorkStations } from '../base-data/work-station-service.js'
import { bindOrgs, jdTenantOrg as findJdOrg, orgManagers } from './extra-service.js'

/** organizationUnit getBindOrg, jdmh/tenant/org, get/manager and workStationList (000 §7.7; docs/base-data.md). */
export function organizationExtraRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['organizationUnit']
    const orgIdQuery = z.object({ orgId: zNumber().int().optional() })
    r.get('/getBindOrg', { schema: { tags, summary: '当前账号绑定的机构（current 为当前登录机构）', response: { 200: envelopeSchema(z.array(bindOrg)) } } },
      async (req) => ok(await bindOrgs(ctx, req.auth!)))
    r.get('/jdmh/tenant/org', { schema: { tags, summary: '租户的局端门户机构（非局端租户为 null）', querystring: jdTenantOrgQuery, response: { 200: envelopeSchema(jdTenantOrg) } } },
      async (req) => ok(await findJdOrg(ctx, req.auth!, req.query.tenantId)))
    r.get('/get/manager', { schema: { tags, summary: '机构管理员（默认当前机构）', querystring: orgIdQuery, response: { 200: envelopeSchema(z.array(orgManager)) } } },
      async (req) => ok(await orgManagers(ctx, req.auth!, req.query.orgId)))
    r.get('/workStationList', { schema: { tags, summary: '机构启用的岗位设置（默认当前机构）', querystring: orgIdQuery, response: { 200: envelopeSchema(z.array(workStationListItem)) } } },
      async (req) => ok(await listWorkStations(ctx, req.auth!, req.query.orgId)))
  }
}

import { envelopeSchema, orgTypeAddBody, orgTypePageBody, orgTypeRow, orgTypeUpdateBody, pageOf } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { statusAndDeleteRoutes } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import { addType, deleteType, pageTypes, setTypeStatus, updateType } from './type-service.js'

/** /base/api/orgType: organisation and department types (the spec does not name these paths; docs/base-data.md). */
export function orgTypeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['orgType']
    // Kept from organisation setup (orgType pages) and from the public-field page's architecture group (000 §2.3).
    const config = { permission: ['base_organization', 'base_communal_fields'] }
    // The types are the tenant's (every school picks from them): changed from the top org only.
    const write = { ...config, tenantWide: true }
    r.post('/page', { config, schema: { tags, summary: '机构/部门类型分页', body: orgTypePageBody, response: { 200: envelopeSchema(pageOf(orgTypeRow)) } } },
      async (req) => ok(await pageTypes(ctx, req.auth!, req.body)))
    r.post('/add', { config: write, schema: { tags, summary: '新增类型', body: orgTypeAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await addType(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config: write, schema: { tags, summary: '编辑类型', body: orgTypeUpdateBody } },
      async (req) => { await updateType(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config: write, noun: '类型', deleteNote: '（未被使用时）', setStatus: (a, id, s) => setTypeStatus(ctx, a, id, s), remove: (a, id) => deleteType(ctx, a, id) })
  }
}

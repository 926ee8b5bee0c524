import { dictAddBody, dictOptionGroup, dictOptionsBody, dictPageBody, dictRow, dictSelectQuery, dictUpdateBody, envelopeSchema, pageOf } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { statusAndDeleteRoutes } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import { addDict, deleteDict, dictOptions, pageDict, selectDict, setDictStatus, updateDict } from './dict-service.js'

/** /base/api/dict: tenant- and organisation-level dictionaries (000 §7.9); the page code follows the dictionary's group. */
export function dictRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['dict']
    r.post('/page', { schema: { tags, summary: '字典分页', body: dictPageBody, response: { 200: envelopeSchema(pageOf(dictRow)) } } },
      async (req) => ok(await pageDict(ctx, req.auth!, req.body)))
    r.get('/select', { schema: { tags, summary: '字典选项（租户级 + 本机构）', querystring: dictSelectQuery, response: { 200: envelopeSchema(z.array(dictRow)) } } },
      async (req) => ok(await selectDict(ctx, req.auth!, req.query.dictType, req.query.orgId)))
    r.post('/options', { schema: { tags, summary: '表单字典选项（按类型分组，001 §7.1）', body: dictOptionsBody, response: { 200: envelopeSchema(z.array(dictOptionGroup)) } } },
      async (req) => ok(await dictOptions(ctx, req.auth!, req.body)))
    r.post('/add', { schema: { tags, summary: '新增字典项', body: dictAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await addDict(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { schema: { tags, summary: '编辑字典项', body: dictUpdateBody } },
      async (req) => { await updateDict(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, noun: '字典项', setStatus: (a, id, s) => setDictStatus(ctx, a, id, s), remove: (a, id) => deleteDict(ctx, a, id) })
  }
}

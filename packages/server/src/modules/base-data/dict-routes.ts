import { dictAddBody, dictPageBody, dictRow, dictSelectQuery, dictUpdateBody, envelopeSchema, pageOf } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { addDict, deleteDict, pageDict, selectDict, setDictStatus, updateDict } from './dict-service.js'

/** /base/api/dict: tenant- and organisation-level dictionaries (000 §7.9); the page code follows the dictionary's group. */
export function dictRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['dict']
    const id = z.object({ id: z.coerce.number().int() })
    r.post('/page', { schema: { tags, summary: '字典分页', body: dictPageBody, response: { 200: envelopeSchema(pageOf(dictRow)) } } },
      async (req) => ok(await pageDict(ctx, req.auth!, req.body)))
    r.get('/select', { schema: { tags, summary: '字典选项（租户级 + 本机构）', querystring: dictSelectQuery, response: { 200: envelopeSchema(z.array(dictRow)) } } },
      async (req) => ok(await selectDict(ctx, req.auth!, req.query.dictType, req.query.orgId)))
    r.post('/add', { schema: { tags, summary: '新增字典项', body: dictAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await addDict(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { schema: { tags, summary: '编辑字典项', body: dictUpdateBody } },
      async (req) => { await updateDict(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.post('/updateStatus', { schema: { tags, summary: '启用/停用字典项', body: id.extend({ status: z.coerce.number().int().min(0).max(1) }) } },
      async (req) => { await setDictStatus(ctx, req.auth!, req.body.id, req.body.status); return ok(null, req.body.status === 0 ? '启用成功' : '停用成功') })
    r.post('/delete', { schema: { tags, summary: '删除字典项', body: id } },
      async (req) => { await deleteDict(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })
  }
}

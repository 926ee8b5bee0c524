import {
  dictRow, envelopeSchema, externalAddBody, externalPageBody, externalRow, externalUpdateBody, pageOf, workRestTypeAddBody, workRestTypePageBody,
  workRestTypeSelectQuery, workRestTypeUpdateBody, workStationAddBody, workStationMatrix, workStationPageBody, workStationRow, workStationUpdateBody, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { statusAndDeleteRoutes } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import { addDict, deleteDict, pageDict, selectDict, setDictStatus, updateDict } from './dict-service.js'
import * as ext from './external-service.js'
import * as ws from './work-station-service.js'

/**
 * /base/api/workRestType: the kinds of work-and-rest schedule (冬季作息, 夏季作息 …) offered by the schedule form.
 * The dictionary type workRestType (page code base_school, its tenant level also from the public-field page).
 */
export function workRestTypeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['workRestType']
    const dictType = 'workRestType' as const
    r.post('/page', { schema: { tags, summary: '作息类型分页', body: workRestTypePageBody, response: { 200: envelopeSchema(pageOf(dictRow)) } } },
      async (req) => ok(await pageDict(ctx, req.auth!, { ...req.body, dictType })))
    r.get('/select', { schema: { tags, summary: '作息类型选项（租户级 + 本机构，启用的）', querystring: workRestTypeSelectQuery, response: { 200: envelopeSchema(z.array(dictRow)) } } },
      async (req) => ok(await selectDict(ctx, req.auth!, dictType, req.query.orgId)))
    r.post('/add', { schema: { tags, summary: '新增作息类型', body: workRestTypeAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await addDict(ctx, req.auth!, { ...req.body, dictType }), '新增成功'))
    r.post('/update', { schema: { tags, summary: '编辑作息类型', body: workRestTypeUpdateBody } },
      async (req) => { await updateDict(ctx, req.auth!, req.body, dictType); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, {
      tags, noun: '作息类型',
      setStatus: (a, id, s) => setDictStatus(ctx, a, id, s, dictType), remove: (a, id) => deleteDict(ctx, a, id, dictType),
    })
  }
}

const wsConfig = { permission: 'base_user_account' }

/** /base/api/workStationMatrix: 岗位设置 of an org (the jobMatrixSet tab). */
export function workStationMatrixRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['workStationMatrix']
    const config = wsConfig
    r.post('/page', { config, schema: { tags, summary: '岗位设置分页', body: workStationPageBody, response: { 200: envelopeSchema(pageOf(workStationRow)) } } },
      async (req) => ok(await ws.pageWorkStations(ctx, req.auth!, req.body)))
    r.get('/matrix', { config, schema: { tags, summary: '岗位矩阵（岗位 × 等级）', querystring: z.object({ orgId: zNumber().int().optional() }), response: { 200: envelopeSchema(workStationMatrix) } } },
      async (req) => ok(await ws.workStationMatrix(ctx, req.auth!, req.query.orgId)))
    r.post('/add', { config, schema: { tags, summary: '新增岗位设置（岗位 + 等级唯一）', body: workStationAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await ws.addWorkStation(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑岗位设置', body: workStationUpdateBody } },
      async (req) => { await ws.updateWorkStation(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config, noun: '岗位设置', setStatus: (a, id, s) => ws.setWorkStationStatus(ctx, a, id, s), remove: (a, id) => ws.deleteWorkStation(ctx, a, id) })
  }
}

/** /base/api/external: 外聘人员 of an org. */
export function externalRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['external']
    const config = wsConfig
    r.post('/page', { config, schema: { tags, summary: '外聘人员分页', body: externalPageBody, response: { 200: envelopeSchema(pageOf(externalRow)) } } },
      async (req) => ok(await ext.pageExternal(ctx, req.auth!, req.body)))
    r.post('/add', { config, schema: { tags, summary: '新增外聘人员（本机构内手机号唯一）', body: externalAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await ext.addExternal(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑外聘人员', body: externalUpdateBody } },
      async (req) => { await ext.updateExternal(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    statusAndDeleteRoutes(app, { tags, config, noun: '外聘人员', setStatus: (a, id, s) => ext.setExternalStatus(ctx, a, id, s), remove: (a, id) => ext.deleteExternal(ctx, a, id) })
  }
}

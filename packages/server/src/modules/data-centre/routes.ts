import { dataCentreList, dataCentreListQuery, dataWarehouseQuery, dataWarehouseRow, dataWarehouseSetBody, DataCentreMsg, envelopeSchema, iotMenuEntry, pageOf } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import * as svc from './service.js'

const tags = ['数据中心']

/** /base/api/dataCenter: the data-centre and low-code lists, the IoT entries and the data warehouse switch. */
export function dataCentreRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.get('/appList', { schema: { tags, summary: '大数据中心/低代码应用列表（应用类型3、4，本人可打开的）', querystring: dataCentreListQuery, response: { 200: envelopeSchema(dataCentreList) } } },
      async (req) => ok(await svc.dataCentreList(ctx, req.auth!, req.query.kind)))
    r.get('/iotMenu', { schema: { tags, summary: '物联网平台菜单（按权限）', response: { 200: envelopeSchema(z.array(iotMenuEntry)) } } },
      async (req) => ok(await svc.iotMenu(ctx, req.auth!)))
    r.get('/warehouse/list', { config: { superAdmin: true }, schema: { tags, summary: '各租户数据仓库开通情况（平台管理员）', querystring: dataWarehouseQuery, response: { 200: envelopeSchema(pageOf(dataWarehouseRow)) } } },
      async (req) => ok(await svc.warehouseTenants(ctx, req.query)))
    r.post('/warehouse/set', { config: { superAdmin: true }, schema: { tags, summary: '开通/关闭租户的数据仓库（平台管理员）', body: dataWarehouseSetBody } },
      async (req) => { await svc.setWarehouse(ctx, req.body); return ok(null, req.body.enabled ? DataCentreMsg.ENABLED : DataCentreMsg.DISABLED) })
  }
}

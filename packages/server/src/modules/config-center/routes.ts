import { ConfigCenterMsg, configCenter, configCenterSaveBody, envelopeSchema } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { readConfigCenter, saveConfigCenter } from './service.js'

/**
 * The config centre (001 §2.4; docs/portal.md "Startup"), under /base/api/config/center: the public read the web app
 * makes once at startup, and the super administrator's save (/base-set/system).
 */
export function configCenterRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['config-center']

    r.get('/', {
      config: { public: true },
      schema: { tags, summary: '配置中心（公开：网关、文件、消息、智能助手地址，学校门户机构，移动端场地预约地址，应用版本）', response: { 200: envelopeSchema(configCenter) } },
    }, async () => ok(await readConfigCenter(ctx)))

    r.post('/save', {
      config: { superAdmin: true },
      schema: { tags, summary: '保存配置中心（超级管理员）', body: configCenterSaveBody },
    }, async (req) => { await saveConfigCenter(ctx, req.body, req.auth!.accountId); return ok(null, ConfigCenterMsg.SAVED) })
  }
}

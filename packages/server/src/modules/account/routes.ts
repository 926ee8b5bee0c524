import { changePasswordBody, currentUserDetail as detailSchema, envelopeSchema, loginOrg, Msg, mustChangeDefaultPasswordBody, userOrgsQuery, verifyCheckResult, verifyInfoBody } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { resetWithTicket } from '../auth/password-change.js'
import { changePassword, currentUserDetail, userOrgs } from './service.js'
import { verifyCheck, verifySave } from './verify-service.js'

export function accountRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['account']

    r.get('/user/current/detail', { schema: { tags, summary: '当前用户详情', response: { 200: envelopeSchema(detailSchema) } } },
      async (req) => ok(await currentUserDetail(ctx, req.auth!)))

    r.get('/user/orgs', { schema: { tags, summary: '当前账号的机构列表（openAccountId 可选，只能是本人账号）', querystring: userOrgsQuery, response: { 200: envelopeSchema(z.array(loginOrg)) } } },
      async (req) => ok(await userOrgs(ctx, req.auth!, req.query.openAccountId)))

    r.post('/must/change/default/password', {
      config: { public: true },
      schema: { tags, summary: '强制修改初始或过期密码', body: mustChangeDefaultPasswordBody },
    }, async (req) => {
      await resetWithTicket(ctx, req.body.mustRstPwdId, req.body.newPassword)
      return ok(null, Msg.PASSWORD_CHANGED)
    })

    r.post('/change/password', { schema: { tags, summary: '修改密码', body: changePasswordBody } }, async (req) => {
      await changePassword(ctx, req.auth!, req.body.oldPwd, req.body.newPwd)
      return ok(null, Msg.PASSWORD_CHANGED)
    })
  }
}

/** The paths of the required-information check after login (000 §7.2, §7.5), registered without a prefix. */
export const REQUIRED_INFO_CHECK = '/base/api/auth/checkRequiredInfoAfterLogin'
export const REQUIRED_INFO_SAVE = '/base/userInfo/teacherInfo/update/requiredInfoAfterLogin/info'

export function requiredInfoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['account']
    r.get(REQUIRED_INFO_CHECK, { schema: { tags, summary: '登录后信息核验：必填字段与当前信息', response: { 200: envelopeSchema(verifyCheckResult) } } },
      async (req) => ok(await verifyCheck(ctx, req.auth!)))
    r.post(REQUIRED_INFO_SAVE, { schema: { tags, summary: '保存核验信息（已有的手机号和身份证号不变）', body: verifyInfoBody } },
      async (req) => { await verifySave(ctx, req.auth!, req.body); return ok(null, '保存成功') })
  }
}

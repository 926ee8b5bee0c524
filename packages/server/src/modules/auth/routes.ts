import { checkCodeImage, envelopeSchema, loginByUserPwdBody, loginResult, Msg } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { unauthorized } from '../../platform/errors.js'
import { loadGrants } from '../../platform/permissions.js'
import { revokeSession } from '../../platform/session.js'
import { type CaptchaText, createCaptcha } from './captcha.js'
import { loginByPassword } from './service.js'
import { signInMeta } from './sign-in.js'

export function authRoutes(ctx: AppContext, opts: { captchaText?: CaptchaText } = {}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['auth']

    for (const [path, autoPickOrg] of [['loginByUserPwd', false], ['loginByUserPwdNoOrg', true]] as const) {
      r.post(`/${path}`, {
        config: { public: true },
        schema: { tags, summary: autoPickOrg ? '账号密码登录（自动选择机构）' : '账号密码登录', body: loginByUserPwdBody, response: { 200: envelopeSchema(loginResult) } },
      }, async (req) => {
        const answer = await loginByPassword(ctx, req.body, signInMeta(req, autoPickOrg))
        return ok(answer.data, answer.msg)
      })
    }

    r.get('/checkCode/image', {
      config: { public: true },
      schema: { tags, summary: '图形验证码', response: { 200: envelopeSchema(checkCodeImage) } },
    }, async () => ok(await createCaptcha(ctx, opts.captchaText)))

    r.post('/logout', { schema: { tags, summary: '退出登录' } }, async (req) => {
      const auth = req.auth
      if (!auth) throw unauthorized()
      await ctx.db.tenant(auth.tenantId, (trx) => revokeSession(trx, auth.sessionId, ctx.clock.now()))
      return ok(null, Msg.LOGOUT_OK)
    })

    r.post('/user/current/getAdminRealPermissions', {
      schema: { tags, summary: '当前用户的真实权限', response: { 200: envelopeSchema(z.array(z.string())) } },
    }, async (req) => {
      const auth = req.auth!
      return ok((await ctx.db.tenant(auth.tenantId, (trx) => loadGrants(trx, auth.userInfoId))).permissions)
    })
  }
}

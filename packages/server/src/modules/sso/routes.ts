import {
  codeLoginBody, envelopeSchema, loginByThirdSsoBody, pageOf, smartEduLogoutQuery, smartEduLogoutResult, SsoErrorCode, SsoMsg, thirdBindBody, thirdButton,
  thirdConfigBody, thirdConfigIdQuery, thirdConfigUpdateBody, thirdConfigPageBody, thirdConfigRow, thirdListQuery, thirdLoginResult, thirdRefreshResult, thirdUrlQuery,
  thirdUrlResult, THIRD_TYPES, unbindByPwdBody, type ThirdType, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { AppError, refused } from '../../platform/errors.js'
import { clientIp, readCookie, tenantHeader } from '../../platform/request-meta.js'
import { signInMeta } from '../auth/sign-in.js'
import type { DingtalkQrSource } from '../login-security/qr.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { smartEduLogoutUrl, unbindByPassword } from './account-links.js'
import { addConfig, deleteConfig, getConfig, loginButtons, pageConfigs, refreshConfig, updateConfig } from './config-service.js'
import { bindAndLogin, BROWSER_COOKIE, loginByCode, loginByThirdSso, startThirdLogin } from './flow.js'

const CALLBACK_PAGE = '/#/redirect/thirdLogin'
const permission = 'sc_menhu_third_config'

/** The address the provider sends the browser back to is built from the request (behind a proxy: TRUST_PROXY=1). */
function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`
}

/** HttpOnly, only for the auth calls, gone after the state's 10 minutes: proves loginByThirdSSO comes from the browser that started. */
function setBrowserCookie(req: FastifyRequest, reply: FastifyReply, value: string): void {
  const secure = req.protocol === 'https' ? '; Secure' : ''
  reply.header('set-cookie', `${BROWSER_COOKIE}=${value}; Path=/base/api/auth; HttpOnly; SameSite=Lax; Max-Age=600${secure}`)
}

/** The login page's tenant: the tenantId header, else ?tenantId= (a plain link), else the unit of ?orgId=. */
async function tenantOf(ctx: AppContext, req: FastifyRequest, q: { orgId?: number; tenantId?: number }): Promise<number | null> {
  const h = tenantHeader(req)
  if (h > 0) return h
  if (q.tenantId) return q.tenantId
  return q.orgId ? tenantIdOfOrg(ctx, q.orgId) : null
}

function pageUrl(params: Record<string, string | null | undefined>): string {
  const q = new URLSearchParams()
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v)
  return `${CALLBACK_PAGE}?${q.toString()}`
}

/** For the QR login screen (modules/login-security/qr.ts): DingTalk's own login, once the tenant configured it. */
export const dingtalkQrSource: DingtalkQrSource = {
  async qrLoginUrl(ctx, tenantId) {
    const buttons = await loginButtons(ctx, tenantId)
    return buttons.some((b) => b.thirdType === 'dingtalk') ? `/base/api/auth/third/start?thirdType=dingtalk&tenantId=${tenantId}` : null
  },
}

const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  /** DingTalk names the code authCode. */
  authCode: z.string().max(2000).optional(),
  state: z.string().max(300).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
})

/** Under /base/api/auth (000 §7.2): the third-party sign-in calls and the code login. */
export function ssoAuthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['第三方登录']

    r.get('/third/list', {
      config: { public: true },
      schema: { tags, summary: '登录页的第三方登录按钮（本单位已启用的配置）', querystring: thirdListQuery, response: { 200: envelopeSchema(z.array(thirdButton)) } },
    }, async (req) => {
      const tenantId = await tenantOf(ctx, req, req.query)
      return ok(tenantId ? await loginButtons(ctx, tenantId) : [])
    })

    r.get('/third/url', {
      config: { public: true },
      schema: { tags, summary: '第三方登录地址（含一次性 state，浏览器绑定 Cookie）', querystring: thirdUrlQuery, response: { 200: envelopeSchema(thirdUrlResult) } },
    }, async (req, reply) => {
      const tenantId = await tenantOf(ctx, req, req.query)
      if (!tenantId) throw refused(SsoErrorCode.NOT_CONFIGURED, SsoMsg.NOT_CONFIGURED)
      const { url, state, browserSecret } = await startThirdLogin(ctx, { tenantId, thirdType: req.query.thirdType, origin: origin(req), redirect: req.query.redirect || null })
      setBrowserCookie(req, reply, browserSecret)
      return ok({ url, state })
    })

    r.get('/third/start', {
      config: { public: true },
      schema: { tags, summary: '跳转到第三方登录（链接形式的 third/url）', querystring: thirdUrlQuery.extend({ tenantId: zNumber().int().positive().optional() }) },
    }, async (req, reply) => {
      try {
        const tenantId = await tenantOf(ctx, req, req.query)
        if (!tenantId) throw refused(SsoErrorCode.NOT_CONFIGURED, SsoMsg.NOT_CONFIGURED)
        const { url, browserSecret } = await startThirdLogin(ctx, { tenantId, thirdType: req.query.thirdType, origin: origin(req), redirect: req.query.redirect || null })
        setBrowserCookie(req, reply, browserSecret)
        return reply.redirect(url)
      } catch (e) {
        if (!(e instanceof AppError)) throw e
        return reply.redirect(pageUrl({ error: e.message }))
      }
    })

    r.get('/third/callback/:thirdType', {
      config: { public: true },
      schema: { tags, summary: '第三方回调：把授权码交给登录页完成登录', params: z.object({ thirdType: z.enum(THIRD_TYPES) }), querystring: callbackQuery },
    }, async (req, reply) => {
      const q = req.query
      // Nothing is spent here: the web page posts loginByThirdSSO, which checks state, browser and code together.
      return reply.redirect(pageUrl({
        thirdType: req.params.thirdType, code: q.code ?? q.authCode, state: q.state, iss: q.iss,
        error: q.error ? (q.error_description || q.error).slice(0, 200) : undefined,
      }))
    })

    r.post('/loginByThirdSSO', {
      config: { public: true },
      schema: { tags, summary: '第三方登录（thirdType、token=授权码、state）', body: loginByThirdSsoBody, response: { 200: envelopeSchema(thirdLoginResult) } },
    }, async (req) => {
      const a = await loginByThirdSso(ctx, req.body, readCookie(req, BROWSER_COOKIE), signInMeta(req))
      return ok(a.data, a.msg)
    })

    for (const [path, autoPickOrg] of [['third/bindLogin', false], ['third/loginByUserPwdNoOrg', true]] as const) {
      r.post(`/${path}`, {
        config: { public: true },
        schema: {
          tags, summary: autoPickOrg ? '首次第三方登录：账号密码绑定并登录（自动选择机构）' : '首次第三方登录：账号密码绑定并登录',
          body: thirdBindBody, response: { 200: envelopeSchema(thirdLoginResult) },
        },
      }, async (req) => {
        const a = await bindAndLogin(ctx, req.body, { ...signInMeta(req), autoPickOrg })
        return ok(a.data, a.msg)
      })
    }

    r.post('/loginByCode', {
      config: { public: true },
      schema: { tags, summary: '授权码登录（coreAccountId、reqId、tenantId；state 120 且有 token 为成功）', body: codeLoginBody, response: { 200: envelopeSchema(thirdLoginResult) } },
    }, async (req) => {
      const a = await loginByCode(ctx, req.body, signInMeta(req))
      return ok(a.data, a.msg)
    })

    r.get('/third/querySmartEduLogoutUrl', {
      schema: { tags, summary: '智慧教育平台登录的会话：平台的退出地址（其他会话为 null）', querystring: smartEduLogoutQuery, response: { 200: envelopeSchema(smartEduLogoutResult) } },
    }, async (req) => ok({ logoutUrl: await smartEduLogoutUrl(ctx, req.auth!, req.query.redirectUrl || null) }))

    r.post('/smartEdu/unbindByPwd', {
      schema: { tags, summary: '输入密码解绑智慧教育平台（或 thirdType 指定的第三方）账号', body: unbindByPwdBody },
    }, async (req) => {
      await unbindByPassword(ctx, req.auth!, req.body, clientIp(req))
      return ok(null, SsoMsg.UNBOUND)
    })
  }
}

/** /base/openthirdconfig (001 §7.5): the tenant's providers, under 第三方登录配置. */
export function thirdConfigRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['第三方登录配置']
    // The providers sign in people of every school (a school's admin holds the code too): top org only.
    const config = { permission, tenantWide: true }
    r.post('/page', { config, schema: { tags, summary: '第三方登录配置列表（不含密钥）', body: thirdConfigPageBody, response: { 200: envelopeSchema(pageOf(thirdConfigRow)) } } },
      async (req) => ok(await pageConfigs(ctx, req.auth!, { ...req.body, thirdType: req.body.thirdType as ThirdType | null | undefined })))
    r.post('/add', { config, schema: { tags, summary: '新增第三方登录配置（密钥加密保存）', body: thirdConfigBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await addConfig(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config, schema: { tags, summary: '编辑第三方登录配置（不填密钥则保留原密钥）', body: thirdConfigUpdateBody } },
      async (req) => { await updateConfig(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.get('/delete', { config, schema: { tags, summary: '删除第三方登录配置（连同其绑定）', querystring: thirdConfigIdQuery } },
      async (req) => { await deleteConfig(ctx, req.auth!, req.query.id); return ok(null, '删除成功') })
    r.get('/get', { config, schema: { tags, summary: '第三方登录配置详情（不含密钥）', querystring: thirdConfigIdQuery, response: { 200: envelopeSchema(thirdConfigRow) } } },
      async (req) => ok(await getConfig(ctx, req.auth!, req.query.id)))
    r.get('/refreshMenu', { config, schema: { tags, summary: '重新获取第三方登录地址并检查连接', querystring: thirdConfigIdQuery, response: { 200: envelopeSchema(thirdRefreshResult) } } },
      async (req) => ok(await refreshConfig(ctx, req.auth!, req.query.id)))
  }
}

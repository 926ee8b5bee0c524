import {
  checkPasswordBody, checkPasswordResult, envelopeSchema, loginByTotpBody, loginLogPage, loginLogQuery, loginResult, QrMsg, qrActionBody, qrCodeInfo,
  qrProcessQuery, qrProcessResult, qrScanInfo, totpConfirmBody, totpDisableBody, totpEnrolment, totpLoginConfirmBody, totpLoginEnrolBody, totpPolicy,
  totpRecoveryCodes, totpStatus, TotpMsg, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { bearerToken } from '../../platform/auth-hook.js'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { readCookie, tenantHeader } from '../../platform/request-meta.js'
import { resolveSession } from '../../platform/session.js'
import { signInMeta } from '../auth/sign-in.js'
import { checkPassword } from './check-password.js'
import { loginLogPage as readLoginLog } from './login-log.js'
import { actOnQr, createQr, isBrowserSecret, newBrowserSecret, pollQr, QR_BROWSER_COOKIE, qrBinding, type DingtalkQrSource } from './qr.js'
import { loginByTotp, loginEnrolConfirm, loginEnrolStart } from './totp-login.js'
import { getTotpPolicy, setTotpPolicy, totpDisable, totpEnrolConfirm, totpEnrolStart, totpStatus as readTotpStatus } from './totp-service.js'

/**
 * The login log's permission: 操作日志 of the role area, the code of the audit logs of accounts and grants. Not the
 * base-data key-log code (base_log_monitor): 000 §6 takes the log-monitor menus from bureau-level units, where a
 * district's administrators sit.
 */
export const LOGIN_LOG_PERMISSION = 'permission_operation_log'
/** The TOTP requirement is a tenant setting: the system settings page's code (基础设置). */
export const TOTP_POLICY_PERMISSION = 'base_set'

/** Under /base/api/auth: checkPassword, the TOTP step and settings, the login log. */
export function loginSecurityRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['auth']

    r.post('/checkPassword', {
      config: { public: true },
      schema: { tags, summary: '校验密码（新密码是否符合密码规则；登录后可校验当前密码）', body: checkPasswordBody, response: { 200: envelopeSchema(checkPasswordResult) } },
    }, async (req) => {
      // Public, but a signed-in caller is recognised: the current-password check needs the session.
      const token = bearerToken(req)
      const auth = token ? await resolveSession(ctx, token) : null
      return ok(await checkPassword(ctx, auth, tenantHeader(req), req.body), '密码符合要求')
    })

    r.post('/loginByTotp', {
      config: { public: true },
      schema: { tags, summary: '两步验证登录（operationType 7 之后）', body: loginByTotpBody, response: { 200: envelopeSchema(loginResult) } },
    }, async (req) => {
      const answer = await loginByTotp(ctx, req.body, signInMeta(req))
      return ok(answer.data, answer.msg)
    })

    r.post('/totp/login/enrol', {
      config: { public: true },
      schema: { tags, summary: '登录时绑定两步验证：获取密钥', body: totpLoginEnrolBody, response: { 200: envelopeSchema(totpEnrolment) } },
    }, async (req) => ok(await loginEnrolStart(ctx, req.body.ticket)))

    r.post('/totp/login/confirm', {
      config: { public: true },
      schema: { tags, summary: '登录时绑定两步验证：确认首个验证码并登录', body: totpLoginConfirmBody, response: { 200: envelopeSchema(loginResult.extend({ recoveryCodes: z.array(z.string()) })) } },
    }, async (req) => {
      const answer = await loginEnrolConfirm(ctx, req.body.ticket, req.body.code, signInMeta(req))
      return ok(answer.data, answer.msg)
    })

    r.get('/totp/status', { schema: { tags, summary: '两步验证状态', response: { 200: envelopeSchema(totpStatus) } } },
      async (req) => ok(await readTotpStatus(ctx, req.auth!)))

    r.post('/totp/enrol', { schema: { tags, summary: '绑定两步验证：获取密钥与二维码地址', response: { 200: envelopeSchema(totpEnrolment) } } },
      async (req) => ok(await totpEnrolStart(ctx, req.auth!)))

    r.post('/totp/confirm', {
      schema: { tags, summary: '绑定两步验证：确认首个验证码，返回恢复码（仅此一次）', body: totpConfirmBody, response: { 200: envelopeSchema(totpRecoveryCodes) } },
    }, async (req) => ok({ recoveryCodes: await totpEnrolConfirm(ctx, req.auth!, req.body.code) }, TotpMsg.ENABLED))

    r.post('/totp/disable', { schema: { tags, summary: '关闭两步验证（需当前密码）', body: totpDisableBody } },
      async (req) => { await totpDisable(ctx, req.auth!, req.body.password); return ok(null, TotpMsg.DISABLED) })

    r.get('/totp/policy', {
      config: { permission: TOTP_POLICY_PERMISSION },
      schema: { tags, summary: '本单位两步验证要求', response: { 200: envelopeSchema(totpPolicy) } },
    }, async (req) => ok(await getTotpPolicy(ctx, req.auth!)))

    r.post('/totp/policy', {
      // tenant.config: the policy binds the administrators of every school, so only the top org's may set it.
      config: { permission: TOTP_POLICY_PERMISSION, tenantWide: true },
      schema: { tags, summary: '设置本单位管理员是否必须启用两步验证', body: totpPolicy },
    }, async (req) => { await setTotpPolicy(ctx, req.auth!, req.body); return ok(null, '保存成功') })

    r.get('/loginLog/page', {
      config: { permission: LOGIN_LOG_PERMISSION },
      schema: { tags, summary: '登录日志', querystring: loginLogQuery, response: { 200: envelopeSchema(loginLogPage) } },
    }, async (req) => ok(await readLoginLog(ctx, req.auth!, req.query)))

    r.post('/loginLog/page', {
      config: { permission: LOGIN_LOG_PERMISSION },
      schema: { tags, summary: '登录日志', body: loginLogQuery, response: { 200: envelopeSchema(loginLogPage) } },
    }, async (req) => ok(await readLoginLog(ctx, req.auth!, req.body)))
  }
}

const QR_PATH = '/base/thirdparty/dingtalk'

/**
 * The waiting page's browser secret: the one its cookie already holds (so two login tabs of one browser keep polling
 * their own codes), else a new one. Sent back on every new code with a fresh lifetime, HttpOnly (the page's script
 * never sees it) and only for the QR calls; SameSite=Strict, since only the page itself polls.
 */
function qrBrowserSecret(req: FastifyRequest, reply: FastifyReply): string {
  const held = readCookie(req, QR_BROWSER_COOKIE)
  const secret = isBrowserSecret(held) ? held : newBrowserSecret()
  const secure = req.protocol === 'https' ? '; Secure' : ''
  reply.header('set-cookie', `${QR_BROWSER_COOKIE}=${secret}; Path=${QR_PATH}; HttpOnly; SameSite=Strict; Max-Age=600${secure}`)
  return secret
}

/** Under /base/thirdparty/dingtalk (000 §7.5): the QR-code login. */
export function qrLoginRoutes(ctx: AppContext, opts: { dingtalk?: DingtalkQrSource } = {}) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['auth']

    r.get('/qrcode', {
      config: { public: true },
      schema: { tags, summary: '获取扫码登录二维码（2分钟有效，单次使用；绑定本浏览器）', querystring: z.object({ orgId: zNumber().int().optional() }), response: { 200: envelopeSchema(qrCodeInfo) } },
    }, async (req, reply) => {
      const bind = await qrBinding(ctx, tenantHeader(req), req.query.orgId)
      return ok(await createQr(ctx, bind, qrBrowserSecret(req, reply), signInMeta(req), opts.dingtalk))
    })

    r.get('/loginQRCodeByOrg', {
      config: { public: true },
      schema: { tags, summary: '获取机构的扫码登录二维码（绑定本浏览器）', querystring: z.object({ orgId: zNumber().int() }), response: { 200: envelopeSchema(qrCodeInfo) } },
    }, async (req, reply) => {
      const bind = await qrBinding(ctx, tenantHeader(req), req.query.orgId)
      return ok(await createQr(ctx, bind, qrBrowserSecret(req, reply), signInMeta(req), opts.dingtalk))
    })

    r.get('/login/qrcode/process', {
      config: { public: true },
      schema: { tags, summary: '扫码登录状态（生成二维码的浏览器轮询；确认后首次返回登录令牌）', querystring: qrProcessQuery, response: { 200: envelopeSchema(qrProcessResult) } },
    }, async (req) => ok(await pollQr(ctx, req.query.qrId, readCookie(req, QR_BROWSER_COOKIE), signInMeta(req))))

    r.post('/login/qrcode/process', {
      schema: { tags, summary: '手机端扫码、确认或取消登录', body: qrActionBody, response: { 200: envelopeSchema(qrScanInfo) } },
    }, async (req) => {
      const info = await actOnQr(ctx, req.auth!, req.body)
      return ok(info, info.state === 'confirmed' ? QrMsg.CONFIRMED : info.state === 'cancelled' ? QrMsg.CANCELLED : QrMsg.SCANNED)
    })
  }
}

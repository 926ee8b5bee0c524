import { loginSecurityContracts as C, QrMsg, qrLoginContracts as Q, TotpMsg } from '@zhixiao/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { bearerToken } from '../../platform/auth-hook.js'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { readCookie, tenantHeader } from '../../platform/request-meta.js'
import { resolveSession } from '../../platform/session.js'
import { signInMeta } from '../auth/sign-in.js'
import { checkPassword } from './check-password.js'
import { loginLogPage as readLoginLog } from './login-log.js'
import type { DingtalkQrSource } from '../sso/dingtalk-qr.js'
import { actOnQr, createQr, isBrowserSecret, newBrowserSecret, pollQr, QR_BROWSER_COOKIE, qrBinding } from './qr.js'
import { loginByTotp, loginEnrolConfirm, loginEnrolStart } from './totp-login.js'
import {
  getTotpPolicy,
  setTotpPolicy,
  totpDisable,
  totpEnrolConfirm,
  totpEnrolStart,
  totpStatus as readTotpStatus,
} from './totp-service.js'

/** Under /base/api/auth: checkPassword, the TOTP step and settings, the login log. */
export const loginSecurityRoutes = (ctx: AppContext) => [
  handle(C.checkPassword, async (req) => {
    // Public, but a signed-in caller is recognised: the current-password check needs the session.
    const token = bearerToken(req)
    const auth = token ? await resolveSession(ctx, token) : null
    return ok(await checkPassword(ctx, auth, tenantHeader(req), req.body), '密码符合要求')
  }),

  handle(C.loginByTotp, async (req) => {
    const answer = await loginByTotp(ctx, req.body, signInMeta(req))
    return ok(answer.data, answer.msg)
  }),
  handle(C.loginEnrol, async (req) => ok(await loginEnrolStart(ctx, req.body.ticket))),
  handle(C.loginEnrolConfirm, async (req) => {
    const answer = await loginEnrolConfirm(ctx, req.body.ticket, req.body.code, signInMeta(req))
    return ok(answer.data, answer.msg)
  }),

  handle(C.totpStatus, async (req) => ok(await readTotpStatus(ctx, req.auth!))),
  handle(C.totpEnrol, async (req) => ok(await totpEnrolStart(ctx, req.auth!))),
  handle(C.totpConfirm, async (req) =>
    ok({ recoveryCodes: await totpEnrolConfirm(ctx, req.auth!, req.body.code) }, TotpMsg.ENABLED),
  ),
  handle(C.totpDisable, async (req) => {
    await totpDisable(ctx, req.auth!, req.body.password)
    return ok(null, TotpMsg.DISABLED)
  }),
  handle(C.totpPolicy, async (req) => ok(await getTotpPolicy(ctx, req.auth!))),
  handle(C.setTotpPolicy, async (req) => {
    await setTotpPolicy(ctx, req.auth!, req.body)
    return ok(null, '保存成功')
  }),

  handle(C.loginLog, async (req) => ok(await readLoginLog(ctx, req.auth!, req.query))),
  handle(C.loginLogPost, async (req) => ok(await readLoginLog(ctx, req.auth!, req.body))),
]

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
  reply.header(
    'set-cookie',
    `${QR_BROWSER_COOKIE}=${secret}; Path=${QR_PATH}; HttpOnly; SameSite=Strict; Max-Age=600${secure}`,
  )
  return secret
}

/** Under /base/thirdparty/dingtalk (000 §7.5): the QR-code login; `dingtalk` offers DingTalk's own QR login once configured. */
export const qrLoginRoutes = (ctx: AppContext, opts: { dingtalk?: DingtalkQrSource } = {}) => [
  handle(Q.qrCode, async (req, reply) => {
    const bind = await qrBinding(ctx, tenantHeader(req), req.query.orgId)
    return ok(await createQr(ctx, bind, qrBrowserSecret(req, reply), signInMeta(req), opts.dingtalk))
  }),
  handle(Q.qrCodeByOrg, async (req, reply) => {
    const bind = await qrBinding(ctx, tenantHeader(req), req.query.orgId)
    return ok(await createQr(ctx, bind, qrBrowserSecret(req, reply), signInMeta(req), opts.dingtalk))
  }),
  handle(Q.poll, async (req) =>
    ok(await pollQr(ctx, req.query.qrId, readCookie(req, QR_BROWSER_COOKIE), signInMeta(req))),
  ),
  handle(Q.act, async (req) => {
    const info = await actOnQr(ctx, req.auth!, req.body)
    return ok(
      info,
      info.state === 'confirmed' ? QrMsg.CONFIRMED : info.state === 'cancelled' ? QrMsg.CANCELLED : QrMsg.SCANNED,
    )
  }),
]

import { authContracts as C, Msg } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { type ContractRequest, handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { unauthorized } from '../../platform/errors.js'
import { publicOrigin } from '../../platform/public-origin.js'
import { type CaptchaText, createCaptcha } from './captcha.js'
import { loginByPassword, logout, realPermissions } from './service.js'
import { signInMeta } from './sign-in.js'

/** /base/api/auth: the password login (and its variant that picks the organisation), the check code, logout, the real grants. */
export const authRoutes = (ctx: AppContext, opts: { captchaText?: CaptchaText } = {}) => {
  const passwordLogin =
    (autoPickOrg: boolean) => async (req: ContractRequest<Pick<typeof C.loginByUserPwd, 'body'>>) => {
      const answer = await loginByPassword(ctx, req.body, signInMeta(req, autoPickOrg))
      return ok(answer.data, answer.msg)
    }
  return [
    handle(C.loginByUserPwd, passwordLogin(false)),
    handle(C.loginByUserPwdNoOrg, passwordLogin(true)),

    handle(C.checkCodeImage, async () => ok(await createCaptcha(ctx, opts.captchaText))),

    handle(C.logout, async (req) => {
      const auth = req.auth
      if (!auth) throw unauthorized()
      await logout(ctx, auth, publicOrigin(ctx, req))
      return ok(null, Msg.LOGOUT_OK)
    }),

    handle(C.adminRealPermissions, async (req) => ok(await realPermissions(ctx, req.auth!))),
  ]
}

import { SsoErrorCode, SsoMsg, ssoContracts as S, thirdConfigContracts as T, type ThirdType } from '@zhixiao/shared'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../platform/context.js'
import { type ContractRequest, handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { AppError, refused } from '../../platform/errors.js'
import { clientIp, readCookie, tenantHeader } from '../../platform/request-meta.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { smartEduLogoutUrl, unbindByPassword } from './account-links.js'
import {
  addConfig,
  deleteConfig,
  getConfig,
  loginButtons,
  pageConfigs,
  refreshConfig,
  updateConfig,
} from './config-service.js'
import { bindAndLogin, BROWSER_COOKIE, loginByCode, loginByThirdSso, startThirdLogin } from './flow.js'
import { signInMeta } from '../auth/sign-in.js'

const CALLBACK_PAGE = '/#/redirect/thirdLogin'

/** The address the provider sends the browser back to is built from the request (behind a proxy: TRUST_PROXY=1). */
function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`
}

/** HttpOnly, only for the auth calls, gone after the state's 10 minutes: proves loginByThirdSSO comes from the browser that started. */
function setBrowserCookie(req: FastifyRequest, reply: FastifyReply, value: string): void {
  const secure = req.protocol === 'https' ? '; Secure' : ''
  reply.header(
    'set-cookie',
    `${BROWSER_COOKIE}=${value}; Path=/base/api/auth; HttpOnly; SameSite=Lax; Max-Age=600${secure}`,
  )
}

/** The login page's tenant: the tenantId header, else ?tenantId= (a plain link), else the unit of ?orgId=. */
async function tenantOf(
  ctx: AppContext,
  req: FastifyRequest,
  q: { orgId?: number; tenantId?: number },
): Promise<number | null> {
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

/** third/bindLogin and its variant that picks the organisation. */
const bindLogin =
  (ctx: AppContext, autoPickOrg: boolean) => async (req: ContractRequest<Pick<typeof S.bindLogin, 'body'>>) => {
    const a = await bindAndLogin(ctx, req.body, { ...signInMeta(req), autoPickOrg })
    return ok(a.data, a.msg)
  }

/** Under /base/api/auth (000 §7.2): the third-party sign-in calls and the code login. */
export const ssoRoutes = (ctx: AppContext) => [
  handle(S.buttons, async (req) => {
    const tenantId = await tenantOf(ctx, req, req.query)
    return ok(tenantId ? await loginButtons(ctx, tenantId) : [])
  }),

  handle(S.url, async (req, reply) => {
    const tenantId = await tenantOf(ctx, req, req.query)
    if (!tenantId) throw refused(SsoErrorCode.NOT_CONFIGURED, SsoMsg.NOT_CONFIGURED)
    const { url, state, browserSecret } = await startThirdLogin(ctx, {
      tenantId,
      thirdType: req.query.thirdType,
      origin: origin(req),
      redirect: req.query.redirect || null,
    })
    setBrowserCookie(req, reply, browserSecret)
    return ok({ url, state })
  }),

  handle(S.start, async (req, reply) => {
    try {
      const tenantId = await tenantOf(ctx, req, req.query)
      if (!tenantId) throw refused(SsoErrorCode.NOT_CONFIGURED, SsoMsg.NOT_CONFIGURED)
      const { url, browserSecret } = await startThirdLogin(ctx, {
        tenantId,
        thirdType: req.query.thirdType,
        origin: origin(req),
        redirect: req.query.redirect || null,
      })
      setBrowserCookie(req, reply, browserSecret)
      return reply.redirect(url)
    } catch (e) {
      if (!(e instanceof AppError)) throw e
      return reply.redirect(pageUrl({ error: e.message }))
    }
  }),

  handle(S.callback, async (req, reply) => {
    const q = req.query
    // Nothing is spent here: the web page posts loginByThirdSSO, which checks state, browser and code together.
    return reply.redirect(
      pageUrl({
        thirdType: req.params.thirdType,
        code: q.code ?? q.authCode,
        state: q.state,
        iss: q.iss,
        error: q.error ? (q.error_description || q.error).slice(0, 200) : undefined,
      }),
    )
  }),

  handle(S.loginByThirdSso, async (req) => {
    const a = await loginByThirdSso(ctx, req.body, readCookie(req, BROWSER_COOKIE), signInMeta(req))
    return ok(a.data, a.msg)
  }),

  handle(S.bindLogin, bindLogin(ctx, false)),
  handle(S.bindLoginNoOrg, bindLogin(ctx, true)),

  handle(S.loginByCode, async (req) => {
    const a = await loginByCode(ctx, req.body, signInMeta(req))
    return ok(a.data, a.msg)
  }),

  handle(S.smartEduLogoutUrl, async (req) =>
    ok({ logoutUrl: await smartEduLogoutUrl(ctx, req.auth!, req.query.redirectUrl || null) }),
  ),

  handle(S.unbindByPwd, async (req) => {
    await unbindByPassword(ctx, req.auth!, req.body, clientIp(req))
    return ok(null, SsoMsg.UNBOUND)
  }),
]

/** /base/openthirdconfig (001 §7.5): the tenant's providers, under 第三方登录配置. */
export const thirdConfigRoutes = (ctx: AppContext) => [
  handle(T.page, async (req) =>
    ok(
      await pageConfigs(ctx, req.auth!, { ...req.body, thirdType: req.body.thirdType as ThirdType | null | undefined }),
    ),
  ),
  handle(T.add, async (req) => ok(await addConfig(ctx, req.auth!, req.body), '新增成功')),
  handle(T.update, async (req) => {
    await updateConfig(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  handle(T.delete, async (req) => {
    await deleteConfig(ctx, req.auth!, req.query.id)
    return ok(null, '删除成功')
  }),
  handle(T.get, async (req) => ok(await getConfig(ctx, req.auth!, req.query.id))),
  handle(T.refreshMenu, async (req) => ok(await refreshConfig(ctx, req.auth!, req.query.id))),
]

import { oidcContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { publicOrigin } from '../../platform/public-origin.js'
import { abortLogin, finishLogin, interactionInfo } from './interaction.js'
import { rotateSigningKey } from './keys.js'
import { dropProviders } from './provider.js'

/** The sign-in hand-over of the OpenID provider (docs/open-platform.md "Sign-in") and its key rotation. */
export const oidcRoutes = (ctx: AppContext) => [
  handle(C.start, async (req, reply) => {
    const { tenantId, uid } = req.params
    return reply.redirect(`/#/redirect/oidcLogin?tenantId=${tenantId}&uid=${encodeURIComponent(uid)}`, 303)
  }),
  handle(C.details, async (req, reply) =>
    ok(await interactionInfo(ctx, req.params.tenantId, { req, reply, origin: publicOrigin(ctx, req) })),
  ),
  handle(C.login, async (req, reply) => {
    const origin = publicOrigin(ctx, req)
    return ok({ redirectTo: await finishLogin(ctx, req.auth!, req.params.tenantId, { req, reply, origin }) })
  }),
  handle(C.abort, async (req, reply) => {
    const origin = publicOrigin(ctx, req)
    return ok({ redirectTo: await abortLogin(ctx, req.params.tenantId, { req, reply, origin }) })
  }),
  handle(C.rotateKeys, async (req) => {
    const kid = await rotateSigningKey(ctx, req.auth!.tenantId)
    dropProviders(ctx, req.auth!.tenantId)
    return ok({ kid }, '已轮换签名密钥')
  }),
]

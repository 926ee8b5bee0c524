import {
  registerOrgContracts as O,
  signupContracts as S,
  SignupErrorCode,
  SignupMsg,
  SmsMsg,
  SUPER_ADMIN,
} from '@zhixiao/shared'
import type { FastifyRequest } from 'fastify'
import { bearerToken } from '../../platform/auth-hook.js'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { refused, unauthorized } from '../../platform/errors.js'
import { clientIp, tenantHeader } from '../../platform/request-meta.js'
import { resolveSession } from '../../platform/session.js'
import {
  getSwitch,
  myApplications,
  registerOrgs,
  registerTenants,
  setSwitch,
  submitApplication,
  type Applicant,
} from './apply-service.js'
import { isPhoneRegistered, resolvePass, sendSignupCode, signUp, signupTenant, verifySignupCode } from './service.js'

/** The header a signed-up person without a membership sends their registration pass in (never in a URL). */
const REGISTER_TOKEN_HEADER = 'registertoken'

/**
 * The caller of a request-to-join call: a session (a member asking for another organisation) or a registration pass
 * (a signed-up person). Neither: 401, like any protected call.
 */
async function applicantOf(ctx: AppContext, req: FastifyRequest): Promise<Applicant> {
  const token = bearerToken(req)
  const session = token ? await resolveSession(ctx, token) : null
  if (session) return { tenantId: session.tenantId, accountId: session.accountId, userInfoId: session.userInfoId }
  const raw = req.headers[REGISTER_TOKEN_HEADER]
  const pass = typeof raw === 'string' && raw ? await resolvePass(ctx, raw) : null
  if (pass) return { ...pass, userInfoId: null }
  if (typeof raw === 'string' && raw) throw refused(SignupErrorCode.PASS_INVALID, SignupMsg.PASS_INVALID)
  throw unauthorized()
}

/** /base/api/auth (000 §7.2): sign-up by SMS and the signed-up person's request to join. */
export const signupRoutes = (ctx: AppContext) => [
  handle(S.sendCode, async (req) => {
    const tenantId = await signupTenant(ctx, tenantHeader(req), req.body.orgId)
    await sendSignupCode(ctx, tenantId, req.body.phone, clientIp(req))
    return ok(null, SmsMsg.SENT)
  }),
  handle(S.verifyCode, async (req) => {
    const tenantId = await signupTenant(ctx, tenantHeader(req), req.body.orgId)
    return ok(await verifySignupCode(ctx, tenantId, req.body.phone, req.body.smsCode), SmsMsg.CODE_OK)
  }),
  handle(S.signUp, async (req) => ok(await signUp(ctx, req.body), SignupMsg.SIGNED_UP)),
  handle(S.phoneRegistered, async (req) => {
    const tenantId = await signupTenant(ctx, tenantHeader(req), req.query.orgId)
    return ok({ registered: await isPhoneRegistered(ctx, tenantId, req.query.phone) })
  }),
  handle(S.apply, async (req) => {
    const answer = await submitApplication(ctx, await applicantOf(ctx, req), req.body)
    return ok({ id: answer.id }, answer.msg)
  }),
]

/** /base/api/organizationUnit (000 §7.7): register apply and register switch, each with its query variant. */
export const registerOrgRoutes = (ctx: AppContext) => [
  handle(O.apply, async (req) => {
    const answer = await submitApplication(ctx, await applicantOf(ctx, req), { ...req.body, id: null, withdraw: false })
    return ok({ id: answer.id }, answer.msg)
  }),
  handle(O.mine, async (req) => ok(await myApplications(ctx, await applicantOf(ctx, req)))),
  handle(O.setSwitch, async (req) => {
    await setSwitch(ctx, req.auth!, req.body)
    return ok(null, SignupMsg.SWITCH_SAVED)
  }),
  handle(O.getSwitch, async (req) => ok(await getSwitch(ctx, req.auth!, req.query.orgId))),
  handle(O.orgs, async (req) =>
    ok(await registerOrgs(ctx, await signupTenant(ctx, tenantHeader(req), req.query.orgId), req.query.keyword)),
  ),
  handle(O.tenants, async () => ok(await registerTenants(ctx, SUPER_ADMIN.tenantId))),
]

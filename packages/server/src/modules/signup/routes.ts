import {
  SUPER_ADMIN, SignupErrorCode, SignupMsg, SmsMsg, applyOrgBody, envelopeSchema, myApplications as myApplicationsSchema, registerOrg, registerOrgsQuery,
  registerSwitch, registerSwitchBody, registerTenant, signUpBody, signUpResult, signupPhoneQuery, signupPhoneResult, signupSendBody,
  signupVerifyBody, signupVerifyResult, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { bearerToken } from '../../platform/auth-hook.js'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { refused, unauthorized } from '../../platform/errors.js'
import { clientIp, tenantHeader } from '../../platform/request-meta.js'
import { resolveSession } from '../../platform/session.js'
import { getSwitch, myApplications, registerOrgs, registerTenants, setSwitch, submitApplication, type Applicant } from './apply-service.js'
import { isPhoneRegistered, resolvePass, sendSignupCode, signUp, signupTenant, verifySignupCode } from './service.js'

/** The header a signed-up person without a membership sends their registration pass in (never in a URL). */
export const REGISTER_TOKEN_HEADER = 'registertoken'

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
export function signupAuthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['注册']
    const pub = { public: true }
    r.post('/smsSender/signup/v2', {
      config: pub, schema: { tags, summary: '注册：发送短信验证码（已注册的手机号直接提示登录）', body: signupSendBody },
    }, async (req) => {
      const tenantId = await signupTenant(ctx, tenantHeader(req), req.body.orgId)
      await sendSignupCode(ctx, tenantId, req.body.phone, clientIp(req))
      return ok(null, SmsMsg.SENT)
    })
    r.post('/smsVerifyCode/signup', {
      config: pub, schema: { tags, summary: '注册：校验验证码，得到注册凭证（15分钟，一次有效）', body: signupVerifyBody, response: { 200: envelopeSchema(signupVerifyResult) } },
    }, async (req) => {
      const tenantId = await signupTenant(ctx, tenantHeader(req), req.body.orgId)
      return ok(await verifySignupCode(ctx, tenantId, req.body.phone, req.body.smsCode), SmsMsg.CODE_OK)
    })
    r.post('/signUp/v2', {
      config: pub, schema: { tags, summary: '注册：设置姓名与密码（按租户密码规则），得到注册凭据 registerToken', body: signUpBody, response: { 200: envelopeSchema(signUpResult) } },
    }, async (req) => ok(await signUp(ctx, req.body), SignupMsg.SIGNED_UP))
    r.get('/signup/verify/phone/v3', {
      config: pub, schema: { tags, summary: '注册：手机号是否已在本单位注册', querystring: signupPhoneQuery, response: { 200: envelopeSchema(signupPhoneResult) } },
    }, async (req) => {
      const tenantId = await signupTenant(ctx, tenantHeader(req), req.query.orgId)
      return ok({ registered: await isPhoneRegistered(ctx, tenantId, req.query.phone) })
    })
    r.post('/signUp/apply/org/update/v2', {
      config: pub,
      schema: {
        tags, summary: '申请加入学校，或修改/撤回待审核的申请（id；请求头 registerToken 或登录令牌）', body: applyOrgBody,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
    }, async (req) => {
      const answer = await submitApplication(ctx, await applicantOf(ctx, req), req.body)
      return ok({ id: answer.id }, answer.msg)
    })
  }
}

/** /base/api/organizationUnit (000 §7.7): register apply and register switch, each with its query variant. */
export function registerOrgRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['organizationUnit']
    const pub = { public: true }
    r.post('/register/apply', {
      config: pub,
      schema: { tags, summary: '申请加入机构（家长须填孩子学号与姓名；请求头 registerToken 或登录令牌）', body: applyOrgBody, response: { 200: envelopeSchema(z.object({ id: z.number() })) } },
    }, async (req) => {
      const answer = await submitApplication(ctx, await applicantOf(ctx, req), { ...req.body, id: null, withdraw: false })
      return ok({ id: answer.id }, answer.msg)
    })
    r.get('/register/apply/query', {
      config: pub, schema: { tags, summary: '我的加入申请及状态（0待审核 1已通过 2已拒绝 3已撤回）', response: { 200: envelopeSchema(myApplicationsSchema) } },
    }, async (req) => ok(await myApplications(ctx, await applicantOf(ctx, req))))
    r.post('/register/switch', {
      config: { permission: 'base_teacher_join_audit' },
      schema: { tags, summary: '注册开关：机构是否接受家长/教师的加入申请', body: registerSwitchBody },
    }, async (req) => { await setSwitch(ctx, req.auth!, req.body); return ok(null, SignupMsg.SWITCH_SAVED) })
    r.get('/register/switch/query', {
      config: { permission: 'base_teacher_join_audit' },
      schema: { tags, summary: '注册开关查询', querystring: z.object({ orgId: zNumber().int().positive() }), response: { 200: envelopeSchema(registerSwitch) } },
    }, async (req) => ok(await getSwitch(ctx, req.auth!, req.query.orgId)))
    r.get('/register/orgs', {
      config: pub, schema: { tags, summary: '可申请加入的机构（注册页；本单位由请求头 tenantId 或 orgId 确定）', querystring: registerOrgsQuery, response: { 200: envelopeSchema(z.array(registerOrg)) } },
    }, async (req) => ok(await registerOrgs(ctx, await signupTenant(ctx, tenantHeader(req), req.query.orgId), req.query.keyword)))
    r.get('/register/tenants', {
      config: pub, schema: { tags, summary: '可注册的单位（登录页未指明单位时选择）', response: { 200: envelopeSchema(z.array(registerTenant)) } },
    }, async () => ok(await registerTenants(ctx, SUPER_ADMIN.tenantId)))
  }
}

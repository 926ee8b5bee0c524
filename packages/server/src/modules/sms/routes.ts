import {
  changePasswordNotLoginBody, envelopeSchema, loginByPhoneSmsBody, loginResult, Msg, pageOf, SMS_EVENT_LABELS, SMS_EVENTS, SMS_TYPE_LABELS, SMS_TYPES,
  smsConfigSave, smsConfigView, smsLogQuery, smsLogRow, SmsMsg, smsSendBody, smsSendModifyPwdQuery, smsTemplate, smsTemplateCreate,
  smsTemplatePageQuery, smsTemplateUpdate, smsTypeOption, smsValidQuery, smsVerifyCodeBody, smsVerifyCodeResult, SUPER_ADMIN, zId, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { isSuperAdminGrant, loadGrants } from '../../platform/permissions.js'
import { clientIp, tenantHeader } from '../../platform/request-meta.js'
import { signInMeta } from '../auth/sign-in.js'
import {
  createTemplate, deleteTemplate, getConfig, getTemplate, logFullText, logPage, removeConfig, saveConfig, templatePage, updateTemplate,
} from './admin-service.js'
import { loginByPhoneSms, resetForgottenPassword, sendLoginCode, sendResetCode, validLoginCode, verifyResetCode } from './login-service.js'

// The provider and templates serve every school of the tenant (a school's admin holds the code too): top org only.
const config = { permission: 'sc_menhu_sms_config', tenantWide: true }
const idQuery = z.object({ id: zId() })
const idBody = z.object({ id: zId() })

async function isSuperAdmin(ctx: AppContext, auth: AuthInfo): Promise<boolean> {
  if (auth.tenantId !== SUPER_ADMIN.tenantId) return false
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const acc = await trx.selectFrom('account').select('user_name').where('id', '=', auth.accountId).executeTakeFirst()
    return !!acc && isSuperAdminGrant(auth.tenantId, auth.orgId, acc.user_name, (await loadGrants(trx, auth.userInfoId)).roles)
  })
}

/** /base/api/sms (001 §7.5): the tenant's provider, templates and SMS log, under 短信配置 (sc_menhu_sms_config). */
export function smsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['短信']
    r.get('/config/getCurrentConfig', { config, schema: { tags, summary: '当前短信服务配置（密钥只回 hasSecret）', response: { 200: envelopeSchema(smsConfigView) } } },
      async (req) => ok(await getConfig(ctx, req.auth!.tenantId)))
    r.get('/config/getSmsType', { config, schema: { tags, summary: '可选的短信服务商', response: { 200: envelopeSchema(z.array(smsTypeOption)) } } },
      async () => ok(SMS_TYPES.map((value) => ({ value, label: SMS_TYPE_LABELS[value] }))))
    r.post('/config/saveOrUpdate', { config, schema: { tags, summary: '保存短信服务配置（密钥加密保存，留空则保留原密钥）', body: smsConfigSave } },
      async (req) => { await saveConfig(ctx, req.auth!, req.body); return ok(null, SmsMsg.SAVED) })
    r.post('/config/removeConfig', { config, schema: { tags, summary: '删除短信服务配置（回到站内发件箱）' } },
      async (req) => { await removeConfig(ctx, req.auth!); return ok(null, SmsMsg.REMOVED) })

    r.get('/template/queryPage', { config, schema: { tags, summary: '短信模板分页', querystring: smsTemplatePageQuery, response: { 200: envelopeSchema(pageOf(smsTemplate)) } } },
      async (req) => ok(await templatePage(ctx, req.auth!, req.query)))
    r.get('/template/getSmsEvent', { config, schema: { tags, summary: '短信事件', response: { 200: envelopeSchema(z.array(z.object({ value: z.string(), label: z.string() }))) } } },
      async () => ok(SMS_EVENTS.map((value) => ({ value, label: SMS_EVENT_LABELS[value] }))))
    r.get('/template/get', { config, schema: { tags, summary: '短信模板详情', querystring: idQuery, response: { 200: envelopeSchema(smsTemplate) } } },
      async (req) => ok(await getTemplate(ctx, req.auth!, req.query.id)))
    r.post('/template/create', { config, schema: { tags, summary: '新增短信模板（每个事件一个）', body: smsTemplateCreate, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await createTemplate(ctx, req.auth!, req.body), '新增成功'))
    r.post('/template/update', { config, schema: { tags, summary: '编辑短信模板', body: smsTemplateUpdate } },
      async (req) => { await updateTemplate(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.post('/template/delete', { config, schema: { tags, summary: '删除短信模板', body: idBody } },
      async (req) => { await deleteTemplate(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })

    r.get('/log/page', {
      config, schema: { tags, summary: '短信日志（手机号与验证码已打码；超级管理员可带 tenantId 查看其他租户）', querystring: smsLogQuery, response: { 200: envelopeSchema(pageOf(smsLogRow)) } },
    }, async (req) => {
      const auth = req.auth!
      const other = req.query.tenantId !== undefined && req.query.tenantId !== auth.tenantId
      const tenantId = other && await isSuperAdmin(ctx, auth) ? req.query.tenantId! : auth.tenantId
      return ok(await logPage(ctx, tenantId, req.query))
    })
    r.get('/log/full', {
      config: { superAdmin: true },
      schema: {
        tags, summary: '站内发件箱短信原文（仅超级管理员，仅发件箱）',
        querystring: z.object({ id: zId(), tenantId: zNumber().int().min(0) }),
        response: { 200: envelopeSchema(z.object({ phone: z.string(), content: z.string() })) },
      },
    }, async (req) => ok(await logFullText(ctx, req.query.tenantId, req.query.id)))
  }
}

/** /base/api/auth (000 §7.2): SMS login and its codes. */
export function smsAuthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['auth']
    const pub = { public: true }
    r.get('/login/sms/code/send', {
      config: pub, schema: { tags, summary: '发送登录验证码（手机号，或登录的短信验证步骤 mustSmsId）', querystring: smsSendBody },
    }, async (req) => {
      await sendLoginCode(ctx, { header: tenantHeader(req), orgId: req.query.orgId, phone: req.query.phone, mustSmsId: req.query.mustSmsId, ip: clientIp(req) })
      return ok(null, SmsMsg.SENT)
    })
    r.post('/login/sms/code/sendForPhoneLogin', {
      config: pub, schema: { tags, summary: '发送短信登录验证码', body: smsSendBody },
    }, async (req) => {
      await sendLoginCode(ctx, { header: tenantHeader(req), orgId: req.body.orgId, phone: req.body.phone, mustSmsId: req.body.mustSmsId, ip: clientIp(req) })
      return ok(null, SmsMsg.SENT)
    })
    r.get('/login/sms/code/valid', {
      config: pub, schema: { tags, summary: '校验登录验证码（不消耗，错误次数照计）', querystring: smsValidQuery, response: { 200: envelopeSchema(z.boolean()) } },
    }, async (req) => {
      await validLoginCode(ctx, { header: tenantHeader(req), orgId: req.query.orgId, phone: req.query.phone, smsCode: req.query.smsCode })
      return ok(true, SmsMsg.CODE_OK)
    })
    r.post('/loginByPhoneSms', {
      config: pub, schema: { tags, summary: '短信验证码登录', body: loginByPhoneSmsBody, response: { 200: envelopeSchema(loginResult) } },
    }, async (req) => {
      const answer = await loginByPhoneSms(ctx, req.body, tenantHeader(req), signInMeta(req))
      return ok(answer.data, answer.msg)
    })
  }
}

/** /base/api/account (000 §7.3): forgot password by SMS. */
export function smsAccountRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['account']
    const pub = { public: true }
    r.get('/smsSendModifyPwd', { config: pub, schema: { tags, summary: '找回密码：发送验证码', querystring: smsSendModifyPwdQuery } }, async (req) => {
      await sendResetCode(ctx, { header: tenantHeader(req), orgId: req.query.orgId, phone: req.query.phone, ip: clientIp(req) })
      return ok(null, SmsMsg.SENT)
    })
    r.post('/smsVerifyCode', {
      config: pub, schema: { tags, summary: '找回密码：校验验证码，得到重置凭证（10分钟，一次有效）', body: smsVerifyCodeBody, response: { 200: envelopeSchema(smsVerifyCodeResult) } },
    }, async (req) => ok({ resetTicket: await verifyResetCode(ctx, { header: tenantHeader(req), ...req.body }) }, SmsMsg.CODE_OK))
    r.post('/change/password/notLogin', {
      config: pub, schema: { tags, summary: '找回密码：设置新密码（按租户密码规则；结束该账号全部会话）', body: changePasswordNotLoginBody },
    }, async (req) => {
      await resetForgottenPassword(ctx, req.body)
      return ok(null, Msg.PASSWORD_CHANGED)
    })
  }
}

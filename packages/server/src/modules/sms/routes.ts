import {
  Msg,
  SMS_EVENT_LABELS,
  SMS_EVENTS,
  SMS_TYPE_LABELS,
  SMS_TYPES,
  SmsMsg,
  smsContracts as S,
  smsLoginContracts as L,
  smsResetContracts as R,
} from '@zhixiao/shared'
import { signInMeta } from '../auth/sign-in.js'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { clientIp, tenantHeader } from '../../platform/request-meta.js'
import {
  createTemplate,
  deleteTemplate,
  getConfig,
  getTemplate,
  isSuperAdmin,
  logFullText,
  logPage,
  removeConfig,
  saveConfig,
  templatePage,
  updateTemplate,
} from './admin-service.js'
import {
  loginByPhoneSms,
  resetForgottenPassword,
  sendLoginCode,
  sendResetCode,
  validLoginCode,
  verifyResetCode,
} from './login-service.js'

/** /base/api/sms (001 §7.5): the tenant's provider, templates and SMS log, under 短信配置 (sc_menhu_sms_config). */
export const smsRoutes = (ctx: AppContext) => [
  handle(S.getCurrentConfig, async (req) => ok(await getConfig(ctx, req.auth!.tenantId))),
  handle(S.getSmsType, async () => ok(SMS_TYPES.map((value) => ({ value, label: SMS_TYPE_LABELS[value] })))),
  handle(S.saveConfig, async (req) => {
    await saveConfig(ctx, req.auth!, req.body)
    return ok(null, SmsMsg.SAVED)
  }),
  handle(S.removeConfig, async (req) => {
    await removeConfig(ctx, req.auth!)
    return ok(null, SmsMsg.REMOVED)
  }),

  handle(S.templatePage, async (req) => ok(await templatePage(ctx, req.auth!, req.query))),
  handle(S.smsEvents, async () => ok(SMS_EVENTS.map((value) => ({ value, label: SMS_EVENT_LABELS[value] })))),
  handle(S.template, async (req) => ok(await getTemplate(ctx, req.auth!, req.query.id))),
  handle(S.createTemplate, async (req) => ok(await createTemplate(ctx, req.auth!, req.body), '新增成功')),
  handle(S.updateTemplate, async (req) => {
    await updateTemplate(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  handle(S.deleteTemplate, async (req) => {
    await deleteTemplate(ctx, req.auth!, req.body.id)
    return ok(null, '删除成功')
  }),

  handle(S.logPage, async (req) => {
    const auth = req.auth!
    const other = req.query.tenantId !== undefined && req.query.tenantId !== auth.tenantId
    const tenantId = other && (await isSuperAdmin(ctx, auth)) ? req.query.tenantId! : auth.tenantId
    return ok(await logPage(ctx, tenantId, req.query))
  }),
  handle(S.logFull, async (req) => ok(await logFullText(ctx, req.query.tenantId, req.query.id))),
]

/** /base/api/auth (000 §7.2): SMS login and its codes. */
export const smsLoginRoutes = (ctx: AppContext) => [
  handle(L.sendCode, async (req) => {
    await sendLoginCode(ctx, {
      header: tenantHeader(req),
      orgId: req.query.orgId,
      phone: req.query.phone,
      mustSmsId: req.query.mustSmsId,
      ip: clientIp(req),
    })
    return ok(null, SmsMsg.SENT)
  }),
  handle(L.sendForPhoneLogin, async (req) => {
    await sendLoginCode(ctx, {
      header: tenantHeader(req),
      orgId: req.body.orgId,
      phone: req.body.phone,
      mustSmsId: req.body.mustSmsId,
      ip: clientIp(req),
    })
    return ok(null, SmsMsg.SENT)
  }),
  handle(L.validCode, async (req) => {
    await validLoginCode(ctx, {
      header: tenantHeader(req),
      orgId: req.query.orgId,
      phone: req.query.phone,
      smsCode: req.query.smsCode,
    })
    return ok(true, SmsMsg.CODE_OK)
  }),
  handle(L.loginByPhoneSms, async (req) => {
    const answer = await loginByPhoneSms(ctx, req.body, tenantHeader(req), signInMeta(req))
    return ok(answer.data, answer.msg)
  }),
]

/** /base/api/account (000 §7.3): forgot password by SMS. */
export const smsResetRoutes = (ctx: AppContext) => [
  handle(R.sendCode, async (req) => {
    await sendResetCode(ctx, {
      header: tenantHeader(req),
      orgId: req.query.orgId,
      phone: req.query.phone,
      ip: clientIp(req),
    })
    return ok(null, SmsMsg.SENT)
  }),
  handle(R.verifyCode, async (req) =>
    ok({ resetTicket: await verifyResetCode(ctx, { header: tenantHeader(req), ...req.body }) }, SmsMsg.CODE_OK),
  ),
  handle(R.changePassword, async (req) => {
    await resetForgottenPassword(ctx, req.body)
    return ok(null, Msg.PASSWORD_CHANGED)
  }),
]

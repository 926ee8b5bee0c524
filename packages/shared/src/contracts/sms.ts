/**
 * SMS (docs/auth.md): the tenant's provider, templates and log under /base/api/sms, and the public code calls of the
 * SMS login (/base/api/auth) and of the forgotten password (/base/api/account).
 */
import { loginResult } from '../auth.js'
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'
import {
  changePasswordNotLoginBody,
  loginByPhoneSmsBody,
  smsConfigSave,
  smsConfigView,
  smsLogQuery,
  smsLogRow,
  smsSendBody,
  smsSendModifyPwdQuery,
  smsTemplate,
  smsTemplateCreate,
  smsTemplatePageQuery,
  smsTemplateUpdate,
  smsTypeOption,
  smsValidQuery,
  smsVerifyCodeBody,
  smsVerifyCodeResult,
} from '../sms.js'
import * as z from '../z.js'
import { idBody } from './common.js'

// The provider and templates serve every school of the tenant (a school's admin holds the code too): top org only.
const config = { permission: 'sc_menhu_sms_config', tenantWide: true }
const S = '/base/api/sms'
const smsTags = ['短信']

/** /base/api/sms (001 §7.5): the tenant's provider, templates and SMS log, under 短信配置 (sc_menhu_sms_config). */
export const smsContracts = {
  getCurrentConfig: get(`${S}/config/getCurrentConfig`, {
    ...config,
    tags: smsTags,
    summary: '当前短信服务配置（密钥只回 hasSecret）',
    data: smsConfigView,
  }),
  getSmsType: get(`${S}/config/getSmsType`, {
    ...config,
    tags: smsTags,
    summary: '可选的短信服务商',
    data: z.array(smsTypeOption),
  }),
  saveConfig: post(`${S}/config/saveOrUpdate`, {
    ...config,
    tags: smsTags,
    summary: '保存短信服务配置（密钥加密保存，留空则保留原密钥）',
    body: smsConfigSave,
  }),
  removeConfig: post(`${S}/config/removeConfig`, {
    ...config,
    tags: smsTags,
    summary: '删除短信服务配置（回到站内发件箱）',
  }),
  templatePage: get(`${S}/template/queryPage`, {
    ...config,
    tags: smsTags,
    summary: '短信模板分页',
    query: smsTemplatePageQuery,
    data: pageOf(smsTemplate),
  }),
  smsEvents: get(`${S}/template/getSmsEvent`, {
    ...config,
    tags: smsTags,
    summary: '短信事件',
    data: z.array(z.object({ value: z.string(), label: z.string() })),
  }),
  template: get(`${S}/template/get`, {
    ...config,
    tags: smsTags,
    summary: '短信模板详情',
    query: idBody,
    data: smsTemplate,
  }),
  createTemplate: post(`${S}/template/create`, {
    ...config,
    tags: smsTags,
    summary: '新增短信模板（每个事件一个）',
    body: smsTemplateCreate,
    data: z.number(),
  }),
  updateTemplate: post(`${S}/template/update`, {
    ...config,
    tags: smsTags,
    summary: '编辑短信模板',
    body: smsTemplateUpdate,
  }),
  deleteTemplate: post(`${S}/template/delete`, { ...config, tags: smsTags, summary: '删除短信模板', body: idBody }),
  logPage: get(`${S}/log/page`, {
    ...config,
    tags: smsTags,
    summary: '短信日志（手机号与验证码已打码；超级管理员可带 tenantId 查看其他租户）',
    query: smsLogQuery,
    data: pageOf(smsLogRow),
  }),
  logFull: get(`${S}/log/full`, {
    superAdmin: true,
    tags: smsTags,
    summary: '站内发件箱短信原文（仅超级管理员，仅发件箱）',
    query: z.object({ id: z.id(), tenantId: z.coerce.number().int().min(0) }),
    data: z.object({ phone: z.string(), content: z.string() }),
  }),
}

const A = '/base/api/auth'
const authTags = ['auth']

/** /base/api/auth (000 §7.2): SMS login and its codes. */
export const smsLoginContracts = {
  sendCode: get(`${A}/login/sms/code/send`, {
    public: true,
    tags: authTags,
    summary: '发送登录验证码（手机号，或登录的短信验证步骤 mustSmsId）',
    query: smsSendBody,
  }),
  sendForPhoneLogin: post(`${A}/login/sms/code/sendForPhoneLogin`, {
    public: true,
    tags: authTags,
    summary: '发送短信登录验证码',
    body: smsSendBody,
  }),
  validCode: get(`${A}/login/sms/code/valid`, {
    public: true,
    tags: authTags,
    summary: '校验登录验证码（不消耗，错误次数照计）',
    query: smsValidQuery,
    data: z.boolean(),
  }),
  loginByPhoneSms: post(`${A}/loginByPhoneSms`, {
    public: true,
    tags: authTags,
    summary: '短信验证码登录',
    body: loginByPhoneSmsBody,
    data: loginResult,
  }),
}

const P = '/base/api/account'
const accountTags = ['account']

/** /base/api/account (000 §7.3): forgot password by SMS. */
export const smsResetContracts = {
  sendCode: get(`${P}/smsSendModifyPwd`, {
    public: true,
    tags: accountTags,
    summary: '找回密码：发送验证码',
    query: smsSendModifyPwdQuery,
  }),
  verifyCode: post(`${P}/smsVerifyCode`, {
    public: true,
    tags: accountTags,
    summary: '找回密码：校验验证码，得到重置凭证（10分钟，一次有效）',
    body: smsVerifyCodeBody,
    data: smsVerifyCodeResult,
  }),
  changePassword: post(`${P}/change/password/notLogin`, {
    public: true,
    tags: accountTags,
    summary: '找回密码：设置新密码（按租户密码规则；结束该账号全部会话）',
    body: changePasswordNotLoginBody,
  }),
}

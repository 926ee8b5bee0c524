/**
 * Messages and service accounts (docs/messages.md "Messages and service accounts"): /base/api/message (the caller's own
 * in-app messages), /base/api/messagetemplate, /base/api/mpApp/<scope> and the external-hire mini-program's sign-in.
 */
import { MP_SCOPES } from '../constants.js'
import { post, get } from '../contract.js'
import {
  keywordQuery,
  messageIdBody,
  messageListBody,
  messageRow,
  MP_SCOPE_CODES,
  mpAppBody,
  mpAppRow,
  mpIdBody,
  mpScopeQuery,
  optionRow,
  TEMPLATE_WRITE_CODE,
  templateBody,
  templateIdQuery,
  templatePageBody,
  templateRow,
  templateUpdateBody,
  waipinCard,
  waipinCardBody,
  wechatBindBody,
  type MpScope,
} from '../messages.js'
import { pageOf } from '../organization.js'
import * as z from '../z.js'

const M = '/base/api/message'
const messageTags = ['消息中心']
/** /base/api/message: any signed-in account, its own messages only. */
export const messageContracts = {
  unreadCount: get(`${M}/unreadCount`, { alumni: true, tags: messageTags, summary: '未读消息数', data: z.number() }),
  queryPage: post(`${M}/queryPage`, {
    alumni: true,
    tags: messageTags,
    summary: '我的消息（新的在前）',
    body: messageListBody,
    data: pageOf(messageRow),
  }),
  read: post(`${M}/read`, { tags: messageTags, summary: '标记一条已读', body: messageIdBody }),
  readAll: post(`${M}/readAll`, { tags: messageTags, summary: '全部标记已读', data: z.number() }),
  bindWechat: post(`${M}/bindWechat`, {
    tags: messageTags,
    summary: '用微信网页授权 code 绑定服务号（或教师/家长端公众号）的 openid',
    body: wechatBindBody,
  }),
}

/** /base/api/waipin: the external-hire mini-program's sign-in (public: the mini-program has no portal session). */
export const waipinContracts = {
  card: post('/base/api/waipin/card', {
    public: true,
    tags: ['外聘小程序'],
    summary: '小程序登录码换本人外聘工作证（微信手机号 code / 钉钉免登 authCode）',
    body: waipinCardBody,
    data: waipinCard,
  }),
}

const T = '/base/api/messagetemplate'
const templateTags = ['消息模板']
const read = { permission: MP_SCOPE_CODES.service.page }
const write = { permission: TEMPLATE_WRITE_CODE }
/** /base/api/messagetemplate (001 §7): templates of the caller's org; payload names are ours (docs/messages.md). */
export const messageTemplateContracts = {
  create: post(`${T}/create`, {
    ...write,
    tags: templateTags,
    summary: '新增模板',
    body: templateBody,
    data: z.number(),
  }),
  update: post(`${T}/update`, { ...write, tags: templateTags, summary: '编辑模板', body: templateUpdateBody }),
  delete: post(`${T}/delete`, { ...write, tags: templateTags, summary: '删除模板', body: messageIdBody }),
  get: get(`${T}/get`, { ...read, tags: templateTags, summary: '模板详情', query: templateIdQuery, data: templateRow }),
  queryPage: post(`${T}/queryPage`, {
    ...read,
    tags: templateTags,
    summary: '模板列表（本机构）',
    body: templatePageBody,
    data: pageOf(templateRow),
  }),
  getPushType: get(`${T}/getPushType`, { ...read, tags: templateTags, summary: '推送方式', data: z.array(optionRow) }),
  getTriggerEvent: get(`${T}/getTriggerEvent`, {
    ...read,
    tags: templateTags,
    summary: '触发事件',
    data: z.array(optionRow),
  }),
  getKeyword: get(`${T}/getKeyword`, {
    ...read,
    tags: templateTags,
    summary: '事件可用的关键字',
    query: keywordQuery,
    data: z.array(z.string()),
  }),
}

const mpTags = ['服务号与小程序']
/**
 * /base/api/mpApp/<scope>: WeChat / DingTalk app settings of the service account (service), the external-hire
 * mini-program (waipin) and the teacher / parent terminals — each scope under its own page and write codes.
 */
export function mpAppContractsOf(scope: MpScope) {
  const A = `/base/api/mpApp/${scope}` as const
  const codes = MP_SCOPE_CODES[scope]
  return {
    list: get(`${A}/list`, {
      permission: codes.page,
      tags: mpTags,
      summary: '配置列表（密钥从不返回）',
      query: mpScopeQuery,
      data: z.array(mpAppRow),
    }),
    get: get(`${A}/get`, {
      permission: codes.page,
      tags: mpTags,
      summary: '配置详情（密钥从不返回）',
      query: templateIdQuery,
      data: mpAppRow,
    }),
    save: post(`${A}/save`, {
      permission: codes.write,
      tags: mpTags,
      summary: '新增或编辑（编辑时 AppSecret 留空则不变）',
      body: mpAppBody,
      data: z.number(),
    }),
    delete: post(`${A}/delete`, { permission: codes.remove, tags: mpTags, summary: '删除配置', body: mpIdBody }),
  }
}
export type MpAppContracts = ReturnType<typeof mpAppContractsOf>
/** The four scopes' contracts, by scope. */
export const mpAppContracts = Object.fromEntries(MP_SCOPES.map((s) => [s, mpAppContractsOf(s)])) as Record<
  MpScope,
  MpAppContracts
>

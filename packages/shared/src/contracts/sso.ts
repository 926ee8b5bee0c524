/** Single sign-on (docs/auth.md): the third-party sign-in calls under /base/api/auth and the providers under /base/openthirdconfig. */
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'
import {
  codeLoginBody,
  loginByThirdSsoBody,
  smartEduLogoutQuery,
  smartEduLogoutResult,
  thirdBindBody,
  thirdButton,
  thirdConfigBody,
  thirdConfigIdQuery,
  thirdConfigPageBody,
  thirdConfigRow,
  thirdConfigUpdateBody,
  thirdListQuery,
  thirdLoginResult,
  thirdRefreshResult,
  THIRD_TYPES,
  thirdUrlQuery,
  thirdUrlResult,
  unbindByPwdBody,
} from '../sso.js'
import * as z from '../z.js'

/** What a provider sends back to third/callback. */
const callbackQuery = z.object({
  code: z.string().max(2000).optional(),
  /** DingTalk names the code authCode. */
  authCode: z.string().max(2000).optional(),
  state: z.string().max(300).optional(),
  iss: z.string().max(500).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(500).optional(),
})

const A = '/base/api/auth'
const tags = ['第三方登录']

/** Under /base/api/auth (000 §7.2): the third-party sign-in calls and the code login. */
export const ssoContracts = {
  buttons: get(`${A}/third/list`, {
    public: true,
    tags,
    summary: '登录页的第三方登录按钮（本单位已启用的配置）',
    query: thirdListQuery,
    data: z.array(thirdButton),
  }),
  url: get(`${A}/third/url`, {
    public: true,
    tags,
    summary: '第三方登录地址（含一次性 state，浏览器绑定 Cookie）',
    query: thirdUrlQuery,
    data: thirdUrlResult,
  }),
  start: get(`${A}/third/start`, {
    public: true,
    tags,
    summary: '跳转到第三方登录（链接形式的 third/url）',
    query: thirdUrlQuery.extend({ tenantId: z.coerce.number().int().positive().optional() }),
    redirect: true,
  }),
  callback: get(`${A}/third/callback/:thirdType`, {
    public: true,
    tags,
    summary: '第三方回调：把授权码交给登录页完成登录',
    params: z.object({ thirdType: z.enum(THIRD_TYPES) }),
    query: callbackQuery,
    redirect: true,
  }),
  loginByThirdSso: post(`${A}/loginByThirdSSO`, {
    public: true,
    tags,
    summary: '第三方登录（thirdType、token=授权码、state）',
    body: loginByThirdSsoBody,
    data: thirdLoginResult,
  }),
  bindLogin: post(`${A}/third/bindLogin`, {
    public: true,
    tags,
    summary: '首次第三方登录：账号密码绑定并登录',
    body: thirdBindBody,
    data: thirdLoginResult,
  }),
  bindLoginNoOrg: post(`${A}/third/loginByUserPwdNoOrg`, {
    public: true,
    tags,
    summary: '首次第三方登录：账号密码绑定并登录（自动选择机构）',
    body: thirdBindBody,
    data: thirdLoginResult,
  }),
  loginByCode: post(`${A}/loginByCode`, {
    public: true,
    tags,
    summary: '授权码登录（coreAccountId、reqId、tenantId；state 120 且有 token 为成功）',
    body: codeLoginBody,
    data: thirdLoginResult,
  }),
  smartEduLogoutUrl: get(`${A}/third/querySmartEduLogoutUrl`, {
    tags,
    summary: '智慧教育平台登录的会话：平台的退出地址（其他会话为 null）',
    query: smartEduLogoutQuery,
    data: smartEduLogoutResult,
  }),
  unbindByPwd: post(`${A}/smartEdu/unbindByPwd`, {
    tags,
    summary: '输入密码解绑智慧教育平台（或 thirdType 指定的第三方）账号',
    body: unbindByPwdBody,
  }),
}

const C = '/base/openthirdconfig'
const configTags = ['第三方登录配置']
// The providers sign in people of every school (a school's admin holds the code too): top org only.
const config = { permission: 'sc_menhu_third_config', tenantWide: true }

/** /base/openthirdconfig (001 §7.5): the tenant's providers, under 第三方登录配置. */
export const thirdConfigContracts = {
  page: post(`${C}/page`, {
    ...config,
    tags: configTags,
    summary: '第三方登录配置列表（不含密钥）',
    body: thirdConfigPageBody,
    data: pageOf(thirdConfigRow),
  }),
  add: post(`${C}/add`, {
    ...config,
    tags: configTags,
    summary: '新增第三方登录配置（密钥加密保存）',
    body: thirdConfigBody,
    data: z.number(),
  }),
  update: post(`${C}/update`, {
    ...config,
    tags: configTags,
    summary: '编辑第三方登录配置（不填密钥则保留原密钥）',
    body: thirdConfigUpdateBody,
  }),
  delete: get(`${C}/delete`, {
    ...config,
    tags: configTags,
    summary: '删除第三方登录配置（连同其绑定）',
    query: thirdConfigIdQuery,
  }),
  get: get(`${C}/get`, {
    ...config,
    tags: configTags,
    summary: '第三方登录配置详情（不含密钥）',
    query: thirdConfigIdQuery,
    data: thirdConfigRow,
  }),
  refreshMenu: get(`${C}/refreshMenu`, {
    ...config,
    tags: configTags,
    summary: '重新获取第三方登录地址并检查连接',
    query: thirdConfigIdQuery,
    data: thirdRefreshResult,
  }),
}

/**
 * The OpenID provider's sign-in hand-over (docs/open-platform.md "Sign-in"): the provider sends the browser to
 * /t/<tenant>/sign-in/<uid>, which opens the portal's login page; that page reads what the app asks for and, signed in,
 * finishes the interaction. The provider's own endpoints (/t/<tenant>/oidc/…) are its standard ones, not contracts.
 */
import { get, post } from '../contract.js'
import { interactionAnswer, interactionDetails, interactionParams } from '../oidc.js'
import * as z from '../z.js'

const tags = ['统一身份认证']

export const oidcContracts = {
  start: get('/t/:tenantId/sign-in/:uid', {
    public: true,
    tags,
    summary: 'OpenID 登录交互入口：转到门户的登录页',
    params: interactionParams,
    redirect: true,
  }),
  details: get('/t/:tenantId/sign-in/:uid/details', {
    public: true,
    tags,
    summary: '登录交互：请求登录的应用和它将获得的信息',
    params: interactionParams,
    data: interactionDetails,
  }),
  login: post('/t/:tenantId/sign-in/:uid/login', {
    tags,
    summary: '以当前门户登录完成应用的登录，返回应用的回跳地址',
    params: interactionParams,
    data: interactionAnswer,
  }),
  abort: post('/t/:tenantId/sign-in/:uid/abort', {
    public: true,
    tags,
    summary: '取消登录，回到应用（access_denied）',
    params: interactionParams,
    data: interactionAnswer,
  }),
  rotateKeys: post('/base/api/app/oidc/rotateKeys', {
    summary: '轮换本单位 OpenID 签名密钥（旧密钥继续公布一天，已签发的令牌仍可验证）',
    tags,
    permission: 'sc_menhu_app_mgr',
    tenantWide: true,
    data: z.object({ kid: z.string() }),
  }),
}

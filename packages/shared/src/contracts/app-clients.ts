/**
 * Apps signing in through the identity hub (docs/open-platform.md "Registering an app"): the protocol settings of a
 * registered app, its secret (shown once, rotatable), suspension and its access log. The settings act for the whole
 * tenant (an app's grants reach every school), so only the top organisation's 应用管理 holders change them.
 */
import { appAccessLogQuery, appAccessLogRow, appClient, appClientSaveBody, appClientSecret } from '../app-clients.js'
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'
import * as z from '../z.js'

const manage = { permission: 'sc_menhu_app_mgr', tenantWide: true } as const
const tags = ['应用接入']
const appIdQuery = z.object({ appId: z.coerce.number().int().positive() })
const appIdBody = z.object({ appId: z.id() })

export const appClientContracts = {
  get: get('/base/api/app/client/get', {
    summary: '应用的接入协议设置（无则为 null）',
    tags,
    ...manage,
    query: appIdQuery,
    data: appClient.nullable(),
  }),
  save: post('/base/api/app/client/save', {
    summary: '保存应用的接入协议；首次保存时生成并返回一次客户端密钥',
    tags,
    ...manage,
    body: appClientSaveBody,
    data: z.object({ client: appClient, secret: appClientSecret.nullable() }),
  }),
  rotateSecret: post('/base/api/app/client/rotateSecret', {
    summary: '重新生成客户端密钥（旧密钥立即失效），新密钥只返回这一次',
    tags,
    ...manage,
    body: appIdBody,
    data: appClientSecret,
  }),
  suspend: post('/base/api/app/client/suspend', {
    summary: '停用应用：立即吊销其令牌和票据，拒绝新的登录与接口调用',
    tags,
    ...manage,
    body: appIdBody,
    data: z.null(),
  }),
  resume: post('/base/api/app/client/resume', {
    summary: '恢复已停用的应用',
    tags,
    ...manage,
    body: appIdBody,
    data: z.null(),
  }),
  accessLog: get('/base/api/app/client/accessLog', {
    summary: '应用访问日志：令牌、票据、用户信息、通讯录读取和回调推送',
    tags,
    ...manage,
    query: appAccessLogQuery,
    data: pageOf(appAccessLogRow),
  }),
}

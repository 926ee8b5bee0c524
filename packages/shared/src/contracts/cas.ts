/**
 * The CAS server's calls from the portal (docs/open-platform.md "CAS"): the ticket the /redirect/casLogin page asks
 * for with the portal session, the logout page's return check, and the launcher's ticket for a CAS app. The CAS
 * protocol endpoints themselves (/t/<tenant>/cas/login, serviceValidate …) answer XML and redirects, not contracts.
 */
import {
  casLaunchAnswer,
  casLaunchBody,
  casLogoutAnswer,
  casLogoutQuery,
  casTenantParams,
  casTicketAnswer,
  casTicketBody,
} from '../cas.js'
import { get, post } from '../contract.js'

const tags = ['统一身份认证']

export const casContracts = {
  ticket: post('/t/:tenantId/cas/ticket', {
    tags,
    summary: '以当前门户登录为 CAS 应用签发服务票据（ST-，2 分钟内一次有效），返回带票据的应用地址',
    params: casTenantParams,
    body: casTicketBody,
    data: casTicketAnswer,
  }),
  logoutTarget: get('/t/:tenantId/cas/logoutTarget', {
    public: true,
    tags,
    summary: 'CAS 退出后可返回的地址（仅限本单位登记的 CAS 服务）',
    params: casTenantParams,
    query: casLogoutQuery,
    data: casLogoutAnswer,
  }),
  launch: post('/base/api/app/cas/launch', {
    tags,
    summary: '从门户打开 CAS 应用：签发服务票据，返回应用首个服务地址加 ticket',
    body: casLaunchBody,
    data: casLaunchAnswer,
  }),
}

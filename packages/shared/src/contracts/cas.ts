/**
 * The CAS server's calls from the portal (docs/open-platform.md "CAS"): the ticket the /redirect/casLogin page asks
 * for with the portal session, the check before sending the browser back to a service, and the launcher's ticket for a CAS app. The CAS
 * protocol endpoints themselves (/t/<tenant>/cas/login, serviceValidate …) answer XML and redirects, not contracts.
 */
import {
  casLaunchAnswer,
  casLaunchBody,
  casServiceAnswer,
  casServiceQuery,
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
  registered: get('/t/:tenantId/cas/registeredService', {
    public: true,
    tags,
    summary: '本单位登记的 CAS 服务地址才原样返回（退出后返回、gateway 未登录直接返回前校验），否则 null',
    params: casTenantParams,
    query: casServiceQuery,
    data: casServiceAnswer,
  }),
  launch: post('/base/api/app/cas/launch', {
    tags,
    summary: '从门户打开 CAS 应用：签发服务票据，返回应用首个服务地址加 ticket',
    body: casLaunchBody,
    data: casLaunchAnswer,
  }),
}

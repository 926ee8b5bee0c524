import { CasMsg } from '@zhixiao/shared'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../../platform/context.js'
import { tenantExists } from '../app-clients/hub-tenant.js'
import { isRegisteredService, validateTicket } from './cas-service.js'
import { errorPageHtml, serviceResponseJson, serviceResponseXml } from './cas-xml.js'

/**
 * The CAS protocol endpoints of each tenant, /t/<tenant>/cas/… (docs/open-platform.md "CAS"). They answer XML, text
 * and redirects as the CAS Protocol Specification says, not the API's envelope, so they are plain routes; they need
 * no portal session (the login and logout pages reach it in the browser), hence `public`.
 */
type Req = FastifyRequest<{ Params: { tenantId: string }; Querystring: Record<string, unknown> }>

const MAX_PARAM = 2000
/** A query parameter as one string: a repeated, over-long or missing one is absent. */
function param(req: Req, name: string): string | undefined {
  const v = req.query[name]
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_PARAM ? v : undefined
}

/** The tenant of the path, or null after answering 404 (not digits, or no such tenant). */
async function tenantOf(ctx: AppContext, req: Req, reply: FastifyReply): Promise<number | null> {
  const raw = req.params.tenantId
  const id = /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : 0
  if (id && (await tenantExists(ctx, id))) return id
  await reply.code(404).type('text/plain; charset=utf-8').send('unknown tenant')
  return null
}

const query = (pairs: Record<string, string | undefined>) =>
  Object.entries(pairs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v!)}`)
    .join('&')

const truthy = (v: string | undefined) => v !== undefined && v !== 'false' && v !== '0'

export async function installCasEndpoints(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Public (the pages reach the portal session in the browser); a protocol endpoint, so no contract describes it.
  const config = { public: true, protocolEndpoint: true }

  // /login: the portal session lives in the browser, so the page /redirect/casLogin asks for the ticket.
  app.get('/t/:tenantId/cas/login', { config }, async (req: Req, reply) => {
    const tenantId = await tenantOf(ctx, req, reply)
    if (tenantId === null) return reply
    const service = param(req, 'service')
    const page = (text: string) =>
      reply.code(400).type('text/html; charset=utf-8').send(errorPageHtml('无法登录', text))
    if (!service) return page(CasMsg.SERVICE_REQUIRED)
    if (!(await isRegisteredService(ctx, tenantId, service))) return page(CasMsg.SERVICE_UNKNOWN)
    const renew = truthy(param(req, 'renew')) ? '1' : undefined
    const gateway = truthy(param(req, 'gateway')) ? '1' : undefined
    return reply.redirect(`/#/redirect/casLogin?${query({ tenantId: String(tenantId), service, renew, gateway })}`, 303)
  })

  // /logout: the page signs out of the portal (its sign-out hooks run single logout) and returns to the service.
  app.get('/t/:tenantId/cas/logout', { config }, async (req: Req, reply) => {
    const tenantId = await tenantOf(ctx, req, reply)
    if (tenantId === null) return reply
    const service = param(req, 'service')
    return reply.redirect(`/#/redirect/casLogout?${query({ tenantId: String(tenantId), service })}`, 303)
  })

  const validate = (attributes: boolean) => async (req: Req, reply: FastifyReply) => {
    const tenantId = await tenantOf(ctx, req, reply)
    if (tenantId === null) return reply
    const outcome = await validateTicket(ctx, tenantId, {
      ticket: param(req, 'ticket'),
      service: param(req, 'service'),
      attributes,
      ip: req.ip,
      onError: (err) => req.log.error({ err }, 'CAS validation failed'),
    })
    reply.header('cache-control', 'no-store')
    if (param(req, 'format')?.toUpperCase() === 'JSON') {
      return reply.type('application/json; charset=utf-8').send(serviceResponseJson(outcome))
    }
    return reply.type('application/xml; charset=utf-8').send(serviceResponseXml(outcome))
  }
  app.get('/t/:tenantId/cas/serviceValidate', { config }, validate(true))
  app.get('/t/:tenantId/cas/p3/serviceValidate', { config }, validate(true))

  // CAS 1.0: "yes\n<user>\n" or "no\n".
  app.get('/t/:tenantId/cas/validate', { config }, async (req: Req, reply) => {
    const tenantId = await tenantOf(ctx, req, reply)
    if (tenantId === null) return reply
    const o = await validateTicket(ctx, tenantId, {
      ticket: param(req, 'ticket'),
      service: param(req, 'service'),
      attributes: false,
      ip: req.ip,
      onError: (err) => req.log.error({ err }, 'CAS validation failed'),
    })
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8')
    return reply.send(o.ok ? `yes\n${o.user}\n` : 'no\n')
  })
}

import middie from '@fastify/middie'
import type { FastifyInstance } from 'fastify'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppContext } from '../../platform/context.js'
import { rawPublicOrigin } from '../../platform/public-origin.js'
import { providerFor } from './provider.js'
import { tenantExists } from '../app-clients/hub-tenant.js'

/** /t/<tenant>/oidc and below: the tenant's provider (Koa) answers; nothing of Fastify parses the body first. */
const OIDC_PATH = /^\/t\/([1-9]\d{0,15})\/oidc(?=\/|\?|$)/

/**
 * Mounts every tenant's OpenID provider (docs/open-platform.md "Endpoints"). middie runs the provider as connect
 * middleware at onRequest, before any body parsing (oidc-provider must read its own bodies). The mount path is kept
 * in req.originalUrl, from which the provider builds its own addresses.
 */
export async function mountOidc(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(middie, { hook: 'onRequest' })
  app.use((req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, next: (err?: unknown) => void) => {
    const m = OIDC_PATH.exec(req.url ?? '')
    if (!m) return next()
    const tenantId = Number(m[1])
    void (async () => {
      if (!(await tenantExists(ctx, tenantId))) {
        res.statusCode = 404
        res.setHeader('content-type', 'application/json; charset=utf-8')
        res.end(JSON.stringify({ error: 'invalid_request', error_description: 'unknown tenant' }))
        return
      }
      const provider = await providerFor(ctx, tenantId, rawPublicOrigin(ctx, req))
      const full = req.url!
      req.originalUrl = full
      req.url = full.slice(m[0].length) || '/'
      await provider.callback()(req, res)
    })().catch(next)
  })
}

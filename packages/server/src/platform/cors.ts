import type { FastifyInstance } from 'fastify'

/**
 * Cross-origin reads of the API, for hosted sub-applications: a same-origin sub-app runs in a sandboxed frame
 * without allow-same-origin (docs/apps.md), so its origin is opaque ("null") and its calls are cross-origin.
 * Safe to allow from any origin because the API authenticates by the Authorization header alone, never by a cookie:
 * no credentials are allowed, so a foreign page can do nothing it could not do from curl with its own token.
 */
const ALLOW_HEADERS = 'authorization, content-type, requestid, ysnettype, tenantid, limitusertype'

export function installApiCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/base/') || !req.headers.origin) return
    reply.header('access-control-allow-origin', '*')
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      return reply
        .status(204)
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', ALLOW_HEADERS)
        .header('access-control-max-age', '600')
        .send()
    }
  })
}

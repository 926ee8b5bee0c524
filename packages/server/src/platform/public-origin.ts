import type { IncomingMessage } from 'node:http'
import type { FastifyRequest } from 'fastify'
import type { AppContext } from './context.js'

/**
 * The origin people and apps reach this server at: PUBLIC_ORIGIN when set (production: issuers and CAS addresses must
 * not follow a Host header), otherwise the request's own scheme and host (development and tests).
 */
export function publicOrigin(ctx: AppContext, req: FastifyRequest): string {
  return ctx.config.publicOrigin ?? `${req.protocol}://${req.host}`
}

/** The same for a raw request (the OpenID provider's middleware sees Node's request, not Fastify's). */
export function rawPublicOrigin(ctx: AppContext, req: IncomingMessage): string {
  if (ctx.config.publicOrigin) return ctx.config.publicOrigin
  const forwarded = process.env.TRUST_PROXY === '1' ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0] : ''
  const proto = forwarded || ((req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http')
  return `${proto}://${req.headers.host ?? 'localhost'}`
}

import type { FastifyRequest } from 'fastify'
import type { AppContext } from './context.js'

/**
 * The origin people and apps reach this server at: PUBLIC_ORIGIN when set (production: issuers and CAS addresses must
 * not follow a Host header), otherwise the request's own scheme and host (development and tests).
 */
export function publicOrigin(ctx: AppContext, req: FastifyRequest): string {
  return ctx.config.publicOrigin ?? `${req.protocol}://${req.host}`
}

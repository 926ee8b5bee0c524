import type { FastifyRequest } from 'fastify'

/**
 * Tokens never reach the logs: a sub-app frame's URL carries a once-token (`?accesstoken=`), and a client may put
 * any token in a query. Query parameters whose name mentions a token, and anything shaped like one of our tokens
 * (`t<tenant>.<random>`, platform/tokens.ts) wherever it appears in the URL, are replaced before a line is written.
 */
const TOKEN_PARAM = /([?&][^=&#]*(?:token|ticket|mustRstPwdId)[^=&#]*=)[^&#]*/gi
const TOKEN_SHAPE = /\bt\d{1,15}\.[A-Za-z0-9_-]{20,100}/g
const REDACTED = '[redacted]'

export function redactUrl(url: string): string {
  return url.replace(TOKEN_PARAM, `$1${REDACTED}`).replace(TOKEN_SHAPE, REDACTED)
}

/** Fastify's request log fields (its default serializer's), with the URL redacted. */
export function requestLogFields(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  }
}

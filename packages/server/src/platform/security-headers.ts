import type { FastifyInstance } from 'fastify'

/**
 * Content-Security-Policy for the web app's HTML shell: a second line of defence behind the html sanitiser (news,
 * rich-text blocks) — no inline or foreign script can run even if markup slipped through. Styles may be inline
 * (Ant Design's CSS-in-JS writes <style> tags); images, video and hosted sub-applications may come from any http(s)
 * address because admins register them by URL (001 §5: icons are http images). The portal may be framed only by
 * itself. Hosted sub-applications (/subapps/) get SUBAPP_CSP; the API docs (/docs, off by default) are left alone.
 */
const SHELL_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' blob: http: https:",
  "frame-src 'self' http: https:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

/**
 * The hosted sub-applications' pages (/subapps/<name>/, served from this origin and opened in the portal's sandboxed
 * frame): their own scripts and styles only, calls to this server only, and framed by the portal alone — another
 * site cannot frame one to borrow the once-token hand-over or a signed-in look.
 */
const SUBAPP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "connect-src 'self'",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ')

export function installShellSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '')
    if (!type.startsWith('text/html') || req.url.startsWith('/docs')) return payload
    if (req.url.startsWith('/subapps/')) {
      reply.header('content-security-policy', SUBAPP_CSP)
      return payload
    }
    reply.header('content-security-policy', SHELL_CSP)
    reply.header('referrer-policy', 'same-origin')
    return payload
  })
}

/**
 * X-Content-Type-Options: nosniff on every answer — JSON, assets, uploads, errors — so no browser reads an answer
 * as another type than it says (a JSON envelope or an uploaded file as script or HTML).
 */
export function installNoSniff(app: FastifyInstance): void {
  app.addHook('onSend', async (_req, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff')
    return payload
  })
}

/**
 * Every API answer (/base/..., the campus portal's /sc-mobile-api/..., the hub's /t/... and /open/...) carries Cache-Control: no-store, so no browser or proxy keeps personal data, tokens
 * or exports. A route that sets its own caching (uploaded images, addressed by an unguessable id) keeps it.
 */
/** Where API routes live: the portal's, the campus portal's, the identity hub's per-tenant ones and the open API. */
const API_PREFIXES = ['/base/', '/sc-mobile-api/', '/t/', '/open/'] as const
export const isApiPath = (url: string): boolean => API_PREFIXES.some((p) => url.startsWith(p))

export function installApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (isApiPath(req.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    return payload
  })
}

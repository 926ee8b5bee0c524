import type { FastifyInstance } from 'fastify'

/**
 * Content-Security-Policy for the web app's HTML shell: a second line of defence behind the html sanitiser (news,
 * rich-text blocks) — no inline or foreign script can run even if markup slipped through. Styles may be inline
 * (Ant Design's CSS-in-JS writes <style> tags); images, video and hosted sub-applications may come from any http(s)
 * address because admins register them by URL (001 §5: icons are http images). The portal may be framed only by
 * itself. Hosted sub-applications (/subapps/) and the API docs (/docs) send their own pages and are left alone.
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

export function installShellSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '')
    if (!type.startsWith('text/html') || req.url.startsWith('/subapps/') || req.url.startsWith('/docs')) return payload
    reply.header('content-security-policy', SHELL_CSP)
    reply.header('x-content-type-options', 'nosniff')
    reply.header('referrer-policy', 'same-origin')
    return payload
  })
}

/**
 * Every API answer (/base/..., and the campus portal's /sc-mobile-api/...) carries Cache-Control: no-store, so no browser or proxy keeps personal data, tokens
 * or exports. A route that sets its own caching (uploaded images, addressed by an unguessable id) keeps it.
 */
export function installApiNoStore(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if ((req.url.startsWith('/base/') || req.url.startsWith('/sc-mobile-api/')) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
    return payload
  })
}

import { createHmac, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'

/** A delivery whose timestamp is further than this from our clock is refused (a captured request replayed later). */
const TOLERANCE_S = 300

/**
 * true if the request is a fresh, genuine delivery from the hub (docs/open-platform.md "Verifying the signature"):
 * `v1=` + hex HMAC-SHA256 over `timestamp + "." + raw body`, compared in constant time.
 */
export function verifySignature(
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  secret: string,
  nowMs = Date.now(),
): boolean {
  const ts = headers['x-zhixiao-timestamp']
  const sig = headers['x-zhixiao-signature']
  if (typeof ts !== 'string' || typeof sig !== 'string') return false
  if (!/^\d{1,12}$/.test(ts) || Math.abs(nowMs / 1000 - Number(ts)) > TOLERANCE_S) return false
  const expected = 'v1=' + createHmac('sha256', secret).update(`${ts}.${rawBody}`).digest('hex')
  const a = Buffer.from(sig)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * POST /<key>/hooks: the hub's directory webhooks. Answers 204 at once (the hub waits at most 10 s) and then reads
 * the deltas; an event only says *that* something changed. No secret configured → 404 (the app takes no webhooks).
 */
export async function registerWebhooks(
  server: FastifyInstance,
  key: string,
  secret: string | undefined,
  onEvent: (event: string, data: Record<string, unknown>) => void,
): Promise<void> {
  await server.register(async (inst) => {
    // The signature covers the raw bytes: this route keeps the body as the string it arrived as.
    inst.removeContentTypeParser('application/json')
    inst.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body))
    inst.post(`/${key}/hooks`, async (req, reply) => {
      if (!secret) return reply.code(404).send({ code: 404, msg: '未找到', data: null })
      const raw = typeof req.body === 'string' ? req.body : ''
      if (!verifySignature(req.headers, raw, secret)) {
        return reply.code(401).send({ code: 401, msg: '签名无效', data: null })
      }
      let event = String(req.headers['x-zhixiao-event'] ?? '')
      let data: Record<string, unknown> = {}
      try {
        const parsed = JSON.parse(raw) as { event?: unknown; data?: unknown }
        if (typeof parsed.event === 'string') event = parsed.event
        if (parsed.data && typeof parsed.data === 'object') data = parsed.data as Record<string, unknown>
      } catch {
        return reply.code(400).send({ code: 400, msg: '请求体不是 JSON', data: null })
      }
      onEvent(event, data)
      return reply.code(204).send()
    })
  })
}

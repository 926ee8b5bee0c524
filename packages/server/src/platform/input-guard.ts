import { hasIllegalChars, InputMsg } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import { badRequest } from './errors.js'

/** True when any string (or key) anywhere in a parsed body or query holds NUL or a lone surrogate. */
function holdsIllegalText(v: unknown, depth = 0): boolean {
  if (typeof v === 'string') return hasIllegalChars(v)
  // JSON nests no deeper than this in any request of ours; deeper is refused rather than walked.
  if (depth > 64) return true
  if (ArrayBuffer.isView(v)) return false
  if (Array.isArray(v)) return v.some((x) => holdsIllegalText(x, depth + 1))
  if (typeof v === 'object' && v !== null) {
    return Object.entries(v).some(([k, x]) => hasIllegalChars(k) || holdsIllegalText(x, depth + 1))
  }
  return false
}

/**
 * The safety net behind the shared schemas' z.string(): every request's body, query and path parameters are
 * refused with 输入包含非法字符 when any string in them holds NUL (PostgreSQL cannot store it) or a lone surrogate,
 * including fields a route's schema does not describe. Runs after the auth hook, before validation.
 */
export function installInputGuard(api: FastifyInstance): void {
  api.addHook('preValidation', async (req) => {
    if (holdsIllegalText(req.body) || holdsIllegalText(req.query) || holdsIllegalText(req.params))
      throw badRequest(InputMsg.ILLEGAL_CHARS)
  })
}

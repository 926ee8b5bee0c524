import { ErrorCode } from '@zhixiao/shared'
import { refused } from './errors.js'

/**
 * Turns a unique-index violation into the Chinese message of the rule it enforces; `messages` maps a
 * constraint or index name to its message, `fallback` covers the rest. Other errors pass through.
 */
export function rethrowUnique(e: unknown, messages: Record<string, string>, fallback: string): never {
  const err = e as { code?: string; constraint?: string; message?: string }
  if (err.code === '23505' || /duplicate key/.test(err.message ?? '')) {
    const where = `${err.constraint ?? ''} ${err.message ?? ''}`
    const hit = Object.keys(messages).find((k) => where.includes(k))
    throw refused(ErrorCode.CONFLICT, hit ? messages[hit]! : fallback)
  }
  throw e
}

/** Turns a foreign-key violation (deleting a row others still point at) into `message`; other errors pass through. */
export function rethrowInUse(e: unknown, message: string): never {
  const err = e as { code?: string; message?: string }
  if (err.code === '23503' || /violates foreign key constraint/.test(err.message ?? ''))
    throw refused(ErrorCode.CONFLICT, message)
  throw e
}

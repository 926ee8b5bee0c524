/**
 * zod as every schema of this package uses it (`import * as z from './z.js'`; lint forbids importing zod directly
 * here): the same API, except that
 * - z.string() refuses NUL and lone surrogates (InputMsg.ILLEGAL_CHARS), so no field of any schema can carry them
 *   to the database (PostgreSQL refuses NUL, and a lone surrogate is not text);
 * - z.line() is a trimmed one-line string for names, titles and codes: it also refuses line breaks, tabs and other
 *   control characters (InputMsg.CONTROL_CHARS);
 * - z.link() is a stored address people click or a page loads, checked by isSafeLink (no javascript: and the like).
 * Answers are checked by the same z.string(), which costs nothing there: stored text never holds NUL or a lone
 * surrogate.
 */
import { z as zod } from 'zod'
import { hasControlChars, hasIllegalChars, InputMsg, isSafeLink, LINK_MSG, type LinkKind } from './input.js'

export * from 'zod'

type StringParams = Parameters<typeof zod.string>[0]

export function string(params?: StringParams): zod.ZodString {
  return zod.string(params).refine((v) => !hasIllegalChars(v), InputMsg.ILLEGAL_CHARS)
}

export function line(params?: StringParams): zod.ZodString {
  return string(params).trim().refine((v) => !hasControlChars(v), InputMsg.CONTROL_CHARS)
}

/** An address of `kind` (see isSafeLink), at most `max` characters; empty means none. */
export function link(kind: LinkKind = 'web', message: string = LINK_MSG[kind], max = 500): zod.ZodString {
  // The link rule speaks first: "java\tscript:" is told it is not a link rather than that it holds a tab.
  return string().trim().max(max, InputMsg.TOO_LONG).refine((v) => v === '' || isSafeLink(v, kind), message)
    .refine((v) => !hasControlChars(v), InputMsg.CONTROL_CHARS)
}

/**
 * zod as every schema of this package uses it (`import * as z from './z.js'`; lint forbids importing zod directly
 * here): the same API, except that
 * - z.string() refuses NUL and lone surrogates (InputMsg.ILLEGAL_CHARS), so no field of any schema can carry them
 *   to the database (PostgreSQL refuses NUL, and a lone surrogate is not text);
 * - z.line() is a trimmed one-line string for names, titles and codes: it also refuses line breaks, tabs and other
 *   control characters (InputMsg.CONTROL_CHARS);
 * - z.link() is a stored address people click or a page loads, checked by isSafeLink (no javascript: and the like);
 * - z.coerce.number() takes a number, or a string that is one written plainly ("12", "-3", "1.5" — what a query
 *   string or a form carries), and nothing else: zod's own Number(value) makes 0 of "", null, false and [], 1 of
 *   true, 1000 of "1e3" and 16 of "0x10", so a boolean could pick row 1 or enable a row (issue 22);
 * - z.id() is a row id: a positive safe integer, from a string only as plain digits ("12", never "012", " 1", "1.0").
 * Answers are checked by the same z.string(), which costs nothing there: stored text never holds NUL or a lone
 * surrogate.
 */
import { z as zod } from 'zod'
import { $constructor } from 'zod/v4/core'
import { hasControlChars, hasIllegalChars, InputMsg, isSafeLink, LINK_MSG, type LinkKind } from './input.js'

export * from 'zod'

type StringParams = Parameters<typeof zod.string>[0]

export function string(params?: StringParams): zod.ZodString {
  return zod.string(params).refine((v) => !hasIllegalChars(v), InputMsg.ILLEGAL_CHARS)
}

export function line(params?: StringParams): zod.ZodString {
  return string(params)
    .trim()
    .refine((v) => !hasControlChars(v), InputMsg.CONTROL_CHARS)
}

/** An address of `kind` (see isSafeLink), at most `max` characters; empty means none. */
export function link(kind: LinkKind = 'web', message: string = LINK_MSG[kind], max = 500): zod.ZodString {
  // The link rule speaks first: "java\tscript:" is told it is not a link rather than that it holds a tab.
  return string()
    .trim()
    .max(max, InputMsg.TOO_LONG)
    .refine((v) => v === '' || isSafeLink(v, kind), message)
    .refine((v) => !hasControlChars(v), InputMsg.CONTROL_CHARS)
}

/** How a number is written in a query string or a form; anything else is not a number. */
const PLAIN_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?$/
const PLAIN_ID = /^[1-9]\d*$/

interface StrictNumberDef extends zod.core.$ZodNumberDef {
  plain?: RegExp
}
/**
 * zod's number schema, converting only a plainly written string (def.plain) before the usual number check. A
 * constructor of its own, so .int(), .min() and .optional() — which rebuild the schema from its def — keep it.
 */
const StrictNumber: zod.core.$constructor<zod.ZodNumber, StrictNumberDef> = $constructor(
  'ZxStrictNumber',
  (inst: zod.ZodNumber, def: StrictNumberDef) => {
    zod.ZodNumber.init(inst, def)
    const parse = inst._zod.parse
    inst._zod.parse = (payload, ctx) => {
      if (typeof payload.value === 'string' && def.plain?.test(payload.value)) payload.value = Number(payload.value)
      return parse(payload, ctx)
    }
  },
)

type NumberParams = Parameters<typeof zod.number>[0]
const strictNumber = (plain: RegExp, params?: NumberParams): zod.ZodNumber =>
  new StrictNumber({ type: 'number', plain, ...zod.core.util.normalizeParams(params), checks: [] })

/** A number, or a string that is one written plainly (see above). */
export const coerceNumber = (params?: NumberParams): zod.ZodNumber => strictNumber(PLAIN_NUMBER, params)
/** zod's coerce, its number strict (see above). */
export const coerce = { ...zod.coerce, number: coerceNumber }

/** A row id: a positive safe integer (a number, or a string of plain digits). */
export function id(params?: { message?: string }): zod.ZodNumber {
  return strictNumber(PLAIN_ID, params).int(params).positive(params)
}

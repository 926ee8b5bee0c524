/**
 * Reads a route's zod request schema the way the bad-input sweep needs it: a plausible valid value to start from
 * (sample) and the fields to spoil one at a time (fields). Only what the sweep needs; zod's internals (_zod.def,
 * _zod.bag) are its public extension surface in zod 4.
 */

interface Def {
  type: string
  [k: string]: unknown
}
interface Schema {
  _zod: { def: Def; bag?: Record<string, unknown> }
  maxLength?: number | null
  minLength?: number | null
  minValue?: number | null
  maxValue?: number | null
  format?: string | null
}
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && '_zod' in v
const defOf = (s: Schema) => s._zod.def

export type Kind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'other'
export interface Field {
  path: (string | number)[]
  kind: Kind
  maxLength?: number
  /** A string whose pattern (anchored, no open-ended repeat) bounds its length. */
  bounded?: boolean
}

/** Whether a string schema carries an anchored pattern with bounded repeats only (/^\d{4}-\d{2}$/, not /^\S+$/). */
function boundedByPattern(s: Schema): boolean {
  const checks = (defOf(s).checks ?? []) as { _zod: { def: { format?: string; pattern?: RegExp } } }[]
  return checks.some(
    ({ _zod: { def } }) =>
      def.format === 'regex' &&
      !!def.pattern &&
      /^\^.*\$$/.test(def.pattern.source) &&
      !/(?<!\\)[*+]|\{\d+,\}/.test(def.pattern.source),
  )
}

/** Unwraps optional, nullable, default, pipes and the like down to the schema that says what the value is. */
function core(s: Schema): Schema {
  for (let i = 0; i < 20; i++) {
    const d = defOf(s)
    const next =
      d.innerType ??
      (d.type === 'pipe' ? (defOf(d.in as Schema).type === 'transform' ? d.out : d.in) : undefined) ??
      (d.type === 'lazy' ? (d.getter as () => unknown)() : undefined)
    if (!isSchema(next)) return s
    s = next
  }
  return s
}

/** The object shapes a body schema is made of (an object, an intersection of objects, a union's first option). */
function shapes(s: Schema): Record<string, Schema>[] {
  const c = core(s)
  const d = defOf(c)
  if (d.type === 'object') return [d.shape as Record<string, Schema>]
  if (d.type === 'intersection') return [...shapes(d.left as Schema), ...shapes(d.right as Schema)]
  if (d.type === 'union') return shapes((d.options as Schema[])[0]!)
  return []
}

const kindOf = (s: Schema): Kind => {
  const t = defOf(core(s)).type
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'array' || t === 'object' ? t : 'other'
}

/** Top-level and nested object fields of a request schema (arrays: their first element). */
export function fields(schema: unknown, prefix: (string | number)[] = [], depth = 0): Field[] {
  if (!isSchema(schema) || depth > 4) return []
  const out: Field[] = []
  const c = core(schema)
  if (defOf(c).type === 'array') return fields(defOf(c).element, [...prefix, 0], depth + 1)
  for (const shape of shapes(schema)) {
    for (const [key, f] of Object.entries(shape)) {
      const path = [...prefix, key]
      const fc = core(f)
      const kind = kindOf(f)
      out.push({
        path,
        kind,
        ...(kind === 'string' && fc.maxLength != null ? { maxLength: fc.maxLength } : {}),
        ...(kind === 'string' && boundedByPattern(fc) ? { bounded: true } : {}),
      })
      if (kind === 'object' || kind === 'array' || defOf(fc).type === 'intersection' || defOf(fc).type === 'union')
        out.push(...fields(f, path, depth + 1))
    }
  }
  return out
}

/** Guesses for strings whose format a pattern fixes, by field name. */
function sampleString(key: string, s: Schema): string {
  const k = key.toLowerCase()
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000'
  if (s.format === 'email') return 'a@example.com'
  if (s.format === 'url' || /url|uri|link|path/.test(k)) return k.includes('req') ? '/x' : 'https://example.com/x'
  if (/date|on$|from|to$|day|start|end|time/.test(k)) return '2026-11-01'
  if (/phone/.test(k)) return '13800000000'
  if (/username|loginname|uniquename|uniqueid|code/.test(k)) return 'zx_sweep_1'
  if (/password/.test(k)) return 'Sweep1234a'
  return 'x'.repeat(Math.max(1, Math.min(s.minLength ?? 1, 8)))
}

/** A plausible value for a schema: required fields only, defaults where it has them, the first option of enums and unions. */
export function sample(schema: unknown, key = '', depth = 0): unknown {
  if (!isSchema(schema) || depth > 6) return undefined
  const d = defOf(schema)
  switch (d.type) {
    // Optional fields are left out, as a form leaves them empty (an optional orgId then means the caller's own org).
    case 'optional':
      return undefined
    case 'nullable':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(d.innerType, key, depth + 1)
    case 'default':
    case 'prefault':
      return typeof d.defaultValue === 'function' ? (d.defaultValue as () => unknown)() : d.defaultValue
    case 'pipe':
      return sample(defOf(d.in as Schema).type === 'transform' ? d.out : d.in, key, depth + 1)
    case 'lazy':
      return sample((d.getter as () => unknown)(), key, depth + 1)
    case 'string':
      return sampleString(key, schema)
    case 'number': {
      // The row a write targets is one that does not exist, so the sweep never disables its own tenant or caller.
      if (/^(id|tenantId|accountId|userInfoId|userId)$/.test(key)) return 987654
      const min = schema.minValue ?? 1
      return Math.max(min === -Infinity ? 1 : min, Math.min(schema.maxValue ?? 1, 1))
    }
    case 'boolean':
      return false
    case 'literal':
      return (d.values as unknown[])[0]
    case 'enum':
      return Object.values(d.entries as Record<string, unknown>)[0]
    case 'array':
      return []
    case 'record':
      return {}
    case 'union':
      return sample((d.options as unknown[])[0], key, depth + 1)
    case 'intersection': {
      const l = sample(d.left, key, depth + 1)
      const r = sample(d.right, key, depth + 1)
      return typeof l === 'object' && typeof r === 'object' ? { ...(l as object), ...(r as object) } : l
    }
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [k, f] of Object.entries(d.shape as Record<string, Schema>)) {
        const v = sample(f, k, depth + 1)
        if (v !== undefined) out[k] = v
      }
      return out
    }
    default:
      return undefined
  }
}

/** A copy of `value` with the field at `path` set to `bad`. */
export function withField(value: unknown, path: (string | number)[], bad: unknown): unknown {
  if (!path.length) return bad
  const [head, ...rest] = path
  if (typeof head === 'number') {
    const arr = Array.isArray(value) ? [...value] : []
    arr[head] = withField(arr[head] ?? {}, rest, bad)
    return arr
  }
  const obj = typeof value === 'object' && value !== null && !Array.isArray(value) ? { ...(value as object) } : {}
  return { ...obj, [head!]: withField((obj as Record<string, unknown>)[head!], rest, bad) }
}

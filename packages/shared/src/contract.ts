/**
 * One contract per API call (docs/architecture.md "Contracts"): method, full path, input schemas, answer and the
 * access rule, declared once here. The server registers its handler against the contract (platform/contract-routes.ts),
 * the OpenAPI description is built from the schemas the server registers, and the web client calls the same object
 * (web api/call.ts), so a changed path, field or answer type fails `npm run typecheck` on both sides.
 */
// Types only: the web's build replaces the schemas a contract carries (web build/strip-contract-schemas.ts).
import type * as z from './z.js'

export type HttpMethod = 'GET' | 'POST' | 'PUT'

/** Who may call (the auth hook reads it from the route's config; see the server's FastifyContextConfig). */
export interface Access {
  /** Page or button code the caller must hold; a list means any one of them. */
  permission?: string | readonly string[]
  /** Reachable without a session. */
  public?: boolean
  superAdmin?: boolean
  /** A setting of the whole tenant: only its top org's admins (platform/auth-hook.ts). */
  tenantWide?: boolean
  /**
   * A graduate's alumni session (read-only, during the alumni period) may call it. Deny by default: every route
   * without it answers such a session 403 (platform/auth-hook.ts), so a new route is closed to alumni unasked.
   */
  alumni?: true
}

export interface ContractSpec extends Access {
  summary: string
  tags?: readonly string[]
  body?: z.ZodType
  query?: z.ZodType
  params?: z.ZodType
  /** The answer's `data`: the schema the server checks (and trims) its answers against; none means `data: null`. */
  data?: z.ZodType
  /** The answer is a file (bytes with Content-Disposition), not an envelope; a refusal still is one. */
  file?: true
  /** The answer is a redirect (a 302 and its Location, for a plain link), not an envelope; a refusal may redirect too. */
  redirect?: true
  /** The answer is a server-sent event stream (text/event-stream) the handler writes; a refusal still is an envelope. */
  stream?: true
  /** The body is a multipart form with one file (an Excel import, an image). */
  upload?: true
}

export type Contract<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  S extends ContractSpec = ContractSpec,
> = S & {
  readonly method: M
  readonly path: P
}
export type AnyContract = Contract<HttpMethod, string, ContractSpec>

export function get<const P extends string, const S extends ContractSpec>(path: P, spec: S): Contract<'GET', P, S> {
  return { ...spec, method: 'GET', path }
}
export function post<const P extends string, const S extends ContractSpec>(path: P, spec: S): Contract<'POST', P, S> {
  return { ...spec, method: 'POST', path }
}

/** PUT: only the open calls of apps' servers, which set a whole state (PUT /open/v1/badges); the web never uses it. */
export function put<const P extends string, const S extends ContractSpec>(path: P, spec: S): Contract<'PUT', P, S> {
  return { ...spec, method: 'PUT', path }
}

/** The type of an answer's `data` (null when the contract declares none). */
export type DataOf<C> = C extends { data: infer D } ? (D extends z.ZodType ? z.output<D> : never) : null
/** What the caller sends as the body (zod's input side: defaults may be left out). */
export type BodyIn<C> = C extends { body: infer B extends z.ZodType } ? z.input<B> : undefined
export type QueryIn<C> = C extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined
export type ParamsIn<C> = C extends { params: infer P extends z.ZodType } ? z.input<P> : undefined
/** What a caller sends for a schema (zod's input side), for web types that are not a whole call's input. */
export type SchemaIn<S extends z.ZodType> = z.input<S>
/** What the handler receives after validation. */
export type BodyOut<C> = C extends { body: infer B extends z.ZodType } ? z.output<B> : undefined
export type QueryOut<C> = C extends { query: infer Q extends z.ZodType } ? z.output<Q> : undefined
export type ParamsOut<C> = C extends { params: infer P extends z.ZodType } ? z.output<P> : undefined

/** The call's main input: the body of a call that has one, else its query. */
export type InputOf<C> = C extends { body: z.ZodType }
  ? BodyIn<C>
  : C extends { query: z.ZodType }
    ? QueryIn<C>
    : undefined

/** The path with its `:name` segments filled in (an image address, a download link). */
export function pathOf<C extends AnyContract>(c: C, params?: Record<string, string | number>): string {
  if (!params) return c.path
  return c.path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')))
}

/**
 * Handlers bound to the shared contracts (docs/architecture.md "Contracts"): a module's manifest lists `handle(contract,
 * handler)` pairs and buildApp registers them, with the contract's path, access rule and schemas; the answer's schema
 * becomes the route's response schema, so the server checks what it sends and the OpenAPI description shows it.
 */
import {
  envelopeSchema,
  type AnyContract,
  type BodyOut,
  type DataOf,
  type Envelope,
  type ParamsOut,
  type QueryOut,
} from '@zhixiao/shared'
import { z } from 'zod'
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod, RouteShorthandOptions } from 'fastify'

/** True when the contract declares its answer (`data`, the schema the server checks answers against). */
const isSchema = (v: unknown): v is z.ZodType => v instanceof z.ZodType

/** The request as the handler sees it: body, query and params already parsed by the contract's schemas. */
export type ContractRequest<C> = FastifyRequest<{ Body: BodyOut<C>; Querystring: QueryOut<C>; Params: ParamsOut<C> }>

/** A file, stream or redirect contract's handler answers through the reply; every other one returns the envelope. */
export type ContractHandler<C> = C extends { file: true } | { stream: true } | { redirect: true }
  ? (req: ContractRequest<C>, reply: FastifyReply) => Promise<unknown>
  : (req: ContractRequest<C>, reply: FastifyReply) => Promise<Envelope<DataOf<C>>> | Envelope<DataOf<C>>

/** Route options a contract does not carry (a larger body limit, a hook of one route). */
export type RouteExtras = Pick<RouteShorthandOptions, 'bodyLimit' | 'onRequest' | 'preHandler' | 'preValidation'>

export interface BoundRoute {
  contract: AnyContract
  handler: ContractHandler<AnyContract>
  extras?: RouteExtras
}

export function handle<C extends AnyContract>(
  contract: C,
  handler: ContractHandler<C>,
  extras?: RouteExtras,
): BoundRoute {
  return { contract, handler: handler as unknown as ContractHandler<AnyContract>, extras }
}

export function registerContracts(app: FastifyInstance, bound: readonly BoundRoute[]): void {
  for (const { contract: c, handler, extras } of bound) {
    const { permission, public: isPublic, superAdmin, tenantWide, alumni } = c
    app.route({
      method: c.method,
      url: c.path,
      config: { permission, public: isPublic, superAdmin, tenantWide, alumni },
      schema: {
        summary: c.summary,
        ...(c.tags ? { tags: [...c.tags] } : {}),
        ...(c.body && !c.upload ? { body: c.body } : {}),
        ...(c.upload ? { consumes: ['multipart/form-data'] } : {}),
        ...(c.query ? { querystring: c.query } : {}),
        ...(c.params ? { params: c.params } : {}),
        ...(isSchema(c.data) ? { response: { 200: envelopeSchema(c.data) } } : {}),
      },
      ...extras,
      handler: handler as unknown as RouteHandlerMethod,
    })
  }
}

import { PortalMsg, type DataOf, type namedConfigContracts } from '@zhixiao/shared'
import type { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { handle, type BoundRoute } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { readNamedFor, saveNamedFor, type NamedConfig, type SaveTarget } from './named-config.js'

/** A pair of shared namedConfigContracts (get<Key>, set<Key>) whose value schema is the config's. */
type NamedConfigPair<S extends z.ZodType> = ReturnType<typeof namedConfigContracts<string, S>>

/**
 * The handlers of a named config's two calls (shared namedConfigContracts): get<Key> answers the resolved value of
 * the caller's org or of an org they may see (readableOrg) as { ...value, orgId, source }; set<Key> saves the whole
 * value for the caller's org, an org below it, or the tenant default.
 */
export function namedConfigHandlers<S extends z.ZodType>(
  ctx: AppContext,
  c: NamedConfigPair<S>,
  cfg: NamedConfig<S>,
): BoundRoute[] {
  return [
    handle(c.get, async (req) => {
      const got = await readNamedFor(ctx, req.auth!, cfg, req.query.orgId)
      // The answer's type is a conditional one TypeScript cannot resolve for a generic S: { ...value, orgId, source }.
      return ok({ ...(got.value as object), orgId: got.orgId, source: got.source } as DataOf<NamedConfigPair<S>['get']>)
    }),
    handle(c.set, async (req) => {
      // zod cannot work out the parsed body of a schema generic in S; the contract's body is { orgId?, tenantDefault?, value }.
      const b = req.body as SaveTarget & { value: z.output<S> }
      await saveNamedFor(ctx, req.auth!, cfg, b.value, b)
      return ok(null, PortalMsg.SAVED)
    }),
  ]
}

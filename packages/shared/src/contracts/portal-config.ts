/**
 * Portal configuration (000 §7.6, 001 §7.1, docs/portal.md): the named-config family (get<Key>/set<Key>).
 * (Branch h6 carries only the named-config factory its modules use; branch h5 holds this file in full, with the
 * same factory: keep h5's version when merging.)
 */
import { answer, get, post } from '../contract.js'
import { configSource } from '../portal-config.js'
import * as z from '../z.js'

/** The prefix several domains' config calls share (portal header, PC portal, mobile portal, red dots, weather). */
export const CONFIG_MGR = '/base/configMgr'

const C = CONFIG_MGR

/** A named config's value (its schema) and who may save it; `tag` groups its two calls in the API description. */
export interface NamedConfigSpec<S extends z.ZodType> {
  /** Chinese label for the summaries (the server's op log uses the same label). */
  label: string
  schema: S
  permission: string | readonly string[]
  tag?: string
}

/** The answer of get<Key>: the resolved value with the org it is for and where it came from. */
export type NamedConfigAnswer<S extends z.ZodType> = z.output<S> & { orgId: number; source: z.output<typeof configSource> }

/**
 * The two calls of a named config under /base/configMgr (the server's named-config.ts): GET get<Key> (a signed-in
 * user reads the resolved value of their org or of an org they may see) and POST set<Key> (body { orgId?,
 * tenantDefault?, value }, guarded by the config's permission).
 */
export function namedConfigContracts<const K extends string, S extends z.ZodType>(key: K, spec: NamedConfigSpec<S>) {
  const tags = [spec.tag ?? '门户配置']
  return {
    get: get(`${C}/get${key}`, {
      tags, summary: `${spec.label}（本机构→上级机构→租户默认→内置默认）`, query: z.object({ orgId: z.coerce.number().int().optional() }),
      data: answer<NamedConfigAnswer<S>>(),
    }),
    set: post(`${C}/set${key}`, {
      permission: spec.permission, tags, summary: `保存${spec.label}`,
      body: z.object({ orgId: z.coerce.number().int().optional(), tenantDefault: z.boolean().optional(), value: spec.schema }),
    }),
  }
}

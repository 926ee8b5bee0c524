import { sql, type Kysely, type Selectable } from 'kysely'
import type { Trx } from '../db/database.js'
import type { Database } from '../db/schema.js'
import type { AuthInfo } from './context.js'
import { ErrorCode, isSchoolUnit, Msg, PeopleMsg } from '@zhixiao/shared'
import { AppError, notFound, refused } from './errors.js'

/** An organisation and everything below it (recursive over parent_id, inside the caller's tenant). */
export async function subtreeIds(trx: Trx, rootId: number): Promise<number[]> {
  const rows = await sql<{ id: number }>`
    WITH RECURSIVE tree AS (
      SELECT id FROM org_unit WHERE id = ${rootId}
      UNION ALL
      SELECT o.id FROM org_unit o JOIN tree t ON o.parent_id = t.id
    ) SELECT id FROM tree`.execute(trx)
  return rows.rows.map((r) => Number(r.id))
}

/**
 * Organisation scope: a caller administers their session org and what lies below it. An org outside that
 * answers 404, exactly like a missing one, so the tree of a neighbouring school is not even confirmed.
 */
export async function assertInScope(trx: Trx, auth: AuthInfo, orgId: number): Promise<void> {
  if (!(await isWithin(trx, auth.orgId, orgId))) throw notFound(Msg.ORG_NOT_FOUND)
}

/** Walks up from orgId (a short path) rather than down from the ancestor (possibly the whole tenant). */
export async function isWithin(trx: Trx, ancestorId: number, orgId: number): Promise<boolean> {
  const rows = await sql<{ id: number }>`
    WITH RECURSIVE up AS (
      SELECT id, parent_id FROM org_unit WHERE id = ${orgId}
      UNION ALL
      SELECT o.id, o.parent_id FROM org_unit o JOIN up ON o.id = up.parent_id
    ) SELECT id FROM up WHERE id = ${ancestorId} LIMIT 1`.execute(trx)
  return rows.rows.length > 0
}

/**
 * What a caller may read about an organisation (organizationUnit/get): their session org and everything below it,
 * the orgs above it (the bureau a school belongs to), and the orgs of their own other memberships (the org
 * switch). A sibling school is none of these and answers like a missing org.
 */
export async function isVisibleOrg(trx: Trx, auth: AuthInfo, orgId: number): Promise<boolean> {
  if ((await isWithin(trx, auth.orgId, orgId)) || (await isWithin(trx, orgId, auth.orgId))) return true
  const own = await trx
    .selectFrom('user_info')
    .select('id')
    .where('account_id', '=', auth.accountId)
    .where('org_id', '=', orgId)
    .executeTakeFirst()
  return own !== undefined
}

/**
 * The org a configuration read is about: the caller's own by default, or one named that they may see (isVisibleOrg:
 * their org and below, the orgs above, their other memberships). A sibling school's settings answer like a missing org.
 */
export async function readableOrg(trx: Trx, auth: AuthInfo, orgId?: number): Promise<number> {
  if (orgId === undefined || orgId === auth.orgId) return auth.orgId
  if (!(await isVisibleOrg(trx, auth, orgId))) throw notFound(Msg.ORG_NOT_FOUND)
  return orgId
}

/** The tenant's top organisation: an org of the caller's tenant with no parent (the bureau, or a lone school). */
export async function isTopOrg(trx: Trx, orgId: number): Promise<boolean> {
  const org = await trx.selectFrom('org_unit').select('parent_id').where('id', '=', orgId).executeTakeFirst()
  return !!org && org.parent_id === null
}

export const topOrgOnly = () => new AppError(ErrorCode.FORBIDDEN, Msg.TOP_ORG_ONLY, 403)

/**
 * Tenant-wide settings (types, dictionaries, providers, policies) are kept by the top organisation's administrators.
 * A route that is always tenant-wide says so with `config.tenantWide` (platform/auth-hook.ts); this is for a service
 * whose call is tenant-wide only for some payloads (a dictionary item without an org).
 */
export async function assertTopOrg(trx: Trx, auth: AuthInfo): Promise<void> {
  if (!(await isTopOrg(trx, auth.orgId))) throw topOrgOnly()
}

/** The org a base-data call is about: the one named (if in the caller's scope) or the caller's own. */
export async function scopedOrg(trx: Trx, auth: AuthInfo, orgId?: number): Promise<number> {
  const id = orgId ?? auth.orgId
  await assertInScope(trx, auth, id)
  return id
}

/**
 * The caller's school (or `orgId`, within their scope): students belong to schools (unit attribute 8 and above).
 * Here, below the modules, because people, alumni and the export requests all ask it.
 */
export async function schoolOf(trx: Trx, auth: AuthInfo, orgId?: number): Promise<number> {
  const id = await scopedOrg(trx, auth, orgId)
  const org = await trx.selectFrom('org_unit').select('unit_attr').where('id', '=', id).executeTakeFirstOrThrow()
  if (!isSchoolUnit(org.unit_attr)) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.NOT_SCHOOL)
  return id
}

/** The tenant tables whose rows belong to one org (an `id` and an `org_id`): what loadInScope can load. */
export type OrgOwnedTable = {
  [T in keyof Database]: Selectable<Database[T]> extends { id: number; org_id: number } ? T : never
}[keyof Database]

/** How loadInScope finds the row: by id (or any key the caller names), inside the caller's transaction. */
export type ScopedFinder<K, R> = (trx: Trx, key: K) => Promise<R | null | undefined>

/** The org a loaded row belongs to: its `org_id` unless the caller says otherwise (an org row is its own id). */
export interface ScopeOptions<R> {
  org?: (row: R) => number | string
  /** Out of scope answers like a missing row (`missing`), not 机构不存在: the row's kind is not even confirmed. */
  outsideAsMissing?: boolean
}

/**
 * The one "by id, in my scope, or 404" loader: the row of `table` with `id`, or the row `find` answers for `key` (RLS
 * keeps it inside the tenant); 404 with `missing` when there is none (or `missing` itself when it is an error), and
 * 404 机构不存在 (as assertInScope) when it belongs to an org outside the caller's scope (`missing` again with
 * `outsideAsMissing`), as the loaders it replaced answered.
 * Lint flags the hand-written sequence (find, throw notFound, assertInScope) in the modules.
 */
export async function loadInScope<T extends OrgOwnedTable>(
  trx: Trx,
  auth: AuthInfo,
  table: T,
  id: number,
  missing: string | AppError,
): Promise<Selectable<Database[T]>>
export async function loadInScope<K, R extends { org_id: number | string }>(
  trx: Trx,
  auth: AuthInfo,
  find: ScopedFinder<K, R>,
  key: K,
  missing: string | AppError,
  options?: ScopeOptions<R>,
): Promise<R>
export async function loadInScope<K, R>(
  trx: Trx,
  auth: AuthInfo,
  find: ScopedFinder<K, R>,
  key: K,
  missing: string | AppError,
  options: ScopeOptions<R> & { org: (row: R) => number | string },
): Promise<R>
export async function loadInScope(
  trx: Trx,
  auth: AuthInfo,
  source: OrgOwnedTable | ScopedFinder<unknown, unknown>,
  key: unknown,
  missing: string | AppError,
  options: ScopeOptions<unknown> = {},
): Promise<unknown> {
  const find = typeof source === 'string' ? byId(source) : source
  const row = await find(trx, key)
  const absent = () => (typeof missing === 'string' ? notFound(missing) : missing)
  if (!row) throw absent()
  const org = options.org ? options.org(row) : (row as { org_id: number | string }).org_id
  if (!(await isWithin(trx, auth.orgId, Number(org))))
    throw options.outsideAsMissing ? absent() : notFound(Msg.ORG_NOT_FOUND)
  return row
}

/** The row of an org-owned table by id. */
const byId =
  (table: OrgOwnedTable): ScopedFinder<unknown, { org_id: number }> =>
  (trx, id) =>
    // Kysely cannot follow a table name chosen at run time; OrgOwnedTable guarantees the id and org_id columns.
    (trx as unknown as Kysely<Record<string, { id: number; org_id: number }>>)
      .selectFrom(table as string)
      .selectAll()
      .where('id', '=', id as number)
      .executeTakeFirst()

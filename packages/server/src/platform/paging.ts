import type { SelectQueryBuilder } from 'kysely'

export interface PageQuery {
  pageIndex: number
  pageSize: number
}
export interface Page<T> {
  list: T[]
  total: number
  pageIndex: number
  pageSize: number
}

/** One page of an ordered query plus its total; `count` is the same filtered query without order or paging. */
export async function paginate<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  count: SelectQueryBuilder<DB, TB, object>,
  q: PageQuery,
): Promise<Page<O>> {
  const list = await rows
    .limit(q.pageSize)
    .offset((q.pageIndex - 1) * q.pageSize)
    .execute()
  return { list, total: await countOf(count), pageIndex: q.pageIndex, pageSize: q.pageSize }
}

/** The number of rows a filtered query selects. */
export async function countOf<DB, TB extends keyof DB>(filtered: SelectQueryBuilder<DB, TB, object>): Promise<number> {
  const r = (await filtered
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow()) as { total: number | string }
  return Number(r.total)
}

/** Pages at this offset or later use the list's deep-page reader when it has one (modules/people/deep-pages.ts). */
export const DEEP_FROM = 1000

/** A deep page's ids and the list's total, which the deep reader finds with its start (modules/people/deep-pages.ts). */
export interface DeepPage {
  ids: number[]
  total: number
}

/**
 * Deferred-join paging (docs/performance.md): the page's ids come from `keys`, an ordered query of the list's own
 * table and filters only, which an index holding the filter and the order answers alone (a deep page skips index
 * entries, not joined rows); then `load` reads the full rows of those ids, returned in the keys' order.
 * `total` gives the total (kept counts, or a count of the same filters). `deep`, when given, reads the ids of a
 * page at offset DEEP_FROM or later without skipping every earlier index entry, and the total with it (then `total`
 * is not called).
 */
export async function pageByKeys<O extends { id: number }>(
  keys: SelectQueryBuilder<any, any, { id: number }>, // eslint-disable-line @typescript-eslint/no-explicit-any -- any table: only the selected id is read
  load: (ids: number[]) => Promise<O[]>,
  q: PageQuery,
  total: () => Promise<number>,
  deep?: (offset: number, limit: number) => Promise<DeepPage>,
): Promise<Page<O>> {
  const offset = (q.pageIndex - 1) * q.pageSize
  const found =
    deep && offset >= DEEP_FROM
      ? await deep(offset, q.pageSize)
      : { ids: (await keys.limit(q.pageSize).offset(offset).execute()).map((r) => r.id), total: null }
  const { ids } = found
  const byId = new Map((ids.length ? await load(ids) : []).map((r) => [r.id, r]))
  const list = ids.map((id) => byId.get(id)).filter((r): r is O => r !== undefined)
  return { list, total: found.total ?? (await total()), pageIndex: q.pageIndex, pageSize: q.pageSize }
}

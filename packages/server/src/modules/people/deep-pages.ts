import type { Trx } from '../../db/database.js'
import type { CountFilter } from './member-count-queries.js'
import type { MemberKeys } from './member-list-queries.js'
import type { DeepPage } from '../../platform/paging.js'
import {
  anchorRows,
  idsFromAnchor,
  listState,
  studentIdsAfterClass,
  studentIdsInClass,
  studentStart,
} from './deep-page-queries.js'

/**
 * Deep pages of the people lists without skipping every row before them (docs/performance.md). A page at offset O
 * of an index-ordered list costs O index entries with OFFSET; these find a key near O first and skip only the rest.
 * Both ways are exact; they serve only lists whose total comes from the kept member counts (no keyword, department
 * or child filter), so the counts and versions below describe exactly the rows the list's filters select. Each also
 * answers the list's total from the same statement that finds its start: on PGlite, which runs one statement at a
 * time, a deep page then costs as many statements as page 1 (docs/performance.md "Deep pages").
 */

type Keys = MemberKeys

/**
 * Students are ordered by class, then student number, then id, and the kept counts hold the number of students of
 * every class: the class that holds offset O and the offset inside it follow from the counts (summed in the database,
 * which returns that one class, not a row per class), so the page is read from that class on (class sizes are
 * hundreds), then the following classes, then students without a class (last, as NULLS LAST orders them).
 */
export async function studentIdsAt(
  trx: Trx,
  keys: Keys,
  f: CountFilter,
  offset: number,
  limit: number,
): Promise<DeepPage> {
  const at = (await studentStart(trx, f, offset)).rows[0]!
  const total = Number(at.total)
  if (at.class_id === null) return { ids: [], total }
  const classId = Number(at.class_id)
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id)
  const out = ids(await studentIdsInClass(keys, classId, limit, offset - Number(at.before)))
  if (out.length >= limit || classId === 0) return { ids: out, total }
  out.push(...ids(await studentIdsAfterClass(keys, classId, limit - out.length)))
  if (out.length < limit && at.has_none) out.push(...ids(await studentIdsInClass(keys, 0, limit - out.length)))
  return { ids: out, total }
}

/** Every ANCHOR_STEP-th row's sort key of a list, as of one version of its school's members. */
interface Anchors {
  version: string
  /** A promise, so the deep pages that arrive while the anchors are built wait for that one build. */
  keys: Promise<(string | number)[][]>
}
const ANCHOR_STEP = 500
const MAX_LISTS = 200
// Per database (several apps may share a process: the tests); a list whose members changed has a new version
// and is rebuilt on its next deep page.
const anchorCaches = new WeakMap<object, Map<string, Anchors>>()
/** How many times anchors were built in this process (a test checks that a list's deep pages reuse them). */
export const anchorBuilds = { count: 0 }

/**
 * The anchors of a list's version, built once: on PostgreSQL ten requests for the first deep page of a version arrive
 * together, and each building its own (a pass over 100,000 index entries) made the first seconds' pages wait for ten
 * passes on two cores (the bench's teachers' page 4,000 p99 was 3.6× page 1 before).
 */
async function anchorsOf(
  db: object,
  trx: Trx,
  keys: Keys,
  cacheKey: string,
  version: string,
  order: readonly ('u.sort' | 'u.id')[],
  desc: boolean,
): Promise<(string | number)[][]> {
  let cache = anchorCaches.get(db)
  if (!cache) anchorCaches.set(db, (cache = new Map()))
  const known = cache.get(cacheKey)
  if (known && known.version === version) {
    try {
      return await known.keys
    } catch {
      // The build failed with its own request (its transaction ended): this one builds them.
    }
  }
  anchorBuilds.count++
  const entry: Anchors = {
    version,
    keys: anchorRows(trx, keys, order, desc, ANCHOR_STEP).then((rows) =>
      rows.map((r) => order.map((c) => (r as Record<string, string | number>)[c.slice(2)]!)),
    ),
  }
  cache.delete(cacheKey)
  cache.set(cacheKey, entry)
  if (cache.size > MAX_LISTS) cache.delete(cache.keys().next().value!)
  const c = cache
  entry.keys.catch(() => {
    if (c.get(cacheKey) === entry) c.delete(cacheKey)
  })
  return entry.keys
}

/**
 * Lists ordered by NOT NULL columns (teachers by sort then id, parents by id descending): the sort keys of every
 * 500th row are kept per process for the list's current version (built by one index-only pass over the list), and a
 * deep page starts from the anchor before it with a row comparison the index serves, skipping under 500 entries.
 * The version is the newest transaction that changed any of the list's kept counts: every insert, update and delete
 * of user_info rewrites those rows in the same transaction (statement triggers of migration 202611241320), so any
 * change to the list — a member added, moved, renamed, re-sorted or removed — gives a new version.
 */
export async function anchoredIdsAt(
  db: object,
  trx: Trx,
  keys: Keys,
  cacheKey: string,
  f: CountFilter,
  order: readonly ('u.sort' | 'u.id')[],
  desc: boolean,
  offset: number,
  limit: number,
): Promise<DeepPage> {
  const state = (await listState(trx, f)).rows[0]!
  const anchors = await anchorsOf(db, trx, keys, cacheKey, state.v ?? '0', order, desc)
  const j = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.length)
  const after = j > 0 ? anchors[j - 1]! : undefined
  const rows = await idsFromAnchor(keys, order, desc, after, offset - j * ANCHOR_STEP, limit)
  return { ids: rows.map((r) => r.id), total: Number(state.total) }
}

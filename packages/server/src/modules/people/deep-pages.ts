import type { Trx } from '../../db/database.js'
import type { CountFilter } from './member-count-queries.js'
import type { MemberKeys } from './member-list-queries.js'
import type { DeepPage } from '../../platform/paging.js'
import {
  anchorRows,
  classCounts,
  idsFromAnchor,
  listState,
  studentIdsAfterClass,
  studentIdsInClass,
} from './deep-page-queries.js'

/**
 * Deep pages of the people lists without skipping every row before them (docs/performance.md). A page at offset O
 * of an index-ordered list costs O index entries with OFFSET; these find a key near O first and skip only the rest.
 * Both ways are exact; they serve only lists whose total comes from the kept member counts (no keyword, department
 * or child filter), so the counts and versions below describe exactly the rows the list's filters select. Each reads
 * the list's version and total in one statement and keeps what it derives from the counts or the index (class starts,
 * anchors) per version: on PGlite, which runs one statement at a time, a deep page then costs about what page 1 does
 * (docs/performance.md "Deep pages").
 */

type Keys = MemberKeys

/** Where each class starts in a student list: class ids in list order and the students before each. */
interface ClassStarts {
  classIds: number[]
  before: number[]
}

/**
 * Students are ordered by class, then student number, then id, and the kept counts hold the number of students of
 * every class: the class that holds offset O and the offset inside it follow from the counts, so the page is read
 * from that class on (class sizes are hundreds), then the following classes, then students without a class (last,
 * as NULLS LAST orders them). The classes' starts are kept per process for the list's version, like the anchors
 * below: summing a 100,000-student school's counts by class on every deep page cost PGlite about 8 ms (page 4,000's
 * p99 was 2.4× page 1's); a deep page now reads the version and total, the class's rows and the page's rows.
 */
export async function studentIdsAt(
  db: object,
  trx: Trx,
  keys: Keys,
  cacheKey: string,
  f: CountFilter,
  offset: number,
  limit: number,
): Promise<DeepPage> {
  const state = (await listState(trx, f)).rows[0]!
  const total = Number(state.total)
  const starts = await perVersion<ClassStarts>(db, cacheKey, state.v ?? '0', async () => {
    const classIds: number[] = []
    const before: number[] = []
    let sum = 0
    for (const r of (await classCounts(trx, f)).rows) {
      classIds.push(Number(r.class_id))
      before.push(sum)
      sum += Number(r.n)
    }
    return { classIds, before }
  })
  if (offset >= total || starts.classIds.length === 0) return { ids: [], total }
  // The last class starting at or before the offset.
  let lo = 0
  let hi = starts.classIds.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts.before[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  const classId = starts.classIds[lo]!
  const hasNone = starts.classIds.at(-1) === 0
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id)
  const out = ids(await studentIdsInClass(keys, classId, limit, offset - starts.before[lo]!))
  if (out.length >= limit || classId === 0) return { ids: out, total }
  out.push(...ids(await studentIdsAfterClass(keys, classId, limit - out.length)))
  if (out.length < limit && hasNone) out.push(...ids(await studentIdsInClass(keys, 0, limit - out.length)))
  return { ids: out, total }
}

/** A value of one version of a list (anchors, class starts). */
interface Versioned {
  version: string
  /** A promise, so the deep pages that arrive while it is built wait for that one build. */
  value: Promise<unknown>
}
// 50: a deep page skips under 50 index entries after its anchor (500 left page 4,000 skipping 490 of them, its p99
// 1.4x page 1 on PostgreSQL); 2,000 anchors for a 100,000-row list, built by the same one pass.
const ANCHOR_STEP = 50
const MAX_LISTS = 200
// Per database (several apps may share a process: the tests); a list whose members changed has a new version
// and is rebuilt on its next deep page.
const versionCaches = new WeakMap<object, Map<string, Versioned>>()
/** How many times a list's anchors or class starts were built in this process (a test checks that they are reused). */
export const anchorBuilds = { count: 0 }

/**
 * A list's value for its version, built once: on PostgreSQL ten requests for the first deep page of a version arrive
 * together, and each building its own (a pass over 100,000 index entries) made the first seconds' pages wait for ten
 * passes on two cores (the bench's teachers' page 4,000 p99 was 3.6× page 1 before).
 */
async function perVersion<T>(db: object, cacheKey: string, version: string, build: () => Promise<T>): Promise<T> {
  let cache = versionCaches.get(db)
  if (!cache) versionCaches.set(db, (cache = new Map()))
  const known = cache.get(cacheKey)
  if (known && known.version === version) {
    try {
      return (await known.value) as T
    } catch {
      // The build failed with its own request (its transaction ended): this one builds it.
    }
  }
  anchorBuilds.count++
  const entry: Versioned = { version, value: build() }
  cache.delete(cacheKey)
  cache.set(cacheKey, entry)
  if (cache.size > MAX_LISTS) cache.delete(cache.keys().next().value!)
  const c = cache
  entry.value.catch(() => {
    if (c.get(cacheKey) === entry) c.delete(cacheKey)
  })
  return (await entry.value) as T
}

/**
 * Lists ordered by NOT NULL columns (teachers by sort then id, parents by id descending): the sort keys of every
 * 50th row are kept per process for the list's current version (built by one index-only pass over the list), and a
 * deep page starts from the anchor before it with a row comparison the index serves, skipping under 50 entries.
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
  const anchors = await perVersion(db, cacheKey, state.v ?? '0', () =>
    anchorRows(trx, keys, order, desc, ANCHOR_STEP).then((rows) =>
      rows.map((r) => order.map((c) => (r as Record<string, string | number>)[c.slice(2)]!)),
    ),
  )
  const j = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.length)
  const after = j > 0 ? anchors[j - 1]! : undefined
  const rows = await idsFromAnchor(keys, order, desc, after, offset - j * ANCHOR_STEP, limit)
  return { ids: rows.map((r) => r.id), total: Number(state.total) }
}

import type { Trx } from '../../db/database.js'
import type { CountFilter } from './member-count-queries.js'
import type { MemberKeys } from './member-list-queries.js'
import {
  anchorRows,
  countsByClass,
  idsFromAnchor,
  listVersion as listVersionRow,
  studentIdsAfterClass,
  studentIdsInClass,
} from './deep-page-queries.js'

/**
 * Deep pages of the people lists without skipping every row before them (docs/performance.md). A page at offset O
 * of an index-ordered list costs O index entries with OFFSET; these find a key near O first and skip only the rest.
 * Both ways are exact; they serve only lists whose total comes from the kept member counts (no keyword, department
 * or child filter), so the counts and versions below describe exactly the rows the list's filters select.
 */

type Keys = MemberKeys

/**
 * Students are ordered by class, then student number, then id, and the kept counts hold the number of students of
 * every class: the class that holds offset O and the offset inside it follow from the counts, so the page is read
 * from that class on (class sizes are hundreds), then the following classes, then students without a class (last,
 * as NULLS LAST orders them).
 */
export async function studentIdsAt(
  trx: Trx,
  keys: Keys,
  f: CountFilter,
  offset: number,
  limit: number,
): Promise<number[]> {
  const counts = (await countsByClass(trx, f))
    .map((r) => ({ classId: Number(r.class_id), n: Number(r.n) }))
    .filter((r) => r.n > 0)
  // class_id 0 in the counts is "no class", which the list puts last.
  counts.sort((a, b) => (a.classId === 0 ? 1 : b.classId === 0 ? -1 : a.classId - b.classId))
  let before = 0
  const at = counts.findIndex((c) => {
    if (before + c.n > offset) return true
    before += c.n
    return false
  })
  if (at < 0) return []
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id)
  const start = counts[at]!
  const out = ids(await studentIdsInClass(keys, start.classId, limit, offset - before))
  if (out.length >= limit || start.classId === 0) return out
  out.push(...ids(await studentIdsAfterClass(keys, start.classId, limit - out.length)))
  if (out.length < limit && counts.some((c) => c.classId === 0)) {
    out.push(...ids(await studentIdsInClass(keys, 0, limit - out.length)))
  }
  return out
}

/** Every ANCHOR_STEP-th row's sort key of a list, as of one version of its school's members. */
interface Anchors {
  version: string
  keys: (string | number)[][]
}
const ANCHOR_STEP = 500
const MAX_LISTS = 200
// Per database (several apps may share a process: the tests); a list whose members changed has a new version
// and is rebuilt on its next deep page.
const anchorCaches = new WeakMap<object, Map<string, Anchors>>()

/**
 * The version of a school's member list of one kind: the newest transaction that changed any of its kept counts.
 * Every insert, update and delete of user_info rewrites those rows in the same transaction (statement triggers of
 * migration 202611241320), so any change to the list — a member added, moved, renamed, re-sorted or removed — gives
 * a new version.
 */
async function listVersion(trx: Trx, orgId: number, userType: number): Promise<string> {
  const r = await listVersionRow(trx, orgId, userType)
  return r.rows[0]?.v ?? '0'
}

/**
 * Lists ordered by NOT NULL columns (teachers by sort then id, parents by id descending): the sort keys of every
 * 500th row are kept per process for the list's current version (built by one index-only pass over the list), and a
 * deep page starts from the anchor before it with a row comparison the index serves, skipping under 500 entries.
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
): Promise<number[]> {
  const version = await listVersion(trx, f.orgId, f.userType)
  let anchorCache = anchorCaches.get(db)
  if (!anchorCache) anchorCaches.set(db, (anchorCache = new Map()))
  let anchors = anchorCache.get(cacheKey)
  if (!anchors || anchors.version !== version) {
    const rows = await anchorRows(trx, keys, order, desc, ANCHOR_STEP)
    anchors = { version, keys: rows.map((r) => order.map((c) => (r as Record<string, string | number>)[c.slice(2)]!)) }
    anchorCache.delete(cacheKey)
    anchorCache.set(cacheKey, anchors)
    if (anchorCache.size > MAX_LISTS) anchorCache.delete(anchorCache.keys().next().value!)
  }
  const j = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.keys.length)
  const after = j > 0 ? anchors.keys[j - 1]! : undefined
  return (await idsFromAnchor(keys, order, desc, after, offset - j * ANCHOR_STEP, limit)).map((r) => r.id)
}

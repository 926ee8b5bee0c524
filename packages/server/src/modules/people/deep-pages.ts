import { sql, type SelectQueryBuilder } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import type { CountFilter } from './member-count-queries.js'

/**
 * Deep pages of the people lists without skipping every row before them (docs/performance.md). A page at offset O
 * of an index-ordered list costs O index entries with OFFSET; these find a key near O first and skip only the rest.
 * Both ways are exact; they serve only lists whose total comes from the kept member counts (no keyword, department
 * or child filter), so the counts and versions below describe exactly the rows the list's filters select.
 */

type Keys = SelectQueryBuilder<Database & { u: Database['user_info'] }, 'u', object>

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
  let q = trx
    .selectFrom('member_count')
    .select(['class_id', (eb) => eb.fn.sum<number>('n').as('n')])
    .where('org_id', '=', f.orgId)
    .where('user_type', '=', f.userType)
    .where('archived', '=', f.archived)
  if (f.status != null) q = q.where('status', '=', f.status)
  if (f.classId != null) q = q.where('class_id', '=', f.classId)
  else if (f.gradeId != null)
    q = q.where('class_id', 'in', trx.selectFrom('school_class').select('id').where('grade_id', '=', f.gradeId))
  const counts = (await q.groupBy('class_id').execute())
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
  const inClass = (k: Keys, classId: number) =>
    classId === 0 ? k.where('u.class_id', 'is', null) : k.where('u.class_id', '=', classId)
  const out = ids(
    await inClass(keys, start.classId)
      .select('u.id')
      .orderBy('u.job_no')
      .orderBy('u.id')
      .offset(offset - before)
      .limit(limit)
      .execute(),
  )
  if (out.length >= limit || start.classId === 0) return out
  out.push(
    ...ids(
      await keys
        .where('u.class_id', '>', start.classId)
        .select('u.id')
        .orderBy('u.class_id')
        .orderBy('u.job_no')
        .orderBy('u.id')
        .limit(limit - out.length)
        .execute(),
    ),
  )
  if (out.length < limit && counts.some((c) => c.classId === 0)) {
    out.push(
      ...ids(
        await inClass(keys, 0)
          .select('u.id')
          .orderBy('u.job_no')
          .orderBy('u.id')
          .limit(limit - out.length)
          .execute(),
      ),
    )
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
  const r = await sql<{ v: string | null }>`SELECT max(xmin::text::bigint)::text AS v FROM member_count
    WHERE org_id = ${orgId} AND user_type = ${userType}`.execute(trx)
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
    const dir = desc ? sql`DESC` : sql`ASC`
    const byOrder = sql.join(order.map((c) => sql`${sql.ref(c)} ${dir}`))
    const numbered = keys.select((eb) => [
      ...order.map((c) => eb.ref(c).as(c.slice(2))),
      sql<number>`row_number() OVER (ORDER BY ${byOrder})`.as('rn'),
    ])
    const rows = await trx
      .selectFrom(numbered.as('n'))
      .selectAll()
      .where(sql<boolean>`rn % ${ANCHOR_STEP} = 0`)
      .orderBy('rn')
      .execute()
    anchors = { version, keys: rows.map((r) => order.map((c) => (r as Record<string, string | number>)[c.slice(2)]!)) }
    anchorCache.delete(cacheKey)
    anchorCache.set(cacheKey, anchors)
    if (anchorCache.size > MAX_LISTS) anchorCache.delete(anchorCache.keys().next().value!)
  }
  const j = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.keys.length)
  let q = keys.select('u.id')
  if (j > 0) {
    const after = anchors.keys[j - 1]!
    const lhs = sql.join(order.map((c) => sql.ref(c)))
    const rhs = sql.join(after.map((v) => sql`${v}`))
    q = q.where(desc ? sql<boolean>`(${lhs}) < (${rhs})` : sql<boolean>`(${lhs}) > (${rhs})`)
  }
  for (const c of order) q = q.orderBy(c, desc ? 'desc' : 'asc')
  return (
    await q
      .offset(offset - j * ANCHOR_STEP)
      .limit(limit)
      .execute()
  ).map((r) => r.id)
}

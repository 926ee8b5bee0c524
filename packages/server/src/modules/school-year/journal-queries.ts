import { ErrorCode } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { refused } from '../../platform/errors.js'

export interface JournalRow {
  journal_key: string
  seq: number
  table_name: JournalTable
  row_id: number
  op: 'insert' | 'update' | 'delete'
  before: Values | null
  after: Values
}

async function insertJournalRows(trx: Trx, rows: JournalRow[]): Promise<void> {
  if (!rows.length) return
  await trx
    .insertInto('school_year_journal')
    .values(rows.map((r) => ({ ...r, before: r.before && JSON.stringify(r.before), after: JSON.stringify(r.after) })))
    .execute()
}

/** The journal of `key` in the order it was written. */
async function journalOf(trx: Trx, key: string): Promise<JournalRow[]> {
  const rows = await trx
    .selectFrom('school_year_journal')
    .select(['journal_key', 'seq', 'table_name', 'row_id', 'op', 'before', 'after'])
    .where('journal_key', '=', key)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({ ...r, row_id: Number(r.row_id), table_name: r.table_name as JournalTable }))
}

/**
 * An undo journal for a bulk change of a school (a roll-over, an intake): every row it inserts or updates is written
 * down with its before and after values, in the same transaction, so the change can be undone exactly later
 * (issue 27 point 2; docs/school-year.md "Undo"). Bulk by design: an update of many rows to the same values is one
 * UPDATE and one journal row per changed row, inserted in batches, so a 1,000,000-student district rolls over in
 * minutes.
 *
 * Undo refuses, naming the row, when a later fact depends on the change: a journaled row no longer holds what the
 * change wrote (someone edited it since), or a row the change inserted is pointed at by a row added since (a
 * foreign key).
 */

/** The tables a journaled change may touch, with how a refusal names one of their rows. */
export const JOURNAL_TABLES = {
  grade: '年级',
  school_class: '班级',
  user_info: '人员',
  enrolment: '学年在籍记录',
  account: '账号',
  parent_child: '家长绑定',
} as const
export type JournalTable = keyof typeof JOURNAL_TABLES

type Value = string | number | boolean | null
export type Values = Record<string, Value>

const BATCH = 1000

function assertColumns(cols: string[]): void {
  // Column names go into SQL as identifiers: only plain snake_case names are accepted.
  for (const c of cols) if (!/^[a-z_][a-z0-9_]*$/.test(c)) throw new Error(`journal: bad column ${c}`)
}

/** A value read back from jsonb or the database, comparable with what was written. */
const norm = (v: unknown): Value => (v instanceof Date ? v.toISOString() : v === undefined ? null : (v as Value))

export class Journal {
  private seq = 0

  /** `key` names the change ('rollover:<planId>:<orgId>'); one key is one undoable unit. */
  constructor(
    private readonly trx: Trx,
    readonly key: string,
  ) {}

  private async write(rows: Omit<JournalRow, 'journal_key' | 'seq'>[]): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      const seq = ++this.seq
      await insertJournalRows(
        this.trx,
        rows.slice(i, i + BATCH).map((r) => ({ ...r, journal_key: this.key, seq })),
      )
    }
  }

  /** Inserts rows into `table` and journals them; answers their ids in order. */
  async insert(table: JournalTable, rows: Values[]): Promise<number[]> {
    const ids: number[] = []
    for (let i = 0; i < rows.length; i += BATCH) {
      const part = rows.slice(i, i + BATCH)
      const cols = Object.keys(part[0] ?? {})
      assertColumns(cols)
      const values = sql.join(part.map((r) => sql`(${sql.join(cols.map((c) => sql`${r[c] ?? null}`))})`))
      const res = await sql<{ id: number }>`INSERT INTO ${sql.table(table)} (${sql.join(cols.map((c) => sql.ref(c)))})
        VALUES ${values} RETURNING id`.execute(this.trx)
      const got = res.rows.map((r) => Number(r.id))
      ids.push(...got)
      await this.write(
        got.map((id, k) => ({ table_name: table, row_id: id, op: 'insert', before: null, after: part[k]! })),
      )
    }
    return ids
  }

  /** Sets `set` on the rows `ids` of `table`, journaling each row's previous values of those columns. */
  async update(table: JournalTable, ids: number[], set: Values): Promise<void> {
    const cols = Object.keys(set)
    assertColumns(cols)
    if (!ids.length || !cols.length) return
    for (let i = 0; i < ids.length; i += BATCH) {
      const part = ids.slice(i, i + BATCH)
      const before = await sql<{ id: number; v: Values }>`SELECT id, jsonb_build_object(${sql.join(
        cols.map((c) => sql`${c}::text, ${sql.ref(c)}`),
      )}) AS v FROM ${sql.table(table)} WHERE id = ANY(${part}::bigint[]) FOR UPDATE`.execute(this.trx)
      await sql`UPDATE ${sql.table(table)} SET ${sql.join(cols.map((c) => sql`${sql.ref(c)} = ${set[c] ?? null}`))}
        WHERE id = ANY(${part}::bigint[])`.execute(this.trx)
      await this.write(
        before.rows.map((r) => ({ table_name: table, row_id: Number(r.id), op: 'update', before: r.v, after: set })),
      )
    }
  }

  /**
   * Deletes the rows of `table` matching each of `keys` (column → value, e.g. a parent_child pair), journaling each
   * whole row so an undo inserts it again. For tables without an id column as well.
   */
  async remove(table: JournalTable, keys: Values[]): Promise<void> {
    for (const key of keys) {
      const cols = Object.keys(key)
      assertColumns(cols)
      const where = sql.join(
        cols.map((c) => sql`${sql.ref(c)} = ${key[c] ?? null}`),
        sql` AND `,
      )
      const gone = await sql<{ v: Values }>`DELETE FROM ${sql.table(table)} t WHERE ${where}
        RETURNING to_jsonb(t) - 'tenant_id' AS v`.execute(this.trx)
      await this.write(
        gone.rows.map((r) => ({
          table_name: table,
          row_id: Number(r.v.id ?? 0),
          op: 'delete',
          before: r.v,
          after: key,
        })),
      )
    }
  }
}

/** Rows with the same columns, in parts a statement takes at once. */
function byColumns(rows: { id: number; values: Values }[]): { id: number; values: Values }[][] {
  const groups = new Map<string, { id: number; values: Values }[]>()
  for (const r of rows) {
    const cols = Object.keys(r.values).sort()
    assertColumns(cols)
    const k = cols.join(',')
    groups.set(k, [...(groups.get(k) ?? []), r])
  }
  const parts: { id: number; values: Values }[][] = []
  for (const g of groups.values()) for (let i = 0; i < g.length; i += 5000) parts.push(g.slice(i, i + 5000))
  return parts.filter((p) => Object.keys(p[0]!.values).length > 0)
}

/** Rows as one jsonb array for jsonb_populate_recordset, which gives each value its column's type. */
const recordset = (rows: { id: number; values: Values }[], withId = true) =>
  JSON.stringify(rows.map((r) => (withId ? { ...r.values, id: r.id } : r.values)))

/** The first of `rows` whose row in `table` is gone or no longer holds its values (null-safe), or null. */
async function firstChanged(trx: Trx, table: string, rows: { id: number; values: Values }[]): Promise<number | null> {
  const cols = Object.keys(rows[0]!.values)
  const differs = sql.join(
    cols.map((c) => sql`${sql.ref(`t.${c}`)} IS DISTINCT FROM ${sql.ref(`e.${c}`)}`),
    sql` OR `,
  )
  const r = await sql<{ id: number }>`SELECT e.id
    FROM jsonb_populate_recordset(NULL::${sql.table(table)}, ${recordset(rows)}::jsonb) e
    LEFT JOIN ${sql.table(table)} t ON t.id = e.id
    WHERE t.id IS NULL OR ${differs} LIMIT 1`.execute(trx)
  return r.rows[0] ? Number(r.rows[0].id) : null
}

/** Why an undo cannot go on: the journaled row `id` of `table` changed since (or is needed by a later row). */
export type DescribeRow = (table: JournalTable, id: number) => Promise<string>
const plainRow: DescribeRow = async (table, id) => `${JOURNAL_TABLES[table]}（编号 ${id}）`

/**
 * Undoes the change `key`: checks every journaled row still holds what the change wrote, then restores the
 * previous values and deletes the inserted rows, last change first. Refuses (409) with the row named by
 * `describe` when a later fact depends on the change; the caller's transaction then writes nothing.
 * Answers how many rows it restored or deleted. The journal itself is deleted with it.
 */
export async function undoJournal(trx: Trx, key: string, describe: DescribeRow = plainRow): Promise<number> {
  const entries = await journalOf(trx, key)
  if (!entries.length) return 0
  // 1. Every row still holds what the change last wrote into it (a row written twice is checked against the last).
  const expected = new Map<JournalTable, Map<number, Values>>()
  for (const e of entries) {
    if (e.op === 'delete') continue
    const t = expected.get(e.table_name) ?? new Map<number, Values>()
    t.set(e.row_id, { ...t.get(e.row_id), ...e.after })
    expected.set(e.table_name, t)
  }
  for (const [table, rows] of expected) {
    for (const part of byColumns([...rows].map(([id, values]) => ({ id, values })))) {
      const changed = await firstChanged(trx, table, part)
      if (changed != null)
        throw refused(ErrorCode.CONFLICT, `无法撤销：${await describe(table, changed)}在结转后已被修改`)
    }
  }
  // Consecutive entries of one step (same seq, table and op) are restored together.
  const groups: { table: JournalTable; op: string; rows: JournalRow[] }[] = []
  for (const e of [...entries].reverse()) {
    const last = groups.at(-1)
    if (last && last.table === e.table_name && last.op === e.op && last.rows[0]!.seq === e.seq) last.rows.push(e)
    else groups.push({ table: e.table_name, op: e.op, rows: [e] })
  }
  const ordered = groups
  // 2. Restore, last change first.
  let n = 0
  for (const g of ordered) {
    if (g.op === 'update') {
      for (const part of byColumns(g.rows.map((r) => ({ id: r.row_id, values: r.before ?? {} })))) {
        const cols = Object.keys(part[0]!.values)
        await sql`UPDATE ${sql.table(g.table)} AS t SET ${sql.join(cols.map((c) => sql`${sql.ref(c)} = ${sql.ref(`e.${c}`)}`))}
          FROM jsonb_populate_recordset(NULL::${sql.table(g.table)}, ${recordset(part)}::jsonb) e
          WHERE t.id = e.id`.execute(trx)
        n += part.length
      }
    } else if (g.op === 'delete') {
      const rows = g.rows.map((r) => ({ id: r.row_id, values: r.before ?? {} }))
      let bulk = true
      for (const part of byColumns(rows)) {
        const cols = Object.keys(part[0]!.values)
        try {
          await sql`SAVEPOINT journal_reinsert`.execute(trx)
          await sql`INSERT INTO ${sql.table(g.table)} (${sql.join(cols.map((c) => sql.ref(c)))})
            SELECT ${sql.join(cols.map((c) => sql.ref(`e.${c}`)))}
            FROM jsonb_populate_recordset(NULL::${sql.table(g.table)}, ${recordset(part, false)}::jsonb) e`.execute(trx)
          await sql`RELEASE SAVEPOINT journal_reinsert`.execute(trx)
        } catch (e) {
          const err = e as { code?: string }
          if (err.code !== '23505' && err.code !== '23503') throw e
          await sql`ROLLBACK TO SAVEPOINT journal_reinsert`.execute(trx)
          bulk = false
        }
      }
      if (bulk) {
        n += rows.length
        continue
      }
      // Some row cannot come back: row by row, to name it (the caller's transaction then writes nothing).
      for (const r of g.rows) {
        const row = r.before ?? {}
        const cols = Object.keys(row)
        assertColumns(cols)
        try {
          await sql`SAVEPOINT journal_reinsert`.execute(trx)
          await sql`INSERT INTO ${sql.table(g.table)} (${sql.join(cols.map((c) => sql.ref(c)))})
            VALUES (${sql.join(cols.map((c) => sql`${norm(row[c])}`))})`.execute(trx)
          await sql`RELEASE SAVEPOINT journal_reinsert`.execute(trx)
        } catch (e) {
          const err = e as { code?: string }
          if (err.code !== '23505' && err.code !== '23503') throw e
          await sql`ROLLBACK TO SAVEPOINT journal_reinsert`.execute(trx)
          throw refused(ErrorCode.CONFLICT, `无法撤销：${await describe(g.table, r.row_id)}在结转后已有新的记录`)
        }
        n++
      }
    } else {
      const ids = g.rows.map((r) => r.row_id)
      try {
        // A savepoint, so a foreign-key refusal can be named instead of aborting with a raw error.
        await sql`SAVEPOINT journal_delete`.execute(trx)
        await sql`DELETE FROM ${sql.table(g.table)} WHERE id = ANY(${ids}::bigint[])`.execute(trx)
        await sql`RELEASE SAVEPOINT journal_delete`.execute(trx)
      } catch (e) {
        const err = e as { code?: string; message?: string }
        if (err.code !== '23503' && !/violates foreign key constraint/.test(err.message ?? '')) throw e
        await sql`ROLLBACK TO SAVEPOINT journal_delete`.execute(trx)
        const used = await firstUsed(trx, g.table, ids)
        throw refused(ErrorCode.CONFLICT, `无法撤销：${await describe(g.table, used)}在结转后已被使用`)
      }
      n += ids.length
    }
  }
  await sql`DELETE FROM school_year_journal WHERE journal_key = ${key}`.execute(trx)
  return n
}

/** The first of `ids` that cannot be deleted alone (another row points at it). */
async function firstUsed(trx: Trx, table: string, ids: number[]): Promise<number> {
  for (const id of ids) {
    try {
      await sql`SAVEPOINT journal_probe`.execute(trx)
      await sql`DELETE FROM ${sql.table(table)} WHERE id = ${id}`.execute(trx)
      await sql`ROLLBACK TO SAVEPOINT journal_probe`.execute(trx)
    } catch {
      await sql`ROLLBACK TO SAVEPOINT journal_probe`.execute(trx)
      return id
    }
  }
  return ids[0]!
}

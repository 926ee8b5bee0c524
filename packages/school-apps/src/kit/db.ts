import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import pg from 'pg'
import type { AppDb, AppMigration, AppTx } from './types.js'

/**
 * The apps' own database: PGlite in its own folder (one instance for both apps) or a PostgreSQL server. Both drivers
 * answer the same JavaScript values, so an app's queries behave alike on either: bigint and numeric as numbers (ids and
 * scores stay far below 2^53), date as 'YYYY-MM-DD' text (no time zone shift), timestamptz as Date, json as objects.
 */
export interface OpenedDb extends AppDb {
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
}

const INT8 = 20
const NUMERIC = 1700
const DATE = 1082
const toNumber = (v: string) => Number(v)
const asText = (v: string) => v

/**
 * Calls made while a transaction runs (db.query, db.tx, the directory's reads) join it: on PGlite, which runs one
 * statement at a time, a call outside it would wait for the transaction that waits for it — a deadlock.
 */
function joining(open: Omit<OpenedDb, 'query' | 'tx'> & { query: AppTx['query']; tx: AppDb['tx'] }): OpenedDb {
  const current = new AsyncLocalStorage<AppTx>()
  return {
    ...open,
    query: <T>(text: string, params?: readonly unknown[]) =>
      (current.getStore() ?? open).query<T>(text, params) as Promise<T[]>,
    tx: <T>(fn: (tx: AppTx) => Promise<T>) => {
      const inside = current.getStore()
      if (inside) return fn(inside)
      return open.tx((tx) => current.run(tx, () => fn(tx)))
    },
  }
}

export async function openAppDb(opts: { dataDir?: string; databaseUrl?: string }): Promise<OpenedDb> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl)
  if (opts.dataDir) fs.mkdirSync(opts.dataDir, { recursive: true })
  const lite = await PGlite.create({
    dataDir: opts.dataDir,
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: asText },
  })
  const txOf = (t: Transaction): AppTx => ({
    query: async <T>(text: string, params?: readonly unknown[]) =>
      (await t.query<T>(text, params as unknown[] | undefined)).rows,
  })
  return joining({
    kind: 'pglite',
    query: async <T>(text: string, params?: readonly unknown[]) =>
      (await lite.query<T>(text, params as unknown[] | undefined)).rows,
    // PGlite runs one statement at a time; its transaction() holds the connection for fn and rolls back on a throw.
    tx: <T>(fn: (tx: AppTx) => Promise<T>) => lite.transaction((t) => fn(txOf(t))),
    close: () => lite.close(),
  })
}

async function openPostgres(url: string): Promise<OpenedDb> {
  const parsers: Record<number, (v: string) => unknown> = { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: asText }
  // Per pool, not pg.types.setTypeParser: the portal's server may share this process and keeps pg's defaults.
  const pool = new pg.Pool({
    connectionString: url,
    max: 5,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
    },
  })
  pool.on('error', (e) => console.warn(`school apps: database connection lost: ${e.message}`))
  await pool.query('SELECT 1')
  return joining({
    kind: 'postgres',
    query: async <T>(text: string, params?: readonly unknown[]) =>
      (await pool.query(text, params as unknown[] | undefined)).rows as T[],
    tx: async <T>(fn: (tx: AppTx) => Promise<T>) => {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const out = await fn({
          query: async <R>(text: string, params?: readonly unknown[]) =>
            (await client.query(text, params as unknown[] | undefined)).rows as R[],
        })
        await client.query('COMMIT')
        return out
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw e
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  })
}

/**
 * Runs each migration not yet in school_app_migration, in id order, each in its own transaction with its record (a
 * failed one leaves nothing behind and stops the start). Two processes starting at once on PostgreSQL serialise on an
 * advisory lock.
 */
export async function runMigrations(db: AppDb, migrations: readonly AppMigration[]): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS school_app_migration (id text PRIMARY KEY, run_at timestamptz NOT NULL DEFAULT now())',
  )
  const ids = new Set<string>()
  for (const m of migrations) {
    if (!/^\d{12}_[a-z0-9_]+$/.test(m.id)) throw new Error(`school apps: bad migration id "${m.id}"`)
    if (ids.has(m.id)) throw new Error(`school apps: migration "${m.id}" twice`)
    ids.add(m.id)
  }
  const ran: string[] = []
  for (const m of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
    const done = await db.tx(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(742011)')
      const seen = await tx.query('SELECT 1 FROM school_app_migration WHERE id = $1', [m.id])
      if (seen.length) return false
      // Statements one by one: the extended protocol ($-parameters) takes a single statement per call.
      for (const stmt of splitSql(m.sql)) await tx.query(stmt)
      await tx.query('INSERT INTO school_app_migration (id) VALUES ($1)', [m.id])
      return true
    })
    if (done) ran.push(m.id)
  }
  return ran
}

/** A migration's statements, split on semicolons outside quotes, dollar-quoted bodies and comments. */
export function splitSql(sql: string): string[] {
  const out: string[] = []
  let cur = ''
  let i = 0
  while (i < sql.length) {
    const c = sql[i]!
    const rest = sql.slice(i)
    if (rest.startsWith('--')) {
      const end = sql.indexOf('\n', i)
      i = end < 0 ? sql.length : end + 1
      continue
    }
    if (c === "'" || c === '"') {
      let j = i + 1
      while (j < sql.length && !(sql[j] === c && sql[j + 1] !== c)) j += sql[j] === c ? 2 : 1
      cur += sql.slice(i, j + 1)
      i = j + 1
      continue
    }
    const dollar = /^\$[a-zA-Z_]*\$/.exec(rest)
    if (dollar) {
      const end = sql.indexOf(dollar[0], i + dollar[0].length)
      const stop = end < 0 ? sql.length : end + dollar[0].length
      cur += sql.slice(i, stop)
      i = stop
      continue
    }
    if (c === ';') {
      if (cur.trim()) out.push(cur.trim())
      cur = ''
    } else cur += c
    i++
  }
  if (cur.trim()) out.push(cur.trim())
  return out
}

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { openAppDb, runMigrations, type OpenedDb } from '../src/kit/db.js'

/**
 * The apps' database on PGlite and, when TEST_DATABASE_URL names a PostgreSQL server, on a fresh database there: the
 * same values from both drivers, real transactions, calls inside a transaction joining it, migrations once.
 */
const serverUrl = process.env.TEST_DATABASE_URL
// CREATE/DROP DATABASE on the server itself, not through CI's PgBouncer (packages/server/test/db-server.ts).
const adminUrl = process.env.TEST_DATABASE_DIRECT_URL || serverUrl
const closers: (() => Promise<void>)[] = []

async function openPostgres(): Promise<OpenedDb> {
  const name = `zx_apps_test_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl!)
  url.pathname = `/${name}`
  const db = await openAppDb({ databaseUrl: url.toString() })
  closers.push(async () => {
    await db.close()
    const c = new pg.Client({ connectionString: adminUrl })
    await c.connect()
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await c.end()
  })
  return db
}

async function openLite(): Promise<OpenedDb> {
  const db = await openAppDb({})
  closers.push(() => db.close())
  return db
}

afterAll(async () => {
  for (const c of closers) await c()
})

const drivers: [string, () => Promise<OpenedDb>][] = [['PGlite', openLite]]
if (serverUrl) drivers.push(['PostgreSQL', openPostgres])

describe('AppDb on PGlite in a folder', () => {
  it('is opened by one process at a time (a live pid in the folder refuses another), then reopened', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zx-apps-db-'))
    try {
      const db = await openAppDb({ dataDir: dir })
      await db.query('CREATE TABLE kept (id int)')
      await db.close()
      // Another live process (this test's parent) holding the folder.
      fs.writeFileSync(path.join(dir, '.school-apps.lock'), String(process.ppid))
      await expect(openAppDb({ dataDir: dir })).rejects.toThrow(`正被进程 ${process.ppid} 使用`)
      fs.rmSync(path.join(dir, '.school-apps.lock'))
      const again = await openAppDb({ dataDir: dir })
      expect(await again.query("SELECT to_regclass('kept')::text AS t")).toEqual([{ t: 'kept' }])
      await again.close()
      expect(fs.existsSync(path.join(dir, '.school-apps.lock'))).toBe(false)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe.each(drivers)('AppDb on %s', (_name, open) => {
  it('answers the same values: bigint and numeric as numbers, date as text, timestamptz as Date, json as objects', async () => {
    const db = await open()
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT 9007199254740::bigint AS b, 12.5::numeric AS n, '2026-11-27'::date AS d,
              '2026-11-27T08:00:00Z'::timestamptz AS t, '{"a":[1]}'::jsonb AS j, $1::text AS p, $2::int[] AS arr`,
      ['甲', [1, 2]],
    )
    expect(row).toEqual({
      b: 9007199254740,
      n: 12.5,
      d: '2026-11-27',
      t: new Date('2026-11-27T08:00:00Z'),
      j: { a: [1] },
      p: '甲',
      arr: [1, 2],
    })
  })

  it('rolls a transaction back whole; calls made inside it join it (no deadlock on PGlite)', async () => {
    const db = await open()
    await db.query('CREATE TABLE t_note (id int PRIMARY KEY)')
    await expect(
      db.tx(async (tx) => {
        await tx.query('INSERT INTO t_note VALUES (1)')
        // db.query and a nested db.tx inside the transaction see its uncommitted row.
        expect(await db.query('SELECT id FROM t_note')).toEqual([{ id: 1 }])
        await db.tx((inner) => inner.query('INSERT INTO t_note VALUES (2)'))
        throw new Error('no')
      }),
    ).rejects.toThrow('no')
    expect(await db.query('SELECT id FROM t_note')).toEqual([])
    await db.tx((tx) => tx.query('INSERT INTO t_note VALUES (3)'))
    expect(await db.query('SELECT id FROM t_note')).toEqual([{ id: 3 }])
    // Work a transaction started and left running reaches the database after it ends, not the finished transaction.
    let later: Promise<unknown> = Promise.resolve()
    await db.tx(async () => {
      later = new Promise((r) => setTimeout(r, 50)).then(() => db.query('INSERT INTO t_note VALUES (4) RETURNING id'))
    })
    expect(await later).toEqual([{ id: 4 }])
  })

  it('runs each migration once, in id order, and leaves nothing of a failed one', async () => {
    const db = await open()
    const m = [
      { id: '202611270902_b', sql: 'ALTER TABLE m_a ADD COLUMN b text; CREATE INDEX m_a_b ON m_a (b)' },
      { id: '202611270901_a', sql: "CREATE TABLE m_a (id int); COMMENT ON TABLE m_a IS 'x; y'" },
    ]
    expect(await runMigrations(db, m)).toEqual(['202611270901_a', '202611270902_b'])
    expect(await runMigrations(db, m)).toEqual([])
    const bad = { id: '202611270903_c', sql: 'CREATE TABLE m_c (id int); SELECT no_such_column FROM m_a' }
    await expect(runMigrations(db, [...m, bad])).rejects.toThrow()
    expect(await db.query("SELECT to_regclass('m_c') AS t")).toEqual([{ t: null }])
    expect(await db.query('SELECT id FROM school_app_migration ORDER BY id')).toHaveLength(2)
    await expect(runMigrations(db, [{ id: 'bad id', sql: '' }])).rejects.toThrow('bad migration id')
  })
})

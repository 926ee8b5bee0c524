import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { Kysely, PostgresDialect, sql, type Transaction } from 'kysely'
import pg from 'pg'
import { PreparedPGliteDialect } from './pglite-dialect.js'
import type { Database } from './schema.js'

export type Trx = Transaction<Database>

// int8 ids and counts fit in a JS number for this product's volumes; return numbers, not strings.
pg.types.setTypeParser(20, (v) => Number(v))
// Calendar dates stay 'YYYY-MM-DD' strings: no time zone may shift a holiday by a day.
const DATE_OID = 1082
pg.types.setTypeParser(DATE_OID, (v) => v)

export interface DbOptions {
  databaseUrl?: string
  /** PGlite data directory; undefined means in-memory (tests). */
  dataDir?: string
  /** PGlite only: start from this dump of a data directory (tests start from one migrated template). */
  loadDataDir?: Blob
}

/**
 * The one handle to the database. Tenant-owned rows are reached only through `tenant()`, which runs a
 * transaction as the restricted role zx_app with zx.tenant_id set, so row-level security applies;
 * `platform()` is the super administrator's cross-tenant scope.
 */
export class Db {
  private constructor(
    readonly kysely: Kysely<Database>,
    readonly kind: 'pglite' | 'postgres',
    private readonly release: () => Promise<void>,
  ) {}

  static async open(opts: DbOptions): Promise<Db> {
    if (opts.databaseUrl) {
      const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 })
      const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
      return new Db(kysely, 'postgres', async () => { await kysely.destroy() })
    }
    let unlock = () => {}
    if (opts.dataDir) {
      fs.mkdirSync(opts.dataDir, { recursive: true })
      unlock = lockDataDir(opts.dataDir)
    }
    const pglite = new PGlite({ dataDir: opts.dataDir, loadDataDir: opts.loadDataDir, parsers: { [DATE_OID]: (v: string) => v } })
    const kysely = new Kysely<Database>({ dialect: new PreparedPGliteDialect(pglite) })
    return new Db(kysely, 'pglite', async () => { await kysely.destroy(); unlock() })
  }

  tenant<T>(tenantId: number, fn: (trx: Trx) => Promise<T>): Promise<T> {
    if (!Number.isSafeInteger(tenantId) || tenantId < 0) throw new Error(`invalid tenant id ${tenantId}`)
    return this.kysely.transaction().execute(async (trx) => {
      await sql`SELECT set_config('zx.tenant_id', ${String(tenantId)}, true), set_config('role', 'zx_app', true)`.execute(trx)
      return fn(trx)
    })
  }

  platform<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.kysely.transaction().execute(async (trx) => {
      // Its own role, whose policies let it see every tenant's rows (migration 202611241300).
      await sql`SELECT set_config('role', 'zx_platform', true)`.execute(trx)
      return fn(trx)
    })
  }

  /**
   * Refreshes planner statistics as the owner. PGlite has no autovacuum, so without this a table that grew
   * after start keeps its empty-table plans (seq scans in every foreign-key check); a big import also outruns a
   * server's autovacuum. Errors (a role that may not analyse) are ignored: statistics are an optimisation.
   */
  async analyze(tables: readonly string[] = []): Promise<void> {
    const list = tables.map((t) => sql.id(t))
    await (list.length ? sql`ANALYZE ${sql.join(list)}` : sql`ANALYZE`).execute(this.kysely).catch(() => {})
  }

  close(): Promise<void> {
    return this.release()
  }
}

/** PGlite has no lock of its own: refuse to open a data directory another live process holds. */
function lockDataDir(dir: string): () => void {
  const lockFile = path.join(dir, '.zhixiao.lock')
  try {
    const pid = Number(fs.readFileSync(lockFile, 'utf8'))
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`数据目录 ${dir} 正被进程 ${pid} 使用；请先停止它，或用 DATA_DIR 指定另一个目录`)
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  fs.writeFileSync(lockFile, String(process.pid))
  return () => { try { fs.unlinkSync(lockFile) } catch { /* already gone */ } }
}

function isAlive(pid: number): boolean {
  try { process.kill(pid, 0); return true } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM' }
}

import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  sql,
  type DialectAdapter,
  type PostgresPool,
  type QueryExecutorProvider,
  type Transaction,
} from 'kysely'
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
  /** Where a lost connection is reported; the app sends it to its log (app.ts), until then it goes to stderr. */
  private lostLog: (err: Error) => void = (err) => console.warn(`database connection lost: ${err.message}`)

  private constructor(
    readonly kysely: Kysely<Database>,
    readonly kind: 'pglite' | 'postgres',
    private readonly release: () => Promise<void>,
  ) {}

  static async open(opts: DbOptions): Promise<Db> {
    if (opts.databaseUrl) return Db.openPostgres(opts.databaseUrl)
    let unlock = () => {}
    if (opts.dataDir) {
      fs.mkdirSync(opts.dataDir, { recursive: true })
      unlock = lockDataDir(opts.dataDir)
    }
    const pglite = new PGlite({
      dataDir: opts.dataDir,
      loadDataDir: opts.loadDataDir,
      parsers: { [DATE_OID]: (v: string) => v },
      // The people search's trigram indexes (migration 202611300300); PostgreSQL servers have it in contrib.
      extensions: { pg_trgm },
    })
    const kysely = new Kysely<Database>({ dialect: new PreparedPGliteDialect(pglite) })
    return new Db(kysely, 'pglite', async () => {
      await kysely.destroy()
      unlock()
    })
  }

  tenant<T>(tenantId: number, fn: (trx: Trx) => Promise<T>): Promise<T> {
    if (!Number.isSafeInteger(tenantId) || tenantId < 0) throw new Error(`invalid tenant id ${tenantId}`)
    return this.kysely.transaction().execute(async (trx) => {
      await sql`SELECT set_config('zx.tenant_id', ${String(tenantId)}, true), set_config('role', 'zx_app', true)`.execute(
        trx,
      )
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

  /** Reports each connection the database server ended (a restart, a failover, an idle timeout, pg_terminate_backend). */
  onConnectionLost(log: (err: Error) => void): void {
    this.lostLog = log
  }

  close(): Promise<void> {
    return this.release()
  }

  /**
   * A pool that outlives the database server going away. The server may end any connection (a restart, a failover,
   * PgBouncer, idle_session_timeout): an idle one is dropped by the pool and a new one opened when needed, a
   * checked-out one fails its query (answered 503 by the error handler). Without an 'error' listener on the pool and
   * on every client, Node would end the process on the first such event.
   */
  private static openPostgres(url: string): Db {
    const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
    const live = new Set<pg.PoolClient>()
    let allEnded = () => {}
    pool.on('error', () => {}) // an idle client's loss, reported by the client's own listener below
    pool.on('connect', (client) => {
      live.add(client)
      client.on('error', (err) => db.lostLog(err))
      client.once('end', () => {
        live.delete(client)
        if (!live.size) allEnded()
      })
    })
    const dialectPool: PostgresPool = {
      // A connection that cannot be opened (the server down, refusing connections, full) means the database is away.
      connect: () =>
        pool.connect().catch((e: unknown) => {
          throw new DatabaseUnavailable(e)
        }),
      end: () => pool.end(),
      options: pool.options,
    }
    const kysely = new Kysely<Database>({ dialect: new PooledPostgresDialect({ pool: dialectPool }) })
    const db = new Db(kysely, 'postgres', async () => {
      await kysely.destroy()
      // pool.end() resolves once every client was told to end, not once its connection has closed. Wait for that, so
      // a caller dropping the database next (the tests) does not kill a backend whose client still listens.
      if (live.size)
        await new Promise<void>((resolve) => {
          allEnded = resolve
          setTimeout(resolve, CLOSE_WAIT_MS).unref()
        })
    })
    return db
  }
}

/**
 * Takes the migrations' lock for the rest of `trx`: two processes starting at once migrate one after the other.
 * A transaction-level lock, because behind PgBouncer in transaction mode (docs/scale.md) a session is not the
 * caller's between transactions: a session lock taken outside the transaction would stay with whichever server
 * connection ran it, and its unlock would run on another.
 */
export async function lockMigrations(trx: QueryExecutorProvider): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended('zx-migrations', 0))`.execute(trx)
}

/**
 * Kysely's PostgreSQL adapter takes its migration lock with pg_advisory_lock on a connection of its own, outside
 * the migrations' transaction, and releases it with a second statement: through PgBouncer in transaction mode the
 * two may run on different server connections, leaving the lock held forever on the first. Here the lock is the
 * transaction's (migrateToLatest runs the migrator inside one), so COMMIT or ROLLBACK releases it wherever it runs.
 */
class TransactionLockAdapter extends PostgresAdapter {
  override async acquireMigrationLock<DB>(db: Kysely<DB>): Promise<void> {
    if (!db.isTransaction) throw new Error('migrations must run inside a transaction (migrateToLatest)')
    await lockMigrations(db)
  }

  override async releaseMigrationLock(): Promise<void> {
    // Released by the transaction's end.
  }
}

class PooledPostgresDialect extends PostgresDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionLockAdapter()
  }
}

/** How long a request waits for a connection (a free one of the pool, or a new one) before it is answered 503. */
const CONNECT_TIMEOUT_MS = 15_000
/** How long close() waits for the pool's connections to say goodbye to the server. */
const CLOSE_WAIT_MS = 5_000

/** A new connection to the database could not be opened. */
export class DatabaseUnavailable extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
  }
}

/** SQLSTATE 08xxx (connection exception), 57P0x (the server shutting down, crashed, starting, the database dropped), 53300 (too many connections). */
const LOST_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[0-9]|53300)$/
const LOST_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
])
/** pg's and Kysely's own words for a connection that died under a query or a transaction. */
const LOST_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|Postgres connection has been discarded|timeout exceeded when trying to connect)/

/**
 * True when an error means the database server is away or lost the connection, rather than refusing the statement:
 * the request is answered 503 and may be tried again later, and a background job waits for the database.
 */
export function isConnectionLoss(e: unknown): boolean {
  if (e instanceof DatabaseUnavailable) return true
  if (!e || typeof e !== 'object') return false
  // pg puts the socket's errno on the error itself; a fetch to a provider hides it in `cause`, which is not read here.
  const { code, message } = e as { code?: unknown; message?: unknown }
  return (
    (typeof code === 'string' && (LOST_SQLSTATE.test(code) || LOST_ERRNO.has(code))) ||
    (typeof message === 'string' && LOST_MESSAGE.test(message))
  )
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
  return () => {
    try {
      fs.unlinkSync(lockFile)
    } catch {
      /* already gone */
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

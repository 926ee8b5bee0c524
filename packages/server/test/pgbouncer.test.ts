import { UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Db } from '../src/db/database.js'
import { migrateToLatest } from '../src/db/migrate.js'
import { withDatabase } from './db-server.js'
import { call, createTestApp, makePerson, makeWorld, staffOf, type TestApp } from './helpers.js'
import { adminQuery, scratchDatabase } from './server-process.js'

// The product behind PgBouncer in transaction mode (issue 28.5, docs/scale.md): a server connection is a client's for
// one transaction only, and the next transaction of another client (another tenant's request) may run on it. Only
// where CI's pass puts PgBouncer in front of the server (TEST_PGBOUNCER=1 with TEST_DATABASE_URL naming the pooler,
// .ci/run); skipped elsewhere.
const bouncer = !!process.env.TEST_PGBOUNCER && !!process.env.TEST_DATABASE_URL
const U = '/base/api/userInfo'

/** The backend that answers, read in its own transaction. */
const backendOf = (db: Db) =>
  db.tenant(0, async (trx) => (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx)).rows[0]!.pid)

describe.skipIf(!bouncer)('behind PgBouncer in transaction mode', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  }, 120_000)
  afterAll(() => t?.close())

  it('the pooler really shares server connections between clients, so session state would leak: the control for the tests below', async () => {
    // Two clients of their own, one after the other: the pooler hands the second the server connection the first
    // just left (it reuses the last one freed), so what the first left on the session, the second finds.
    const url = process.env.TEST_DATABASE_URL!
    const a = new pg.Client({ connectionString: url })
    const b = new pg.Client({ connectionString: url })
    await a.connect()
    await b.connect()
    try {
      let leaked = false
      for (let i = 0; i < 20 && !leaked; i++) {
        // What the product must never do: session-level state outside a transaction.
        await a.query(`SELECT set_config('zx.tenant_id', '4242', false)`)
        const seen = (await b.query<{ v: string | null }>(`SELECT current_setting('zx.tenant_id', true) AS v`)).rows[0]
        leaked = seen?.v === '4242'
      }
      expect(leaked).toBe(true)
    } finally {
      // Leave no session state for the next user of that server connection.
      await a.query('RESET ALL').catch(() => undefined)
      await a.end()
      await b.end()
    }
  })

  it("two tenants' requests interleaved over shared server connections each see only their own rows", async () => {
    const one = await makeWorld(t)
    const two = await makeWorld(t)
    const s1 = await staffOf(t, one)
    const s2 = await staffOf(t, two)
    for (const [w, name] of [
      [one, '甲区老师'],
      [two, '乙区老师'],
    ] as const) {
      for (let i = 0; i < 3; i++)
        await makePerson(t, w.tenantId, {
          trueName: `${name}${i}`,
          memberships: [{ orgId: w.schoolId, userType: UserType.STAFF, roleIds: [w.roles.teacher] }],
        })
    }
    const list = (token: string) => call(t, { url: `${U}/teacherInfo/page`, token, body: { pageSize: 100 } })
    // Alternating one at a time (each takes the server connection the other just left) and then all at once.
    const answers: { tenant: 1 | 2; names: string[] }[] = []
    for (let i = 0; i < 10; i++) {
      answers.push({
        tenant: 1,
        names: (await list(s1.schoolAdmin)).data.list.map((p: { trueName: string }) => p.trueName),
      })
      answers.push({
        tenant: 2,
        names: (await list(s2.schoolAdmin)).data.list.map((p: { trueName: string }) => p.trueName),
      })
    }
    const together = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? 2 : 1) as 1 | 2).map(async (tenant) => ({
        tenant,
        names: (await list(tenant === 1 ? s1.schoolAdmin : s2.schoolAdmin)).data.list.map(
          (p: { trueName: string }) => p.trueName,
        ),
      })),
    )
    for (const a of [...answers, ...together]) {
      const own = a.tenant === 1 ? '甲区老师' : '乙区老师'
      const other = a.tenant === 1 ? '乙区老师' : '甲区老师'
      expect(a.names.filter((n: string) => n.startsWith(own)).sort()).toEqual([`${own}0`, `${own}1`, `${own}2`])
      expect(a.names.filter((n: string) => n.startsWith(other))).toEqual([])
    }
  })

  it("tenant scopes run on one server connection one after another and none carries the last one's tenant or role", async () => {
    // Two handles (two client pools) on one database: their transactions share the pooler's server connections.
    const here = await sql<{ d: string }>`SELECT current_database() AS d`.execute(t.db.kysely)
    const url = withDatabase(process.env.TEST_DATABASE_URL!, here.rows[0]!.d)
    const a = await Db.open({ databaseUrl: url })
    const b = await Db.open({ databaseUrl: url })
    try {
      const pidsA = new Set<number>()
      const pidsB = new Set<number>()
      for (let i = 0; i < 10; i++) {
        pidsA.add(await backendOf(a))
        pidsB.add(await backendOf(b))
        // Outside any scope (a plain statement): no tenant and the connecting role, whatever ran before on that backend.
        const bare = await sql<{ tenant: string | null; role: string }>`
          SELECT current_setting('zx.tenant_id', true) AS tenant, current_user AS role`.execute(b.kysely)
        expect([null, ''].includes(bare.rows[0]!.tenant)).toBe(true)
        expect(bare.rows[0]!.role).not.toBe('zx_app')
        const inScope = await a.tenant(7, async (trx) => {
          const r = await sql<{ tenant: string; role: string }>`
            SELECT current_setting('zx.tenant_id') AS tenant, current_user AS role`.execute(trx)
          return r.rows[0]!
        })
        expect(inScope).toEqual({ tenant: '7', role: 'zx_app' })
      }
      // The two clients met on at least one backend: the interleaving above is real.
      expect([...pidsA].some((p) => pidsB.has(p))).toBe(true)
    } finally {
      await a.close()
      await b.close()
    }
  })

  it('two processes migrating a fresh database at once through the pooler: one waits for the other and no lock is left behind', async () => {
    const scratch = await scratchDatabase('zx_bouncer_mig')
    const a = await Db.open({ databaseUrl: scratch.url })
    const b = await Db.open({ databaseUrl: scratch.url })
    try {
      // Other clients' short transactions keep taking server connections meanwhile, as a live server's requests do,
      // so a statement of the migrator outside its transaction seldom lands where its previous one ran.
      const churn = await Db.open({ databaseUrl: scratch.url })
      let migrating = true
      const busy = Array.from({ length: 6 }, async () => {
        while (migrating) await churn.platform((trx) => sql`SELECT pg_sleep(0.002)`.execute(trx))
      })
      try {
        await Promise.all([migrateToLatest(a.kysely), migrateToLatest(b.kysely)])
      } finally {
        migrating = false
        await Promise.all(busy)
        await churn.close()
      }
      const runs = await adminQuery<{ name: string; n: number }>(
        'SELECT name, count(*)::int AS n FROM kysely_migration GROUP BY name HAVING count(*) > 1',
        [],
        scratch.directUrl,
      )
      expect(runs).toEqual([])
      // A session-level advisory lock would stay with whichever server connection took it (the pooler keeps it open).
      const locks = await adminQuery<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_database d ON d.oid = l.database
          WHERE l.locktype = 'advisory' AND d.datname = $1`,
        [scratch.name],
      )
      expect(locks[0]!.n).toBe(0)
      // And a third start finds nothing to do and does not wait.
      await migrateToLatest(a.kysely)
    } finally {
      await a.close()
      await b.close()
      await scratch.drop()
    }
  }, 120_000)
})

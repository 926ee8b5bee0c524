// Storage per student (issue 28.5, docs/scale.md): the demo district on a fresh PostgreSQL database, the size of every
// table with its indexes and TOAST (pg_total_relation_size) measured, one school of BENCH_STORAGE_STUDENTS students
// (default 20,000) with one parent each and a teacher per 13 students generated (bench/people-scale.ts), VACUUM
// ANALYZE, and measured again: the growth divided by the students is the bytes a student costs with their parent and
// their share of staff. `DATABASE_URL=postgres://… npx tsx packages/server/bench/storage.ts` (a fresh database is made
// beside the named one and dropped at the end).
import { sql } from 'kysely'
import pg from 'pg'
import { Db } from '../src/db/database.js'
import { migrateToLatest } from '../src/db/migrate.js'
import { ensurePlatform, seedDemoDistrict } from '../src/db/seed/demo.js'
import { syncPermissionCatalogue } from '../src/db/seed/permissions.js'
import { generateSchool } from './people-scale.js'

const STUDENTS = Number(process.env.BENCH_STORAGE_STUDENTS ?? 20_000)
const CHEAP = { memoryKiB: 64, timeCost: 1, parallelism: 1 }

const url = process.env.DATABASE_URL
if (!url) throw new Error('DATABASE_URL (PostgreSQL) is needed')
const name = `zx_bench_storage_${process.pid}`
const admin = new pg.Client({ connectionString: url })
await admin.connect()
await admin.query(`CREATE DATABASE ${name}`)
const db = await Db.open({ databaseUrl: url.replace(/\/[^/]*$/, `/${name}`) })

/** Every table of the schema: its heap, its indexes (and TOAST) in bytes. */
async function sizes(): Promise<Map<string, { table: number; indexes: number }>> {
  const r = await sql<{ name: string; table: number; indexes: number }>`
    SELECT c.relname AS name, pg_table_size(c.oid) AS table, pg_indexes_size(c.oid) AS indexes
      FROM pg_class c WHERE c.relkind IN ('r', 'p') AND c.relnamespace = 'public'::regnamespace`.execute(db.kysely)
  return new Map(r.rows.map((x) => [x.name, { table: Number(x.table), indexes: Number(x.indexes) }]))
}

try {
  await migrateToLatest(db.kysely)
  await syncPermissionCatalogue(db.kysely)
  await ensurePlatform(db, CHEAP, 'Admin1234a')
  await seedDemoDistrict(db, CHEAP, new Date())
  await sql`VACUUM ANALYZE`.execute(db.kysely)
  const before = await sizes()
  const staff = Math.round(STUDENTS / 13)
  const school = await generateSchool(db, { students: STUDENTS, parents: STUDENTS, staff }, { vacuum: false })
  await sql`VACUUM ANALYZE`.execute(db.kysely)
  const after = await sizes()
  const grown = [...after]
    .map(([t, a]) => {
      const b = before.get(t) ?? { table: 0, indexes: 0 }
      return { t, table: a.table - b.table, indexes: a.indexes - b.indexes }
    })
    .filter((g) => g.table + g.indexes > 0)
    .sort((x, y) => y.table + y.indexes - (x.table + x.indexes))
  const total = grown.reduce((n, g) => n + g.table + g.indexes, 0)
  const perStudent = (n: number) => (n / STUDENTS).toFixed(0)
  console.log(
    `school of ${STUDENTS} students, ${STUDENTS} parents, ${staff} staff generated in ${school.seconds.toFixed(1)} s`,
  )
  console.log('table | heap+TOAST B/student | indexes B/student')
  for (const g of grown.slice(0, 15)) console.log(`${g.t} | ${perStudent(g.table)} | ${perStudent(g.indexes)}`)
  const heap = grown.reduce((n, g) => n + g.table, 0)
  console.log(
    `all tables: ${perStudent(total)} B/student (heap+TOAST ${perStudent(heap)}, indexes ${perStudent(total - heap)}); ` +
      `${(total / 1024 / 1024).toFixed(1)} MiB for the school`,
  )
} finally {
  await db.close()
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.end()
}

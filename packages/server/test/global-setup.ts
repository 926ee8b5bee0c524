// Migrates one template database before the server tests, so each test file copies it instead of running every
// migration again (about 6 s a file on the CI machine): a PGlite data-directory dump, or on PostgreSQL
// (TEST_DATABASE_URL) a template database that CREATE DATABASE ... TEMPLATE copies.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { Kysely } from 'kysely'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { Db } from '../src/db/database.js'
import { migrateToLatest } from '../src/db/migrate.js'
import { PreparedPGliteDialect } from '../src/db/pglite-dialect.js'
import type { Database } from '../src/db/schema.js'
import { syncPermissionCatalogue } from '../src/db/seed/permissions.js'
import { directUrl, withDatabase } from './db-server.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the migrated PGlite data directory (tar), when the tests run on PGlite. */
    pgliteTemplate: string
    /** The migrated template database's name, when the tests run on PostgreSQL. */
    pgTemplate: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The template is made on the server itself, not through PgBouncer: a database being copied may have no open
  // connection, and the pooler would keep its idle ones (test/db-server.ts).
  const serverUrl = directUrl()
  if (!serverUrl) {
    const pglite = new PGlite({ extensions: { pg_trgm } }) // as db/database.ts opens it
    const kysely = new Kysely<Database>({ dialect: new PreparedPGliteDialect(pglite) })
    await migrateToLatest(kysely)
    await syncPermissionCatalogue(kysely)
    const dump = await pglite.dumpDataDir('none')
    await kysely.destroy()
    const file = path.join(os.tmpdir(), `zx-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`)
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()))
    project.provide('pgliteTemplate', file)
    project.provide('pgTemplate', '')
    return async () => {
      fs.rmSync(file, { force: true })
    }
  }
  const name = `zx_tpl_${randomBytes(6).toString('hex')}`
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: serverUrl })
    await c.connect()
    try {
      await c.query(q)
    } finally {
      await c.end()
    }
  }
  await admin(`CREATE DATABASE ${name}`)
  const db = await Db.open({ databaseUrl: withDatabase(serverUrl, name) })
  await migrateToLatest(db.kysely)
  await syncPermissionCatalogue(db.kysely)
  await db.close() // a template may have no open connections while it is copied
  project.provide('pgTemplate', name)
  project.provide('pgliteTemplate', '')
  return async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
}

import { PGlite } from '@electric-sql/pglite'
import { Kysely, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Db } from '../src/db/database.js'
import { PreparedPGliteDialect } from '../src/db/pglite-dialect.js'

interface T {
  item: { id: number; name: string; born: string | null; tags: string[] | null; meta: unknown }
}

// The embedded database's driver keeps named prepared statements (src/db/pglite-dialect.ts); these prove it answers
// exactly as PGlite's plain path does, through schema changes, evictions and errors. It makes its own PGlite, so the
// PostgreSQL-server pass of the suite (TEST_DATABASE_URL set) would only repeat it.
describe.skipIf(!!process.env.TEST_DATABASE_URL)('PGlite with prepared statements', () => {
  let pglite: PGlite
  let db: Kysely<T>
  const prepared = async () =>
    (await pglite.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements')).rows[0]!.n

  beforeAll(async () => {
    pglite = new PGlite({ parsers: { 1082: (v: string) => v } })
    db = new Kysely<T>({ dialect: new PreparedPGliteDialect(pglite, 3) })
    await sql`CREATE TABLE item (id int PRIMARY KEY, name text NOT NULL, born date, tags text[], meta jsonb)`.execute(
      db,
    )
  })
  afterAll(async () => {
    await db.destroy()
  })

  it('keeps a statement with parameters prepared and answers as the plain path does', async () => {
    await db
      .insertInto('item')
      .values({ id: 1, name: '张三', born: '2015-09-01', tags: ['a', 'b'], meta: JSON.stringify({ k: 1 }) })
      .execute()
    const q = db.selectFrom('item').selectAll().where('id', '=', 1)
    const first = await q.execute()
    const again = await q.execute()
    const plain = (await pglite.query('SELECT * FROM item WHERE id = $1', [1])).rows
    expect(first).toEqual(plain)
    expect(again).toEqual(plain)
    expect(first[0]).toEqual({ id: 1, name: '张三', born: '2015-09-01', tags: ['a', 'b'], meta: { k: 1 } })
    expect(await prepared()).toBeGreaterThan(0)
    const upd = await db.updateTable('item').set({ name: '李四' }).where('id', '=', 1).executeTakeFirst()
    expect(upd.numUpdatedRows).toBe(1n)
  })

  it('forgets its plans after a schema change, so a prepared SELECT * sees the new column', async () => {
    const q = () => db.selectFrom('item').selectAll().where('id', '=', 1).executeTakeFirstOrThrow()
    expect(Object.keys(await q())).not.toContain('extra')
    await sql`ALTER TABLE item ADD COLUMN extra int DEFAULT 7`.execute(db)
    expect(await q()).toMatchObject({ id: 1, extra: 7 })
  })

  it('evicts the least recently used statement beyond its cap and still answers every query', async () => {
    for (let id = 2; id <= 8; id++)
      await db
        .insertInto('item')
        .values({ id, name: `n${id}` })
        .execute()
    const shapes = [
      () => db.selectFrom('item').select('name').where('id', '=', 2).execute(),
      () => db.selectFrom('item').select('id').where('name', '=', 'n3').execute(),
      () => db.selectFrom('item').select(['id', 'name']).where('id', '>', 6).orderBy('id').execute(),
      () => db.selectFrom('item').select('born').where('id', 'in', [4, 5]).execute(),
      () =>
        db
          .selectFrom('item')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('id', '<', 100)
          .execute(),
    ]
    const expected = [
      [{ name: 'n2' }],
      [{ id: 3 }],
      [
        { id: 7, name: 'n7' },
        { id: 8, name: 'n8' },
      ],
      [{ born: null }, { born: null }],
      [{ n: 8 }],
    ]
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < shapes.length; i++) expect(await shapes[i]!()).toEqual(expected[i])
    }
    expect(await prepared()).toBeLessThanOrEqual(3)
  })

  it('passes errors with their SQLSTATE and stays usable, inside and outside transactions', async () => {
    await expect(db.insertInto('item').values({ id: 2, name: 'dup' }).execute()).rejects.toMatchObject({
      code: '23505',
    })
    await expect(
      db
        .selectFrom('item')
        .select('id')
        .where(sql<boolean>`id = ${'not a number'}`)
        .execute(),
    ).rejects.toMatchObject({ code: '22P02' })
    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('item').values({ id: 100, name: 'rolled back' }).execute()
        await trx.insertInto('item').values({ id: 100, name: 'again' }).execute()
      }),
    ).rejects.toMatchObject({ code: '23505' })
    expect(await db.selectFrom('item').select('id').where('id', '=', 100).execute()).toEqual([])
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('item').values({ id: 101, name: 'kept' }).execute()
    })
    expect(await db.selectFrom('item').select('name').where('id', '=', 101).execute()).toEqual([{ name: 'kept' }])
  })

  it('serialises parallel callers: concurrent transactions each see their own writes', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('item')
            .values({ id: 200 + i, name: `p${i}` })
            .execute()
          const mine = await trx
            .selectFrom('item')
            .select('name')
            .where('id', '=', 200 + i)
            .executeTakeFirstOrThrow()
          expect(mine.name).toBe(`p${i}`)
        }),
      ),
    )
    const n = await db
      .selectFrom('item')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '>=', 200)
      .executeTakeFirstOrThrow()
    expect(Number(n.n)).toBe(20)
  })

  it('is what the product opens on the embedded database', async () => {
    const product = await Db.open({})
    try {
      await sql`SELECT ${1}::int AS one`.execute(product.kysely)
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(
        product.kysely,
      )
      expect(rows[0]!.n).toBeGreaterThan(0)
    } finally {
      await product.close()
    }
  })
})

import type { SelectQueryBuilder } from 'kysely'

export interface PageQuery { pageIndex: number; pageSize: number }
export interface Page<T> { list: T[]; total: number; pageIndex: number; pageSize: number }

/** One page of an ordered query plus its total; `count` is the same filtered query without order or paging. */
export async function paginate<DB, TB extends keyof DB, O>(
  rows: SelectQueryBuilder<DB, TB, O>,
  count: SelectQueryBuilder<DB, TB, object>,
  q: PageQuery,
): Promise<Page<O>> {
  const list = await rows.limit(q.pageSize).offset((q.pageIndex - 1) * q.pageSize).execute()
  const { total } = (await count.clearSelect().select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()) as { total: number | string }
  return { list, total: Number(total), pageIndex: q.pageIndex, pageSize: q.pageSize }
}

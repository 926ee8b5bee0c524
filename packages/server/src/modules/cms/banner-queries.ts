import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { BannerTable } from '../../db/schema.js'
import { paginate, type PageQuery } from '../../platform/paging.js'

const columns = [
  'id',
  'org_id as orgId',
  'title',
  'image_url as imageUrl',
  'link',
  'sort',
  'status',
  'terminal',
] as const

export function pageOrgBanners(trx: Trx, orgId: number, terminal: number, q: PageQuery) {
  const base = trx.selectFrom('banner').where('org_id', '=', orgId).where('terminal', '=', terminal)
  return paginate(base.select(columns).orderBy('sort').orderBy('id'), base, q)
}

export function findOrgBanner(trx: Trx, orgId: number, id: number, terminal: number) {
  return trx
    .selectFrom('banner')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .where('terminal', '=', terminal)
    .executeTakeFirst()
}

export async function updateBanner(trx: Trx, id: number, values: Updateable<BannerTable>): Promise<void> {
  await trx.updateTable('banner').set(values).where('id', '=', id).execute()
}

export function maxBannerSort(trx: Trx, orgId: number, terminal: number) {
  return trx
    .selectFrom('banner')
    .select((eb) => eb.fn.max('sort').as('max'))
    .where('org_id', '=', orgId)
    .where('terminal', '=', terminal)
    .executeTakeFirst()
}

export async function insertBanner(trx: Trx, values: Insertable<BannerTable>): Promise<number> {
  const { id } = await trx.insertInto('banner').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export async function deleteBannerRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('banner').where('id', '=', id).execute()
}

/** The shown banners of one org on a terminal, in carousel order. */
export function listShownBanners(trx: Trx, orgId: number, terminal: number) {
  return trx
    .selectFrom('banner')
    .select(['id', 'org_id as orgId', 'title', 'image_url as imageUrl', 'link', 'sort', 'status', 'terminal'])
    .where('org_id', '=', orgId)
    .where('terminal', '=', terminal)
    .where('status', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

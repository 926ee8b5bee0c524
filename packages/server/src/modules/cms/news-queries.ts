import type { NewsAdminPageBody } from '@zhixiao/shared'
import { sql, type ExpressionBuilder, type Insertable, type Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { CmsNewsTable, CmsNewsTypeTable, Database } from '../../db/schema.js'
import { paginate } from '../../platform/paging.js'

export async function anyNewsType(trx: Trx) {
  return trx.selectFrom('cms_news_type').select('id').limit(1).executeTakeFirst()
}

export async function insertNewsTypes(trx: Trx, rows: Insertable<CmsNewsTypeTable>[]): Promise<void> {
  await trx
    .insertInto('cms_news_type')
    .values(rows)
    .onConflict((oc) => oc.columns(['tenant_id', 'name']).doNothing())
    .execute()
}

export function listNewsTypes(trx: Trx, levels: number[]) {
  return trx
    .selectFrom('cms_news_type')
    .select(['id', 'name', 'level', 'sort'])
    .where('level', 'in', levels)
    .orderBy('sort')
    .orderBy('id')
    .execute()
}

export function findNewsType(trx: Trx, typeId: number) {
  return trx.selectFrom('cms_news_type').select('id').where('id', '=', typeId).executeTakeFirst()
}

/** Columns of a news row as readers and admins see it (confirmOver is filled by the caller). */
export function newsColumns(eb: ExpressionBuilder<Database, 'cms_news' | 'cms_news_type' | 'org_unit'>) {
  return [
    'cms_news.id',
    'cms_news.title',
    'cms_news.type_id as noticeType',
    'cms_news_type.name as noticeTypeName',
    'cms_news.cover as frontCoverUrlHttp',
    'cms_news.publish_time',
    'cms_news.confirm',
    'cms_news.source',
    'cms_news.org_id as orgId',
    'org_unit.name as orgName',
    'cms_news.new_level as newLevel',
    'cms_news.top',
    eb.ref('cms_news.is_public').as('isPublic'),
  ] as const
}

function newsBase(trx: Trx) {
  return trx
    .selectFrom('cms_news')
    .innerJoin('cms_news_type', (j) =>
      j.onRef('cms_news_type.tenant_id', '=', 'cms_news.tenant_id').onRef('cms_news_type.id', '=', 'cms_news.type_id'),
    )
    .innerJoin('org_unit', (j) =>
      j.onRef('org_unit.tenant_id', '=', 'cms_news.tenant_id').onRef('org_unit.id', '=', 'cms_news.org_id'),
    )
}

function adminRows(trx: Trx) {
  return newsBase(trx).select((eb) => [
    ...newsColumns(eb),
    'cms_news.status',
    'cms_news.sort',
    'cms_news.created_at',
    sql<number>`(SELECT count(*) FROM cms_news_confirm c WHERE c.tenant_id = cms_news.tenant_id AND c.news_id = cms_news.id)`.as(
      'confirmCount',
    ),
  ])
}
export type AdminNewsRaw = Awaited<ReturnType<ReturnType<typeof adminRows>['executeTakeFirstOrThrow']>>

export function findOrgNews(trx: Trx, orgId: number, id: number) {
  return trx.selectFrom('cms_news').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst()
}

/** One page of an org's news for its admin, filtered by keyword, type and status. */
export function pageOrgNews(trx: Trx, orgId: number, q: NewsAdminPageBody) {
  let base = newsBase(trx).where('cms_news.org_id', '=', orgId)
  if (q.keyword) base = base.where('cms_news.title', 'ilike', `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`)
  if (q.noticeType) base = base.where('cms_news.type_id', '=', q.noticeType)
  if (q.status !== undefined && q.status !== null) base = base.where('cms_news.status', '=', q.status)
  const ids = base.select('cms_news.id')
  const rows = adminRows(trx)
    .where('cms_news.id', 'in', ids)
    .orderBy('cms_news.top', 'desc')
    .orderBy('cms_news.sort', 'desc')
    .orderBy('cms_news.created_at', 'desc')
    .orderBy('cms_news.id', 'desc')
  return paginate(rows, base, q)
}

export function getAdminNews(trx: Trx, id: number): Promise<AdminNewsRaw> {
  return adminRows(trx).where('cms_news.id', '=', id).executeTakeFirstOrThrow()
}

export async function updateNews(trx: Trx, id: number, values: Updateable<CmsNewsTable>): Promise<void> {
  await trx.updateTable('cms_news').set(values).where('id', '=', id).execute()
}

export function getOrgUnitAttr(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('unit_attr').where('id', '=', orgId).executeTakeFirstOrThrow()
}

export async function insertNews(trx: Trx, values: Insertable<CmsNewsTable>): Promise<number> {
  const { id } = await trx.insertInto('cms_news').values(values).returning('id').executeTakeFirstOrThrow()
  return id
}

export async function deleteNewsRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('cms_news').where('id', '=', id).execute()
}

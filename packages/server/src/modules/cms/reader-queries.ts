import { NewsLevel, type NewsQueryBody } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { paginate } from '../../platform/paging.js'
import { newsColumns } from './news-queries.js'

function readerRows(trx: Trx, userInfoId: number | null) {
  return trx
    .selectFrom('cms_news')
    .innerJoin('cms_news_type', (j) =>
      j.onRef('cms_news_type.tenant_id', '=', 'cms_news.tenant_id').onRef('cms_news_type.id', '=', 'cms_news.type_id'),
    )
    .innerJoin('org_unit', (j) =>
      j.onRef('org_unit.tenant_id', '=', 'cms_news.tenant_id').onRef('org_unit.id', '=', 'cms_news.org_id'),
    )
    .select((eb) => [
      ...newsColumns(eb),
      'cms_news.content',
      // Per reader: has this member confirmed it (visitors never have).
      userInfoId === null
        ? sql<number>`0`.as('confirmOver')
        : sql<number>`(CASE WHEN EXISTS (SELECT 1 FROM cms_news_confirm c
        WHERE c.tenant_id = cms_news.tenant_id AND c.news_id = cms_news.id AND c.user_info_id = ${userInfoId}) THEN 1 ELSE 0 END)`.as(
            'confirmOver',
          ),
    ])
}
export type ReaderRaw = Awaited<ReturnType<ReturnType<typeof readerRows>['executeTakeFirstOrThrow']>>

/** One page of the news published by now in orgIds, as userInfoId (null: a visitor) reads it. */
export function pagePublishedNews(
  trx: Trx,
  s: { orgIds: number[]; publicOnly: boolean; userInfoId: number | null },
  now: Date,
  q: NewsQueryBody,
) {
  let base = trx
    .selectFrom('cms_news')
    .where('cms_news.org_id', 'in', s.orgIds)
    .where('cms_news.status', '=', 1)
    .where('cms_news.publish_time', '<=', now)
  if (s.publicOnly || q.publicOnly) base = base.where('cms_news.is_public', '=', true)
  if (q.newLevel === NewsLevel.SCHOOL || q.newLevel === NewsLevel.BUREAU)
    base = base.where('cms_news.new_level', '=', q.newLevel)
  if (q.noticeType) base = base.where('cms_news.type_id', '=', q.noticeType)
  if (q.keyword) base = base.where('cms_news.title', 'ilike', `%${q.keyword.replace(/[\\%_]/g, '\\$&')}%`)
  const rows = readerRows(trx, s.userInfoId)
    .where('cms_news.id', 'in', base.select('cms_news.id'))
    .orderBy('cms_news.top', 'desc')
    .orderBy('cms_news.sort', 'desc')
    .orderBy('cms_news.publish_time', 'desc')
    .orderBy('cms_news.id', 'desc')
  return paginate(rows, base, q)
}

export function findPublishedNews(
  trx: Trx,
  userInfoId: number | null,
  id: number,
  now: Date,
): Promise<ReaderRaw | undefined> {
  return readerRows(trx, userInfoId)
    .where('cms_news.id', '=', id)
    .where('cms_news.status', '=', 1)
    .where('cms_news.publish_time', '<=', now)
    .executeTakeFirst()
}

/** Confirming twice is harmless: the second insert does nothing. */
export async function insertNewsConfirm(trx: Trx, newsId: number, userInfoId: number, at: Date): Promise<void> {
  await trx
    .insertInto('cms_news_confirm')
    .values({ news_id: newsId, user_info_id: userInfoId, confirmed_at: at })
    .onConflict((oc) => oc.columns(['tenant_id', 'news_id', 'user_info_id']).doNothing())
    .execute()
}

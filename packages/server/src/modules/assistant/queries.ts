import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { paginate, type PageQuery } from '../../platform/paging.js'

/** The tenant's one config row, if it ever saved one. */
export function findConfig(trx: Trx) {
  return trx.selectFrom('assistant_config').selectAll().executeTakeFirst()
}

export async function upsertConfig(
  trx: Trx,
  values: {
    enabled: boolean
    provider: string
    base_url: string | null
    model: string | null
    api_key_sealed: string | null
    updated_by: number
    updated_at: Date
  },
): Promise<void> {
  await trx
    .insertInto('assistant_config')
    .values(values)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet(values))
    .execute()
}

export async function endOpenConversations(trx: Trx, userInfoId: number, now: Date): Promise<void> {
  await trx
    .updateTable('assistant_conversation')
    .set({ ended_at: now })
    .where('user_info_id', '=', userInfoId)
    .where('ended_at', 'is', null)
    .execute()
}

export async function insertConversation(trx: Trx, userInfoId: number, startedAt: Date): Promise<number> {
  const { id } = await trx
    .insertInto('assistant_conversation')
    .values({ user_info_id: userInfoId, started_at: startedAt })
    .returning('id')
    .executeTakeFirstOrThrow()
  return Number(id)
}

/** Serialises a user's questions across server processes until the transaction ends (the rate-limit check). */
export async function lockUserQuestions(trx: Trx, tenantId: number, userInfoId: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`zx-assistant:${tenantId}:${userInfoId}`}, 0))`.execute(trx)
}

export async function countQuestionsSince(trx: Trx, userInfoId: number, since: Date): Promise<number> {
  const { n } = await trx
    .selectFrom('assistant_message')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_info_id', '=', userInfoId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow()
  return Number(n)
}

/** The user's latest conversation that has not ended. */
export function findOpenConversation(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('assistant_conversation')
    .select('id')
    .where('user_info_id', '=', userInfoId)
    .where('ended_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst()
}

export async function insertQuestion(
  trx: Trx,
  values: { conversation_id: number; user_info_id: number; org_id: number; question: string; created_at: Date },
): Promise<number> {
  const { id } = await trx.insertInto('assistant_message').values(values).returning('id').executeTakeFirstOrThrow()
  return Number(id)
}

export async function storeAnswer(
  trx: Trx,
  messageId: number,
  values: { answer: string; source: string; source_title: string | null },
): Promise<void> {
  await trx.updateTable('assistant_message').set(values).where('id', '=', messageId).execute()
}

export async function endConversation(trx: Trx, conversationId: number, now: Date): Promise<void> {
  await trx
    .updateTable('assistant_conversation')
    .set({ ended_at: now })
    .where('id', '=', conversationId)
    .where('ended_at', 'is', null)
    .execute()
}

export function findOrgParent(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('parent_id').where('id', '=', orgId).executeTakeFirst()
}

/** One page of help articles, newest first; `like` (an ILIKE pattern) filters title, keywords and body. */
export function pageArticles(trx: Trx, like: string | null, q: PageQuery) {
  let base = trx.selectFrom('help_article')
  if (like)
    base = base.where((eb) =>
      eb.or([eb('title', 'ilike', like), eb('keywords', 'ilike', like), eb('body', 'ilike', like)]),
    )
  return paginate(base.selectAll().orderBy('id', 'desc'), base, q)
}

interface ArticleValues {
  title: string
  keywords: string
  body: string
  enabled: boolean
  updated_at: Date
}

export async function insertArticle(trx: Trx, values: ArticleValues): Promise<number> {
  return Number((await trx.insertInto('help_article').values(values).returning('id').executeTakeFirstOrThrow()).id)
}

/** The updated row's id, or undefined when there is no such article. */
export function updateArticle(trx: Trx, id: number, values: ArticleValues) {
  return trx.updateTable('help_article').set(values).where('id', '=', id).returning('id').executeTakeFirst()
}

/** The deleted row's title, or undefined when there is no such article. */
export function deleteArticleRow(trx: Trx, id: number) {
  return trx.deleteFrom('help_article').where('id', '=', id).returning('title').executeTakeFirst()
}

/** One page of the questions asked in the given orgs, newest first; `like` filters question and asker's name. */
export function pageLog(trx: Trx, orgIds: number[], like: string | null, q: PageQuery) {
  let base = trx
    .selectFrom('assistant_message as m')
    .innerJoin('user_info as u', 'u.id', 'm.user_info_id')
    .innerJoin('org_unit as o', 'o.id', 'm.org_id')
    .where('m.org_id', 'in', orgIds)
  if (like) base = base.where((eb) => eb.or([eb('m.question', 'ilike', like), eb('u.true_name', 'ilike', like)]))
  return paginate(
    base
      .select([
        'm.id',
        'm.user_info_id',
        'u.true_name',
        'o.name as org_name',
        'm.question',
        'm.answer',
        'm.source',
        'm.source_title',
        'm.created_at',
      ])
      .orderBy('m.id', 'desc'),
    base,
    q,
  )
}

/** The enabled article scoring highest for a question's bigrams and Latin words (search.ts explains the score). */
export function topScoredArticle(trx: Trx, grams: string[], words: string) {
  const doc = sql`to_tsvector('simple', a.title || ' ' || a.keywords || ' ' || a.body)`
  const hits = (col: string, weight: number) =>
    sql<number>`(SELECT count(*) FROM unnest(${grams}::text[]) g WHERE strpos(${sql.ref(`a.${col}`)}, g) > 0) * ${weight}`
  // Every Latin word of the question in the article counts like a title hit, plus its rank among such articles.
  const rank = words
    ? sql<number>`CASE WHEN ${doc} @@ plainto_tsquery('simple', ${words}) THEN 3 + ts_rank(${doc}, plainto_tsquery('simple', ${words})) ELSE 0 END`
    : sql<number>`0`
  const score = sql<number>`(${hits('title', 3)} + ${hits('keywords', 2)} + ${hits('body', 1)} + ${rank})::float8`
  return trx
    .selectFrom('help_article as a')
    .select(['a.id', 'a.title', 'a.body', score.as('score')])
    .where('a.enabled', '=', true)
    .orderBy('score', 'desc')
    .orderBy('a.id')
    .limit(1)
    .executeTakeFirst()
}

export async function insertHelpArticles(
  trx: Trx,
  rows: readonly { title: string; keywords: string; body: string }[],
): Promise<void> {
  await trx.insertInto('help_article').values(rows).execute()
}

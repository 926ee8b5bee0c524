import { sql } from 'kysely'
import type { NoticeKind } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'

const at = (col: string) => sql<string>`to_char(${sql.ref(col)} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`

const docColumns = [
  'id',
  'kind',
  'version',
  'title',
  at('published_at').as('publishedAt'),
  'published_by_name as publishedBy',
  at('updated_at').as('updatedAt'),
] as const

/** The newest published version of a kind (the tenant is the transaction's). */
export function findCurrentNotice(trx: Trx, kind: NoticeKind) {
  return trx
    .selectFrom('privacy_notice')
    .select([...docColumns, 'body'])
    .where('kind', '=', kind)
    .where('version', 'is not', null)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** The newest published version number of each kind, with its title. */
export function listCurrentVersions(trx: Trx) {
  return trx
    .selectFrom('privacy_notice')
    .distinctOn('kind')
    .select(['kind', 'version', 'title'])
    .where('version', 'is not', null)
    .orderBy('kind')
    .orderBy('version', 'desc')
    .execute()
}

/** Every version and draft, newest first (drafts first of all), without the bodies. */
export function listNotices(trx: Trx) {
  return trx
    .selectFrom('privacy_notice')
    .select(docColumns)
    .orderBy('kind')
    .orderBy(sql`version IS NULL`, 'desc')
    .orderBy('version', 'desc')
    .execute()
}

export function findNotice(trx: Trx, id: number) {
  return trx
    .selectFrom('privacy_notice')
    .select([...docColumns, 'body'])
    .where('id', '=', id)
    .executeTakeFirst()
}

function findDraft(trx: Trx, kind: NoticeKind) {
  return trx
    .selectFrom('privacy_notice')
    .select('id')
    .where('kind', '=', kind)
    .where('version', 'is', null)
    .executeTakeFirst()
}

/** Creates the kind's draft or replaces its text (one draft per kind, by the partial unique index). */
export async function upsertDraft(trx: Trx, kind: NoticeKind, title: string, body: string, by: number) {
  const draft = await findDraft(trx, kind)
  if (draft) {
    await trx
      .updateTable('privacy_notice')
      .set({ title, body, updated_by: by, updated_at: sql<Date>`now()` })
      .where('id', '=', draft.id)
      .execute()
    return draft.id
  }
  const row = await trx
    .insertInto('privacy_notice')
    .values({ kind, title, body, updated_by: by })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export function deleteDraftRow(trx: Trx, kind: NoticeKind) {
  return trx.deleteFrom('privacy_notice').where('kind', '=', kind).where('version', 'is', null).executeTakeFirst()
}

/**
 * Turns the kind's draft into the next version. The kind's rows are locked first, so two publishes at once number
 * one after the other (the unique (kind, version) key would refuse a duplicate anyway).
 */
export async function publishDraftRow(
  trx: Trx,
  kind: NoticeKind,
  by: { userInfoId: number | null; name: string },
): Promise<number | null> {
  await sql`SELECT id FROM privacy_notice WHERE kind = ${kind} FOR UPDATE`.execute(trx)
  const row = await trx
    .updateTable('privacy_notice')
    .set({
      version: sql<number>`(SELECT coalesce(max(version), 0) + 1 FROM privacy_notice WHERE kind = ${kind})`,
      published_at: sql<Date>`now()`,
      published_by: by.userInfoId,
      published_by_name: by.name,
    })
    .where('kind', '=', kind)
    .where('version', 'is', null)
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}

/** A published version written at once (the demo's seed: its first versions need no draft step). */
export function insertPublishedNotice(trx: Trx, kind: NoticeKind, version: number, title: string, body: string) {
  return trx
    .insertInto('privacy_notice')
    .values({
      kind,
      version,
      title,
      body,
      published_at: sql<Date>`now()`,
      published_by_name: '系统预置',
    })
    .execute()
}

export function findMemberName(trx: Trx, userInfoId: number) {
  return trx.selectFrom('user_info').select('true_name').where('id', '=', userInfoId).executeTakeFirst()
}

export function insertAcceptances(trx: Trx, accountId: number, rows: { kind: NoticeKind; version: number }[]) {
  if (!rows.length) return Promise.resolve()
  return trx
    .insertInto('privacy_notice_acceptance')
    .values(rows.map((r) => ({ account_id: accountId, kind: r.kind, version: r.version })))
    .onConflict((oc) => oc.doNothing())
    .execute()
}

/** The versions an account accepted, with each one's title and whether a newer version exists since. */
export function listAcceptances(trx: Trx, accountId: number) {
  return trx
    .selectFrom('privacy_notice_acceptance as a')
    .innerJoin('privacy_notice as n', (j) =>
      j.onRef('n.tenant_id', '=', 'a.tenant_id').onRef('n.kind', '=', 'a.kind').onRef('n.version', '=', 'a.version'),
    )
    .select([
      'a.kind',
      'a.version',
      'n.title',
      sql<string>`to_char(a.accepted_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`.as('acceptedAt'),
      sql<boolean>`EXISTS (SELECT 1 FROM privacy_notice m WHERE m.kind = a.kind AND m.version > a.version)`.as(
        'superseded',
      ),
    ])
    .where('a.account_id', '=', accountId)
    .orderBy('a.accepted_at', 'desc')
    .orderBy('a.kind')
    .execute()
}

import { sql } from 'kysely'
import { CONSENT_SCRUBBED, type LeaverPageBody, type PiRequestPageBody } from '@zhixiao/shared'
import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'

/** The database side of retention-service.ts and request-service.ts (issue 26 point 6). */

const shanghai = (col: string) =>
  sql<string>`to_char(${sql.ref(col)} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI')`

export function findPolicy(trx: Trx) {
  return trx.selectFrom('pi_retention_policy').selectAll().executeTakeFirst()
}

export function upsertPolicy(trx: Trx, row: Insertable<Database['pi_retention_policy']>) {
  const { tenant_id: _t, ...set } = row
  return trx
    .insertInto('pi_retention_policy')
    .values(row)
    .onConflict((oc) => oc.column('tenant_id').doUpdateSet({ ...set, updated_at: sql`now()` }))
    .execute()
}

/** The tenants with at least one archived member: the daily scrub visits only them (platform scope). */
export async function tenantsWithLeavers(trx: Trx): Promise<number[]> {
  const rows = await trx.selectFrom('user_info').select('tenant_id').distinct().where('archived', '=', true).execute()
  return rows.map((r) => Number(r.tenant_id))
}

/**
 * Archived members who left at `before` or earlier, have no live hold, and the domains already scrubbed since they
 * last left (a person re-admitted and leaving again starts afresh).
 */
export function leaversDue(trx: Trx, before: Date, onlyId?: number) {
  return trx
    .selectFrom('user_info as u')
    .select([
      'u.id',
      'u.org_id',
      'u.account_id',
      'u.true_name',
      'u.archived_at',
      sql<string[]>`coalesce((SELECT array_agg(DISTINCT d) FROM pi_scrub_journal j, unnest(j.domains) d
        WHERE j.user_info_id = u.id AND j.at >= u.archived_at), '{}')`.as('done'),
    ])
    .where('u.archived', '=', true)
    .where('u.archived_at', '<=', before)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('pi_legal_hold as h')
            .select('h.id')
            .whereRef('h.user_info_id', '=', 'u.id')
            .where('h.released_at', 'is', null),
        ),
      ),
    )
    .$if(onlyId !== undefined, (b) => b.where('u.id', '=', onlyId!))
    .orderBy('u.id')
    .execute()
}

export function findMember(trx: Trx, id: number) {
  return trx
    .selectFrom('user_info')
    .select(['id', 'org_id', 'account_id', 'true_name', 'user_type', 'archived', 'archived_at'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** A live hold on the member, if any. */
export function findLiveHold(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('pi_legal_hold')
    .select(['id', 'reason'])
    .where('user_info_id', '=', userInfoId)
    .where('released_at', 'is', null)
    .executeTakeFirst()
}

/** Whether the account keeps a membership that has not left: then its account-wide facts still serve a school. */
export async function hasLiveMembership(trx: Trx, accountId: number, exceptId: number): Promise<boolean> {
  const r = await trx
    .selectFrom('user_info')
    .select('id')
    .where('account_id', '=', accountId)
    .where('id', '<>', exceptId)
    .where('archived', '=', false)
    .executeTakeFirst()
  return !!r
}

/** contact: the membership's phone; the account's phone and e-mail and its join requests' phone when nothing else is live. */
export async function scrubContact(trx: Trx, m: { id: number; account_id: number }, accountToo: boolean) {
  await trx.updateTable('user_info').set({ phone: null }).where('id', '=', m.id).execute()
  if (!accountToo) return
  await trx.updateTable('account').set({ phone: null }).where('id', '=', m.account_id).execute()
  await trx.updateTable('person').set({ email: null }).where('account_id', '=', m.account_id).execute()
  await trx.updateTable('join_request').set({ phone: null }).where('account_id', '=', m.account_id).execute()
}

/** family: the member's bindings either way (as a child, as a parent) and the child fields of requests naming them. */
export async function scrubFamily(trx: Trx, id: number) {
  await trx
    .deleteFrom('parent_child')
    .where((eb) => eb.or([eb('child_id', '=', id), eb('parent_id', '=', id)]))
    .execute()
  await trx
    .updateTable('join_request')
    .set({ child_id: null, child_name: null, child_no: null, relation: null })
    .where('child_id', '=', id)
    .execute()
}

/** media: the membership's photo. */
export function scrubMedia(trx: Trx, id: number) {
  return trx.updateTable('user_info').set({ avatar_url: null }).where('id', '=', id).execute()
}

/**
 * consent: the personal fields of the consent ledger's lines about the member as a child — the child's and the
 * guardian's names, the guardian's membership, the relation, and the recorder where the guardian recorded the line
 * themselves (pc, mobile; a paper line's recorder is the school's staff member, kept like the operation log's
 * actor). The line's facts stay: purpose, app, notice version, channel, given or withdrawn, under-14, time. The
 * ledger's trigger lets exactly this UPDATE through while `zx.consent_scrub` is on, which this transaction sets
 * for the one statement and turns off again (migration 202612010300). Answers the number of lines cleared.
 */
export async function scrubConsent(trx: Trx, childId: number): Promise<number> {
  await sql`SELECT set_config('zx.consent_scrub', 'on', true)`.execute(trx)
  const r = await trx
    .updateTable('consent_record')
    .set((eb) => ({
      child_name: CONSENT_SCRUBBED,
      guardian_name: CONSENT_SCRUBBED,
      guardian_id: null,
      relation: null,
      recorded_by_name: eb
        .case()
        .when('channel', '=', 'paper')
        .then(eb.ref('recorded_by_name'))
        .else(CONSENT_SCRUBBED)
        .end(),
      recorded_by_account_id: eb
        .case()
        .when('channel', '=', 'paper')
        .then(eb.ref('recorded_by_account_id'))
        .else(null)
        .end(),
    }))
    .where('child_id', '=', childId)
    .where((eb) =>
      eb.or([
        eb('child_name', '<>', CONSENT_SCRUBBED),
        eb('guardian_id', 'is not', null),
        eb('relation', 'is not', null),
      ]),
    )
    .executeTakeFirst()
  await sql`SELECT set_config('zx.consent_scrub', 'off', true)`.execute(trx)
  return Number(r.numUpdatedRows)
}

export function insertJournal(trx: Trx, row: Insertable<Database['pi_scrub_journal']>) {
  return trx.insertInto('pi_scrub_journal').values(row).execute()
}

/** An operation-log line of the daily scrub, which has no signed-in actor. */
export function insertSystemOp(trx: Trx, orgId: number, target: string, detail: Record<string, unknown>) {
  return trx
    .insertInto('operation_log')
    .values({
      org_id: orgId,
      actor_id: null,
      actor_name: '系统',
      module: '个人信息保留',
      action: '到期清理',
      target,
      detail: JSON.stringify(detail),
      ip: null,
      important: true,
    })
    .execute()
}

export function leaverQuery(trx: Trx, q: LeaverPageBody) {
  let rows = trx
    .selectFrom('user_info as u')
    .leftJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
    .leftJoin('pi_legal_hold as h', (j) =>
      j.onRef('h.tenant_id', '=', 'u.tenant_id').onRef('h.user_info_id', '=', 'u.id').on('h.released_at', 'is', null),
    )
    .where('u.archived', '=', true)
  if (q.keyword)
    rows = rows.where((eb) =>
      eb.or([eb('u.true_name', 'like', `%${escapeLike(q.keyword!)}%`), eb('u.job_no', '=', q.keyword!)]),
    )
  return {
    count: rows.select('u.id'),
    rows: rows
      .select([
        'u.id',
        'u.true_name as trueName',
        'u.job_no as jobNo',
        'u.user_type as userType',
        'o.name as orgName',
        'u.archived_at as archivedAt',
        'h.id as holdId',
        'h.reason as holdReason',
        sql<string[]>`coalesce((SELECT array_agg(DISTINCT d) FROM pi_scrub_journal j, unnest(j.domains) d
          WHERE j.user_info_id = u.id AND j.at >= u.archived_at), '{}')`.as('scrubbed'),
      ])
      .orderBy('u.archived_at', 'desc')
      .orderBy('u.id', 'desc'),
  }
}

export function journalQuery(trx: Trx) {
  const rows = trx
    .selectFrom('pi_scrub_journal as j')
    .leftJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'j.tenant_id').onRef('o.id', '=', 'j.org_id'))
  return {
    count: rows.select('j.id'),
    rows: rows
      .select([
        'j.id',
        'j.user_info_id as userInfoId',
        'j.subject_name as subjectName',
        'o.name as orgName',
        'j.domains',
        'j.cause',
        shanghai('j.at').as('at'),
      ])
      .orderBy('j.at', 'desc')
      .orderBy('j.id', 'desc'),
  }
}

export function insertHold(trx: Trx, row: Insertable<Database['pi_legal_hold']>) {
  return trx.insertInto('pi_legal_hold').values(row).returning('id').executeTakeFirstOrThrow()
}

export function releaseHoldRow(trx: Trx, id: number, by: number, at: Date, reason: string) {
  return trx
    .updateTable('pi_legal_hold')
    .set({ released_by: by, released_at: at, release_reason: reason })
    .where('id', '=', id)
    .where('released_at', 'is', null)
    .returning(['id', 'user_info_id'])
    .executeTakeFirst()
}

export function holdQuery(trx: Trx, active: boolean | null | undefined) {
  let rows = trx
    .selectFrom('pi_legal_hold as h')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'h.tenant_id').onRef('u.id', '=', 'h.user_info_id'))
    .leftJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
    .leftJoin('user_info as pb', (j) => j.onRef('pb.tenant_id', '=', 'h.tenant_id').onRef('pb.id', '=', 'h.placed_by'))
    .leftJoin('user_info as rb', (j) =>
      j.onRef('rb.tenant_id', '=', 'h.tenant_id').onRef('rb.id', '=', 'h.released_by'),
    )
  if (active === true) rows = rows.where('h.released_at', 'is', null)
  if (active === false) rows = rows.where('h.released_at', 'is not', null)
  return {
    count: rows.select('h.id'),
    rows: rows
      .select([
        'h.id',
        'h.user_info_id as userInfoId',
        'u.true_name as trueName',
        'o.name as orgName',
        'h.reason',
        sql<string>`coalesce(pb.true_name, '')`.as('placedBy'),
        shanghai('h.placed_at').as('placedAt'),
        'rb.true_name as releasedBy',
        sql<string | null>`CASE WHEN h.released_at IS NULL THEN NULL
          ELSE to_char(h.released_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') END`.as('releasedAt'),
        'h.release_reason as releaseReason',
      ])
      .orderBy('h.placed_at', 'desc')
      .orderBy('h.id', 'desc'),
  }
}

/** The parent memberships of `accountId` bound to `childId`, with the child's org and name. */
export function findGuardianship(trx: Trx, accountId: number, childId: number) {
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as p', (j) => j.onRef('p.tenant_id', '=', 'pc.tenant_id').onRef('p.id', '=', 'pc.parent_id'))
    .innerJoin('user_info as s', (j) => j.onRef('s.tenant_id', '=', 'pc.tenant_id').onRef('s.id', '=', 'pc.child_id'))
    .select(['p.id as parentId', 'p.true_name as parentName', 's.org_id as childOrgId', 's.true_name as childName'])
    .where('p.account_id', '=', accountId)
    .where('pc.child_id', '=', childId)
    .executeTakeFirst()
}

export function findPendingRequest(trx: Trx, accountId: number, childId: number, kind: string) {
  return trx
    .selectFrom('pi_request')
    .select('id')
    .where('requester_account_id', '=', accountId)
    .where('child_id', '=', childId)
    .where('kind', '=', kind as 'delete' | 'correct')
    .where('status', '=', 'pending')
    .executeTakeFirst()
}

export function insertRequest(trx: Trx, row: Insertable<Database['pi_request']>) {
  return trx.insertInto('pi_request').values(row).returning('id').executeTakeFirstOrThrow()
}

const requestRows = (trx: Trx) =>
  trx
    .selectFrom('pi_request as r')
    .leftJoin('user_info as s', (j) => j.onRef('s.tenant_id', '=', 'r.tenant_id').onRef('s.id', '=', 'r.child_id'))
    .leftJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'r.tenant_id').onRef('o.id', '=', 'r.org_id'))
    .select([
      'r.id',
      'r.child_id as childId',
      sql<string>`coalesce(s.true_name, '')`.as('childName'),
      'o.name as orgName',
      'r.requester_name as requesterName',
      'r.kind',
      'r.fields',
      'r.problem',
      'r.desired',
      'r.status',
      shanghai('r.created_at').as('createdAt'),
      sql<string>`to_char(r.due_on, 'YYYY-MM-DD')`.as('dueOn'),
      sql<string | null>`CASE WHEN r.handled_at IS NULL THEN NULL
        ELSE to_char(r.handled_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') END`.as('handledAt'),
      'r.handler_name as handlerName',
      'r.reply',
      'r.result',
    ])

export function requestsOfAccount(trx: Trx, accountId: number) {
  return requestRows(trx)
    .where('r.requester_account_id', '=', accountId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(100)
    .execute()
}

/** The requests about children of `orgIds`: the pending first, soonest due first; then the handled, newest first. */
export function requestQuery(trx: Trx, orgIds: number[], q: PiRequestPageBody) {
  const rows = requestRows(trx)
    .where('r.org_id', 'in', orgIds)
    .$if(!!q.status, (b) => b.where('r.status', '=', q.status!))
  return {
    count: rows.clearSelect().select('r.id'),
    rows: rows
      .orderBy(sql`r.status = 'pending'`, 'desc')
      .orderBy(sql`CASE WHEN r.status = 'pending' THEN r.due_on END`, 'asc')
      .orderBy('r.id', 'desc'),
  }
}

export function findRequest(trx: Trx, id: number) {
  return trx.selectFrom('pi_request').selectAll().where('id', '=', id).forUpdate().executeTakeFirst()
}

export function finishRequest(
  trx: Trx,
  id: number,
  v: { status: 'done' | 'refused'; by: number; name: string; at: Date; reply: string; result: string | null },
) {
  return trx
    .updateTable('pi_request')
    .set({
      status: v.status,
      handled_by: v.by,
      handler_name: v.name,
      handled_at: v.at,
      reply: v.reply,
      result: v.result,
      // The desired value served its correction; keeping a copy would outlive the record it corrected.
      desired: null,
    })
    .where('id', '=', id)
    .execute()
}

export type Leaver = Awaited<ReturnType<typeof leaversDue>>[number]
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

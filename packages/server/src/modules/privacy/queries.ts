import { sql } from 'kysely'
import type { AccessLogPageBody, PiAction } from '@zhixiao/shared'
import type { Kysely } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'

/** The acting member as the log names them: name, org and the names of the roles they hold (own and delegated). */
export async function findActor(trx: Trx, userInfoId: number) {
  const me = await trx
    .selectFrom('user_info')
    .select(['true_name', 'org_id'])
    .where('id', '=', userInfoId)
    .executeTakeFirst()
  const roles = await sql<{ name: string }>`
    SELECT DISTINCT r.name FROM role r
    WHERE r.status = 0 AND r.id IN (
      SELECT role_id FROM user_role WHERE user_info_id = ${userInfoId}
      UNION SELECT role_id FROM role_sub_org_user WHERE user_info_id = ${userInfoId})
    ORDER BY r.name`.execute(trx)
  return { name: me?.true_name ?? '', orgId: me?.org_id ?? null, roles: roles.rows.map((r) => r.name) }
}

export interface AccessRow {
  actor_account_id: number
  actor_user_info_id: number | null
  actor_name: string
  actor_roles: string[]
  actor_org_id: number | null
  subject_user_info_id: number | null
  subject_name: string | null
  subject_org_id: number | null
  fields: string[]
  action: PiAction
  purpose: string | null
  client_ip: string | null
}

export async function insertAccessRows(trx: Trx, rows: AccessRow[]): Promise<void> {
  if (!rows.length) return
  await trx.insertInto('pi_access_log').values(rows).execute()
}

/** A membership of any kind, for the reveal: whose it is, where, and the values a reveal may return. */
export function findPersonForReveal(trx: Trx, userInfoId: number) {
  return trx
    .selectFrom('user_info as u')
    .leftJoin('person as p', (j) =>
      j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
    )
    .leftJoin('dict_item as ps', (j) =>
      j.onRef('ps.tenant_id', '=', 'p.tenant_id').onRef('ps.id', '=', 'p.political_status_id'),
    )
    .select([
      'u.id',
      'u.org_id',
      'u.true_name',
      'u.user_type',
      'u.phone',
      'u.avatar_url',
      'p.id_card',
      'p.birthday',
      'p.nation',
      'p.email',
      'ps.name as political_status',
    ])
    .where('u.id', '=', userInfoId)
    .executeTakeFirst()
}

/** A student's guardians as bound: relation, name and phone. */
export function listGuardians(trx: Trx, childId: number) {
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as p', (j) => j.onRef('p.tenant_id', '=', 'pc.tenant_id').onRef('p.id', '=', 'pc.parent_id'))
    .select(['pc.relation', 'p.id', 'p.true_name', 'p.phone', 'p.org_id'])
    .where('pc.child_id', '=', childId)
    .orderBy('pc.created_at')
    .execute()
}

/** Counts one reveal in the member's hour window; one statement, so racing requests never lose a count. */
export async function countReveal(trx: Trx, userInfoId: number, windowStart: Date): Promise<number> {
  const row = await trx
    .insertInto('pi_reveal_rate')
    .values({ user_info_id: userInfoId, window_start: windowStart })
    .onConflict((oc) =>
      oc
        .columns(['tenant_id', 'user_info_id', 'window_start'])
        .doUpdateSet({ hits: sql<number>`pi_reveal_rate.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow()
  return row.hits
}

export function pruneRevealWindows(trx: Trx, userInfoId: number, before: Date) {
  return trx
    .deleteFrom('pi_reveal_rate')
    .where('user_info_id', '=', userInfoId)
    .where('window_start', '<', before)
    .execute()
}

const logRows = (trx: Trx) =>
  trx
    .selectFrom('pi_access_log as l')
    .leftJoin('org_unit as ao', (j) =>
      j.onRef('ao.tenant_id', '=', 'l.tenant_id').onRef('ao.id', '=', 'l.actor_org_id'),
    )
    .leftJoin('org_unit as so', (j) =>
      j.onRef('so.tenant_id', '=', 'l.tenant_id').onRef('so.id', '=', 'l.subject_org_id'),
    )

/** The admin search: rows whose subject or actor belongs to one of `orgIds` (the caller's org and below). */
export function accessLogQuery(trx: Trx, orgIds: number[], q: AccessLogPageBody) {
  let rows = logRows(trx).where((eb) =>
    eb.or([eb('l.subject_org_id', 'in', orgIds), eb('l.actor_org_id', 'in', orgIds)]),
  )
  if (q.subjectName) rows = rows.where('l.subject_name', 'like', `%${escapeLike(q.subjectName)}%`)
  if (q.actorName) rows = rows.where('l.actor_name', 'like', `%${escapeLike(q.actorName)}%`)
  if (q.action) rows = rows.where('l.action', '=', q.action)
  if (q.from) rows = rows.where('l.at', '>=', sql<Date>`${q.from}::date`)
  if (q.to) rows = rows.where('l.at', '<', sql<Date>`${q.to}::date + 1`)
  return {
    count: rows.select('l.id'),
    rows: rows
      .select([
        'l.id',
        sql<string>`to_char(l.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('at'),
        'l.actor_name as actorName',
        'l.actor_roles as actorRoles',
        'ao.name as actorOrgName',
        'l.subject_user_info_id as subjectUserInfoId',
        'l.subject_name as subjectName',
        'so.name as subjectOrgName',
        'l.fields',
        'l.action',
        'l.purpose',
        'l.client_ip as clientIp',
      ])
      .orderBy('l.at', 'desc')
      .orderBy('l.id', 'desc'),
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The children bound to any membership of this account (a parent of children in two schools sees both). */
export function listChildrenOfAccount(trx: Trx, accountId: number) {
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as p', (j) => j.onRef('p.tenant_id', '=', 'pc.tenant_id').onRef('p.id', '=', 'pc.parent_id'))
    .innerJoin('user_info as s', (j) => j.onRef('s.tenant_id', '=', 'pc.tenant_id').onRef('s.id', '=', 'pc.child_id'))
    .leftJoin('school_class as c', (j) => j.onRef('c.tenant_id', '=', 's.tenant_id').onRef('c.id', '=', 's.class_id'))
    .leftJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
    .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 's.tenant_id').onRef('o.id', '=', 's.org_id'))
    .select([
      's.id',
      's.true_name as trueName',
      'o.name as schoolName',
      sql<string | null>`g.name || c.name`.as('className'),
    ])
    .where('p.account_id', '=', accountId)
    .orderBy('pc.created_at')
    .execute()
}

/** The looks at one subject, newest first (the parent's view; the last 200 are plenty for a phone). */
export function listSubjectAccess(trx: Trx, subjectId: number) {
  return logRows(trx)
    .select([
      'l.id',
      sql<string>`to_char(l.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('at'),
      'l.actor_name as actorName',
      'l.actor_roles as actorRoles',
      'ao.name as actorOrgName',
      'l.fields',
      'l.action',
    ])
    .where('l.subject_user_info_id', '=', subjectId)
    .orderBy('l.at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(200)
    .execute()
}

/**
 * Retention: rows older than PI_LOG_RETENTION_DAYS leave the log, in every tenant. The app's roles may not delete
 * from the log (migration 202612010200): the prune runs through pi_access_log_prune, a SECURITY DEFINER function that
 * only zx_platform may call and that never deletes a row younger than 400 days (the table's trigger refuses those too).
 */
export async function pruneAccessLog(db: Kysely<Database> | Trx, days: number): Promise<number> {
  const r = await sql<{ n: string }>`SELECT pi_access_log_prune(${days}::int) AS n`.execute(db)
  return Number(r.rows[0]!.n)
}

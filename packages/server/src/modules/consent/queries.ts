import { UserType, type ConsentPurpose } from '@zhixiao/shared'
import { sql, type Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { ConsentRecordTable } from '../../db/schema.js'

/** A child with the birthday of the person behind its account (person is per account, user_info per membership). */
export function findChild(trx: Trx, childId: number) {
  return trx
    .selectFrom('user_info as u')
    .leftJoin('person as p', (j) =>
      j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
    )
    .select(['u.id', 'u.true_name', 'u.org_id', 'p.birthday'])
    .where('u.id', '=', childId)
    .where('u.user_type', '=', UserType.STUDENT)
    .where('u.archived', '=', false)
    .executeTakeFirst()
}

/** The live parent memberships bound to the child: of one account (the guardian acting), or one membership (paper). */
export function guardianLinks(trx: Trx, childId: number, by: { accountId: number } | { guardianId: number }) {
  let q = trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as g', (j) => j.onRef('g.tenant_id', '=', 'pc.tenant_id').onRef('g.id', '=', 'pc.parent_id'))
    .select(['g.id', 'g.true_name', 'pc.relation'])
    .where('pc.child_id', '=', childId)
    .where('g.archived', '=', false)
  q = 'accountId' in by ? q.where('g.account_id', '=', by.accountId) : q.where('g.id', '=', by.guardianId)
  return q.orderBy('g.id').execute()
}

export function memberName(trx: Trx, userInfoId: number) {
  return trx.selectFrom('user_info').select('true_name').where('id', '=', userInfoId).executeTakeFirst()
}

/** The tenant's third-party apps that ask guardians (children_data 'consent'), usable now. */
export function consentApps(trx: Trx, today: string, appId?: number) {
  let q = trx
    .selectFrom('app_client as c')
    .innerJoin('app as a', (j) => j.onRef('a.tenant_id', '=', 'c.tenant_id').onRef('a.id', '=', 'c.app_id'))
    .select(['a.id', 'a.name'])
    .where('c.children_data', '=', 'consent')
    .where('c.suspended_at', 'is', null)
    .where('a.is_scrap', '=', false)
    .where((eb) => eb.or([eb('a.expire_date', 'is', null), eb('a.expire_date', '>=', today)]))
  if (appId !== undefined) q = q.where('a.id', '=', appId)
  return q.orderBy('a.id').execute()
}

/**
 * Serialises consent writes for one child: two taps (or two guardians) at once then see each other's line, so the
 * "already given" check cannot pass twice. The child's own row is the lock; nothing else waits on it for long.
 */
export function lockChild(trx: Trx, childId: number) {
  return trx.selectFrom('user_info').select('id').where('id', '=', childId).forUpdate().executeTakeFirst()
}

/** The latest line of (child, purpose, app): the current state. */
export function latestLine(trx: Trx, childId: number, purpose: ConsentPurpose, appId: number | null) {
  return trx
    .selectFrom('consent_record')
    .select(['id', 'given'])
    .where('child_id', '=', childId)
    .where('purpose', '=', purpose)
    .where('app_id', appId === null ? 'is' : '=', appId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

const lineColumns = [
  'r.id',
  sql<string>`to_char(r.at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('at'),
  'r.purpose',
  'r.app_id as appId',
  'a.name as appName',
  'r.given',
  'r.notice_version as noticeVersion',
  'r.guardian_name as guardianName',
  'r.relation',
  'r.channel',
] as const

function lines(trx: Trx) {
  return trx
    .selectFrom('consent_record as r')
    .leftJoin('app as a', (j) => j.onRef('a.tenant_id', '=', 'r.tenant_id').onRef('a.id', '=', 'r.app_id'))
    .select(lineColumns)
}

/** Every line of a child, newest first (the guardian's history; a few per purpose in practice, capped for a phone). */
export function childLines(trx: Trx, childId: number) {
  return lines(trx).where('r.child_id', '=', childId).orderBy('r.id', 'desc').limit(200).execute()
}

/** The latest line of each (purpose, app) of a child. */
export function latestLines(trx: Trx, childId: number) {
  return lines(trx)
    .distinctOn(['r.purpose', 'r.app_id'])
    .where('r.child_id', '=', childId)
    .orderBy('r.purpose')
    .orderBy('r.app_id')
    .orderBy('r.id', 'desc')
    .execute()
}

export function insertLine(trx: Trx, values: Insertable<ConsentRecordTable>) {
  return trx.insertInto('consent_record').values(values).returning('id').executeTakeFirstOrThrow()
}

export function lineById(trx: Trx, id: number) {
  return lines(trx).where('r.id', '=', id).executeTakeFirstOrThrow()
}

/**
 * A consent to an app changed what the app may read of the child: a change-feed row for the child, so the app's next
 * delta answers the child (now a tombstone, or the row again) and its webhook hears it (docs/privacy.md "Consent").
 */
export function noteChildChanged(trx: Trx, childId: number, orgId: number) {
  return trx
    .insertInto('directory_change')
    .values({ entity: 'person', entity_id: childId, action: 'update', org_id: orgId })
    .execute()
}

/**
 * Of these people (one tenant), the students with their birthday, whether the app has an appRelease consent on
 * record and whether a guardian's portalPhoto consent is in force (each the latest line given): one query per page
 * of a directory list or claim.
 */
export async function childrenForApp(trx: Trx, appId: number, ids: readonly number[]) {
  if (!ids.length) return []
  const r = await sql<{ id: string | number; birthday: string | null; given: boolean | null; photo: boolean | null }>`
    SELECT u.id, p.birthday, (SELECT c.given FROM consent_record c
        WHERE c.tenant_id = u.tenant_id AND c.child_id = u.id AND c.purpose = 'appRelease' AND c.app_id = ${appId}
        ORDER BY c.id DESC LIMIT 1) AS given,
      (SELECT c.given FROM consent_record c
        WHERE c.tenant_id = u.tenant_id AND c.child_id = u.id AND c.purpose = 'portalPhoto' AND c.app_id IS NULL
        ORDER BY c.id DESC LIMIT 1) AS photo
      FROM user_info u LEFT JOIN person p ON p.tenant_id = u.tenant_id AND p.account_id = u.account_id
      WHERE u.id IN (${sql.join([...ids])}) AND u.user_type = ${UserType.STUDENT}`.execute(trx)
  return r.rows.map((x) => ({
    id: Number(x.id),
    birthday: x.birthday,
    given: x.given === true,
    photo: x.photo === true,
  }))
}

/**
 * The same for the webhook fan-out (platform scope, several tenants and apps at once): the students among these
 * people and the apps each has an appRelease consent of on record.
 */
export async function childrenInFeed(trx: Trx, tenantIds: readonly number[], ids: readonly number[]) {
  if (!ids.length || !tenantIds.length) return []
  const r = await sql<{ tenant_id: string | number; id: string | number; birthday: string | null; apps: unknown }>`
    SELECT u.tenant_id, u.id, p.birthday, (SELECT coalesce(array_agg(l.app_id), '{}') FROM (
        SELECT DISTINCT ON (c.app_id) c.app_id, c.given FROM consent_record c
        WHERE c.tenant_id = u.tenant_id AND c.child_id = u.id AND c.purpose = 'appRelease'
        ORDER BY c.app_id, c.id DESC) l WHERE l.given) AS apps
      FROM user_info u LEFT JOIN person p ON p.tenant_id = u.tenant_id AND p.account_id = u.account_id
      WHERE u.tenant_id IN (${sql.join([...tenantIds])}) AND u.id IN (${sql.join([...ids])})
        AND u.user_type = ${UserType.STUDENT}`.execute(trx)
  return r.rows.map((x) => ({
    tenantId: Number(x.tenant_id),
    id: Number(x.id),
    birthday: x.birthday,
    apps: (Array.isArray(x.apps) ? x.apps : []).map(Number),
  }))
}

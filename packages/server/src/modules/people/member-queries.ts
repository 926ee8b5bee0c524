import { sql, type Insertable, type Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import { dictItemsFor } from '../../platform/dict-refs.js'

/** The database side of members.ts and member-actions.ts: accounts, memberships, person rows, sessions. */

export function findDefaultPassword(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').select('default_password').where('id', '=', tenantId).executeTakeFirstOrThrow()
}

/** The tenant-wide built-in roles new members get (teacher, bureau_staff, student, parent). */
export function listBuiltinRoles(trx: Trx) {
  return trx
    .selectFrom('role')
    .select(['id', 'code'])
    .where('code', 'in', ['teacher', 'bureau_staff', 'student', 'parent'])
    .where('org_id', 'is', null)
    .execute()
}

// The member inserts bind one array per column and unnest() them (INSERT … SELECT FROM unnest(…)): a handful of
// parameters whatever the row count, so an import batch of thousands of rows stays one short statement to parse and
// plan, and never meets PostgreSQL's 65,535-parameter cap that a VALUES list of 5,000 × 16 columns would.
const arr = <T>(v: T[], type: string) => sql`${sql.val(v)}::${sql.raw(type)}[]`

/** New accounts sharing one password hash (each must reset it); answers their ids by login name. */
export function insertAccounts(trx: Trx, passwordHash: string, rows: { user_name: string; phone: string | null }[]) {
  return sql<{ id: number; user_name: string }>`
    INSERT INTO account (user_name, phone, password_hash, must_reset)
    SELECT n, p, ${passwordHash}, true FROM unnest(${arr(
      rows.map((r) => r.user_name),
      'text',
    )}, ${arr(
      rows.map((r) => r.phone),
      'text',
    )}) AS t(n, p)
    RETURNING id, user_name`
    .execute(trx)
    .then((r) => r.rows.map((x) => ({ id: Number(x.id), user_name: x.user_name })))
}

export async function insertLoginNames(trx: Trx, tenantId: number, rows: { user_name: string; account_id: number }[]) {
  await sql`
    INSERT INTO login_name (user_name, tenant_id, account_id)
    SELECT n, ${tenantId}, a FROM unnest(${arr(
      rows.map((r) => r.user_name),
      'text',
    )}, ${arr(
      rows.map((r) => r.account_id),
      'bigint',
    )}) AS t(n, a)`.execute(trx)
}

type NewUserInfo = Pick<
  Insertable<Database['user_info']>,
  | 'account_id'
  | 'org_id'
  | 'user_type'
  | 'true_name'
  | 'phone'
  | 'job_no'
  | 'dept_id'
  | 'class_id'
  | 'position_id'
  | 'title_id'
  | 'teacher_type_id'
  | 'entered_on'
  | 'remark'
  | 'import_job_id'
>
const INFO_COLUMNS: [keyof NewUserInfo, string][] = [
  ['account_id', 'bigint'],
  ['org_id', 'bigint'],
  ['user_type', 'int'],
  ['true_name', 'text'],
  ['phone', 'text'],
  ['job_no', 'text'],
  ['dept_id', 'bigint'],
  ['class_id', 'bigint'],
  ['position_id', 'bigint'],
  ['title_id', 'bigint'],
  ['teacher_type_id', 'bigint'],
  ['entered_on', 'date'],
  ['remark', 'text'],
  ['import_job_id', 'bigint'],
]

/** Memberships; answers each new row's id with its account and org (one membership per account and org). */
export function insertUserInfos(trx: Trx, rows: NewUserInfo[]) {
  const cols = sql.join(INFO_COLUMNS.map(([c]) => sql.ref(c)))
  const arrays = sql.join(
    INFO_COLUMNS.map(([c, type]) =>
      arr(
        rows.map((r) => r[c] ?? null),
        type,
      ),
    ),
  )
  return sql<{ id: number; account_id: number; org_id: number }>`
    INSERT INTO user_info (${cols}) SELECT * FROM unnest(${arrays})
    RETURNING id, account_id, org_id`
    .execute(trx)
    .then((r) => r.rows.map((x) => ({ id: Number(x.id), account_id: Number(x.account_id), org_id: Number(x.org_id) })))
}

export async function insertUserRoles(trx: Trx, rows: { user_info_id: number; role_id: number }[]) {
  await sql`
    INSERT INTO user_role (user_info_id, role_id)
    SELECT * FROM unnest(${arr(
      rows.map((r) => r.user_info_id),
      'bigint',
    )}, ${arr(
      rows.map((r) => r.role_id),
      'bigint',
    )})`.execute(trx)
}

const PERSON_COLUMNS = [
  ['id_card', 'text'],
  ['sex', 'smallint'],
  ['birthday', 'date'],
  ['nation', 'text'],
  ['political_status_id', 'bigint'],
  ['education_id', 'bigint'],
  ['degree_id', 'bigint'],
  ['email', 'text'],
] as const
type NewPerson = { account_id: number } & { [K in (typeof PERSON_COLUMNS)[number][0]]: Database['person'][K] }

/** Inserts person rows, or overwrites every fact column of an account's existing one. */
export async function upsertPersons(trx: Trx, rows: NewPerson[]) {
  const cols = sql.join(['account_id', ...PERSON_COLUMNS.map(([c]) => c)].map((c) => sql.ref(c)))
  const arrays = sql.join([
    arr(
      rows.map((r) => r.account_id),
      'bigint',
    ),
    ...PERSON_COLUMNS.map(([c, type]) =>
      arr(
        rows.map((r) => r[c]),
        type,
      ),
    ),
  ])
  const updates = sql.join(PERSON_COLUMNS.map(([c]) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))
  await sql`
    INSERT INTO person (${cols}) SELECT * FROM unnest(${arrays})
    ON CONFLICT (tenant_id, account_id) DO UPDATE SET ${updates}, updated_at = now()`.execute(trx)
}

/** The stored facts of an account's person row (an edit keeps what it does not name, and compares masks with them). */
export function findPersonFacts(trx: Trx, accountId: number) {
  return trx
    .selectFrom('person')
    .select(['id_card', 'sex', 'nation', 'political_status_id', 'education_id', 'degree_id', 'email'])
    .select(sql<string | null>`to_char(birthday, 'YYYY-MM-DD')`.as('birthday'))
    .where('account_id', '=', accountId)
    .executeTakeFirst()
}

export function findMemberOfType(trx: Trx, id: number, userType: number) {
  return trx
    .selectFrom('user_info')
    .selectAll()
    .where('id', '=', id)
    .where('user_type', '=', userType)
    .executeTakeFirst()
}

/**
 * Removes memberships, their sessions, sub-app hand-over tokens and role links, and each account left with no
 * membership (with its login name), so the login can be used again.
 */
export async function deleteMembers(trx: Trx, ids: number[]): Promise<void> {
  if (!ids.length) return
  const rows = await trx.selectFrom('user_info').select('account_id').where('id', 'in', ids).execute()
  await trx.deleteFrom('session').where('user_info_id', 'in', ids).execute()
  // once_token points at the account (no cascade): a member who ever opened a hosted sub-app left rows there.
  await trx.deleteFrom('once_token').where('user_info_id', 'in', ids).execute()
  await trx.updateTable('join_request').set({ decided_by: null }).where('decided_by', 'in', ids).execute()
  await trx.deleteFrom('user_info').where('id', 'in', ids).execute()
  const accountIds = [...new Set(rows.map((r) => r.account_id))]
  const orphans = await trx
    .selectFrom('account')
    .select(['id', 'user_name'])
    .where('id', 'in', accountIds)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('user_info').select('id').whereRef('user_info.account_id', '=', 'account.id'))),
    )
    .execute()
  if (!orphans.length) return
  const orphanIds = orphans.map((o) => o.id)
  await trx.deleteFrom('session').where('account_id', 'in', orphanIds).execute()
  await trx.deleteFrom('reset_ticket').where('account_id', 'in', orphanIds).execute()
  await trx.deleteFrom('once_token').where('account_id', 'in', orphanIds).execute()
  await trx
    .deleteFrom('login_name')
    .where(
      'user_name',
      'in',
      orphans.map((o) => o.user_name),
    )
    .execute()
  await trx.deleteFrom('account').where('id', 'in', orphanIds).execute()
}

/** The dictionary entries among `ids` that a record of `orgId` may name (the tenant's and the org's own). */
export function listDictItemsIn(trx: Trx, orgId: number, ids: number[]) {
  return dictItemsFor(trx, orgId).select(['id', 'dict_type']).where('id', 'in', ids).execute()
}

/** The rows (at most one) when walking up from `deptId` through departments reaches `orgId`. */
export function deptUnderOrg(trx: Trx, deptId: number, orgId: number) {
  return sql<{ id: number }>`
    WITH RECURSIVE up AS (
      SELECT id, parent_id, org_type FROM org_unit WHERE id = ${deptId}
      UNION ALL SELECT o.id, o.parent_id, o.org_type FROM org_unit o JOIN up ON o.id = up.parent_id WHERE up.org_type = 'depart'
    ) SELECT id FROM up WHERE id = ${orgId}`.execute(trx)
}

export function findOrgType(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('org_type').where('id', '=', orgId).executeTakeFirst()
}

export function findClass(trx: Trx, classId: number) {
  return trx
    .selectFrom('school_class')
    .select(['id', 'org_id', 'archived', 'name'])
    .where('id', '=', classId)
    .executeTakeFirst()
}

export function findUnitAttr(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('unit_attr').where('id', '=', orgId).executeTakeFirstOrThrow()
}

/** Sets a membership's status (0 enabled). */
export function setMemberStatusRow(trx: Trx, id: number, status: number) {
  return trx.updateTable('user_info').set({ status }).where('id', '=', id).execute()
}

export function setMembersArchived(trx: Trx, ids: number[], archived: boolean, archivedAt: Date | null) {
  return trx.updateTable('user_info').set({ archived, archived_at: archivedAt }).where('id', 'in', ids).execute()
}

/** Back to the given password hash, to be changed at next login, unlocked. */
export function resetAccountPassword(trx: Trx, accountId: number, hash: string, now: Date) {
  return trx
    .updateTable('account')
    .set({ password_hash: hash, must_reset: true, failed_count: 0, locked_until: null, password_changed_at: now })
    .where('id', '=', accountId)
    .execute()
}

/** The tenant's first account with this phone (an existing person a new membership joins). */
export function findAccountByPhone(trx: Trx, phone: string) {
  return trx.selectFrom('account').select('id').where('phone', '=', phone).orderBy('id').executeTakeFirst()
}

/** The account's membership in `orgId`, if any. */
export function findMembershipIn(trx: Trx, accountId: number, orgId: number) {
  return trx
    .selectFrom('user_info')
    .select('id')
    .where('account_id', '=', accountId)
    .where('org_id', '=', orgId)
    .executeTakeFirst()
}

export function updateMemberRow(trx: Trx, id: number, values: Updateable<Database['user_info']>) {
  return trx.updateTable('user_info').set(values).where('id', '=', id).execute()
}

export function setAccountPhone(trx: Trx, accountId: number, phone: string) {
  return trx.updateTable('account').set({ phone }).where('id', '=', accountId).execute()
}

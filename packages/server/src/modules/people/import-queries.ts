import { UserType } from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import { dictItemsFor } from '../../platform/dict-refs.js'

/** The database side of import-kinds.ts (the people imports). */

type Savepoint = 'batch' | 'one'

export function savepoint(trx: Trx, name: Savepoint) {
  return sql`SAVEPOINT ${sql.raw(name)}`.execute(trx)
}

export function releaseSavepoint(trx: Trx, name: Savepoint) {
  return sql`RELEASE SAVEPOINT ${sql.raw(name)}`.execute(trx)
}

export function rollbackToSavepoint(trx: Trx, name: Savepoint) {
  return sql`ROLLBACK TO SAVEPOINT ${sql.raw(name)}`.execute(trx)
}

/** The login names among `names` already in use. */
export function loginNamesIn(trx: Trx, names: string[]) {
  // One array parameter instead of an IN list of thousands (an import batch's names).
  return trx
    .selectFrom('login_name')
    .select('user_name')
    .where(sql<boolean>`user_name = any(${sql.val(names)}::text[])`)
    .execute()
}

/** The ID cards among `idCards` already on file. */
export function idCardsIn(trx: Trx, idCards: string[]) {
  return trx
    .selectFrom('person')
    .select('id_card')
    .where(sql<boolean>`id_card = any(${sql.val(idCards)}::text[])`)
    .execute()
}

/** The school's live classes with their grade's name. */
export function listLiveClasses(trx: Trx, orgId: number) {
  return trx
    .selectFrom('school_class as c')
    .innerJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
    .select(['c.id', 'c.name', 'g.name as gradeName'])
    .where('c.org_id', '=', orgId)
    .where('c.archived', '=', false)
    .execute()
}

/** The numbers (学号 / 工号) already used by members of one kind in the org. */
export function jobNosOf(trx: Trx, orgId: number, userType: number) {
  return trx
    .selectFrom('user_info')
    .select('job_no')
    .where('org_id', '=', orgId)
    .where('user_type', '=', userType)
    .where('job_no', 'is not', null)
    .execute()
}

/** The departments below an org at any depth, by name. */
export function listDepartmentNames(trx: Trx, orgId: number) {
  return sql<{ id: number; name: string }>`
      WITH RECURSIVE d AS (
        SELECT id, name FROM org_unit WHERE parent_id = ${orgId} AND org_type = 'depart'
        UNION ALL SELECT o.id, o.name FROM org_unit o JOIN d ON o.parent_id = d.id WHERE o.org_type = 'depart'
      ) SELECT id, name FROM d`.execute(trx)
}

/** The enabled dictionary entries a member of `orgId` may name. */
export function listActiveDictItems(trx: Trx, orgId: number) {
  return dictItemsFor(trx, orgId).select(['id', 'dict_type', 'name']).where('status', '=', 0).execute()
}

export function accountsWithPhones(trx: Trx, phones: string[]) {
  return trx.selectFrom('account').select(['id', 'phone']).where('phone', 'in', phones).execute()
}

/** Which of the accounts already have a membership in the org. */
export function accountsInOrg(trx: Trx, orgId: number, accountIds: number[]) {
  return trx
    .selectFrom('user_info')
    .select('account_id')
    .where('org_id', '=', orgId)
    .where('account_id', 'in', accountIds)
    .execute()
}

/** The school's students that have a 学号, with it. */
export function studentNumbers(trx: Trx, orgId: number) {
  return trx
    .selectFrom('user_info')
    .select(['id', 'job_no'])
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STUDENT)
    .where('job_no', 'is not', null)
    .execute()
}

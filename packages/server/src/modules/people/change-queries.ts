import { sql } from 'kysely'
import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { Database } from '../../db/schema.js'
import { dictItemsFor } from '../../platform/dict-refs.js'

/** The database side of change-service.ts (异动 records). */

export function findUserType(trx: Trx, userInfoId: number) {
  return trx.selectFrom('user_info').select('user_type').where('id', '=', userInfoId).executeTakeFirst()
}

/** An entry of the given dictionary type that a record of `orgId` may name. */
export function findDictItemOfType(trx: Trx, orgId: number, id: number, dictType: string) {
  return dictItemsFor(trx, orgId)
    .select(['id', 'name'])
    .where('id', '=', id)
    .where('dict_type', '=', dictType)
    .executeTakeFirst()
}

/** 在读 / 休学 of a student (set by a 休学 or 复学 change; roll-over and transfers read it). */
export function setStudyStatus(trx: Trx, userInfoId: number, status: 'enrolled' | 'suspended') {
  return trx.updateTable('user_info').set({ study_status: status }).where('id', '=', userInfoId).execute()
}

export function moveToClass(trx: Trx, userInfoId: number, classId: number) {
  return trx.updateTable('user_info').set({ class_id: classId }).where('id', '=', userInfoId).execute()
}

/** Moves a membership to another org; its department belonged to the old one. */
export function moveToOrg(trx: Trx, userInfoId: number, orgId: number) {
  return trx.updateTable('user_info').set({ org_id: orgId, dept_id: null }).where('id', '=', userInfoId).execute()
}

export function archiveMember(trx: Trx, userInfoId: number, now: Date) {
  return trx.updateTable('user_info').set({ archived: true, archived_at: now }).where('id', '=', userInfoId).execute()
}

export function insertChangeRecord(trx: Trx, values: Insertable<Database['change_record']>) {
  return trx.insertInto('change_record').values(values).returning('id').executeTakeFirstOrThrow()
}

/** The change records of one kind of person into or out of `orgId`, newest first, filtered by name or number. */
export function changeRows(trx: Trx, orgId: number, userType: number, keyword: string | null | undefined) {
  let rows = trx
    .selectFrom('change_record as r')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_info_id'))
    .innerJoin('dict_item as d', (j) =>
      j.onRef('d.tenant_id', '=', 'r.tenant_id').onRef('d.id', '=', 'r.change_type_id'),
    )
    .leftJoin('org_unit as fo', (j) => j.onRef('fo.tenant_id', '=', 'r.tenant_id').onRef('fo.id', '=', 'r.from_org_id'))
    .leftJoin('org_unit as tor', (j) =>
      j.onRef('tor.tenant_id', '=', 'r.tenant_id').onRef('tor.id', '=', 'r.to_org_id'),
    )
    .leftJoin('school_class as fc', (j) =>
      j.onRef('fc.tenant_id', '=', 'r.tenant_id').onRef('fc.id', '=', 'r.from_class_id'),
    )
    .leftJoin('school_class as tc', (j) =>
      j.onRef('tc.tenant_id', '=', 'r.tenant_id').onRef('tc.id', '=', 'r.to_class_id'),
    )
    .where('r.user_type', '=', userType)
    .where((eb) => eb.or([eb('r.from_org_id', '=', orgId), eb('r.to_org_id', '=', orgId)]))
    .select([
      'r.id',
      'r.user_info_id as userInfoId',
      'u.true_name as trueName',
      'u.job_no as jobNo',
      'd.name as changeTypeName',
      'r.effect',
      sql<string | null>`coalesce(fc.name, fo.name)`.as('fromName'),
      sql<string | null>`coalesce(tc.name, tor.name)`.as('toName'),
      sql<string>`to_char(r.changed_on, 'YYYY-MM-DD')`.as('changedOn'),
      'r.remark',
      sql<string>`to_char(r.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
    ])
  if (keyword)
    rows = rows.where((eb) =>
      eb.or([eb('u.true_name', 'ilike', `%${keyword}%`), eb('u.job_no', 'ilike', `%${keyword}%`)]),
    )
  return rows.orderBy('r.id', 'desc')
}

import type { Trx } from '../../db/database.js'
import { UserType } from '@zhixiao/shared'

export function listClassRows(trx: Trx, orgId: number) {
  return trx.selectFrom('complaint_class').select(['id', 'name']).where('org_id', '=', orgId).orderBy('id').execute()
}

export function listClassHandlers(trx: Trx, classIds: number[]) {
  return trx
    .selectFrom('complaint_class_handler as h')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'h.tenant_id').onRef('u.id', '=', 'h.user_info_id'))
    .select(['h.class_id', 'u.id', 'u.true_name'])
    .where('h.class_id', 'in', classIds)
    .orderBy('u.id')
    .execute()
}

export function findClassInOrg(trx: Trx, orgId: number, id: number) {
  return trx
    .selectFrom('complaint_class')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst()
}

/** Of the given user_info ids, those that are active staff of the org. */
export function activeStaffIn(trx: Trx, orgId: number, ids: number[]) {
  return trx
    .selectFrom('user_info')
    .select('id')
    .where('id', 'in', ids)
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STAFF)
    .where('archived', '=', false)
    .execute()
}

export async function classNameTaken(trx: Trx, orgId: number, name: string, exceptId?: number): Promise<boolean> {
  let q = trx.selectFrom('complaint_class').select('id').where('org_id', '=', orgId).where('name', '=', name)
  if (exceptId) q = q.where('id', '!=', exceptId)
  return !!(await q.executeTakeFirst())
}

export async function renameClass(trx: Trx, id: number, name: string): Promise<void> {
  await trx.updateTable('complaint_class').set({ name }).where('id', '=', id).execute()
}

export async function deleteClassHandlers(trx: Trx, classId: number): Promise<void> {
  await trx.deleteFrom('complaint_class_handler').where('class_id', '=', classId).execute()
}

export async function insertClass(trx: Trx, orgId: number, name: string): Promise<number> {
  return Number(
    (await trx.insertInto('complaint_class').values({ org_id: orgId, name }).returning('id').executeTakeFirstOrThrow())
      .id,
  )
}

export async function insertClassHandlers(trx: Trx, classId: number, userInfoIds: number[]): Promise<void> {
  await trx
    .insertInto('complaint_class_handler')
    .values(userInfoIds.map((h) => ({ class_id: classId, user_info_id: h })))
    .execute()
}

export async function classHasComplaints(trx: Trx, classId: number): Promise<boolean> {
  return !!(await trx.selectFrom('complaint').select('id').where('class_id', '=', classId).limit(1).executeTakeFirst())
}

export async function deleteClassRow(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('complaint_class').where('id', '=', id).execute()
}

/** Classes of the org that the user handles. */
export function handledClassRows(trx: Trx, orgId: number, userInfoId: number) {
  return trx
    .selectFrom('complaint_class_handler as h')
    .innerJoin('complaint_class as c', (j) =>
      j.onRef('c.tenant_id', '=', 'h.tenant_id').onRef('c.id', '=', 'h.class_id'),
    )
    .select('c.id')
    .where('h.user_info_id', '=', userInfoId)
    .where('c.org_id', '=', orgId)
    .execute()
}

/** Active staff of the org whose name contains the keyword (already LIKE-escaped by the caller), first 50 by name. */
export function staffByName(trx: Trx, orgId: number, like: string | null) {
  let q = trx
    .selectFrom('user_info')
    .select(['id', 'true_name'])
    .where('org_id', '=', orgId)
    .where('user_type', '=', UserType.STAFF)
    .where('archived', '=', false)
  if (like) q = q.where('true_name', 'ilike', like)
  return q.orderBy('true_name').orderBy('id').limit(50).execute()
}

import { UserType } from '@zhixiao/shared'
import type { Trx } from '../database.js'

/**
 * 投诉建议 of the demo school (docs/complaints.md): open to its staff, students and parents, so every member finds
 * the entry in the header and the user menu, with two classes its admin (xxadmin, 孙校长) handles.
 */
export async function seedDemoComplaints(trx: Trx, schoolOrgId: number): Promise<void> {
  await trx
    .insertInto('complaint_config')
    .values({
      org_id: schoolOrgId,
      enable: true,
      user_role: JSON.stringify([UserType.STAFF, UserType.STUDENT, UserType.PARENT]),
      allow_anonymous: true,
    })
    .execute()
  const handler = await trx
    .selectFrom('user_info')
    .innerJoin('account', 'account.id', 'user_info.account_id')
    .select('user_info.id')
    .where('account.user_name', '=', 'xxadmin')
    .where('user_info.org_id', '=', schoolOrgId)
    .executeTakeFirstOrThrow()
  for (const name of ['教育教学', '校园安全']) {
    const { id } = await trx
      .insertInto('complaint_class')
      .values({ org_id: schoolOrgId, name })
      .returning('id')
      .executeTakeFirstOrThrow()
    await trx.insertInto('complaint_class_handler').values({ class_id: id, user_info_id: handler.id }).execute()
  }
}

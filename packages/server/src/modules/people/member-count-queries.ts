import type { Trx } from '../../db/database.js'

export interface CountFilter {
  orgId: number
  userType: number
  archived: boolean
  status?: number | null
  classId?: number | null
  gradeId?: number | null
}

/**
 * A list's total from the kept member counts (migration 202611241320): a sum over a few rows per class instead of
 * counting a whole school on every page.
 */
export async function keptTotal(trx: Trx, f: CountFilter): Promise<number> {
  let q = trx
    .selectFrom('member_count')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('n'), eb.lit(0)).as('n'))
    .where('org_id', '=', f.orgId)
    .where('user_type', '=', f.userType)
    .where('archived', '=', f.archived)
  if (f.status != null) q = q.where('status', '=', f.status)
  if (f.classId != null) q = q.where('class_id', '=', f.classId)
  else if (f.gradeId != null)
    q = q.where('class_id', 'in', trx.selectFrom('school_class').select('id').where('grade_id', '=', f.gradeId!))
  const r = await q.executeTakeFirstOrThrow()
  return Number(r.n)
}

import { parseIdCard, RetentionMsg, UserType } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AuthInfo } from '../../platform/context.js'
import { assertMayActOnMembers } from '../../platform/escalation.js'
import { badRequest } from '../../platform/errors.js'
import { recordOp } from '../../platform/op-log.js'
import type { StudentCorrection } from '../privacy/request-service.js'
import { setPersonIdCard } from './correction-queries.js'
import { memberFor, uniqueMsg } from './members.js'
import { updateMemberRow } from './member-queries.js'

/**
 * A guardian's correction as the school applies it (docs/privacy.md "Retention and requests"): the same reach and
 * escalation checks as 编辑学生, the ID number's checksum and its sex and birth date, the tenant's unique ID numbers,
 * and the operation log. Runs in the request's transaction, so the request is marked handled only with its change.
 * Registered into the privacy module (which the people module already imports, so it may not import back).
 */
export async function correctStudent(trx: Trx, auth: AuthInfo, childId: number, c: StudentCorrection): Promise<void> {
  const m = await memberFor(trx, auth, childId, UserType.STUDENT)
  await assertMayActOnMembers(trx, auth, [m], 'account')
  try {
    if (c.phone) await updateMemberRow(trx, childId, { phone: c.phone })
    if (c.idCard) {
      const parsed = parseIdCard(c.idCard)
      if (!parsed) throw badRequest(RetentionMsg.ID_CARD)
      await setPersonIdCard(trx, m.account_id, c.idCard, parsed.sex, parsed.birthday)
    }
  } catch (e) {
    uniqueMsg(e)
  }
  await recordOp(trx, auth, {
    module: '学生管理',
    action: '更正',
    target: m.true_name,
    // Which fields, never their values (operation_log.detail is a container of the field policy).
    detail: { fields: Object.keys(c).filter((k) => c[k as keyof StudentCorrection]) },
  })
}

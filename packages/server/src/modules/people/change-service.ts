import {
  ErrorCode,
  PeopleMsg,
  UserType,
  type ChangeAddBody,
  type ChangePageBody,
  type ChangeRow,
} from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { assertMayActOnMembers } from '../../platform/escalation.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { assertPermission } from '../../platform/permissions.js'
import { graduateByChange } from '../alumni/graduate-queries.js'
import { pageInOrg } from './member-lists.js'
import { liveClass, memberFor } from './members.js'
import { endMemberSessions } from '../../platform/session.js'
import { findMembershipIn } from './member-queries.js'
import {
  archiveMember,
  changeRows,
  findDictItemOfType,
  findUserType,
  insertChangeRecord,
  moveToClass,
  moveToOrg,
  setStudyStatus,
} from './change-queries.js'

/** The student change types that set 在读 / 休学 (the demo dictionary's 休学 and 复学; docs/school-year.md). */
/** The student change type that graduates (the demo dictionary's 毕业). */
const GRADUATION_TYPE = '毕业'

const STUDY_STATUS_OF_TYPE: Readonly<Record<string, 'enrolled' | 'suspended'>> = { 休学: 'suspended', 复学: 'enrolled' }

/**
 * 异动 (typeChangeTeacher / typeChangeStudent): a dated record of a change with its type from the tenant's
 * change-type dictionary. Its effect is applied in the same transaction: move (a student to another class of
 * the school, a teacher to another org in scope), leave (archive: 离职, 毕业, 退学 …) or none (record only).
 */
export function addChange(ctx: AppContext, auth: AuthInfo, b: ChangeAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const head = await findUserType(trx, b.userInfoId)
    if (!head || (head.user_type !== UserType.STAFF && head.user_type !== UserType.STUDENT))
      throw notFound(PeopleMsg.NOT_FOUND)
    // The button code follows the person's kind (教师异动 / 学生异动).
    await assertPermission(
      trx,
      auth.userInfoId,
      head.user_type === UserType.STUDENT ? 'base_student_change_type' : 'base_teacher_change_type',
    )
    const m = await memberFor(trx, auth, b.userInfoId, head.user_type)
    if (m.archived) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.ARCHIVED)
    // Moving or archiving one's own membership would end the caller's own session.
    if (b.effect !== 'none' && m.account_id === auth.accountId) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.SELF)
    await assertMayActOnMembers(trx, auth, [m], 'membership')
    const dictType = m.user_type === UserType.STUDENT ? 'studentChangeType' : 'teacherChangeType'
    const type = await findDictItemOfType(trx, m.org_id, b.changeTypeId, dictType)
    if (!type) throw notFound(PeopleMsg.TYPE_NOT_FOUND)
    const record = {
      user_info_id: m.id,
      user_type: m.user_type,
      change_type_id: type.id,
      effect: b.effect,
      changed_on: b.changedOn,
      remark: b.remark ?? null,
      from_org_id: m.org_id,
      to_org_id: null as number | null,
      from_class_id: m.class_id,
      to_class_id: null as number | null,
      created_by: auth.userInfoId,
    }
    if (b.effect === 'move') {
      if (m.user_type === UserType.STUDENT) {
        if (b.toClassId == null) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.MOVE_TARGET)
        await liveClass(trx, m.org_id, b.toClassId)
        record.to_class_id = b.toClassId
        await moveToClass(trx, m.id, b.toClassId)
      } else {
        if (b.toOrgId == null || b.toOrgId === m.org_id) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.MOVE_TARGET)
        await assertInScope(trx, auth, b.toOrgId)
        const there = await findMembershipIn(trx, m.account_id, b.toOrgId)
        if (there) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)
        record.to_org_id = b.toOrgId
        // The membership moves with its roles; its department belonged to the old org.
        await moveToOrg(trx, m.id, b.toOrgId)
        await endMemberSessions(trx, [m.id], ctx.clock.now())
      }
    }
    // A student's 毕业 leave is a graduation like the roll-over's (alumni list, parents' bindings, account expiry);
    // it runs once the record exists, journaled under the record's id.
    const graduating = b.effect === 'leave' && m.user_type === UserType.STUDENT && type.name === GRADUATION_TYPE
    if (b.effect === 'leave' && !graduating) {
      const now = ctx.clock.now()
      await archiveMember(trx, m.id, now)
      await endMemberSessions(trx, [m.id], now)
    }
    const study = m.user_type === UserType.STUDENT ? STUDY_STATUS_OF_TYPE[type.name] : undefined
    if (study) await setStudyStatus(trx, m.id, study)
    const { id } = await insertChangeRecord(trx, record)
    if (graduating) {
      const now = ctx.clock.now()
      const on = b.changedOn
      await graduateByChange(trx, { changeId: id, orgId: m.org_id, userInfoId: m.id, classId: m.class_id, on, now })
      await endMemberSessions(trx, [m.id], now)
    }
    await recordOp(trx, auth, {
      module: m.user_type === UserType.STUDENT ? '学生异动' : '教师异动',
      action: type.name,
      target: m.true_name,
      detail: {
        effect: b.effect,
        before: { orgId: m.org_id, classId: m.class_id },
        after: { orgId: record.to_org_id ?? m.org_id, classId: record.to_class_id ?? m.class_id },
      },
      important: b.effect !== 'none',
    })
    return id
  })
}

export function pageChanges(ctx: AppContext, auth: AuthInfo, q: ChangePageBody): Promise<Page<ChangeRow>> {
  return pageInOrg(ctx, auth, q, (trx, orgId) => changeRows(trx, orgId, q.userType, q.keyword))
}

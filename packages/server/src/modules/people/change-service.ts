import {
  ErrorCode,
  PeopleMsg,
  UserType,
  type ChangeAddBody,
  type ChangePageBody,
  type ChangeRow,
} from '@zhixiao/shared'
import { sql } from 'kysely'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { dictItemsFor } from '../../platform/dict-refs.js'
import { notFound, refused } from '../../platform/errors.js'
import { assertMayActOnMembers } from '../../platform/escalation.js'
import { recordOp } from '../../platform/op-log.js'
import { assertInScope } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { assertPermission } from '../../platform/permissions.js'
import { pageInOrg } from './member-lists.js'
import { endMemberSessions, liveClass, memberFor } from './members.js'

/**
 * 异动 (typeChangeTeacher / typeChangeStudent): a dated record of a change with its type from the tenant's
 * change-type dictionary. Its effect is applied in the same transaction: move (a student to another class of
 * the school, a teacher to another org in scope), leave (archive: 离职, 毕业, 退学 …) or none (record only).
 */
export function addChange(ctx: AppContext, auth: AuthInfo, b: ChangeAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const head = await trx.selectFrom('user_info').select('user_type').where('id', '=', b.userInfoId).executeTakeFirst()
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
    const type = await dictItemsFor(trx, m.org_id)
      .select(['id', 'name'])
      .where('id', '=', b.changeTypeId)
      .where('dict_type', '=', dictType)
      .executeTakeFirst()
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
        await trx.updateTable('user_info').set({ class_id: b.toClassId }).where('id', '=', m.id).execute()
      } else {
        if (b.toOrgId == null || b.toOrgId === m.org_id) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.MOVE_TARGET)
        await assertInScope(trx, auth, b.toOrgId)
        const there = await trx
          .selectFrom('user_info')
          .select('id')
          .where('account_id', '=', m.account_id)
          .where('org_id', '=', b.toOrgId)
          .executeTakeFirst()
        if (there) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)
        record.to_org_id = b.toOrgId
        // The membership moves with its roles; its department belonged to the old org.
        await trx.updateTable('user_info').set({ org_id: b.toOrgId, dept_id: null }).where('id', '=', m.id).execute()
        await endMemberSessions(trx, [m.id], ctx.clock.now())
      }
    } else if (b.effect === 'leave') {
      const now = ctx.clock.now()
      await trx.updateTable('user_info').set({ archived: true, archived_at: now }).where('id', '=', m.id).execute()
      await endMemberSessions(trx, [m.id], now)
    }
    const { id } = await trx.insertInto('change_record').values(record).returning('id').executeTakeFirstOrThrow()
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
  return pageInOrg(ctx, auth, q, (trx, orgId) => {
    let rows = trx
      .selectFrom('change_record as r')
      .innerJoin('user_info as u', (j) =>
        j.onRef('u.tenant_id', '=', 'r.tenant_id').onRef('u.id', '=', 'r.user_info_id'),
      )
      .innerJoin('dict_item as d', (j) =>
        j.onRef('d.tenant_id', '=', 'r.tenant_id').onRef('d.id', '=', 'r.change_type_id'),
      )
      .leftJoin('org_unit as fo', (j) =>
        j.onRef('fo.tenant_id', '=', 'r.tenant_id').onRef('fo.id', '=', 'r.from_org_id'),
      )
      .leftJoin('org_unit as tor', (j) =>
        j.onRef('tor.tenant_id', '=', 'r.tenant_id').onRef('tor.id', '=', 'r.to_org_id'),
      )
      .leftJoin('school_class as fc', (j) =>
        j.onRef('fc.tenant_id', '=', 'r.tenant_id').onRef('fc.id', '=', 'r.from_class_id'),
      )
      .leftJoin('school_class as tc', (j) =>
        j.onRef('tc.tenant_id', '=', 'r.tenant_id').onRef('tc.id', '=', 'r.to_class_id'),
      )
      .where('r.user_type', '=', q.userType)
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
    if (q.keyword)
      rows = rows.where((eb) =>
        eb.or([eb('u.true_name', 'ilike', `%${q.keyword}%`), eb('u.job_no', 'ilike', `%${q.keyword}%`)]),
      )
    return rows.orderBy('r.id', 'desc')
  })
}

import {
  ErrorCode,
  PeopleMsg,
  UserType,
  maskPhone,
  type TeacherAddBody,
  type TeacherPageBody,
  type TeacherRow,
  type TeacherUpdateBody,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { assertMayActOnMembers } from '../../platform/escalation.js'
import { recordOp } from '../../platform/op-log.js'
import { logPersonalAccess } from '../privacy/access-log.js'
import { scopedOrg } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { anchoredIdsAt } from './deep-pages.js'
import { pageMembers } from './member-lists.js'
import { keptPersonal, maskTeacher } from './masks.js'
import { addMember, checkDept, checkDicts, defaultPasswordHash, memberFor, uniqueMsg, updatePerson } from './members.js'
import {
  findAccountByPhone,
  findMembershipIn,
  findPersonFacts,
  setAccountPhone,
  updateMemberRow,
} from './member-queries.js'
import {
  findTeacherRow,
  listDepartmentRows,
  listTeacherOrgs,
  teacherIdsInOrder,
  teacherKeys,
  teachersWithIds,
} from './teacher-queries.js'

type RowOut = { orgCount: number | string | null; sex: number | null }
const fixTeacher = <T extends RowOut>(r: T): T & { orgCount: number } => ({
  ...r,
  orgCount: Number(r.orgCount ?? 0),
})

export function pageTeachers(ctx: AppContext, auth: AuthInfo, q: TeacherPageBody): Promise<Page<TeacherRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, q.orgId)
    const keys = teacherKeys(trx, orgId, q)
    const counted = { orgId, userType: UserType.STAFF, archived: q.archived, status: q.status }
    return pageMembers(trx, q, {
      keys,
      ordered: teacherIdsInOrder(keys),
      counted,
      kept: !q.keyword && q.deptId == null,
      rows: async (ids) => (await teachersWithIds(trx, ids)).map((r) => maskTeacher(fixTeacher(r))),
      deep: (offset, limit) =>
        anchoredIdsAt(
          ctx.db,
          trx,
          keys,
          `${auth.tenantId}:${orgId}:staff:${q.archived}:${q.status}`,
          counted,
          ['u.sort', 'u.id'],
          false,
          offset,
          limit,
        ),
    })
  })
}

/** The personal fields the teacher detail shows (policy keys), for its access-log line. */
const TEACHER_DETAIL_FIELDS = ['idCard', 'phone', 'email'] as const

export function teacherDetail(ctx: AppContext, auth: AuthInfo, id: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const m = await memberFor(trx, auth, id, UserType.STAFF)
    const row = maskTeacher(fixTeacher(await findTeacherRow(trx, id)))
    const orgs = await listTeacherOrgs(trx, row.accountId)
    await logPersonalAccess(trx, auth, {
      action: 'view',
      fields: TEACHER_DETAIL_FIELDS,
      subjects: [{ id, name: m.true_name, orgId: m.org_id }],
      purpose: '教师详情',
    })
    return { ...row, orgs }
  })
}

async function checkTeacherRefs(trx: Trx, orgId: number, b: Omit<TeacherUpdateBody, 'id'>): Promise<void> {
  await checkDept(trx, orgId, b.deptId)
  await checkDicts(trx, orgId, {
    position: { id: b.positionId, type: 'position', label: '职务' },
    title: { id: b.titleId, type: 'title', label: '职称' },
    teacherType: { id: b.teacherTypeId, type: 'teacherType', label: '教师类型' },
    political: { id: b.politicalStatusId, type: 'politicalStatus', label: '政治面貌' },
    education: { id: b.educationId, type: 'education', label: '学历' },
    degree: { id: b.degreeId, type: 'degree', label: '学位' },
  })
}

const personOf = (b: Omit<TeacherUpdateBody, 'id'>) => ({
  idCard: b.idCard,
  sex: b.sex,
  politicalStatusId: b.politicalStatusId,
  educationId: b.educationId,
  degreeId: b.degreeId,
  email: b.email,
})

/**
 * Adds a teacher to an org. A phone that already belongs to an account of the tenant adds this org to that
 * account (one login for a teacher of two schools); otherwise a new account is made with the initial password.
 */
export function addTeacher(ctx: AppContext, auth: AuthInfo, b: TeacherAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, b.orgId)
    await checkTeacherRefs(trx, orgId, b)
    const existing = await findAccountByPhone(trx, b.phone)
    if (existing) {
      const member = await findMembershipIn(trx, existing.id, orgId)
      if (member) throw refused(ErrorCode.CONFLICT, PeopleMsg.ALREADY_MEMBER)
    }
    const hash = existing ? '' : await defaultPasswordHash(ctx, trx, auth.tenantId)
    return addMember(
      trx,
      auth,
      hash,
      {
        orgId,
        userType: UserType.STAFF,
        trueName: b.trueName,
        userName: b.userName ?? b.phone,
        phone: b.phone,
        accountId: existing?.id ?? null,
        jobNo: b.jobNo,
        deptId: b.deptId,
        positionId: b.positionId,
        titleId: b.titleId,
        teacherTypeId: b.teacherTypeId,
        enteredOn: b.enteredOn,
        remark: b.remark,
        person: existing ? null : personOf(b),
      },
      {
        module: '教师管理',
        action: '新增',
        target: b.trueName,
        detail: { after: { phone: maskPhone(b.phone), jobNo: b.jobNo } },
      },
    )
  })
}

export function updateTeacher(ctx: AppContext, auth: AuthInfo, b: TeacherUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const m = await memberFor(trx, auth, b.id, UserType.STAFF)
    // The phone and the person's facts belong to the account: every membership of it is weighed.
    await assertMayActOnMembers(trx, auth, [m], 'account')
    await checkTeacherRefs(trx, m.org_id, b)
    // The form was loaded masked: a mask sent back keeps the stored value, a typed mask is refused (masks.ts).
    const stored = await findPersonFacts(trx, m.account_id)
    const phone = keptPersonal('phone', b.phone, m.phone) ?? m.phone ?? ''
    const person = {
      sex: b.sex ?? null,
      educationId: b.educationId ?? null,
      degreeId: b.degreeId ?? null,
      idCard: keptPersonal('idCard', b.idCard, stored?.id_card),
      email: keptPersonal('email', b.email, stored?.email),
      // Withheld from the form (no mask to send back): left out, it keeps the stored value; null clears it.
      politicalStatusId: b.politicalStatusId,
    }
    try {
      await updateMemberRow(trx, b.id, {
        true_name: b.trueName,
        phone,
        job_no: b.jobNo,
        dept_id: b.deptId ?? null,
        position_id: b.positionId ?? null,
        title_id: b.titleId ?? null,
        teacher_type_id: b.teacherTypeId ?? null,
        entered_on: b.enteredOn,
        remark: b.remark,
      })
      await setAccountPhone(trx, m.account_id, phone)
      await updatePerson(trx, m.account_id, person)
    } catch (e) {
      uniqueMsg(e)
    }
    await recordOp(trx, auth, {
      module: '教师管理',
      action: '编辑',
      target: b.trueName,
      detail: {
        // operation_log.detail is a personal container: the phones are logged masked (docs/privacy.md).
        before: { trueName: m.true_name, phone: maskPhone(m.phone), jobNo: m.job_no },
        after: { trueName: b.trueName, phone: maskPhone(phone), jobNo: b.jobNo },
      },
    })
  })
}

/** Departments of an org (org units of type depart below it), for the teacher form and filter. */
export function listDepartments(ctx: AppContext, auth: AuthInfo, orgId?: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const id = await scopedOrg(trx, auth, orgId)
    const rows = await listDepartmentRows(trx, id)
    return rows.rows.map((r) => ({ id: Number(r.id), name: r.name, parentId: Number(r.parentId) }))
  })
}

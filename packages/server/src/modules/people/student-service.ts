import {
  ErrorCode,
  PeopleMsg,
  UserType,
  type ChangeClassBody,
  type StudentAddBody,
  type StudentPageBody,
  type StudentRow,
  type StudentUpdateBody,
} from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { assertMayActOnMembers } from '../../platform/escalation.js'
import { recordOp } from '../../platform/op-log.js'
import { logPersonalAccess } from '../privacy/access-log.js'
import { schoolOf } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { studentIdsAt } from './deep-pages.js'
import { pageMembers } from './member-lists.js'
import { keptPersonal, maskChildParent, maskStudent } from './masks.js'
import { addMember, defaultPasswordHash, liveClass, memberFor, uniqueMsg, updatePerson } from './members.js'
import { findPersonFacts, updateMemberRow } from './member-queries.js'
import {
  findClassOrg,
  findStudentByNo,
  findStudentRow,
  moveStudentsToClass,
  parentsOf,
  studentIdsInOrder,
  studentKeys,
  studentsWithIds,
} from './student-queries.js'

const studentUnique = (e: unknown): never => {
  try {
    return uniqueMsg(e)
  } catch (err) {
    // The 学号 index is shared with staff numbers; for students it is the student number.
    if ((err as Error).message === PeopleMsg.JOB_NO_TAKEN) throw refused(ErrorCode.CONFLICT, PeopleMsg.STUDENT_NO_TAKEN)
    throw err
  }
}

const fixStudent = <T extends { parentCount: number | string | null }>(r: T): T & { parentCount: number } => ({
  ...r,
  parentCount: Number(r.parentCount ?? 0),
})

export function pageStudents(ctx: AppContext, auth: AuthInfo, q: StudentPageBody): Promise<Page<StudentRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await schoolOf(trx, auth, q.orgId)
    const keys = studentKeys(trx, orgId, q)
    const counted = {
      orgId,
      userType: UserType.STUDENT,
      archived: q.archived,
      status: q.status,
      classId: q.classId,
      gradeId: q.gradeId,
    }
    return pageMembers(trx, q, {
      keys,
      ordered: studentIdsInOrder(keys),
      counted,
      kept: !q.keyword,
      rows: async (ids) => (await studentsWithIds(trx, ids)).map((r) => maskStudent(fixStudent(r))),
      deep: (offset, limit) =>
        studentIdsAt(
          ctx.db,
          trx,
          keys,
          `${auth.tenantId}:${orgId}:student:${q.archived}:${q.status}:${q.classId}:${q.gradeId}`,
          counted,
          offset,
          limit,
        ),
    })
  })
}

/** The personal fields the student detail shows (policy keys), for its access-log line. */
const STUDENT_DETAIL_FIELDS = ['idCard', 'phone', 'guardians'] as const

export function studentDetail(ctx: AppContext, auth: AuthInfo, id: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const m = await memberFor(trx, auth, id, UserType.STUDENT)
    const row = maskStudent(fixStudent(await findStudentRow(trx, id)))
    const parents = (await parentsOf(trx, id)).map(maskChildParent)
    await logPersonalAccess(trx, auth, {
      action: 'view',
      fields: STUDENT_DETAIL_FIELDS,
      subjects: [{ id, name: m.true_name, orgId: m.org_id }],
      purpose: '学生详情',
    })
    return { ...row, parents }
  })
}

export function addStudent(ctx: AppContext, auth: AuthInfo, b: StudentAddBody & { orgId?: number }): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const cls = await findClassOrg(trx, b.classId)
    if (!cls) throw notFound(PeopleMsg.CLASS_NOT_FOUND)
    const orgId = await schoolOf(trx, auth, cls.org_id)
    await liveClass(trx, orgId, b.classId)
    // Checked first: the 学号 is also the default login name, whose clash would hide the real cause.
    const taken = await findStudentByNo(trx, orgId, b.jobNo)
    if (taken) throw refused(ErrorCode.CONFLICT, PeopleMsg.STUDENT_NO_TAKEN)
    const hash = await defaultPasswordHash(ctx, trx, auth.tenantId)
    return addMember(
      trx,
      auth,
      hash,
      {
        orgId,
        userType: UserType.STUDENT,
        trueName: b.trueName,
        userName: b.userName ?? b.jobNo,
        phone: b.phone,
        jobNo: b.jobNo,
        classId: b.classId,
        enteredOn: b.enteredOn,
        remark: b.remark,
        person: { idCard: b.idCard, sex: b.sex },
      },
      {
        module: '学生管理',
        action: '新增',
        target: b.trueName,
        detail: { after: { jobNo: b.jobNo, classId: b.classId } },
      },
      studentUnique,
    )
  })
}

export function updateStudent(ctx: AppContext, auth: AuthInfo, b: StudentUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const m = await memberFor(trx, auth, b.id, UserType.STUDENT)
    // An archived student (a graduate, a leaver) is read-only: their record is history (docs/school-year.md).
    if (m.archived) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.ARCHIVED)
    await assertMayActOnMembers(trx, auth, [m], 'account')
    // The form was loaded masked: a mask sent back keeps the stored value, a typed mask is refused (masks.ts).
    const stored = await findPersonFacts(trx, m.account_id)
    const phone = keptPersonal('phone', b.phone, m.phone)
    const idCard = keptPersonal('idCard', b.idCard, stored?.id_card)
    try {
      await updateMemberRow(trx, b.id, {
        true_name: b.trueName,
        job_no: b.jobNo,
        phone,
        entered_on: b.enteredOn,
        remark: b.remark,
      })
      await updatePerson(trx, m.account_id, { idCard, sex: b.sex ?? null })
    } catch (e) {
      studentUnique(e)
    }
    await recordOp(trx, auth, {
      module: '学生管理',
      action: '编辑',
      target: b.trueName,
      detail: { before: { trueName: m.true_name, jobNo: m.job_no }, after: { trueName: b.trueName, jobNo: b.jobNo } },
    })
  })
}

/** 调班: moves students to a live class of their own school. */
export function changeClass(ctx: AppContext, auth: AuthInfo, b: ChangeClassBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const rows = []
    for (const id of new Set(b.ids)) rows.push(await memberFor(trx, auth, id, UserType.STUDENT))
    if (rows.some((r) => r.archived)) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.ARCHIVED)
    await assertMayActOnMembers(trx, auth, rows, 'membership')
    for (const orgId of new Set(rows.map((r) => r.org_id))) await liveClass(trx, orgId, b.classId)
    await moveStudentsToClass(
      trx,
      rows.map((r) => r.id),
      b.classId,
    )
    await recordOp(trx, auth, {
      module: '学生管理',
      action: '调班',
      target: rows.map((r) => r.true_name).join('、'),
      detail: { before: { classIds: rows.map((r) => r.class_id) }, after: { classId: b.classId } },
    })
  })
}

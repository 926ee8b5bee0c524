import {
  ErrorCode,
  PeopleMsg,
  UserType,
  isSchoolUnit,
  type ChangeClassBody,
  type StudentAddBody,
  type StudentPageBody,
  type StudentRow,
  type StudentUpdateBody,
} from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { notFound, refused } from '../../platform/errors.js'
import { assertMayActOnMembers } from '../../platform/escalation.js'
import { recordOp } from '../../platform/op-log.js'
import { scopedOrg } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { studentIdsAt } from './deep-pages.js'
import { memberKeys, withKeyword } from './member-list-queries.js'
import { pageMembers } from './member-lists.js'
import { addMember, defaultPasswordHash, liveClass, memberFor, savePerson, uniqueMsg } from './members.js'

const studentUnique = (e: unknown): never => {
  try {
    return uniqueMsg(e)
  } catch (err) {
    // The 学号 index is shared with staff numbers; for students it is the student number.
    if ((err as Error).message === PeopleMsg.JOB_NO_TAKEN) throw refused(ErrorCode.CONFLICT, PeopleMsg.STUDENT_NO_TAKEN)
    throw err
  }
}

export function studentRows(trx: Trx) {
  return (
    trx
      .selectFrom('user_info as u')
      // Left joins on keys (the account always exists): a query that reads none of their columns drops them (paging).
      .leftJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
      .leftJoin('person as p', (j) =>
        j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
      )
      .leftJoin('school_class as c', (j) => j.onRef('c.tenant_id', '=', 'u.tenant_id').onRef('c.id', '=', 'u.class_id'))
      .leftJoin('grade as g', (j) => j.onRef('g.tenant_id', '=', 'c.tenant_id').onRef('g.id', '=', 'c.grade_id'))
      .where('u.user_type', '=', UserType.STUDENT)
      .select((eb) => [
        'u.id',
        'u.account_id as accountId',
        'u.org_id as orgId',
        eb.ref('a.user_name').$notNull().as('userName'),
        'u.true_name as trueName',
        'u.job_no as jobNo',
        'p.sex',
        'p.id_card as idCard',
        'u.phone',
        sql<string | null>`to_char(u.entered_on, 'YYYY-MM-DD')`.as('enteredOn'),
        'u.remark',
        'g.id as gradeId',
        'g.name as gradeName',
        'u.class_id as classId',
        'c.name as className',
        'u.status',
        'u.archived',
        eb
          .selectFrom('parent_child as pc')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('pc.child_id', '=', 'u.id')
          .as('parentCount'),
        sql<string>`to_char(u.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
      ])
  )
}
export const fixStudent = <T extends { parentCount: number | string | null }>(r: T): T & { parentCount: number } => ({
  ...r,
  parentCount: Number(r.parentCount ?? 0),
})

/** Students belong to schools (unit attribute 8 and above). */
export async function schoolOf(trx: Trx, auth: AuthInfo, orgId?: number): Promise<number> {
  const id = await scopedOrg(trx, auth, orgId)
  const org = await trx.selectFrom('org_unit').select('unit_attr').where('id', '=', id).executeTakeFirstOrThrow()
  if (!isSchoolUnit(org.unit_attr)) throw refused(ErrorCode.BAD_REQUEST, PeopleMsg.NOT_SCHOOL)
  return id
}

/** The list's own filters on user_info alone (paging reads its ids from an index; see pageByKeys). */
export function studentKeys(trx: Trx, orgId: number, q: Omit<StudentPageBody, 'pageIndex' | 'pageSize'>) {
  let keys = memberKeys(trx, UserType.STUDENT, orgId, q)
  if (q.classId != null) keys = keys.where('u.class_id', '=', q.classId)
  else if (q.gradeId != null)
    keys = keys.where('u.class_id', 'in', trx.selectFrom('school_class').select('id').where('grade_id', '=', q.gradeId))
  return withKeyword(keys, q.keyword, ['u.true_name', 'u.job_no'])
}

/** Full rows of the filtered list (the export). */
export function filterStudents(trx: Trx, orgId: number, q: Omit<StudentPageBody, 'pageIndex' | 'pageSize'>) {
  return studentRows(trx).where('u.id', 'in', studentKeys(trx, orgId, q).select('u.id'))
}

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
      ordered: keys.select('u.id').orderBy('u.class_id').orderBy('u.job_no').orderBy('u.id'),
      counted,
      kept: !q.keyword,
      rows: async (ids) => (await studentRows(trx).where('u.id', 'in', ids).execute()).map(fixStudent),
      deep: (offset, limit) => studentIdsAt(trx, keys, counted, offset, limit),
    })
  })
}

export function studentDetail(ctx: AppContext, auth: AuthInfo, id: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await memberFor(trx, auth, id, UserType.STUDENT)
    const row = fixStudent(await studentRows(trx).where('u.id', '=', id).executeTakeFirstOrThrow())
    return { ...row, parents: await parentsOf(trx, id) }
  })
}

export function parentsOf(trx: Trx, childId: number) {
  return trx
    .selectFrom('parent_child as pc')
    .innerJoin('user_info as u', (j) => j.onRef('u.tenant_id', '=', 'pc.tenant_id').onRef('u.id', '=', 'pc.parent_id'))
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .select(['u.id', 'u.true_name as trueName', 'u.phone', 'a.user_name as userName', 'pc.relation', 'u.status'])
    .where('pc.child_id', '=', childId)
    .orderBy('pc.created_at')
    .execute()
}

export function addStudent(ctx: AppContext, auth: AuthInfo, b: StudentAddBody & { orgId?: number }): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const cls = await trx.selectFrom('school_class').select('org_id').where('id', '=', b.classId).executeTakeFirst()
    if (!cls) throw notFound(PeopleMsg.CLASS_NOT_FOUND)
    const orgId = await schoolOf(trx, auth, cls.org_id)
    await liveClass(trx, orgId, b.classId)
    // Checked first: the 学号 is also the default login name, whose clash would hide the real cause.
    const taken = await trx
      .selectFrom('user_info')
      .select('id')
      .where('org_id', '=', orgId)
      .where('user_type', '=', UserType.STUDENT)
      .where('job_no', '=', b.jobNo)
      .executeTakeFirst()
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
    await assertMayActOnMembers(trx, auth, [m], 'account')
    try {
      await trx
        .updateTable('user_info')
        .set({ true_name: b.trueName, job_no: b.jobNo, phone: b.phone, entered_on: b.enteredOn, remark: b.remark })
        .where('id', '=', b.id)
        .execute()
      await savePerson(trx, m.account_id, { idCard: b.idCard, sex: b.sex })
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
    await assertMayActOnMembers(trx, auth, rows, 'membership')
    for (const orgId of new Set(rows.map((r) => r.org_id))) await liveClass(trx, orgId, b.classId)
    await trx
      .updateTable('user_info')
      .set({ class_id: b.classId })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute()
    await recordOp(trx, auth, {
      module: '学生管理',
      action: '调班',
      target: rows.map((r) => r.true_name).join('、'),
      detail: { before: { classIds: rows.map((r) => r.class_id) }, after: { classId: b.classId } },
    })
  })
}

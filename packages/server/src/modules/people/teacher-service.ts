import {
  ErrorCode,
  PeopleMsg,
  UserType,
  type TeacherAddBody,
  type TeacherPageBody,
  type TeacherRow,
  type TeacherUpdateBody,
} from '@zhixiao/shared'
import { sql } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { refused } from '../../platform/errors.js'
import { assertMayActOnMembers } from '../../platform/escalation.js'
import { recordOp } from '../../platform/op-log.js'
import { scopedOrg } from '../../platform/org-scope.js'
import type { Page } from '../../platform/paging.js'
import { anchoredIdsAt } from './deep-pages.js'
import { memberKeys, withKeyword } from './member-list-queries.js'
import { pageMembers } from './member-lists.js'
import { addMember, checkDept, checkDicts, defaultPasswordHash, memberFor, savePerson, uniqueMsg } from './members.js'

/** Teacher rows: the membership, its account, the person and the department, in one query. */
export function teacherRows(trx: Trx) {
  return (
    trx
      .selectFrom('user_info as u')
      // Left joins on keys (the account and org always exist): a query that reads none of their columns drops them (paging).
      .leftJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
      .leftJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'u.tenant_id').onRef('o.id', '=', 'u.org_id'))
      .leftJoin('person as p', (j) =>
        j.onRef('p.tenant_id', '=', 'u.tenant_id').onRef('p.account_id', '=', 'u.account_id'),
      )
      .leftJoin('org_unit as d', (j) => j.onRef('d.tenant_id', '=', 'u.tenant_id').onRef('d.id', '=', 'u.dept_id'))
      .where('u.user_type', '=', UserType.STAFF)
      .select((eb) => [
        'u.id',
        'u.account_id as accountId',
        'u.org_id as orgId',
        eb.ref('o.name').$notNull().as('orgName'),
        eb.ref('a.user_name').$notNull().as('userName'),
        'u.true_name as trueName',
        'u.phone',
        'u.job_no as jobNo',
        'p.sex',
        'p.id_card as idCard',
        'u.dept_id as deptId',
        'd.name as deptName',
        'u.position_id as positionId',
        'u.title_id as titleId',
        'u.teacher_type_id as teacherTypeId',
        'p.political_status_id as politicalStatusId',
        'p.education_id as educationId',
        'p.degree_id as degreeId',
        sql<string | null>`to_char(u.entered_on, 'YYYY-MM-DD')`.as('enteredOn'),
        'p.email',
        'u.remark',
        'u.status',
        'u.archived',
        eb
          .selectFrom('user_info as m')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('m.account_id', '=', 'u.account_id')
          .where('m.user_type', '=', UserType.STAFF)
          .as('orgCount'),
        sql<string>`to_char(u.created_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`.as('createdAt'),
      ])
  )
}

type RowOut = { orgCount: number | string | null; sex: number | null }
export const fixTeacher = <T extends RowOut>(r: T): T & { orgCount: number } => ({
  ...r,
  orgCount: Number(r.orgCount ?? 0),
})

/** The list's own filters on user_info alone (paging reads its ids from an index; see pageByKeys). */
export function teacherKeys(trx: Trx, orgId: number, q: Omit<TeacherPageBody, 'pageIndex' | 'pageSize'>) {
  const keys = memberKeys(trx, UserType.STAFF, orgId, q)
  return withKeyword(q.deptId != null ? keys.where('u.dept_id', '=', q.deptId) : keys, q.keyword, [
    'u.true_name',
    'u.phone',
    'u.job_no',
  ])
}

/** Full rows of the filtered list (the export). */
export function filterTeachers(trx: Trx, orgId: number, q: Omit<TeacherPageBody, 'pageIndex' | 'pageSize'>) {
  return teacherRows(trx).where('u.id', 'in', teacherKeys(trx, orgId, q).select('u.id'))
}

export function pageTeachers(ctx: AppContext, auth: AuthInfo, q: TeacherPageBody): Promise<Page<TeacherRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, q.orgId)
    const keys = teacherKeys(trx, orgId, q)
    const counted = { orgId, userType: UserType.STAFF, archived: q.archived, status: q.status }
    return pageMembers(trx, q, {
      keys,
      ordered: keys.select('u.id').orderBy('u.sort').orderBy('u.id'),
      counted,
      kept: !q.keyword && q.deptId == null,
      rows: async (ids) => (await teacherRows(trx).where('u.id', 'in', ids).execute()).map(fixTeacher),
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

export function teacherDetail(ctx: AppContext, auth: AuthInfo, id: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await memberFor(trx, auth, id, UserType.STAFF)
    const row = fixTeacher(await teacherRows(trx).where('u.id', '=', id).executeTakeFirstOrThrow())
    const orgs = await trx
      .selectFrom('user_info as m')
      .innerJoin('org_unit as o', (j) => j.onRef('o.tenant_id', '=', 'm.tenant_id').onRef('o.id', '=', 'm.org_id'))
      .select(['m.id', 'm.org_id as orgId', 'o.name as orgName', 'm.status', 'm.archived'])
      .where('m.account_id', '=', row.accountId)
      .where('m.user_type', '=', UserType.STAFF)
      .orderBy('m.id')
      .execute()
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
    const existing = await trx
      .selectFrom('account')
      .select('id')
      .where('phone', '=', b.phone)
      .orderBy('id')
      .executeTakeFirst()
    if (existing) {
      const member = await trx
        .selectFrom('user_info')
        .select('id')
        .where('account_id', '=', existing.id)
        .where('org_id', '=', orgId)
        .executeTakeFirst()
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
      { module: '教师管理', action: '新增', target: b.trueName, detail: { after: { phone: b.phone, jobNo: b.jobNo } } },
    )
  })
}

export function updateTeacher(ctx: AppContext, auth: AuthInfo, b: TeacherUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const m = await memberFor(trx, auth, b.id, UserType.STAFF)
    // The phone and the person's facts belong to the account: every membership of it is weighed.
    await assertMayActOnMembers(trx, auth, [m], 'account')
    await checkTeacherRefs(trx, m.org_id, b)
    try {
      await trx
        .updateTable('user_info')
        .set({
          true_name: b.trueName,
          phone: b.phone,
          job_no: b.jobNo,
          dept_id: b.deptId ?? null,
          position_id: b.positionId ?? null,
          title_id: b.titleId ?? null,
          teacher_type_id: b.teacherTypeId ?? null,
          entered_on: b.enteredOn,
          remark: b.remark,
        })
        .where('id', '=', b.id)
        .execute()
      await trx.updateTable('account').set({ phone: b.phone }).where('id', '=', m.account_id).execute()
      await savePerson(trx, m.account_id, personOf(b))
    } catch (e) {
      uniqueMsg(e)
    }
    await recordOp(trx, auth, {
      module: '教师管理',
      action: '编辑',
      target: b.trueName,
      detail: {
        before: { trueName: m.true_name, phone: m.phone, jobNo: m.job_no },
        after: { trueName: b.trueName, phone: b.phone, jobNo: b.jobNo },
      },
    })
  })
}

/** Departments of an org (org units of type depart below it), for the teacher form and filter. */
export function listDepartments(ctx: AppContext, auth: AuthInfo, orgId?: number) {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const id = await scopedOrg(trx, auth, orgId)
    const rows = await sql<{ id: number; name: string; parentId: number }>`
      WITH RECURSIVE d AS (
        SELECT id, name, parent_id, sort FROM org_unit WHERE parent_id = ${id} AND org_type = 'depart'
        UNION ALL SELECT o.id, o.name, o.parent_id, o.sort FROM org_unit o JOIN d ON o.parent_id = d.id WHERE o.org_type = 'depart'
      ) SELECT id, name, parent_id AS "parentId" FROM d ORDER BY sort, id`.execute(trx)
    return rows.rows.map((r) => ({ id: Number(r.id), name: r.name, parentId: Number(r.parentId) }))
  })
}

import { SEX_LABEL, UserType, type ParentPageBody, type StudentPageBody, type TeacherPageBody } from '@zhixiao/shared'
import type { Readable } from 'node:stream'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { keysetChunks, xlsxStream, type SheetRow } from '../../platform/excel.js'
import { recordOp } from '../../platform/op-log.js'
import { scopedOrg } from '../../platform/org-scope.js'
import { childrenOf, filterParents } from './parent-service.js'
import { filterStudents, schoolOf } from './student-service.js'
import { filterTeachers } from './teacher-service.js'
import { PARENT_COLUMNS, STUDENT_COLUMNS, TEACHER_COLUMNS } from './columns.js'

type Filters<T> = Omit<T, 'pageIndex' | 'pageSize'>

/** Membership ids of one kind in an org, in id order (the user_info_list index), for keysetChunks. */
const memberIds =
  (ctx: AppContext, auth: AuthInfo, orgId: number, userType: number, archived: boolean) =>
  (after: number, limit: number) =>
    ctx.db.tenant(auth.tenantId, async (trx) =>
      (
        await trx
          .selectFrom('user_info')
          .select('id')
          .where('org_id', '=', orgId)
          .where('user_type', '=', userType)
          .where('archived', '=', archived)
          .where('id', '>', after)
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((r) => r.id),
    )
const sex = (v: number | null) => (v == null ? '' : (SEX_LABEL[v] ?? ''))

/** Resolves the org and logs the export (a key operation: personal data leaves the system) before streaming. */
async function exportOrg(
  ctx: AppContext,
  auth: AuthInfo,
  module: string,
  orgId: number | undefined,
  school: boolean,
): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const id = school ? await schoolOf(trx, auth, orgId) : await scopedOrg(trx, auth, orgId)
    await recordOp(trx, auth, { module, action: '导出', target: null, important: true })
    return id
  })
}

export async function exportTeachers(ctx: AppContext, auth: AuthInfo, q: Filters<TeacherPageBody>): Promise<Readable> {
  const orgId = await exportOrg(ctx, auth, '教师管理', q.orgId, false)
  const names = await ctx.db.tenant(auth.tenantId, (trx) =>
    trx.selectFrom('dict_item').select(['id', 'name']).execute(),
  )
  const dict = new Map(names.map((d) => [d.id, d.name]))
  const name = (id: number | null) => (id == null ? '' : (dict.get(id) ?? ''))
  async function* rows(): AsyncGenerator<SheetRow> {
    for await (const r of keysetChunks(memberIds(ctx, auth, orgId, UserType.STAFF, q.archived), (ids) =>
      ctx.db.tenant(auth.tenantId, (trx) =>
        filterTeachers(trx, orgId, q).where('u.id', 'in', ids).orderBy('u.id').execute(),
      ),
    )) {
      yield {
        trueName: r.trueName,
        phone: r.phone,
        userName: r.userName,
        jobNo: r.jobNo,
        sex: sex(r.sex),
        idCard: r.idCard,
        dept: r.deptName ?? '',
        position: name(r.positionId),
        title: name(r.titleId),
        teacherType: name(r.teacherTypeId),
        political: name(r.politicalStatusId),
        education: name(r.educationId),
        degree: name(r.degreeId),
        enteredOn: r.enteredOn,
        email: r.email,
        remark: r.remark,
      }
    }
  }
  return xlsxStream('教师', TEACHER_COLUMNS, rows())
}

export async function exportStudents(ctx: AppContext, auth: AuthInfo, q: Filters<StudentPageBody>): Promise<Readable> {
  const orgId = await exportOrg(ctx, auth, '学生管理', q.orgId, true)
  async function* rows(): AsyncGenerator<SheetRow> {
    for await (const r of keysetChunks(memberIds(ctx, auth, orgId, UserType.STUDENT, q.archived), (ids) =>
      ctx.db.tenant(auth.tenantId, (trx) =>
        filterStudents(trx, orgId, q).where('u.id', 'in', ids).orderBy('u.id').execute(),
      ),
    )) {
      yield {
        trueName: r.trueName,
        jobNo: r.jobNo,
        grade: r.gradeName,
        className: r.className,
        sex: sex(r.sex),
        idCard: r.idCard,
        phone: r.phone,
        enteredOn: r.enteredOn,
        userName: r.userName,
        remark: r.remark,
      }
    }
  }
  return xlsxStream('学生', STUDENT_COLUMNS, rows())
}

/** One line per parent and child, in the import template's columns. */
export async function exportParents(ctx: AppContext, auth: AuthInfo, q: Filters<ParentPageBody>): Promise<Readable> {
  const orgId = await exportOrg(ctx, auth, '家长管理', q.orgId, true)
  async function* rows(): AsyncGenerator<SheetRow> {
    for await (const batch of chunksOf(
      keysetChunks(memberIds(ctx, auth, orgId, UserType.PARENT, q.archived), (ids) =>
        ctx.db.tenant(auth.tenantId, (trx) =>
          filterParents(trx, orgId, q).where('u.id', 'in', ids).orderBy('u.id').execute(),
        ),
      ),
      500,
    )) {
      const kids = await ctx.db.tenant(auth.tenantId, (trx) =>
        childrenOf(
          trx,
          batch.map((p) => p.id),
        ),
      )
      for (const p of batch) {
        const children = kids.get(p.id) ?? []
        if (!children.length)
          yield { trueName: p.trueName, phone: p.phone, childNo: '', relation: '', userName: p.userName }
        for (const c of children)
          yield { trueName: p.trueName, phone: p.phone, childNo: c.jobNo, relation: c.relation, userName: p.userName }
      }
    }
  }
  return xlsxStream('家长', PARENT_COLUMNS, rows())
}

async function* chunksOf<T>(src: AsyncIterable<T>, size: number): AsyncGenerator<T[]> {
  let buf: T[] = []
  for await (const x of src) {
    buf.push(x)
    if (buf.length === size) {
      yield buf
      buf = []
    }
  }
  if (buf.length) yield buf
}

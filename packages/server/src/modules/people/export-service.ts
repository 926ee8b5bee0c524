import {
  ErrorCode,
  ExportMsg,
  SEX_LABEL,
  UserType,
  type ParentPageBody,
  type StudentPageBody,
  type TeacherPageBody,
} from '@zhixiao/shared'
import type { Readable } from 'node:stream'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { keysetChunks, xlsxStream, type SheetRow } from '../../platform/excel.js'
import { recordOp } from '../../platform/op-log.js'
import { logPersonalAccess } from '../privacy/access-log.js'
import { minorExportLimit } from '../privacy/officer-service.js'
import { refused } from '../../platform/errors.js'
import type { Trx } from '../../db/database.js'
import { scopedOrg } from '../../platform/org-scope.js'
import { childrenOf } from './parent-service.js'
import { maskParent, maskStudent, maskTeacher } from './masks.js'
import { schoolOf } from '../../platform/org-scope.js'
import { countMinorStudents, listDictNames, memberIdsAfter } from './export-queries.js'
import { filteredParentsWithIds } from './parent-queries.js'
import { filteredStudentsWithIds } from './student-queries.js'
import { filteredTeachersWithIds } from './teacher-queries.js'
import { PARENT_COLUMNS, STUDENT_COLUMNS, TEACHER_COLUMNS } from './columns.js'

type Filters<T> = Omit<T, 'pageIndex' | 'pageSize'>

/**
 * An export that an approved request runs (modules/pi-exports): with full values when asked, past the minors' limit,
 * and with the request named in its access-log lines. Without it, an export is the immediate one of the list pages.
 */
export interface ApprovedExport {
  full: boolean
  /** The request's purpose and number, for the log lines. */
  purpose: string
}

/** An approved full export's rows leave as stored; every other export masks them by the field policy. */
const asStored = <T>(r: T): T => r

/** Born after this day (YYYY-MM-DD): under 18 today. */
const minorCutoff = (now: Date) =>
  `${now.getUTCFullYear() - 18}-${String(now.getUTCMonth() + 1).padStart(2, '0')}-${String(now.getUTCDate()).padStart(2, '0')}`

/**
 * The immediate (masked) student export stops at the tenant's limit of minors (docs/privacy.md "Export approval"):
 * students whose birth date says under 18, or who have none (a school's students are minors unless shown otherwise).
 */
async function assertUnderMinorLimit(
  ctx: AppContext,
  trx: Trx,
  orgId: number,
  q: Filters<StudentPageBody>,
): Promise<void> {
  const limit = await minorExportLimit(trx)
  if (limit === null) return
  const n = await countMinorStudents(trx, orgId, q, minorCutoff(ctx.clock.now()))
  if (n > limit) throw refused(ErrorCode.CONFLICT, ExportMsg.TOO_MANY_MINORS(n, limit), { minors: n, limit })
}

/** Membership ids of one kind in an org, in id order (the user_info_list index), for keysetChunks. */
const memberIds =
  (ctx: AppContext, auth: AuthInfo, orgId: number, userType: number, archived: boolean) =>
  (after: number, limit: number) =>
    ctx.db.tenant(auth.tenantId, async (trx) =>
      (await memberIdsAfter(trx, orgId, userType, archived, after, limit)).map((r) => r.id),
    )
const sex = (v: number | null) => (v == null ? '' : (SEX_LABEL[v] ?? ''))

/** The personal fields (policy keys) each export's columns carry, for its access-log lines. */
const TEACHER_EXPORT_FIELDS = ['phone', 'idCard', 'email'] as const
const STUDENT_EXPORT_FIELDS = ['idCard', 'phone'] as const
const PARENT_EXPORT_FIELDS = ['phone', 'guardians'] as const

/**
 * Resolves the org and logs the export before streaming: a key operation (personal data leaves the system) and one
 * access-log row without a subject that names the org, the fields and the filter (docs/privacy.md).
 */
async function exportOrg(
  ctx: AppContext,
  auth: AuthInfo,
  module: string,
  q: { orgId?: number | null } & Record<string, unknown>,
  school: boolean,
  fields: readonly string[],
  approved: ApprovedExport | undefined,
  gate?: (trx: Trx, orgId: number) => Promise<void>,
): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const id = school
      ? await schoolOf(trx, auth, q.orgId ?? undefined)
      : await scopedOrg(trx, auth, q.orgId ?? undefined)
    if (!approved && gate) await gate(trx, id)
    await recordOp(trx, auth, { module, action: approved ? '审批后导出' : '导出', target: null, important: true })
    await logPersonalAccess(trx, auth, {
      action: 'export',
      fields,
      subjects: [],
      bulkOrgId: id,
      purpose: `${approved ? `${approved.purpose}，` : ''}${module}导出，条件 ${JSON.stringify(q)}`.slice(0, 500),
    })
    return id
  })
}

export async function exportTeachers(
  ctx: AppContext,
  auth: AuthInfo,
  q: Filters<TeacherPageBody>,
  approved?: ApprovedExport,
): Promise<Readable> {
  const orgId = await exportOrg(ctx, auth, '教师管理', q, false, TEACHER_EXPORT_FIELDS, approved)
  const names = await ctx.db.tenant(auth.tenantId, (trx) => listDictNames(trx))
  const dict = new Map(names.map((d) => [d.id, d.name]))
  const name = (id: number | null) => (id == null ? '' : (dict.get(id) ?? ''))
  async function* rows(): AsyncGenerator<SheetRow> {
    for await (const r of keysetChunks(memberIds(ctx, auth, orgId, UserType.STAFF, q.archived), (ids) =>
      ctx.db.tenant(auth.tenantId, async (trx) =>
        (await filteredTeachersWithIds(trx, orgId, q, ids)).map(approved?.full ? asStored : maskTeacher),
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

export async function exportStudents(
  ctx: AppContext,
  auth: AuthInfo,
  q: Filters<StudentPageBody>,
  approved?: ApprovedExport,
): Promise<Readable> {
  const orgId = await exportOrg(ctx, auth, '学生管理', q, true, STUDENT_EXPORT_FIELDS, approved, (trx, id) =>
    assertUnderMinorLimit(ctx, trx, id, q),
  )
  async function* rows(): AsyncGenerator<SheetRow> {
    for await (const r of keysetChunks(memberIds(ctx, auth, orgId, UserType.STUDENT, q.archived), (ids) =>
      ctx.db.tenant(auth.tenantId, async (trx) => {
        const chunk = await filteredStudentsWithIds(trx, orgId, q, ids)
        // One row per exported child besides the bulk row, so each child's parents see the export in their view.
        await logPersonalAccess(trx, auth, {
          action: 'export',
          fields: STUDENT_EXPORT_FIELDS,
          subjects: chunk.map((r) => ({ id: Number(r.id), name: r.trueName, orgId })),
          purpose: approved ? `${approved.purpose}，学生管理导出` : '学生管理导出',
        })
        return chunk.map(approved?.full ? asStored : maskStudent)
      }),
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
export async function exportParents(
  ctx: AppContext,
  auth: AuthInfo,
  q: Filters<ParentPageBody>,
  approved?: ApprovedExport,
): Promise<Readable> {
  const orgId = await exportOrg(ctx, auth, '家长管理', q, true, PARENT_EXPORT_FIELDS, approved)
  async function* rows(): AsyncGenerator<SheetRow> {
    for await (const batch of chunksOf(
      keysetChunks(memberIds(ctx, auth, orgId, UserType.PARENT, q.archived), (ids) =>
        ctx.db.tenant(auth.tenantId, async (trx) =>
          (await filteredParentsWithIds(trx, orgId, q, ids)).map(approved?.full ? asStored : maskParent),
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

import {
  ErrorCode,
  GradeMsg,
  isSchoolUnit,
  type ClassAddBody,
  type ClassPageBody,
  type ClassRow,
  type ClassUpdateBody,
  type GradeAddBody,
  type GradePageBody,
  type GradeRow,
  type GradeUpdateBody,
} from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { isDictRefOk } from '../../platform/dict-refs.js'
import { badRequest, refused } from '../../platform/errors.js'
import { loadInScope, scopedOrg } from '../../platform/org-scope.js'
import { paginate, type Page } from '../../platform/paging.js'

const gradeUnique = (e: unknown): never => rethrowUnique(e, {}, GradeMsg.GRADE_NAME_TAKEN)
const classUnique = (e: unknown): never => rethrowUnique(e, {}, GradeMsg.CLASS_NAME_TAKEN)

/** The school a call is about (default: the caller's org), in scope and really a school (unit attribute ≥ 8). */
async function schoolOf(trx: Trx, auth: AuthInfo, orgId?: number): Promise<number> {
  const id = await scopedOrg(trx, auth, orgId)
  const org = await trx.selectFrom('org_unit').select('unit_attr').where('id', '=', id).executeTakeFirstOrThrow()
  if (!isSchoolUnit(org.unit_attr)) throw refused(ErrorCode.BAD_REQUEST, GradeMsg.NOT_SCHOOL)
  return id
}

const gradeFor = (trx: Trx, auth: AuthInfo, id: number) => loadInScope(trx, auth, 'grade', id, GradeMsg.GRADE_NOT_FOUND)
const classFor = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, 'school_class', id, GradeMsg.CLASS_NOT_FOUND)

async function checkLearnPeriod(trx: Trx, orgId: number, id: number | null | undefined): Promise<void> {
  if (!(await isDictRefOk(trx, orgId, id, 'learnPeriod'))) throw badRequest('学段不存在')
}

function gradeRows(trx: Trx) {
  return trx.selectFrom('grade').select((eb) => [
    'grade.id',
    'grade.org_id as orgId',
    'grade.name',
    'grade.code',
    'grade.entry_year as entryYear',
    'grade.learn_period_id as learnPeriodId',
    'grade.sort',
    'grade.status',
    'grade.archived',
    eb
      .selectFrom('school_class')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('school_class.grade_id', '=', 'grade.id')
      .where('school_class.archived', '=', false)
      .as('classCount'),
  ])
}

export function pageGrades(ctx: AppContext, auth: AuthInfo, q: GradePageBody): Promise<Page<GradeRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await schoolOf(trx, auth, q.orgId)
    let rows = gradeRows(trx).where('grade.org_id', '=', orgId).where('grade.archived', '=', q.archived)
    let count = trx.selectFrom('grade').where('org_id', '=', orgId).where('archived', '=', q.archived)
    if (q.keyword) {
      rows = rows.where('grade.name', 'ilike', `%${q.keyword}%`)
      count = count.where('name', 'ilike', `%${q.keyword}%`)
    }
    const page = await paginate(
      rows.orderBy('grade.entry_year', 'desc').orderBy('grade.sort').orderBy('grade.id'),
      count,
      q,
    )
    return { ...page, list: page.list.map((g) => ({ ...g, classCount: Number(g.classCount ?? 0) })) }
  })
}

export function addGrade(ctx: AppContext, auth: AuthInfo, b: GradeAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await schoolOf(trx, auth, b.orgId)
    await checkLearnPeriod(trx, orgId, b.learnPeriodId)
    try {
      const { id } = await trx
        .insertInto('grade')
        .values({
          org_id: orgId,
          name: b.name,
          code: b.code || null,
          entry_year: b.entryYear,
          learn_period_id: b.learnPeriodId ?? null,
          sort: b.sort ?? 0,
          archived_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    } catch (e) {
      return gradeUnique(e)
    }
  })
}

export function updateGrade(ctx: AppContext, auth: AuthInfo, b: GradeUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await gradeFor(trx, auth, b.id)
    await checkLearnPeriod(trx, g.org_id, b.learnPeriodId)
    const set = {
      ...(b.name !== undefined && { name: b.name }),
      ...(b.code !== undefined && { code: b.code || null }),
      ...(b.entryYear !== undefined && { entry_year: b.entryYear }),
      ...(b.learnPeriodId !== undefined && { learn_period_id: b.learnPeriodId }),
      ...(b.sort !== undefined && { sort: b.sort }),
    }
    if (!Object.keys(set).length) return
    try {
      await trx.updateTable('grade').set(set).where('id', '=', b.id).execute()
    } catch (e) {
      gradeUnique(e)
    }
  })
}

export function setGradeStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await gradeFor(trx, auth, id)
    await trx.updateTable('grade').set({ status }).where('id', '=', id).execute()
  })
}

export function deleteGrade(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await gradeFor(trx, auth, id)
    if (await trx.selectFrom('school_class').select('id').where('grade_id', '=', id).limit(1).executeTakeFirst()) {
      throw refused(ErrorCode.CONFLICT, GradeMsg.GRADE_HAS_CLASSES)
    }
    await trx.deleteFrom('grade').where('id', '=', id).execute()
  })
}

/** Archiving a grade archives its live classes with it; restoring brings back the grade only. */
export function archiveGrade(ctx: AppContext, auth: AuthInfo, id: number, archived: boolean): Promise<void> {
  const now = ctx.clock.now()
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await gradeFor(trx, auth, id)
    if (g.archived === archived)
      throw refused(ErrorCode.BAD_REQUEST, archived ? GradeMsg.ALREADY_ARCHIVED : GradeMsg.NOT_ARCHIVED)
    try {
      await trx
        .updateTable('grade')
        .set({ archived, archived_at: archived ? now : null })
        .where('id', '=', id)
        .execute()
    } catch (e) {
      gradeUnique(e)
    }
    if (archived) {
      await trx
        .updateTable('school_class')
        .set({ archived: true, archived_at: now })
        .where('grade_id', '=', id)
        .where('archived', '=', false)
        .execute()
    }
  })
}

export function pageClasses(ctx: AppContext, auth: AuthInfo, q: ClassPageBody): Promise<Page<ClassRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await schoolOf(trx, auth, q.orgId)
    let rows = trx
      .selectFrom('school_class')
      .innerJoin('grade', (j) =>
        j.onRef('grade.tenant_id', '=', 'school_class.tenant_id').onRef('grade.id', '=', 'school_class.grade_id'),
      )
      .select([
        'school_class.id',
        'school_class.org_id as orgId',
        'school_class.grade_id as gradeId',
        'grade.name as gradeName',
        'school_class.name',
        'school_class.code',
        'school_class.sort',
        'school_class.status',
        'school_class.archived',
      ])
      .where('school_class.org_id', '=', orgId)
      .where('school_class.archived', '=', q.archived)
    let count = trx.selectFrom('school_class').where('org_id', '=', orgId).where('archived', '=', q.archived)
    if (q.gradeId != null) {
      rows = rows.where('school_class.grade_id', '=', q.gradeId)
      count = count.where('grade_id', '=', q.gradeId)
    }
    if (q.keyword) {
      rows = rows.where('school_class.name', 'ilike', `%${q.keyword}%`)
      count = count.where('name', 'ilike', `%${q.keyword}%`)
    }
    return paginate(
      rows.orderBy('grade.entry_year', 'desc').orderBy('school_class.sort').orderBy('school_class.id'),
      count,
      q,
    )
  })
}

export function addClass(ctx: AppContext, auth: AuthInfo, b: ClassAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await gradeFor(trx, auth, b.gradeId)
    if (g.archived) throw refused(ErrorCode.BAD_REQUEST, GradeMsg.GRADE_ARCHIVED)
    try {
      const { id } = await trx
        .insertInto('school_class')
        .values({
          org_id: g.org_id,
          grade_id: g.id,
          name: b.name,
          code: b.code || null,
          sort: b.sort ?? 0,
          archived_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    } catch (e) {
      return classUnique(e)
    }
  })
}

export function updateClass(ctx: AppContext, auth: AuthInfo, b: ClassUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await classFor(trx, auth, b.id)
    const set = {
      ...(b.name !== undefined && { name: b.name }),
      ...(b.code !== undefined && { code: b.code || null }),
      ...(b.sort !== undefined && { sort: b.sort }),
    }
    if (!Object.keys(set).length) return
    try {
      await trx.updateTable('school_class').set(set).where('id', '=', b.id).execute()
    } catch (e) {
      classUnique(e)
    }
  })
}

export function setClassStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await classFor(trx, auth, id)
    await trx.updateTable('school_class').set({ status }).where('id', '=', id).execute()
  })
}

export function deleteClass(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await classFor(trx, auth, id)
    // Students (archived ones too) keep their class_id; the class stays until they are moved or deleted.
    if (await trx.selectFrom('user_info').select('id').where('class_id', '=', id).limit(1).executeTakeFirst()) {
      throw refused(ErrorCode.CONFLICT, GradeMsg.CLASS_HAS_STUDENTS)
    }
    await trx.deleteFrom('school_class').where('id', '=', id).execute()
  })
}

export function archiveClass(ctx: AppContext, auth: AuthInfo, id: number, archived: boolean): Promise<void> {
  const now = ctx.clock.now()
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const c = await classFor(trx, auth, id)
    if (c.archived === archived)
      throw refused(ErrorCode.BAD_REQUEST, archived ? GradeMsg.ALREADY_ARCHIVED : GradeMsg.NOT_ARCHIVED)
    if (!archived) {
      const g = await gradeFor(trx, auth, c.grade_id)
      if (g.archived) throw refused(ErrorCode.BAD_REQUEST, GradeMsg.GRADE_ARCHIVED)
    }
    try {
      await trx
        .updateTable('school_class')
        .set({ archived, archived_at: archived ? now : null })
        .where('id', '=', id)
        .execute()
    } catch (e) {
      classUnique(e)
    }
  })
}

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
import type { Page } from '../../platform/paging.js'
import {
  archiveLiveClassesOfGrade,
  deleteClassRow,
  deleteGradeRow,
  findClassOfGrade,
  findOrgUnitAttr,
  findStudentOfClass,
  insertClass,
  insertGrade,
  pageClassRows,
  pageGradeRows,
  updateClassRow,
  updateGradeRow,
} from './grade-class-queries.js'

const gradeUnique = (e: unknown): never => rethrowUnique(e, {}, GradeMsg.GRADE_NAME_TAKEN)
const classUnique = (e: unknown): never => rethrowUnique(e, {}, GradeMsg.CLASS_NAME_TAKEN)

/** The school a call is about (default: the caller's org), in scope and really a school (unit attribute ≥ 8). */
async function schoolOf(trx: Trx, auth: AuthInfo, orgId?: number): Promise<number> {
  const id = await scopedOrg(trx, auth, orgId)
  const org = await findOrgUnitAttr(trx, id)
  if (!isSchoolUnit(org.unit_attr)) throw refused(ErrorCode.BAD_REQUEST, GradeMsg.NOT_SCHOOL)
  return id
}

const gradeFor = (trx: Trx, auth: AuthInfo, id: number) => loadInScope(trx, auth, 'grade', id, GradeMsg.GRADE_NOT_FOUND)
const classFor = (trx: Trx, auth: AuthInfo, id: number) =>
  loadInScope(trx, auth, 'school_class', id, GradeMsg.CLASS_NOT_FOUND)

async function checkLearnPeriod(trx: Trx, orgId: number, id: number | null | undefined): Promise<void> {
  if (!(await isDictRefOk(trx, orgId, id, 'learnPeriod'))) throw badRequest('学段不存在')
}

export function pageGrades(ctx: AppContext, auth: AuthInfo, q: GradePageBody): Promise<Page<GradeRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await schoolOf(trx, auth, q.orgId)
    const page = await pageGradeRows(trx, orgId, q, q)
    return { ...page, list: page.list.map((g) => ({ ...g, classCount: Number(g.classCount ?? 0) })) }
  })
}

export function addGrade(ctx: AppContext, auth: AuthInfo, b: GradeAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await schoolOf(trx, auth, b.orgId)
    await checkLearnPeriod(trx, orgId, b.learnPeriodId)
    try {
      return await insertGrade(trx, {
        org_id: orgId,
        name: b.name,
        code: b.code || null,
        entry_year: b.entryYear,
        learn_period_id: b.learnPeriodId ?? null,
        sort: b.sort ?? 0,
        archived_at: null,
      })
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
      await updateGradeRow(trx, b.id, set)
    } catch (e) {
      gradeUnique(e)
    }
  })
}

export function setGradeStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await gradeFor(trx, auth, id)
    await updateGradeRow(trx, id, { status })
  })
}

export function deleteGrade(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await gradeFor(trx, auth, id)
    if (await findClassOfGrade(trx, id)) {
      throw refused(ErrorCode.CONFLICT, GradeMsg.GRADE_HAS_CLASSES)
    }
    await deleteGradeRow(trx, id)
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
      await updateGradeRow(trx, id, { archived, archived_at: archived ? now : null })
    } catch (e) {
      gradeUnique(e)
    }
    if (archived) {
      await archiveLiveClassesOfGrade(trx, id, now)
    }
  })
}

export function pageClasses(ctx: AppContext, auth: AuthInfo, q: ClassPageBody): Promise<Page<ClassRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await schoolOf(trx, auth, q.orgId)
    return pageClassRows(trx, orgId, q, q)
  })
}

export function addClass(ctx: AppContext, auth: AuthInfo, b: ClassAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const g = await gradeFor(trx, auth, b.gradeId)
    if (g.archived) throw refused(ErrorCode.BAD_REQUEST, GradeMsg.GRADE_ARCHIVED)
    try {
      return await insertClass(trx, {
        org_id: g.org_id,
        grade_id: g.id,
        name: b.name,
        code: b.code || null,
        sort: b.sort ?? 0,
        archived_at: null,
      })
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
      await updateClassRow(trx, b.id, set)
    } catch (e) {
      classUnique(e)
    }
  })
}

export function setClassStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await classFor(trx, auth, id)
    await updateClassRow(trx, id, { status })
  })
}

export function deleteClass(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await classFor(trx, auth, id)
    // Students (archived ones too) keep their class_id; the class stays until they are moved or deleted.
    if (await findStudentOfClass(trx, id)) {
      throw refused(ErrorCode.CONFLICT, GradeMsg.CLASS_HAS_STUDENTS)
    }
    await deleteClassRow(trx, id)
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
      await updateClassRow(trx, id, { archived, archived_at: archived ? now : null })
    } catch (e) {
      classUnique(e)
    }
  })
}

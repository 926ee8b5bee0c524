import { SubjectMsg, type SubjectAddBody, type SubjectRow, type SubjectUpdateBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowInUse, rethrowUnique } from '../../platform/db-errors.js'
import { isDictRefOk } from '../../platform/dict-refs.js'
import { badRequest } from '../../platform/errors.js'
import { loadInScope, scopedOrg } from '../../platform/org-scope.js'
import type { Page, PageQuery } from '../../platform/paging.js'
import { deleteSubjectRow, insertSubject, pageSubjectRows, updateSubjectRow } from './subject-queries.js'

const unique = (e: unknown): never => rethrowUnique(e, { subject_code: SubjectMsg.CODE_TAKEN }, SubjectMsg.NAME_TAKEN)

async function checkCategory(trx: Trx, orgId: number, id: number | null | undefined): Promise<void> {
  if (!(await isDictRefOk(trx, orgId, id, 'subjectManage'))) throw badRequest('学科类别不存在')
}

const subjectFor = (trx: Trx, auth: AuthInfo, id: number) => loadInScope(trx, auth, 'subject', id, SubjectMsg.NOT_FOUND)

export function pageSubjects(
  ctx: AppContext,
  auth: AuthInfo,
  q: PageQuery & { orgId?: number; keyword?: string | null },
): Promise<Page<SubjectRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, q.orgId)
    return pageSubjectRows(trx, orgId, q.keyword, q)
  })
}

export function addSubject(ctx: AppContext, auth: AuthInfo, b: SubjectAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, b.orgId)
    await checkCategory(trx, orgId, b.categoryId)
    try {
      return await insertSubject(trx, {
        org_id: orgId,
        name: b.name,
        code: b.code || null,
        category_id: b.categoryId ?? null,
        sort: b.sort ?? 0,
      })
    } catch (e) {
      return unique(e)
    }
  })
}

export function updateSubject(ctx: AppContext, auth: AuthInfo, b: SubjectUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const subject = await subjectFor(trx, auth, b.id)
    await checkCategory(trx, subject.org_id, b.categoryId)
    const set = {
      ...(b.name !== undefined && { name: b.name }),
      ...(b.code !== undefined && { code: b.code || null }),
      ...(b.categoryId !== undefined && { category_id: b.categoryId }),
      ...(b.sort !== undefined && { sort: b.sort }),
    }
    if (!Object.keys(set).length) return
    try {
      await updateSubjectRow(trx, b.id, set)
    } catch (e) {
      unique(e)
    }
  })
}

export function setSubjectStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await subjectFor(trx, auth, id)
    await updateSubjectRow(trx, id, { status })
  })
}

export function deleteSubject(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await subjectFor(trx, auth, id)
    // A subject still taught in a class (class_teacher_subject) stays: its teachers would lose it unseen.
    await deleteSubjectRow(trx, id).catch((e: unknown) => rethrowInUse(e, SubjectMsg.IN_USE))
  })
}

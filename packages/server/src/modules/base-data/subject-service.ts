import { SubjectMsg, type SubjectAddBody, type SubjectRow, type SubjectUpdateBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { isDictRefOk } from '../../platform/dict-refs.js'
import { badRequest } from '../../platform/errors.js'
import { loadInScope, scopedOrg } from '../../platform/org-scope.js'
import { paginate, type Page, type PageQuery } from '../../platform/paging.js'

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
    let base = trx.selectFrom('subject').where('subject.org_id', '=', orgId)
    if (q.keyword)
      base = base.where((eb) =>
        eb.or([eb('subject.name', 'ilike', `%${q.keyword}%`), eb('subject.code', 'ilike', `%${q.keyword}%`)]),
      )
    const rows = base
      .leftJoin('dict_item', (j) =>
        j.onRef('dict_item.tenant_id', '=', 'subject.tenant_id').onRef('dict_item.id', '=', 'subject.category_id'),
      )
      .select([
        'subject.id',
        'subject.org_id as orgId',
        'subject.name',
        'subject.code',
        'subject.category_id as categoryId',
        'dict_item.name as categoryName',
        'subject.sort',
        'subject.status',
      ])
      .orderBy('subject.sort')
      .orderBy('subject.id')
    return paginate(rows, base, q)
  })
}

export function addSubject(ctx: AppContext, auth: AuthInfo, b: SubjectAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const orgId = await scopedOrg(trx, auth, b.orgId)
    await checkCategory(trx, orgId, b.categoryId)
    try {
      return (
        await trx
          .insertInto('subject')
          .values({
            org_id: orgId,
            name: b.name,
            code: b.code || null,
            category_id: b.categoryId ?? null,
            sort: b.sort ?? 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
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
      await trx.updateTable('subject').set(set).where('id', '=', b.id).execute()
    } catch (e) {
      unique(e)
    }
  })
}

export function setSubjectStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await subjectFor(trx, auth, id)
    await trx.updateTable('subject').set({ status }).where('id', '=', id).execute()
  })
}

export function deleteSubject(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    await subjectFor(trx, auth, id)
    await trx.deleteFrom('subject').where('id', '=', id).execute()
  })
}

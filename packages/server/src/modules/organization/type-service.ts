import { ErrorCode, OrgTypeMsg, type OrgTypeAddBody, type OrgTypeRow, type OrgTypeUpdateBody } from '@zhixiao/shared'
import type { Trx } from '../../db/database.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { rethrowUnique } from '../../platform/db-errors.js'
import { notFound, refused } from '../../platform/errors.js'
import { paginate, type Page } from '../../platform/paging.js'

function rows(trx: Trx) {
  return trx.selectFrom('org_type').select((eb) => [
    'org_type.id',
    'org_type.kind',
    'org_type.name',
    'org_type.code',
    'org_type.unit_attr as unitAttr',
    'org_type.status',
    'org_type.sort',
    eb
      .selectFrom('org_unit')
      .select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('org_unit.type_id', '=', 'org_type.id')
      .as('orgCount'),
  ])
}

function unique(e: unknown): never {
  return rethrowUnique(e, {}, OrgTypeMsg.NAME_TAKEN)
}

export function pageTypes(
  ctx: AppContext,
  auth: AuthInfo,
  q: { kind: 'org' | 'depart'; pageIndex: number; pageSize: number; keyword?: string | null },
): Promise<Page<OrgTypeRow>> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    let base = rows(trx).where('org_type.kind', '=', q.kind)
    if (q.keyword) base = base.where('org_type.name', 'ilike', `%${q.keyword}%`)
    const page = await paginate(
      base.orderBy('org_type.sort').orderBy('org_type.id'),
      trx
        .selectFrom('org_type')
        .where('kind', '=', q.kind)
        .$if(!!q.keyword, (b) => b.where('name', 'ilike', `%${q.keyword}%`)),
      q,
    )
    return { ...page, list: page.list.map((r) => ({ ...r, orgCount: Number(r.orgCount ?? 0) })) }
  })
}

export function addType(ctx: AppContext, auth: AuthInfo, b: OrgTypeAddBody): Promise<number> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    try {
      const { id } = await trx
        .insertInto('org_type')
        .values({
          kind: b.kind,
          name: b.name,
          code: b.code ?? null,
          unit_attr: b.kind === 'org' ? (b.unitAttr ?? null) : null,
          sort: b.sort ?? 0,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return id
    } catch (e) {
      unique(e)
    }
  })
}

export function updateType(ctx: AppContext, auth: AuthInfo, b: OrgTypeUpdateBody): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const set = {
      ...(b.name !== undefined && { name: b.name }),
      ...(b.code !== undefined && { code: b.code }),
      ...(b.unitAttr !== undefined && { unit_attr: b.unitAttr }),
      ...(b.sort !== undefined && { sort: b.sort }),
    }
    try {
      const r = await trx
        .updateTable('org_type')
        .set(Object.keys(set).length ? set : { sort: (eb) => eb.ref('sort') })
        .where('id', '=', b.id)
        .executeTakeFirst()
      if (!Number(r.numUpdatedRows)) throw notFound('类型不存在')
    } catch (e) {
      unique(e)
    }
  })
}

export function setTypeStatus(ctx: AppContext, auth: AuthInfo, id: number, status: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const r = await trx.updateTable('org_type').set({ status }).where('id', '=', id).executeTakeFirst()
    if (!Number(r.numUpdatedRows)) throw notFound('类型不存在')
  })
}

export function deleteType(ctx: AppContext, auth: AuthInfo, id: number): Promise<void> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const used = await trx.selectFrom('org_unit').select('id').where('type_id', '=', id).limit(1).executeTakeFirst()
    if (used) throw refused(ErrorCode.CONFLICT, OrgTypeMsg.IN_USE)
    const r = await trx.deleteFrom('org_type').where('id', '=', id).executeTakeFirst()
    if (!Number(r.numDeletedRows)) throw notFound('类型不存在')
  })
}

/** getOrgUnitAttrByType: the unit attribute an org of this type gets. */
export function unitAttrOfType(ctx: AppContext, auth: AuthInfo, typeId: number): Promise<number | null> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const t = await trx.selectFrom('org_type').select('unit_attr').where('id', '=', typeId).executeTakeFirst()
    if (!t) throw notFound('类型不存在')
    return t.unit_attr
  })
}

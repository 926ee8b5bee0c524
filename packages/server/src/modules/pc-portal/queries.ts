import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { RecommendWebTable } from '../../db/schema.js'

export function findTenantConfig(trx: Trx, tenantId: number) {
  return trx.selectFrom('tenant').select('config').where('id', '=', tenantId).executeTakeFirst()
}

export function findPortalConfigValue(trx: Trx, orgId: number, name: string) {
  return trx
    .selectFrom('portal_config')
    .select('value')
    .where('org_id', '=', orgId)
    .where('name', '=', name)
    .executeTakeFirst()
}

function websiteRows(trx: Trx) {
  return trx
    .selectFrom('recommend_web')
    .innerJoin('org_unit', (j) =>
      j.onRef('org_unit.tenant_id', '=', 'recommend_web.tenant_id').onRef('org_unit.id', '=', 'recommend_web.org_id'),
    )
    .select([
      'recommend_web.id',
      'recommend_web.org_id as orgId',
      'org_unit.name as orgName',
      'recommend_web.name',
      'recommend_web.url',
      'recommend_web.icon_url as iconUrl',
      'recommend_web.sort',
      'recommend_web.enabled',
    ])
}

/** The websites of these orgs by sort; all: with the disabled ones. */
export function listWebsitesOf(trx: Trx, orgIds: number[], all: boolean) {
  let q = websiteRows(trx).where('recommend_web.org_id', 'in', orgIds)
  if (!all) q = q.where('recommend_web.enabled', '=', true)
  return q.orderBy('recommend_web.sort').orderBy('recommend_web.id').execute()
}

export function findWebsite(trx: Trx, id: number) {
  return websiteRows(trx).where('recommend_web.id', '=', id).executeTakeFirst()
}

export function insertWebsite(trx: Trx, values: Insertable<RecommendWebTable>) {
  return trx.insertInto('recommend_web').values(values).returning('id').executeTakeFirstOrThrow()
}

export function setWebsite(trx: Trx, id: number, values: Updateable<RecommendWebTable>) {
  return trx.updateTable('recommend_web').set(values).where('id', '=', id).execute()
}

export function deleteWebsiteRow(trx: Trx, id: number) {
  return trx.deleteFrom('recommend_web').where('id', '=', id).execute()
}

import type { Insertable, Updateable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { WeatherConfigTable } from '../../db/tables/campus.js'

/** The tenant's weather provider row (at most one per tenant). */
export function findWeatherConfig(trx: Trx) {
  return trx.selectFrom('weather_config').selectAll().executeTakeFirst()
}

/** The tenant's weather provider row, locked for the save. */
export function lockWeatherConfig(trx: Trx) {
  return trx.selectFrom('weather_config').selectAll().forUpdate().executeTakeFirst()
}

export function updateWeatherConfig(trx: Trx, values: Updateable<WeatherConfigTable>) {
  return trx.updateTable('weather_config').set(values).execute()
}

export function insertWeatherConfig(trx: Trx, values: Insertable<WeatherConfigTable>) {
  return trx.insertInto('weather_config').values(values).execute()
}

export function findOrgParentId(trx: Trx, orgId: number) {
  return trx.selectFrom('org_unit').select('parent_id').where('id', '=', orgId).executeTakeFirst()
}

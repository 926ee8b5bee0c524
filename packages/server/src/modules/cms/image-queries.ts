import type { Insertable } from 'kysely'
import type { Trx } from '../../db/database.js'
import type { CmsImageTable } from '../../db/schema.js'

export async function insertImage(trx: Trx, values: Insertable<CmsImageTable>): Promise<void> {
  await trx.insertInto('cms_image').values(values).execute()
}

export function findImage(trx: Trx, id: string) {
  return trx.selectFrom('cms_image').select(['mime', 'data']).where('id', '=', id).executeTakeFirst()
}

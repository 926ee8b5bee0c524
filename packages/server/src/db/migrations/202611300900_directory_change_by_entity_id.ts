import { type Kysely, sql } from 'kysely'

/**
 * The change feed by entity id as well as by time. An app's delta read (`updated_since`) pages by the changed rows'
 * ids: with only (tenant_id, entity, at, entity_id), every page of a catch-up read every change since `since` and
 * sorted them (about 1 s a page after a district of a million students was loaded, a thousand pages a list). With
 * this index a page walks the ids in order and stops after its limit; a delta of a few changes still takes the time
 * index (modules/directory/queries.ts changedIds).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX IF NOT EXISTS directory_change_entity_key ON directory_change (tenant_id, entity, entity_id, at)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX IF EXISTS directory_change_entity_key`.execute(db)
}

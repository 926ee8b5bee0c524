import type { ColumnType, Generated } from 'kysely'

/** Column types the table files share (not tables: db/schema.ts does not re-export them). */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
export type Id = Generated<number>

/** Tenant-owned tables: tenant_id leads the key and defaults to the transaction's tenant setting. */
export interface Owned {
  tenant_id: ColumnType<number, number | undefined, never>
}

/** jsonb: read as T, written as JSON text. */
export type Json<T> = ColumnType<T, string, string>

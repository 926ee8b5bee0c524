import type { ColumnType, Generated } from 'kysely'
import type { Trx } from '../../db/database.js'

type TenantCol = ColumnType<number, number | undefined, never>

/** The tables of migration 202611230320, typed here so this module owns its rows (Kysely withTables). */
// A type alias (not an interface) so it satisfies withTables' index-signature constraint.
export type PortalTables = {
  portal_config: {
    tenant_id: TenantCol; org_id: number; name: string
    /** jsonb: read as an object, written as JSON text. */
    value: ColumnType<unknown, string, string>
    updated_at: Generated<Date>; updated_by: number | null
  }
  personal_config: { tenant_id: TenantCol; account_id: number; name: string; value: string; updated_at: Generated<Date> }
  mobile_entry: {
    tenant_id: TenantCol; id: Generated<number>; org_id: number; mobile_name: string; mobile_explain: string; type: number
    decode_path: string; code_tips: string; has_show: boolean; sort: number; created_at: Generated<Date>
  }
}

// The column defaults (tenant_id from zx.tenant_id, identity id, timestamps) fill what inserts leave out.
export const portalTrx = (trx: Trx) => trx.withTables<PortalTables>()

/** org_id of the tenant-wide default row (org ids are positive; 0 is the platform org). */
export const TENANT_DEFAULT_ORG = -1

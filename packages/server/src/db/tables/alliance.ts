import type { ColumnType, Generated } from 'kysely'
import type { Id, Owned } from './columns.js'

// School alliances (migration 202611241800_create_alliances, modules/alliance; docs/alliance.md).
export interface AllianceTable extends Owned {
  org_id: number
  name: string
  tenant_name: string
  intro: Generated<string>
  culture: Generated<string>
  need_audit: Generated<boolean>
  open_to_tenants: Generated<boolean>
  apps: ColumnType<{ name: string; url: string }[], string | undefined, string>
  created_by: number | null
  updated_at: Generated<Date>
}
export interface AllianceMemberTable {
  /** The alliance's tenant (set explicitly: an application may come from another tenant). */
  tenant_id: number
  id: Id
  alliance_org_id: number
  member_tenant_id: number
  member_org_id: number
  member_org_name: string
  member_unit_attr: number | null
  member_tenant_name: string
  status: Generated<number>
  source: Generated<string>
  reason: Generated<string>
  applicant_account_id: number | null
  applicant_name: string | null
  applied_at: Generated<Date>
  decided_by: number | null
  decided_at: Date | null
  refuse_reason: string | null
  left_at: Date | null
}
export interface AllianceImageTable extends Owned {
  id: Id
  org_id: number
  url: string
  sort: number
  created_at: Generated<Date>
}

export interface AllianceTables {
  alliance: AllianceTable
  alliance_member: AllianceMemberTable
  alliance_image: AllianceImageTable
}

import type { ColumnType, Generated } from 'kysely'
import type { Id, Owned, Timestamp } from './columns.js'

/**
 * Tenants, org units, accounts, users, roles, sessions, permissions and the operation log: the platform's own tables.
 */

/** Reference tables (not tenant-owned). */
interface PermissionTable {
  code: string
  name: string
  kind: string
  parent_code: string | null
  sort: number
}
interface LoginNameTable {
  user_name: string
  tenant_id: number
  account_id: number
}

export interface TenantTable {
  id: Id
  name: string
  unique_name: string
  trade: number
  tenant_module_type: number
  status: Generated<number>
  default_password: string
  password_max_age_days: Generated<number>
  config: ColumnType<Record<string, unknown>, string | undefined, string>
  created_at: Generated<Date>
  /** Host name of the tenant's portal (000 §7.5 tenant by domain), unique; null: none. */
  domain: Generated<string | null>
}

/** Platform-wide settings by key (the config centre, 001 §2.4): not tenant-owned, written in the platform scope. */
interface SystemSettingTable {
  key: string
  value: ColumnType<unknown, string, string>
  updated_by: number | null
  updated_at: Generated<Date>
}

export interface OrgUnitTable extends Owned {
  id: Id
  parent_id: number | null
  name: string
  org_code: string | null
  unit_attr: number
  trade: number
  app_type: number | null
  org_type: Generated<string>
  status: Generated<number>
  sort: Generated<number>
  icon_url: string | null
  alliance_school: Generated<boolean>
  sport_school: Generated<boolean>
  xd_page: string | null
  jd_page: string | null
  type_id: ColumnType<number | null, number | null | undefined, number | null>
  address: ColumnType<string | null, string | null | undefined, string | null>
  contact: ColumnType<string | null, string | null | undefined, string | null>
  phone: ColumnType<string | null, string | null | undefined, string | null>
  remark: ColumnType<string | null, string | null | undefined, string | null>
  created_at: Generated<Date>
}

export interface OrgTypeTable extends Owned {
  id: Id
  kind: 'org' | 'depart'
  name: string
  code: string | null
  unit_attr: number | null
  status: Generated<number>
  sort: Generated<number>
  created_at: Generated<Date>
}

export interface AccountTable extends Owned {
  id: Id
  user_name: string
  password_hash: string
  status: Generated<number>
  must_reset: Generated<boolean>
  password_changed_at: Timestamp
  failed_count: Generated<number>
  locked_until: Date | null
  last_attempt_at: Date | null
  phone: string | null
  created_at: Generated<Date>
  /** Sign-in is refused from then on (a graduate's account after the alumni period; migration 202611290300). */
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>
}

/** Kept by triggers on user_info (migration 202611241320); class_id 0 stands for no class. */
interface MemberCountTable {
  tenant_id: number
  org_id: number
  user_type: number
  archived: boolean
  class_id: number
  status: number
  n: number
}

export interface UserInfoTable extends Owned {
  id: Id
  account_id: number
  org_id: number
  user_type: number
  true_name: string
  phone: string | null
  avatar_url: string | null
  status: Generated<number>
  sort: Generated<number>
  created_at: Generated<Date>
  archived: Generated<boolean>
  archived_at: Date | null
  job_no: string | null
  dept_id: number | null
  class_id: number | null
  position_id: number | null
  title_id: number | null
  teacher_type_id: number | null
  entered_on: string | null
  remark: string | null
  import_job_id: number | null
  /** 在读 or 休学 (a 休学 / 复学 change sets it; db/migrations/202611290100_create_enrolment.ts). */
  study_status: Generated<'enrolled' | 'suspended'>
}

export interface RoleTable extends Owned {
  id: Id
  org_id: number | null
  code: string
  name: string
  builtin: Generated<boolean>
  user_type: number | null
  status: Generated<number>
  created_at: Generated<Date>
}

export interface UserRoleTable extends Owned {
  user_info_id: number
  role_id: number
}
export interface RolePermissionTable extends Owned {
  role_id: number
  permission_code: string
}
export interface RoleSubOrgTable extends Owned {
  role_id: number
  org_id: number
  created_by: number | null
  created_at: Generated<Date>
}
export interface RoleSubOrgUserTable extends Owned {
  role_id: number
  org_id: number
  user_info_id: number
  created_at: Generated<Date>
}

interface SessionTable extends Owned {
  id: string
  account_id: number
  user_info_id: number
  org_id: number
  created_at: Generated<Date>
  expires_at: Timestamp
  last_used_at: Timestamp
  revoked_at: Date | null
  ip: string | null
  user_agent: string | null
  /** An alumni session (a graduate during the alumni period): only the routes marked for alumni (platform/auth-hook.ts). */
  alumni: Generated<boolean>
}

interface OperationLogTable extends Owned {
  id: Id
  org_id: number | null
  actor_id: number | null
  actor_name: string
  module: string
  action: string
  target: string | null
  detail: ColumnType<Record<string, unknown> | null, string | null, string | null>
  ip: string | null
  important: Generated<boolean>
  created_at: Generated<Date>
}
export interface TenantPermissionTable extends Owned {
  code: string
  name: string
  kind: string
  parent_code: string | null
  sort: Generated<number>
}

export interface CoreTables {
  permission: PermissionTable
  login_name: LoginNameTable
  tenant: TenantTable
  system_setting: SystemSettingTable
  org_unit: OrgUnitTable
  org_type: OrgTypeTable
  account: AccountTable
  member_count: MemberCountTable
  user_info: UserInfoTable
  role: RoleTable
  user_role: UserRoleTable
  role_permission: RolePermissionTable
  role_sub_org: RoleSubOrgTable
  role_sub_org_user: RoleSubOrgUserTable
  session: SessionTable
  operation_log: OperationLogTable
  tenant_permission: TenantPermissionTable
}

import type { ColumnType, Generated } from 'kysely'
import type { UserType } from '@zhixiao/shared'

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>
type Id = Generated<number>

/** Reference tables (not tenant-owned). */
export interface PermissionTable { code: string; name: string; kind: string; parent_code: string | null; sort: number }
export interface LoginNameTable { user_name: string; tenant_id: number; account_id: number }
export interface CaptchaTable { id: string; answer_hash: string; expires_at: Timestamp; used: Generated<boolean> }
export interface IpThrottleTable { ip: string; window_started_at: Timestamp; failures: number }
export interface UnknownNameAttemptTable { name_hash: string; failed_count: Generated<number>; locked_until: Date | null; last_attempt_at: Timestamp }

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
export interface SystemSettingTable {
  key: string
  value: ColumnType<unknown, string, string>
  updated_by: number | null
  updated_at: Generated<Date>
}

/** Tenant-owned tables: tenant_id leads the key and defaults to the transaction's tenant setting. */
interface Owned { tenant_id: ColumnType<number, number | undefined, never> }

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
}

/** Kept by triggers on user_info (migration 202611241320); class_id 0 stands for no class. */
export interface MemberCountTable {
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

export interface UserRoleTable extends Owned { user_info_id: number; role_id: number }
export interface RolePermissionTable extends Owned { role_id: number; permission_code: string }
export interface RoleSubOrgTable extends Owned { role_id: number; org_id: number; created_by: number | null; created_at: Generated<Date> }
export interface RoleSubOrgUserTable extends Owned { role_id: number; org_id: number; user_info_id: number; created_at: Generated<Date> }

export interface SessionTable extends Owned {
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
}

export interface LoginLogTable extends Owned {
  id: Id
  account_id: number | null
  user_name: string
  ip: string | null
  success: boolean
  reason: string
  created_at: Timestamp
  /** LoginMethod of packages/shared (migration 202611241530). */
  method: Generated<string>
  user_agent: ColumnType<string | null, string | null | undefined, string | null>
  /** ysNetType of the sign-in request (migration 202611250400): 1 intranet, 0 internet, null not sent. */
  net_type: ColumnType<number | null, number | null | undefined, number | null>
}

/** QR-code login ids (migration 202611241535): pre-authentication state, reached only by the id's hash. */
export interface QrLoginTable {
  id: string
  tenant_id: number | null
  org_id: number | null
  state: Generated<string>
  created_at: Timestamp
  expires_at: Timestamp
  request_ip: string | null
  request_agent: string | null
  confirmed_tenant_id: number | null
  confirmed_account_id: number | null
  confirmed_user_info_id: number | null
  confirmed_org_id: number | null
  confirmed_at: Date | null
  used_at: Date | null
  /** SHA-256 of the creating browser's secret (HttpOnly cookie zx_qr); only its polls see the state and the session. */
  browser_hash: string | null
}

export interface AccountTotpTable extends Owned {
  account_id: number
  /** ctx.secrets.seal of the base32 secret. */
  secret_sealed: string
  /** null while enrolling (before the first code). */
  enabled_at: Date | null
  /** The last 30 s step a code was accepted for: a code of that step or earlier is a replay. */
  last_step: Generated<number>
  failed_count: Generated<number>
  locked_until: Date | null
  created_at: Timestamp
}

export interface AccountRecoveryCodeTable extends Owned { account_id: number; code_hash: string; used_at: Date | null }

export interface TotpTicketTable extends Owned {
  id: string
  account_id: number
  org_id: number | null
  auto_pick_org: boolean
  limit_user_type: number | null
  method: string
  enrol: boolean
  tries: Generated<number>
  expires_at: Timestamp
  used_at: Date | null
}

export interface ResetTicketTable extends Owned {
  id: string
  account_id: number
  reason: string
  expires_at: Timestamp
  used_at: Date | null
}

export interface DictItemTable extends Owned {
  id: Id
  org_id: number | null
  dict_type: string
  name: string
  code: string | null
  sort: Generated<number>
  status: Generated<number>
  remark: string | null
  created_at: Generated<Date>
}

export interface GradeTable extends Owned {
  id: Id
  org_id: number
  name: string
  code: string | null
  entry_year: number
  learn_period_id: number | null
  sort: Generated<number>
  status: Generated<number>
  archived: Generated<boolean>
  archived_at: Date | null
  created_at: Generated<Date>
}

export interface SchoolClassTable extends Owned {
  id: Id
  org_id: number
  grade_id: number
  name: string
  code: string | null
  sort: Generated<number>
  status: Generated<number>
  archived: Generated<boolean>
  archived_at: Date | null
  created_at: Generated<Date>
}

export interface SchoolCalendarTable extends Owned {
  id: Id
  org_id: number
  school_year: string
  term: number
  name: string
  start_date: string
  end_date: string
  status: Generated<number>
  created_at: Generated<Date>
}

export interface HolidayTable extends Owned {
  id: Id
  org_id: number
  calendar_id: number | null
  name: string
  kind: string
  start_date: string
  end_date: string
  status: Generated<number>
  created_at: Generated<Date>
}

export interface BuildingTable extends Owned {
  id: Id
  org_id: number
  name: string
  code: string | null
  type_id: number | null
  sort: Generated<number>
  status: Generated<number>
  created_at: Generated<Date>
}

export interface FloorTable extends Owned { id: Id; building_id: number; level: number; name: string }

export interface RoomTable extends Owned {
  id: Id
  org_id: number
  building_id: number
  floor_id: number
  name: string
  code: string | null
  use_id: number | null
  capacity: number | null
  status: Generated<number>
  created_at: Generated<Date>
}

export interface RoomTagTable extends Owned { id: Id; org_id: number; name: string }
export interface RoomTagLinkTable extends Owned { room_id: number; tag_id: number }

export interface SubjectTable extends Owned {
  id: Id
  org_id: number
  name: string
  code: string | null
  category_id: number | null
  sort: Generated<number>
  status: Generated<number>
  created_at: Generated<Date>
}

export interface MajorNodeTable extends Owned {
  id: Id
  org_id: number
  parent_id: number | null
  level: string
  name: string
  code: string | null
  sort: Generated<number>
  status: Generated<number>
  created_at: Generated<Date>
}

export interface WorkRestTable extends Owned {
  id: Id
  org_id: number
  name: string
  type_name: string | null
  start_date: string
  end_date: string
  status: Generated<number>
  created_at: Generated<Date>
}

export interface WorkRestTimeTable extends Owned { id: Id; work_rest_id: number; name: string; kind: string; start_time: string; end_time: string }

export interface AdminLevelTable { id: Id; name: string; sort: Generated<number> }
export interface AreaTable { code: string; name: string; parent_code: string | null; level_id: number }

export interface StudyMonthTable extends Owned { id: Id; calendar_id: number; name: string; start_date: string; end_date: string }

/** The org-independent facts of the person behind an account. */
export interface PersonTable extends Owned {
  account_id: number
  id_card: string | null
  sex: number | null
  birthday: string | null
  nation: string | null
  political_status_id: number | null
  education_id: number | null
  degree_id: number | null
  email: string | null
  updated_at: Generated<Date>
}
export interface ParentChildTable extends Owned { parent_id: number; child_id: number; relation: Generated<string>; created_at: Generated<Date> }
export interface JoinRequestTable extends Owned {
  id: Id; org_id: number; account_id: number; user_type: number; true_name: string; phone: string | null; reason: string | null
  status: Generated<number>; decided_by: number | null; decided_at: Date | null; refuse_reason: string | null; created_at: Generated<Date>
  /** The child a parent names, the relation, where the request came from, last change (migration 202611241430). */
  child_id: ColumnType<number | null, number | null | undefined, number | null>
  child_no: ColumnType<string | null, string | null | undefined, string | null>
  child_name: ColumnType<string | null, string | null | undefined, string | null>
  relation: ColumnType<string | null, string | null | undefined, string | null>
  source: Generated<'member' | 'signup'>
  updated_at: ColumnType<Date | null, Date | null | undefined, Date | null>
}

/** Sign-up (migration 202611241430, docs/auth.md). */
export interface SignupTicketTable extends Owned { id: string; phone: string; expires_at: Timestamp; used_at: Date | null }
export interface SignupRecordTable extends Owned { phone: string; account_id: number; true_name: string; created_at: Timestamp }
export interface SignupPassTable extends Owned { id: string; account_id: number; expires_at: Timestamp }
export interface OrgRegisterSwitchTable extends Owned {
  org_id: number; parent_open: boolean; teacher_open: boolean; updated_by: number | null; updated_at: Generated<Date>
}
export interface ChangeRecordTable extends Owned {
  id: Id; user_info_id: number; user_type: number; change_type_id: number; effect: string
  from_org_id: number | null; to_org_id: number | null; from_class_id: number | null; to_class_id: number | null
  changed_on: string; remark: string | null; created_by: number | null; created_at: Generated<Date>
}
export interface ImportJobTable extends Owned {
  id: Id; org_id: number; kind: string; file_name: string; file: Buffer | null
  status: Generated<number>; total_count: Generated<number>; processed_count: Generated<number>
  success_count: Generated<number>; fail_count: Generated<number>; message: string | null
  created_by: number; created_by_name: string; created_at: Generated<Date>; updated_at: Generated<Date>; finished_at: Date | null
  /** The process that runs it and its last sign of life (migration 202611241330). */
  runner_id: string | null; heartbeat_at: Date | null
}
export interface ImportJobErrorTable extends Owned { job_id: number; row_no: number; reason: string; data: ColumnType<Record<string, string>, string, string> }
export interface OperationLogTable extends Owned {
  id: Id; org_id: number | null; actor_id: number | null; actor_name: string; module: string; action: string; target: string | null
  detail: ColumnType<Record<string, unknown> | null, string | null, string | null>; ip: string | null; important: Generated<boolean>; created_at: Generated<Date>
}

/** App registry (migration 202611230310, docs/portal-apps.md). */
export interface AppTable extends Owned {
  id: Id
  org_id: number | null
  unique_id: string
  name: string
  icon_uri: string | null
  req_uri: string | null
  entry_url: string | null
  permission_name: string | null
  app_type: Generated<number>
  open_way: Generated<number>
  is_new_app: Generated<boolean>
  is_scrap: Generated<boolean>
  expire_date: ColumnType<string | null, string | null | undefined, string | null>
  has_show: Generated<boolean>
  grouping_type: number | null
  builtin: Generated<boolean>
  admin_only: Generated<boolean>
  scopes: Generated<string>
  sort: Generated<number>
  created_at: Generated<Date>
  /** jsonb list of user types (1002, 1003, 1004); null = not set (every type). Written as JSON text. */
  user_types: ColumnType<UserType[] | null, string | null | undefined, string | null>
}
export interface AppGroupTable extends Owned { id: Id; org_id: number; app_type: number; name: string; grouping_type: number | null; sort: Generated<number>; created_at: Generated<Date> }
export interface AppGroupScopeTable extends Owned { org_id: number; app_type: number }
export interface AppGroupLinkTable extends Owned { group_id: number; app_id: number; sort: Generated<number> }
export interface OftenUseTable extends Owned { user_info_id: number; app_id: number; created_at: Generated<Date> }
export interface TenantPermissionTable extends Owned { code: string; name: string; kind: string; parent_code: string | null; sort: Generated<number> }
export interface OnceTokenTable extends Owned { id: string; account_id: number; user_info_id: number; org_id: number; expires_at: Timestamp; used_at: Timestamp | null }

/** SMS (migration 202611241400, modules/sms). */
export interface SmsConfigTable extends Owned {
  sms_type: string; access_key_id: string | null; access_key_secret: string | null; sign_name: string | null; endpoint: string | null
  password_login_sms_step: Generated<boolean>; updated_at: Timestamp
}
export interface SmsTemplateTable extends Owned { id: Id; event: string; name: string; template_code: string | null; content: string; status: Generated<number>; created_at: Generated<Date> }
export interface SmsLogTable extends Owned {
  id: Id; phone: string; account_id: number | null; event: string; provider: string; status: string; content_masked: string
  content_sealed: string | null; error: string | null; ip: string | null; created_at: Timestamp
}
export interface SmsCodeTable extends Owned {
  id: Id; phone: string; event: string; code_hash: string; salt: string; tries: Generated<number>; created_at: Timestamp; expires_at: Timestamp; used_at: Date | null
}
export interface SmsPhoneQuotaTable extends Owned { phone: string; day: string; sent: number; last_sent_at: Timestamp }
export interface SmsStepTicketTable extends Owned { id: string; account_id: number; org_id: number | null; expires_at: Timestamp; used_at: Date | null }
export interface SmsIpWindowTable { ip: string; window_started_at: Timestamp; sent: number }

/** Third-party sign-in (migration 202611241500, modules/sso). */
export interface ThirdConfigTable extends Owned {
  id: Id; third_type: string; name: string; status: Generated<number>; client_id: string; client_secret_sealed: string | null
  issuer: string | null; api_base: string | null; auth_base: string | null; agent_id: string | null; scope: string | null; logout_url: string | null
  sort: Generated<number>; created_at: Generated<Date>; updated_at: Generated<Date>
}
export interface ThirdIdentityTable extends Owned { config_id: number; subject: string; account_id: number; display_name: string | null; created_at: Timestamp; last_login_at: Date | null }
export interface ThirdStateTable extends Owned {
  id: string; config_id: number; nonce: string; verifier_sealed: string; browser_hash: string; redirect_uri: string; after_login: string | null
  expires_at: Timestamp; used_at: Date | null
}
export interface ThirdBindTicketTable extends Owned {
  id: string; config_id: number; subject: string; display_name: string | null; id_token_sealed: string | null; expires_at: Timestamp; used_at: Date | null
}
export interface CodeLoginReqTable extends Owned {
  id: string; account_id: number; method: string; limit_user_type: number | null; config_id: number | null; id_token_sealed: string | null
  expires_at: Timestamp; used_at: Date | null
}
export interface ThirdSessionTable extends Owned { session_id: string; config_id: number; id_token_sealed: string | null }

/** Quick entries of the mobile home (migration 202611241600, docs/portal.md "Mobile portal"). */
export interface MobileQuickGroupTable extends Owned { id: Id; org_id: number; role_key: string; name: string; sort: Generated<number>; created_at: Generated<Date> }
export interface MobileQuickAppTable extends Owned { group_id: number; app_id: number; sort: Generated<number> }

export interface Database {
  mobile_quick_group: MobileQuickGroupTable
  mobile_quick_app: MobileQuickAppTable
  app: AppTable
  app_group: AppGroupTable
  app_group_scope: AppGroupScopeTable
  app_group_link: AppGroupLinkTable
  often_use: OftenUseTable
  tenant_permission: TenantPermissionTable
  once_token: OnceTokenTable
  person: PersonTable
  parent_child: ParentChildTable
  join_request: JoinRequestTable
  signup_ticket: SignupTicketTable
  signup_record: SignupRecordTable
  signup_pass: SignupPassTable
  org_register_switch: OrgRegisterSwitchTable
  change_record: ChangeRecordTable
  import_job: ImportJobTable
  import_job_error: ImportJobErrorTable
  operation_log: OperationLogTable
  permission: PermissionTable
  login_name: LoginNameTable
  captcha: CaptchaTable
  ip_throttle: IpThrottleTable
  unknown_name_attempt: UnknownNameAttemptTable
  tenant: TenantTable
  system_setting: SystemSettingTable
  org_unit: OrgUnitTable
  org_type: OrgTypeTable
  dict_item: DictItemTable
  grade: GradeTable
  school_class: SchoolClassTable
  school_calendar: SchoolCalendarTable
  holiday: HolidayTable
  building: BuildingTable
  floor: FloorTable
  room: RoomTable
  room_tag: RoomTagTable
  room_tag_link: RoomTagLinkTable
  subject: SubjectTable
  major_node: MajorNodeTable
  work_rest: WorkRestTable
  work_rest_time: WorkRestTimeTable
  admin_level: AdminLevelTable
  area: AreaTable
  study_month: StudyMonthTable
  account: AccountTable
  user_info: UserInfoTable
  member_count: MemberCountTable
  role: RoleTable
  user_role: UserRoleTable
  role_permission: RolePermissionTable
  role_sub_org: RoleSubOrgTable
  role_sub_org_user: RoleSubOrgUserTable
  session: SessionTable
  login_log: LoginLogTable
  qr_login: QrLoginTable
  account_totp: AccountTotpTable
  account_recovery_code: AccountRecoveryCodeTable
  totp_ticket: TotpTicketTable
  reset_ticket: ResetTicketTable
  third_config: ThirdConfigTable
  third_identity: ThirdIdentityTable
  third_state: ThirdStateTable
  third_bind_ticket: ThirdBindTicketTable
  code_login_req: CodeLoginReqTable
  third_session: ThirdSessionTable
  sms_config: SmsConfigTable
  sms_template: SmsTemplateTable
  sms_log: SmsLogTable
  sms_code: SmsCodeTable
  sms_phone_quota: SmsPhoneQuotaTable
  sms_step_ticket: SmsStepTicketTable
  sms_ip_window: SmsIpWindowTable
}

// Messages and service accounts (migration 202611241640_create_messages, modules/messages). A second declaration
// of Database merges with the one above.
export interface MessageTemplateTable extends Owned {
  id: Id; org_id: number; name: string; event: string; push_type: string; title: string; content: string; link: Generated<string>
  sms_template_code: string | null; wx_template_id: string | null; status: Generated<number>; created_at: Generated<Date>; updated_at: Generated<Date>
}
export interface MessageTable extends Owned {
  id: Id; account_id: number; org_id: number; event: string; title: string; content: string; link: Generated<string>
  created_at: Date; read_at: Date | null
}
export interface MessagePushTable extends Owned {
  id: Id; message_id: number; channel: string; target: string; template_ref: string | null
  params: ColumnType<Record<string, string>, string, string>; text: string | null
  status: Generated<number>; attempts: Generated<number>; error: string | null; created_at: Date; sent_at: Date | null
  /** The mp_app a WeChat / DingTalk push leaves through (null on SMS and on pushes queued before the column). */
  app_id: ColumnType<number | null, number | null | undefined, number | null>
}
export interface MpAppTable extends Owned {
  id: Id; org_id: number; scope: string; platform: string; name: string; app_id: string; app_secret_sealed: string
  agent_id: string | null; api_base: string | null; template_map: ColumnType<Record<string, string>, string, string>
  status: Generated<number>; created_at: Generated<Date>; updated_at: Generated<Date>
}
export interface MpOpenidTable extends Owned { app_id: number; account_id: number; openid: string; created_at: Date }
export interface Database {
  message_template: MessageTemplateTable
  message: MessageTable
  message_push: MessagePushTable
  mp_app: MpAppTable
  mp_openid: MpOpenidTable
}

// Recommended websites of the PC portal homes (migration 202611241620_create_recommend_web, modules/pc-portal).
export interface RecommendWebTable extends Owned {
  id: Id; org_id: number; name: string; url: string; icon_url: Generated<string>; sort: Generated<number>; enabled: Generated<boolean>
  updated_by: number | null; created_at: Generated<Date>; updated_at: Generated<Date>
}
export interface Database { recommend_web: RecommendWebTable }

// Red dots and outer-portal limits (migration 202611241630_create_red_dots_outer_limits, modules/red-dots and
// modules/outer-portal; docs/portal.md "Red dots, class home, outer portal").
export interface RedotSeenTable extends Owned { user_info_id: number; rule_id: string; seen_at: Date }
export interface OuterPortalLimitTable extends Owned { org_id: number; limit_type: number; updated_by: number | null; updated_at: Generated<Date> }
export interface OuterPortalObjectTable extends Owned {
  id: Id; org_id: number; object_type: number; role_id: number | null; user_info_id: number | null; created_by: number | null; created_at: Generated<Date>
}
export interface Database {
  redot_seen: RedotSeenTable
  outer_portal_limit: OuterPortalLimitTable
  outer_portal_object: OuterPortalObjectTable
}

// Workstation matrix and external staff (migration 202611241830_create_work_stations_external_staff,
// modules/base-data/work-station-service.ts and external-service.ts; docs/base-data.md).
export interface WorkStationTable extends Owned {
  id: Id; org_id: number; job_id: number; level: number; quota: number; status: Generated<number>; remark: string | null; created_at: Generated<Date>
}
export interface ExternalStaffTable extends Owned {
  id: Id; org_id: number; name: string; phone: string; id_card: string | null; company: string | null; job_id: number | null
  start_date: string; end_date: string | null; status: Generated<number>; remark: string | null; created_at: Generated<Date>
}
export interface Database {
  work_station: WorkStationTable
  external_staff: ExternalStaffTable
}

// School alliances (migration 202611241800_create_alliances, modules/alliance; docs/alliances.md).
export interface AllianceTable extends Owned {
  org_id: number; name: string; tenant_name: string; intro: Generated<string>; culture: Generated<string>
  need_audit: Generated<boolean>; open_to_tenants: Generated<boolean>
  apps: ColumnType<{ name: string; url: string }[], string | undefined, string>
  created_by: number | null; updated_at: Generated<Date>
}
export interface AllianceMemberTable {
  /** The alliance's tenant (set explicitly: an application may come from another tenant). */
  tenant_id: number
  id: Id; alliance_org_id: number; member_tenant_id: number; member_org_id: number
  member_org_name: string; member_unit_attr: number | null; member_tenant_name: string
  status: Generated<number>; source: Generated<string>; reason: Generated<string>
  applicant_account_id: number | null; applicant_name: string | null; applied_at: Generated<Date>
  decided_by: number | null; decided_at: Date | null; refuse_reason: string | null; left_at: Date | null
}
export interface AllianceImageTable extends Owned { id: Id; org_id: number; url: string; sort: number; created_at: Generated<Date> }
export interface Database { alliance: AllianceTable; alliance_member: AllianceMemberTable; alliance_image: AllianceImageTable }

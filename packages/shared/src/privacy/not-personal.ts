/**
 * Every database column outside the personal-field policy, table by table, each with the reason it is not a policy
 * field (issue 26 point 1, docs/privacy.md "The field policy"). Together with the policy's `columns` and
 * PERSONAL_CONTAINERS this classifies every column of the migrated schema: packages/server/test/personal-fields.test.ts
 * fails on any column none of the three lists, so a new column (id_number, dob, wechat, health_note …) is classified by
 * whoever adds it, whatever its name.
 *
 * Two kinds of entry:
 * - `whole(reason, 'col col …')`: the table holds no personal data at all (catalogues, trees, settings, an org's
 *   content). Every column is still named, so a column added later is unclassified until someone lists it. A column
 *   whose name looks personal (PERSONAL_COLUMN_PATTERNS) may not hide under a table's reason: it needs its own line.
 * - a column's own reason, for tables whose rows concern a person. "Not a policy field" does not always mean "no
 *   personal data": a name, a student number or a link to a membership describes a person, but the product shows it
 *   in full by design (the policy lists what is masked, revealed and scrubbed). The reason says which case it is.
 */

/** The prefix of a table-level reason; the column check tells those apart from a column's own reason. */
export const TABLE_REASON_PREFIX = 'holds no personal data: '

/** Every named column of a table that holds no personal data, for one reason. */
function whole(reason: string, columns: string): Record<string, string> {
  return same(`${TABLE_REASON_PREFIX}${reason}`, columns)
}

/** Several columns of one table, one reason. */
function same(reason: string, columns: string): Record<string, string> {
  return Object.fromEntries(columns.split(/\s+/).map((c) => [c, reason]))
}

// Reasons shared by many tables.
const KEYS = 'bookkeeping: a row or tenant id, a time, an order, a status or a counter'
const REF =
  "a link to a membership, an account or an org (an id only): the person's fields are in user_info, person and account"
const NAME =
  "a person's name copied in (a log or a record must outlive a rename): names identify people on every screen by " +
  'design and are not a masked field'
const SECRET = 'a secret kept hashed or sealed (encrypted): never shown'
const SECURITY =
  'a security record: the client address, browser or device of a sign-in or a request, kept for login security ' +
  'and shown to administrators in security logs only'
const STAFF =
  'a staff record of the school (a dictionary item: post, title, department, teacher type): shown to the school, ' +
  'not a masked field'
const ROSTER =
  'the school-record (学籍) core: number, class, org, dates and status, shown to the school by its statutory duty'

export const NOT_PERSONAL: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // ---- The platform's own tables (no tenant) ----
  kysely_migration: whole('the migrations that ran', 'name timestamp'),
  kysely_migration_lock: whole("the migrator's lock", 'id is_locked'),
  system_setting: whole("the platform's settings", 'key value updated_by updated_at'),
  permission: {
    ...whole('the permission catalogue (codes and names of pages and buttons)', 'code name kind sort'),
    parent_code: 'the parent node of the permission catalogue',
  },
  admin_level: whole('administrative levels (省, 市, 县)', 'id name sort'),
  area: {
    ...whole('administrative regions: codes and names', 'code name level_id'),
    parent_code: 'the parent region of an administrative area',
  },
  captcha: whole('a picture captcha: its answer hashed, its expiry', 'id answer_hash expires_at used'),
  ip_throttle: same(SECURITY, 'ip window_started_at failures'),
  sms_ip_window: same(SECURITY, 'ip window_started_at sent'),
  unknown_name_attempt: same(
    'failed sign-ins under a login name nobody has, counted by its hash (the name itself is not kept)',
    'name_hash failed_count locked_until last_attempt_at',
  ),

  // ---- Tenants, orgs, roles ----
  tenant: whole(
    'a tenant (a district or a group of schools) and its settings',
    'id name unique_name trade tenant_module_type status default_password password_max_age_days config created_at domain',
  ),
  tenant_permission: {
    ...whole("a tenant's copy of the permission catalogue", 'tenant_id code name kind sort'),
    parent_code: "the parent node of a tenant's permission catalogue",
  },
  org_unit: {
    ...same(
      KEYS,
      'tenant_id id status sort created_at trade app_type org_type type_id unit_attr alliance_school sport_school',
    ),
    ...same(
      'an organisation (a bureau, a school): its name, code, icon, pages and note, published on its portal',
      'name org_code icon_url xd_page jd_page remark',
    ),
    parent_id: 'the parent organisation in the org tree',
    phone: "an organisation's office phone, published on its portal",
    address: "an organisation's (a school's) postal address",
    contact: "the name of an organisation's contact desk or officer, published with its office phone",
  },
  org_type: whole('the kinds of organisation', 'tenant_id id kind name code unit_attr status sort created_at'),
  org_register_switch: {
    ...same(KEYS, 'tenant_id org_id updated_by updated_at'),
    parent_open: 'a switch: whether parents may sign up to an org',
    teacher_open: 'a switch: whether teachers may sign up to an org',
  },
  feeder_school: whole('which primary school feeds which middle school', 'tenant_id from_org_id to_org_id created_at'),
  role: whole('roles and their kinds', 'tenant_id id org_id code name builtin user_type status created_at'),
  role_permission: whole('the codes a role grants', 'tenant_id role_id permission_code'),
  role_sub_org: whole('the orgs a role is delegated to', 'tenant_id role_id org_id created_by created_at'),
  role_sub_org_user: same(REF, 'tenant_id role_id org_id user_info_id created_at'),
  user_role: same(REF, 'tenant_id user_info_id role_id'),
  member_count: whole(
    'members counted per org, kind, class and status (statistics, no person)',
    'tenant_id org_id user_type archived class_id status n',
  ),
  dict_item: whole(
    'dictionary items (posts, titles, change types …)',
    'tenant_id id org_id dict_type name code sort status remark created_at',
  ),
  work_station: whole(
    'staff posts and their quotas',
    'tenant_id id org_id job_id level quota status remark created_at',
  ),

  // ---- People: accounts, memberships, the person card ----
  account: {
    ...same(KEYS, 'tenant_id id status created_at expires_at'),
    user_name:
      'the login name: shown to administrators; where it equals the phone it is masked like the phone (docs/privacy.md ' +
      '"Masking (people)")',
    ...same(SECRET, 'password_hash'),
    ...same(SECURITY, 'must_reset password_changed_at failed_count locked_until last_attempt_at'),
  },
  login_name: {
    user_name: 'the login name (as account.user_name), the index a sign-in looks it up by',
    ...same(REF, 'tenant_id account_id'),
  },
  account_recovery_code: { ...same(REF, 'tenant_id account_id'), ...same(SECRET, 'code_hash'), used_at: KEYS },
  account_totp: {
    ...same(REF, 'tenant_id account_id'),
    ...same(SECRET, 'secret_sealed'),
    ...same(SECURITY, 'enabled_at last_step failed_count locked_until created_at'),
  },
  user_info: {
    ...same(KEYS, 'tenant_id id status sort created_at archived archived_at import_job_id'),
    ...same(REF, 'account_id org_id'),
    true_name: "the member's name: shown in full by design (names identify people on every screen)",
    ...same(ROSTER, 'user_type job_no class_id entered_on study_status'),
    ...same(STAFF, 'dept_id position_id title_id teacher_type_id'),
    remark: "an administrator's note on a membership, shown where the membership is edited",
  },
  person: {
    ...same(KEYS, 'tenant_id updated_at'),
    account_id: REF,
    sex: 'sex: shown with the name on the school lists and counted by the statistics (the 学籍 core), not masked',
    ...same(STAFF, 'education_id degree_id'),
  },
  parent_child: same(KEYS, 'tenant_id created_at'),
  class_teacher: same(REF, 'tenant_id class_id user_info_id is_head created_at'),
  // Which subjects a teacher teaches in a class: a teacher's work, published by the directory (issue 24 point 4).
  class_teacher_subject: same(REF, 'tenant_id class_id user_info_id subject_id created_at'),
  external_staff: {
    ...same(KEYS, 'tenant_id id org_id status created_at'),
    name: "an external worker's name: shown in full by design",
    ...same(STAFF, 'company job_id start_date end_date remark'),
  },
  join_request: {
    ...same(KEYS, 'tenant_id id org_id status created_at updated_at source decided_at'),
    ...same(REF, 'account_id child_id decided_by'),
    true_name: "the applicant's name: shown to the school that decides the request",
    user_type: 'whether the applicant joins as a teacher, a student or a parent',
    reason: "the applicant's reason for joining, shown to the school that decides",
    refuse_reason: "the school's reason for a refusal, shown to the applicant",
  },
  signup_record: {
    ...same(KEYS, 'tenant_id created_at'),
    account_id: REF,
    true_name: 'the name given at sign-up: shown to the tenant that received it',
  },
  signup_ticket: same(KEYS, 'tenant_id id expires_at used_at'),
  signup_pass: same(KEYS, 'tenant_id id account_id expires_at'),
  reset_ticket: { ...same(KEYS, 'tenant_id id expires_at used_at'), account_id: REF, reason: 'why a reset was asked' },
  personal_config: {
    ...same(KEYS, 'tenant_id updated_at'),
    account_id: REF,
    ...same("a member's own display settings (theme, layout)", 'name value'),
  },
  often_use: same(REF, 'tenant_id user_info_id app_id created_at'),
  redot_seen: same(REF, 'tenant_id user_info_id rule_id seen_at'),
  change_record: {
    ...same(KEYS, 'tenant_id id created_at created_by'),
    user_info_id: REF,
    ...same(
      ROSTER,
      'user_type change_type_id effect from_org_id to_org_id from_class_id to_class_id changed_on remark',
    ),
  },
  enrolment: {
    ...same(KEYS, 'tenant_id id created_at previous_id source'),
    user_info_id: REF,
    ...same(ROSTER, 'school_year org_id grade_id class_id status started_on ended_on'),
  },
  transfer_request: {
    ...same(KEYS, 'tenant_id id status out_reminded bureau_reminded effect_failed_at'),
    user_info_id: REF,
    ...same(ROSTER, 'from_org_id to_org_id to_class_id effective_on done_at'),
    ...same(
      'who decided each step of a transfer and when (staff memberships)',
      'applied_by applied_at out_due out_by out_at bureau_due bureau_by bureau_at',
    ),
    ...same('the reasons given for a transfer or its refusal, shown to the schools involved', 'reason refused_reason'),
    effect_error: 'why applying an approved transfer failed (a technical message)',
  },
  rollover_plan: whole(
    "a school-year rollover's plan",
    'tenant_id id from_year to_year status created_by created_at approved_by approved_at',
  ),
  rollover_repeat: same(REF, 'tenant_id plan_id user_info_id org_id created_by created_at'),
  rollover_report: whole(
    "a rollover's report lines (what moved where, counts)",
    'tenant_id id plan_id org_id kind subject from_value to_value',
  ),
  rollover_school: whole(
    "a rollover's progress per school",
    'tenant_id plan_id org_id status queued error attempts intake_classes summary started_at finished_at',
  ),
  school_year_journal: same(KEYS, 'tenant_id id journal_key seq table_name row_id op created_at'),
  school_stats_snapshot: {
    ...whole("a school year's statistics (counts only)", 'tenant_id id school_year taken_at data'),
    taken_by: REF,
    taker_name: NAME,
  },
  alumni_policy: whole("the tenant's alumni settings", 'tenant_id account_days updated_by updated_at'),

  // ---- Sign-in, sessions, security logs ----
  session: {
    ...same(KEYS, 'tenant_id id created_at expires_at last_used_at revoked_at alumni'),
    ...same(REF, 'account_id user_info_id org_id'),
    ...same(SECURITY, 'ip user_agent'),
  },
  login_log: {
    ...same(KEYS, 'tenant_id id created_at success reason method'),
    account_id: REF,
    user_name: 'the login name typed (a security log): shown to administrators only',
    ...same(SECURITY, 'ip user_agent net_type'),
  },
  once_token: {
    ...same(KEYS, 'tenant_id id expires_at used_at app_id service session_id'),
    ...same(REF, 'account_id user_info_id org_id'),
    ticket: SECRET,
  },
  code_login_req: {
    ...same(KEYS, 'tenant_id id method limit_user_type config_id expires_at used_at'),
    account_id: REF,
    id_token_sealed: SECRET,
  },
  totp_ticket: {
    ...same(KEYS, 'tenant_id id auto_pick_org limit_user_type method enrol tries expires_at used_at'),
    ...same(REF, 'account_id org_id'),
  },
  sms_step_ticket: { ...same(KEYS, 'tenant_id id expires_at used_at'), ...same(REF, 'account_id org_id') },
  qr_login: {
    ...same(KEYS, 'id tenant_id org_id state created_at expires_at confirmed_at used_at'),
    ...same(REF, 'confirmed_tenant_id confirmed_account_id confirmed_user_info_id confirmed_org_id'),
    ...same(SECURITY, 'request_ip request_agent browser_hash'),
  },
  third_config: {
    ...whole(
      "a sign-in provider's settings (WeChat, DingTalk, OIDC)",
      'tenant_id id third_type name status client_id issuer api_base auth_base agent_id scope logout_url sort created_at updated_at',
    ),
    client_secret_sealed: SECRET,
  },
  third_identity: {
    ...same(KEYS, 'tenant_id config_id created_at last_login_at'),
    account_id: REF,
    ...same(
      "the id and display name the sign-in provider gives for the account (a WeChat nickname): shown to the account's " +
        'owner when binding, never listed',
      'subject display_name',
    ),
  },
  third_bind_ticket: {
    ...same(KEYS, 'tenant_id id config_id expires_at used_at'),
    ...same(
      "the provider's id and display name while a binding is pending (as third_identity)",
      'subject display_name',
    ),
    id_token_sealed: SECRET,
  },
  third_session: { ...same(KEYS, 'tenant_id session_id config_id'), id_token_sealed: SECRET },
  third_state: {
    ...same(KEYS, 'tenant_id id config_id expires_at used_at redirect_uri after_login'),
    ...same(SECRET, 'nonce verifier_sealed'),
    browser_hash: SECURITY,
  },

  // ---- SMS ----
  sms_config: {
    ...whole(
      "the tenant's SMS gateway",
      'tenant_id sms_type access_key_id sign_name endpoint password_login_sms_step updated_at',
    ),
    access_key_secret: SECRET,
  },
  sms_template: whole('SMS templates', 'tenant_id id event name template_code content status created_at'),
  sms_code: {
    ...same(KEYS, 'tenant_id id event tries created_at expires_at used_at'),
    ...same(SECRET, 'code_hash salt'),
  },
  sms_log: {
    ...same(KEYS, 'tenant_id id event provider status error created_at'),
    account_id: REF,
    ip: SECURITY,
    content_masked: 'the SMS text with its code replaced by ******, for the admin list',
  },
  sms_phone_quota: same(KEYS, 'tenant_id day sent last_sent_at'),

  // ---- The school's calendar, buildings, classes, subjects ----
  grade: whole(
    'grades (年级)',
    'tenant_id id org_id name code entry_year learn_period_id sort status archived archived_at created_at',
  ),
  school_class: whole('classes', 'tenant_id id org_id grade_id name code sort status archived archived_at created_at'),
  school_calendar: whole(
    'school calendars',
    'tenant_id id org_id school_year term name start_date end_date status created_at',
  ),
  holiday: whole('holidays', 'tenant_id id org_id calendar_id name kind start_date end_date status created_at'),
  study_month: whole('study months', 'tenant_id id calendar_id name start_date end_date'),
  work_rest: whole(
    'timetables of work and rest',
    'tenant_id id org_id name type_name start_date end_date status created_at',
  ),
  work_rest_time: whole('periods of a timetable', 'tenant_id id work_rest_id name kind start_time end_time'),
  building: whole('buildings', 'tenant_id id org_id name code type_id sort status created_at'),
  floor: whole('floors of a building', 'tenant_id id building_id level name'),
  room: whole('rooms', 'tenant_id id org_id building_id floor_id name code use_id capacity status created_at'),
  room_tag: whole('room tags', 'tenant_id id org_id name'),
  room_tag_link: whole('tags of a room', 'tenant_id room_id tag_id'),
  subject: whole('subjects taught', 'tenant_id id org_id name code category_id sort status created_at'),
  major_node: {
    ...whole('the majors tree', 'tenant_id id org_id level name code sort status created_at'),
    parent_id: 'the parent node of the majors tree',
  },

  // ---- Portals, content, apps ----
  portal_config: whole('portal settings', 'tenant_id org_id name value updated_at updated_by'),
  portal_module: whole(
    'portal blocks',
    'tenant_id id org_id home_kind type title span status sort settings updated_at',
  ),
  banner: {
    ...whole('portal banners', 'tenant_id id org_id title link sort status created_at terminal'),
    image_url: "a banner's picture, published by its org (pupils in it need the portalPhoto consent)",
  },
  recommend_web: whole(
    'recommended websites',
    'tenant_id id org_id name url icon_url sort enabled updated_by created_at updated_at',
  ),
  help_article: whole('help articles', 'tenant_id id title keywords body enabled updated_at'),
  cms_news_type: whole('news categories', 'tenant_id id name level sort'),
  cms_news: whole(
    'news an org publishes',
    'tenant_id id org_id type_id new_level title cover content source status publish_time confirm is_public top sort created_by created_at updated_at',
  ),
  cms_news_confirm: same(REF, 'tenant_id news_id user_info_id confirmed_at'),
  cms_image: same(KEYS, 'tenant_id id org_id mime size created_by created_at'),
  mobile_entry: {
    ...whole('mobile-portal entries', 'tenant_id id org_id type decode_path code_tips has_show sort created_at'),
    mobile_name: 'a mobile-portal entry: its title',
    mobile_explain: 'a mobile-portal entry: its description text',
  },
  mobile_quick_group: whole('mobile quick-app groups', 'tenant_id id org_id role_key name sort created_at'),
  mobile_quick_app: whole('apps of a mobile quick-app group', 'tenant_id group_id app_id sort'),
  outer_portal_limit: whole("who may see an org's outer portal", 'tenant_id org_id limit_type updated_by updated_at'),
  outer_portal_object: same(REF, 'tenant_id id org_id object_type role_id user_info_id created_by created_at'),
  weather_config: {
    ...whole('the weather provider', 'tenant_id provider api_host updated_by updated_at'),
    api_key_sealed: SECRET,
  },
  assistant_config: {
    ...whole('the help assistant’s provider', 'tenant_id enabled provider base_url model updated_by updated_at'),
    api_key_sealed: SECRET,
  },
  assistant_conversation: same(REF, 'tenant_id id user_info_id started_at ended_at'),
  assistant_message: {
    ...same(KEYS, 'tenant_id id conversation_id created_at source source_title'),
    ...same(REF, 'user_info_id org_id'),
    answer: 'the help assistant’s answer, from the help articles',
  },
  app: whole(
    'apps of the portal',
    'tenant_id id org_id unique_id name icon_uri req_uri entry_url permission_name app_type open_way is_new_app is_scrap expire_date has_show grouping_type builtin admin_only scopes sort created_at user_types',
  ),
  app_group: whole('app groups', 'tenant_id id org_id app_type name grouping_type sort created_at'),
  app_group_link: whole('apps of a group', 'tenant_id group_id app_id sort'),
  app_group_scope: whole('where app groups apply', 'tenant_id org_id app_type'),
  app_badge: { ...same(KEYS, 'tenant_id app_id count updated_at'), user_info_id: REF },
  app_client: {
    ...whole(
      "an app's identity-hub client settings",
      'tenant_id app_id client_id protocol public_client secret_set_at redirect_uris post_logout_uris backchannel_logout_uri cas_services cas_user_attr scopes subject_type client_credentials rate_per_minute suspended_at created_at updated_at children_data',
    ),
    secret_sealed: SECRET,
  },
  app_access_log: {
    ...same(KEYS, 'tenant_id id app_id client_id kind scope at'),
    user_info_id: REF,
    detail: 'what the hub answered an app, in words (the scopes and counts), never a field value',
    ip: SECURITY,
  },
  oidc_key: { ...same(KEYS, 'tenant_id kid created_at retired_at'), jwk_sealed: SECRET },
  oidc_model: {
    ...same(KEYS, 'tenant_id model id grant_id uid client_id expires_at consumed_at'),
    account_id: REF,
  },
  directory_change: whole(
    'which directory entity changed, for webhooks (ids and times)',
    'tenant_id seq entity entity_id action org_id at fanned_out',
  ),
  directory_rate: whole("an app's directory reads per minute", 'tenant_id client_id window_start hits'),
  webhook_subscription: whole("an app's webhook address and events", 'tenant_id app_id url events enabled created_at'),
  webhook_delivery: same(
    KEYS,
    'tenant_id id app_id event status attempts next_at last_status last_error created_at delivered_at',
  ),
  mp_app: {
    ...whole(
      'WeChat / DingTalk message apps',
      'tenant_id id org_id scope platform name app_id agent_id api_base template_map status created_at updated_at',
    ),
    app_secret_sealed: SECRET,
  },
  mp_openid: {
    ...same(KEYS, 'tenant_id app_id created_at'),
    account_id: REF,
    openid: "the account's id at a message app (WeChat openid), used to push messages, never listed",
  },

  // ---- Messages, complaints, logs ----
  message: {
    ...same(KEYS, 'tenant_id id event link created_at read_at'),
    ...same(REF, 'account_id org_id'),
    ...same(
      'a notice to one account, written from a template (names people by name, never a policy field)',
      'title content',
    ),
  },
  message_push: {
    ...same(KEYS, 'tenant_id id message_id channel template_ref status attempts error created_at sent_at app_id'),
    target: "where a push goes: the recipient's message-app id (as mp_openid.openid), never listed",
    text: 'the pushed text, written from a template like message.content',
  },
  message_template: whole(
    'message templates',
    'tenant_id id org_id name event push_type title content link sms_template_code wx_template_id status created_at updated_at',
  ),
  complaint_class: whole('complaint categories', 'tenant_id id org_id name created_at'),
  complaint_class_handler: same(REF, 'tenant_id class_id user_info_id'),
  complaint_config: whole('complaint settings', 'tenant_id org_id enable user_role allow_anonymous updated_at'),
  complaint: {
    ...same(KEYS, 'tenant_id id org_id class_id status anonymous created_at handled_at'),
    ...same(REF, 'submitter_id handler_id'),
    ...same(
      "the complainant's own words and the school's reply: shown to the complainant and the class's handlers",
      'title content reply',
    ),
  },
  operation_log: {
    ...same(KEYS, 'tenant_id id org_id module action target important created_at'),
    actor_id: REF,
    actor_name: NAME,
    ip: SECURITY,
  },
  import_job: {
    ...same(
      KEYS,
      'tenant_id id org_id kind file_name status total_count processed_count success_count fail_count message created_by created_at updated_at finished_at runner_id heartbeat_at',
    ),
    created_by_name: NAME,
  },
  import_job_error: same(KEYS, 'tenant_id job_id row_no reason'),

  // ---- Alliances ----
  alliance: whole(
    'school alliances (an org’s public profile)',
    'tenant_id org_id name tenant_name intro culture need_audit open_to_tenants apps created_by updated_at',
  ),
  alliance_image: whole('alliance pictures', 'tenant_id id org_id url sort created_at'),
  alliance_member: {
    ...whole(
      'which orgs belong to an alliance',
      'tenant_id id alliance_org_id member_tenant_id member_org_id member_org_name member_unit_attr member_tenant_name status source reason applied_at decided_by decided_at refuse_reason left_at',
    ),
    applicant_account_id: REF,
    applicant_name: NAME,
  },

  // ---- Personal-information protection (issue 26) ----
  pi_access_log: {
    ...same(KEYS, 'tenant_id id at action fields'),
    ...same(REF, 'actor_account_id actor_user_info_id actor_org_id subject_user_info_id subject_org_id'),
    ...same(NAME, 'actor_name subject_name'),
    actor_roles: 'the role names the actor held',
    purpose: "a reveal's reason or an export's filter, shown to administrators, never to parents",
    client_ip: SECURITY,
  },
  pi_reveal_rate: same(KEYS, 'tenant_id user_info_id window_start hits'),
  pi_export_policy: {
    ...same(KEYS, 'tenant_id minor_row_limit updated_by updated_at'),
    officer_user_info_id: REF,
  },
  pi_export_approver: same(REF, 'tenant_id user_info_id added_by added_at'),
  pi_export_request: {
    ...same(
      KEYS,
      'tenant_id id kind full_values org_id created_at status reviewed_at runner_id started_at finished_at row_count error file_name expires_at download_count last_download_at',
    ),
    ...same(REF, 'requester_account_id requester_user_info_id requester_org_id reviewer_user_info_id'),
    ...same(NAME, 'requester_name reviewer_name'),
    ...same(
      'what was asked for and why, in words: the filter, the purpose and the reviewer’s comment',
      'filter filter_text purpose review_comment',
    ),
    client_ip: SECURITY,
    token: SECRET,
  },
  pi_legal_hold: {
    ...same(KEYS, 'tenant_id id placed_at released_at'),
    ...same(REF, 'user_info_id placed_by released_by'),
    ...same('why a hold was placed or released (staff’s words)', 'reason release_reason'),
  },
  pi_request: {
    ...same(KEYS, 'tenant_id id kind fields status due_on created_at handled_at result'),
    ...same(REF, 'child_id org_id requester_account_id requester_user_info_id handled_by'),
    ...same(NAME, 'requester_name handler_name'),
    reply: "the school's reply to a guardian, shown to that guardian",
  },
  pi_retention_policy: {
    ...same(KEYS, 'tenant_id contact_days family_days media_days consent_days updated_by updated_at'),
    health_days: "a tenant's setting: the days leavers' health notes are kept",
  },
  pi_scrub_journal: {
    ...same(KEYS, 'tenant_id id domains cause request_id at'),
    ...same(REF, 'user_info_id org_id actor_user_info_id'),
    subject_name: NAME,
  },
  consent_record: {
    ...same(KEYS, 'tenant_id id at purpose app_id notice_version channel given'),
    ...same(REF, 'child_id child_org_id recorded_by_account_id'),
    under14: 'whether the child was under 14 when the line was written (derived from the birth date, not the date)',
    recorded_by_name: NAME,
  },
  privacy_notice: {
    ...whole(
      "the tenant's privacy notices and their versions",
      'tenant_id id kind version title body updated_at published_at',
    ),
    ...same(REF, 'updated_by published_by'),
    published_by_name: NAME,
  },
  privacy_notice_acceptance: {
    ...same(KEYS, 'tenant_id kind version channel accepted_at'),
    account_id: REF,
  },
}

/** NOT_PERSONAL as 'table.column' → reason. */
export function notPersonalColumns(): Map<string, string> {
  const m = new Map<string, string>()
  for (const [table, columns] of Object.entries(NOT_PERSONAL))
    for (const [column, reason] of Object.entries(columns)) m.set(`${table}.${column}`, reason)
  return m
}

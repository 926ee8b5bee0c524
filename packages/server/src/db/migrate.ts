import type { Kysely } from 'kysely'
import { type Migration, Migrator } from 'kysely/migration'
import { lockMigrations } from './database.js'
import type { Database } from './schema.js'
import * as m202611222300 from './migrations/202611222300_create_core_tables.js'
import * as m202611222330 from './migrations/202611222330_add_org_types.js'
import * as m202611230000 from './migrations/202611230000_create_dict_items.js'
import * as m202611230010 from './migrations/202611230010_create_grades_classes.js'
import * as m202611230020 from './migrations/202611230020_create_calendars_holidays.js'
import * as m202611230030 from './migrations/202611230030_create_buildings_rooms_subjects.js'
import * as m202611230040 from './migrations/202611230040_create_majors.js'
import * as m202611230050 from './migrations/202611230050_create_work_rest.js'
import * as m202611230100 from './migrations/202611230100_create_areas.js'
import * as m202611230110 from './migrations/202611230110_create_study_months.js'
import * as m202611230120 from './migrations/202611230120_add_session_lookup.js'
import * as m202611230200 from './migrations/202611230200_create_people.js'
import * as m202611230300 from './migrations/202611230300_create_role_sub_orgs.js'
import * as m202611230310 from './migrations/202611230310_create_apps.js'
import * as m202611230320 from './migrations/202611230320_create_portal_config.js'
import * as m202611230330 from './migrations/202611230330_create_cms.js'
import * as m202611231000 from './migrations/202611231000_create_complaints.js'
import * as m202611241200 from './migrations/202611241200_add_login_attempt_counts.js'
import * as m202611241210 from './migrations/202611241210_add_app_user_types.js'
import * as m202611241300 from './migrations/202611241300_split_tenant_policies.js'
import * as m202611241310 from './migrations/202611241310_add_people_list_indexes.js'
import * as m202611241320 from './migrations/202611241320_create_member_counts.js'
import * as m202611241330 from './migrations/202611241330_add_import_job_claim.js'
import * as m202611241400 from './migrations/202611241400_create_sms.js'
import * as m202611241430 from './migrations/202611241430_create_signup.js'
import * as m202611241500 from './migrations/202611241500_create_third_party_login.js'
import * as m202611241530 from './migrations/202611241530_add_login_log_method.js'
import * as m202611241535 from './migrations/202611241535_create_qr_login_totp.js'
import * as m202611241600 from './migrations/202611241600_create_mobile_portal.js'
import * as m202611241620 from './migrations/202611241620_create_recommend_web.js'
import * as m202611241630 from './migrations/202611241630_create_red_dots_outer_limits.js'
import * as m202611241640 from './migrations/202611241640_create_messages.js'

import * as m202611241700 from './migrations/202611241700_create_campus_portal.js'
import * as m202611241710 from './migrations/202611241710_create_assistant.js'
import * as m202611241800 from './migrations/202611241800_create_alliances.js'
import * as m202611241830 from './migrations/202611241830_create_work_stations_external_staff.js'
import * as m202611250400 from './migrations/202611250400_add_login_log_net_type.js'
import * as m202611251100 from './migrations/202611251100_create_config_center.js'
import * as m202611251110 from './migrations/202611251110_add_tenant_domain.js'
import * as m202611262300 from './migrations/202611262300_add_qr_login_browser.js'
import * as m202611262310 from './migrations/202611262310_add_message_push_app.js'
import * as m202611270500 from './migrations/202611270500_create_identity_hub.js'
import * as m202611270610 from './migrations/202611270610_add_directory_api.js'
import * as m202611270620 from './migrations/202611270620_add_cas_ticket_value.js'
import * as m202611270700 from './migrations/202611270700_create_app_badge.js'
import * as m202611270900 from './migrations/202611270900_create_pi_access_log.js'
import * as m202611281200 from './migrations/202611281200_create_pi_export.js'
import * as m202611281300 from './migrations/202611281300_create_consent_record.js'
import * as m202611281400 from './migrations/202611281400_create_pi_retention.js'
import * as m202611281500 from './migrations/202611281500_create_privacy_notice.js'
import * as m202611290100 from './migrations/202611290100_create_enrolment.js'
import * as m202611290200 from './migrations/202611290200_create_rollover.js'
import * as m202611290300 from './migrations/202611290300_create_alumni.js'
import * as m202611290500 from './migrations/202611290500_transfer_reminders.js'
import * as m202611290600 from './migrations/202611290600_create_school_stats_snapshot.js'
import * as m202611290700 from './migrations/202611290700_add_enrolment_previous_index.js'
import * as m202611300100 from './migrations/202611300100_add_alumni_session.js'
import * as m202611300300 from './migrations/202611300300_add_people_search_indexes.js'
import * as m202611300500 from './migrations/202611300500_add_org_unit_id_index.js'
import * as m202611300600 from './migrations/202611300600_transfer_effect_error.js'
import * as m202611300800 from './migrations/202611300800_directory_change_triggers_by_table.js'
import * as m202611300900 from './migrations/202611300900_directory_change_by_entity_id.js'
import * as m202612010100 from './migrations/202612010100_create_class_teacher_subject.js'
import * as m202612010200 from './migrations/202612010200_revoke_append_only_edits.js'
import * as m202612010300 from './migrations/202612010300_consent_record_scrub.js'
import * as m202612010310 from './migrations/202612010310_consent_scrub_column_grant.js'
/** Every migration, in order. Listed statically so the server runs from TS source and bundles alike. */
const MIGRATIONS: Record<string, Migration> = {
  '202611222300_create_core_tables': m202611222300,
  '202611222330_add_org_types': m202611222330,
  '202611230000_create_dict_items': m202611230000,
  '202611230010_create_grades_classes': m202611230010,
  '202611230020_create_calendars_holidays': m202611230020,
  '202611230030_create_buildings_rooms_subjects': m202611230030,
  '202611230040_create_majors': m202611230040,
  '202611230050_create_work_rest': m202611230050,
  '202611230100_create_areas': m202611230100,
  '202611230110_create_study_months': m202611230110,
  '202611230120_add_session_lookup': m202611230120,
  '202611230200_create_people': m202611230200,
  '202611230300_create_role_sub_orgs': m202611230300,
  '202611230310_create_apps': m202611230310,
  '202611230320_create_portal_config': m202611230320,
  '202611230330_create_cms': m202611230330,
  '202611231000_create_complaints': m202611231000,
  '202611241200_add_login_attempt_counts': m202611241200,
  '202611241210_add_app_user_types': m202611241210,
  '202611241300_split_tenant_policies': m202611241300,
  '202611241310_add_people_list_indexes': m202611241310,
  '202611241320_create_member_counts': m202611241320,
  '202611241330_add_import_job_claim': m202611241330,
  '202611241400_create_sms': m202611241400,
  '202611241430_create_signup': m202611241430,
  '202611241500_create_third_party_login': m202611241500,
  '202611241530_add_login_log_method': m202611241530,
  '202611241535_create_qr_login_totp': m202611241535,
  '202611241600_create_mobile_portal': m202611241600,
  '202611241620_create_recommend_web': m202611241620,
  '202611241630_create_red_dots_outer_limits': m202611241630,
  '202611241640_create_messages': m202611241640,
  '202611241700_create_campus_portal': m202611241700,
  '202611241710_create_assistant': m202611241710,
  '202611241800_create_alliances': m202611241800,
  '202611241830_create_work_stations_external_staff': m202611241830,
  '202611250400_add_login_log_net_type': m202611250400,
  '202611251100_create_config_center': m202611251100,
  '202611251110_add_tenant_domain': m202611251110,
  '202611262300_add_qr_login_browser': m202611262300,
  '202611262310_add_message_push_app': m202611262310,
  '202611270500_create_identity_hub': m202611270500,
  '202611270610_add_directory_api': m202611270610,
  '202611270620_add_cas_ticket_value': m202611270620,
  '202611270700_create_app_badge': m202611270700,
  '202611270900_create_pi_access_log': m202611270900,
  '202611281200_create_pi_export': m202611281200,
  '202611281300_create_consent_record': m202611281300,
  '202611281400_create_pi_retention': m202611281400,
  '202611281500_create_privacy_notice': m202611281500,
  '202611290100_create_enrolment': m202611290100,
  '202611290200_create_rollover': m202611290200,
  '202611290300_create_alumni': m202611290300,
  '202611290500_transfer_reminders': m202611290500,
  '202611290600_create_school_stats_snapshot': m202611290600,
  '202611290700_add_enrolment_previous_index': m202611290700,
  '202611300100_add_alumni_session': m202611300100,
  '202611300300_add_people_search_indexes': m202611300300,
  '202611300500_add_org_unit_id_index': m202611300500,
  '202611300600_transfer_effect_error': m202611300600,
  '202611300800_directory_change_triggers_by_table': m202611300800,
  '202611300900_directory_change_by_entity_id': m202611300900,
  '202612010100_create_class_teacher_subject': m202612010100,
  '202612010200_revoke_append_only_edits': m202612010200,
  '202612010300_consent_record_scrub': m202612010300,
  '202612010310_consent_scrub_column_grant': m202612010310,
}

/**
 * Runs every pending migration in one transaction that first takes the migrations' lock (lockMigrations): two
 * processes starting at once on a fresh database do not both create Kysely's bookkeeping tables, and nothing of the
 * lock outlives the transaction, which PgBouncer in transaction mode requires (docs/scale.md).
 */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockMigrations(trx)
    const migrator = new Migrator({ db: trx, provider: { getMigrations: async () => MIGRATIONS } })
    const { error, results } = await migrator.migrateToLatest()
    const failed = results?.find((r) => r.status === 'Error')
    if (error || failed) {
      throw new Error(`migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`)
    }
  })
}

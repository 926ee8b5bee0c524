import {
  familyLayout,
  MOBILE_BUTTONS,
  mobileHomeAlarm,
  mobileMenuConfig,
  mobilePortalSettings,
  studentPcConfig,
} from '@zhixiao/shared'
import type { NamedConfig } from '../portal-config/named-config.js'

/**
 * The named configs of the mobile portal (stored in portal_config with the usual org → ancestor → tenant default
 * inheritance; docs/mobile-portal.md "Mobile portal"). Saving needs the edit button of the maintenance group.
 */

/** The bottom tabs of each terminal; either mobile group may save (each page sends its own terminals unchanged otherwise). */
export const MobileMenuCfg: NamedConfig<typeof mobileMenuConfig> = {
  name: 'MobileMenuConfig',
  label: '移动端菜单',
  schema: mobileMenuConfig,
  permission: [MOBILE_BUTTONS.teacher.edit, MOBILE_BUTTONS.family.edit],
}
/** What the student's PC home (/portal/personal) shows. */
export const StudentPcCfg: NamedConfig<typeof studentPcConfig> = {
  name: 'MHSysConfigForStudentPC',
  label: '学生PC首页',
  schema: studentPcConfig,
  permission: MOBILE_BUTTONS.family.edit,
}
/** /menhu-Platform: which terminals are open, the closed message, the PC offer, banner and quick-entry switches. */
export const MobileSettingsCfg: NamedConfig<typeof mobilePortalSettings> = {
  name: 'MobilePortalSettings',
  label: '移动端设置',
  schema: mobilePortalSettings,
  permission: MOBILE_BUTTONS.platform.edit,
}
/** The notice bar of the mobile home (/base/api/Mobile/getMobileHomeAlarmConfig). */
export const AlarmCfg: NamedConfig<typeof mobileHomeAlarm> = {
  name: 'MobileHomeAlarmConfig',
  label: '移动端首页提醒',
  schema: mobileHomeAlarm,
  permission: MOBILE_BUTTONS.platform.edit,
}
/** The parent and student home blocks (/base/portal/custom). */
export const FamilyLayoutCfg: NamedConfig<typeof familyLayout> = {
  name: 'ParentStudentHomeLayout',
  label: '家长学生首页布局',
  schema: familyLayout,
  permission: MOBILE_BUTTONS.family.edit,
}

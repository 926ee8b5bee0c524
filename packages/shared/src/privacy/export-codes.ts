/**
 * Permission codes of export approval (docs/privacy.md "Export approval"), apart from the schemas so the permission
 * catalogue (read by the login route) takes them without zod.
 */

/** The personal-information officer's page (个人信息保护负责人): naming the officer, the limit, the approvers. */
export const PI_OFFICER_PERMISSION = 'base_privacy_officer'
/** The requests page (导出申请): one's own requests, and the ones to review for the officer and approvers. */
export const PI_EXPORT_PAGE_PERMISSION = 'base_privacy_export'
/** Asking for an export with full values (a button of 人员管理 beside 导出). */
export const PI_EXPORT_FULL_PERMISSION = 'base_user_account_export_full'

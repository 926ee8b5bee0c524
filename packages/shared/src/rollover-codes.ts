/**
 * Permission codes of the school-year roll-over (docs/school-year.md "Roll-over plan, preview, approval and run"),
 * apart from the schemas so the permission catalogue (read by the login route) takes them without zod.
 */

/** The roll-over page (学年结转): the plan, a school's preview, marking repeaters, the report. */
export const ROLLOVER_PAGE_PERMISSION = 'base_rollover'
/** Creating, approving, running and undoing the tenant's plan (the top org's administrators). */
export const ROLLOVER_MANAGE_PERMISSION = 'base_rollover_manage'

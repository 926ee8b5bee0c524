import { DEFAULT_MINOR_ROW_LIMIT } from '@zhixiao/shared'
import type { Trx } from '../database.js'
import { findExportPolicy, upsertExportPolicy } from '../../modules/privacy/officer-queries.js'

/**
 * The demo's personal-information officer (docs/privacy.md "Export approval"): jyjadmin, the bureau's administrator,
 * so a school administrator's request for a full export has someone to approve it. Idempotent: a tenant that has a
 * policy row keeps it.
 */
export async function seedDemoPrivacyOfficer(trx: Trx, bureauId: number): Promise<void> {
  if (await findExportPolicy(trx)) return
  const officer = await trx
    .selectFrom('user_info as u')
    .innerJoin('account as a', (j) => j.onRef('a.tenant_id', '=', 'u.tenant_id').onRef('a.id', '=', 'u.account_id'))
    .select('u.id')
    .where('a.user_name', '=', 'jyjadmin')
    .where('u.org_id', '=', bureauId)
    .executeTakeFirst()
  if (officer) await upsertExportPolicy(trx, Number(officer.id), DEFAULT_MINOR_ROW_LIMIT, Number(officer.id))
}

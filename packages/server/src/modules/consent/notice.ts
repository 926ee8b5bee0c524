import type { Trx } from '../../db/database.js'
import type { AppContext } from '../../platform/context.js'

/**
 * The privacy notice version a consent is given against. One constant until the tenant's versioned notices (issue 26
 * point 7) land; then this one function reads the tenant's current version and nothing else changes.
 */
export async function currentNoticeVersion(_ctx: AppContext, _trx: Trx): Promise<string> {
  return 'v1'
}

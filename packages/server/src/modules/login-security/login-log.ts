import type { LoginLogPage, LoginLogQuery } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { pageLoginLog } from './queries.js'

/**
 * The caller's tenant's login log, newest first (index login_log_page). Tenant isolation is the data layer's:
 * the query runs in ctx.db.tenant, whose row-level security shows that tenant's rows only.
 */
export function loginLogPage(ctx: AppContext, auth: AuthInfo, q: LoginLogQuery): Promise<LoginLogPage> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const page = await pageLoginLog(trx, q)
    return { ...page, list: page.list.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })) }
  })
}

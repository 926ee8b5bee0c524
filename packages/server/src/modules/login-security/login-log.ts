import { maskPersonalText, type LoginLogPage, type LoginLogQuery } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { pageLoginLog } from './queries.js'

/**
 * The caller's tenant's login log, newest first (index login_log_page). Tenant isolation is the data layer's:
 * the query runs in ctx.db.tenant, whose row-level security shows that tenant's rows only. The log keeps the login
 * name as typed (a phone, often: the default login name of teachers and parents, and what people type); it leaves
 * masked by the field policy (issue 26 point 2), except on the caller's own lines.
 */
export function loginLogPage(ctx: AppContext, auth: AuthInfo, q: LoginLogQuery): Promise<LoginLogPage> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    const page = await pageLoginLog(trx, q)
    return {
      ...page,
      list: page.list.map((r) => ({
        ...r,
        userName: r.accountId === auth.accountId ? r.userName : maskPersonalText(r.userName),
        createdAt: new Date(r.createdAt).toISOString(),
      })),
    }
  })
}

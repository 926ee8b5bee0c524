import type { LoginLogPage, LoginLogQuery } from '@zhixiao/shared'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { paginate } from '../../platform/paging.js'

/**
 * The caller's tenant's login log, newest first (index login_log_page). Tenant isolation is the data layer's:
 * the query runs in ctx.db.tenant, whose row-level security shows that tenant's rows only.
 */
export function loginLogPage(ctx: AppContext, auth: AuthInfo, q: LoginLogQuery): Promise<LoginLogPage> {
  return ctx.db.tenant(auth.tenantId, async (trx) => {
    let base = trx.selectFrom('login_log')
    if (q.from) base = base.where('created_at', '>=', new Date(q.from))
    if (q.to) base = base.where('created_at', '<', new Date(q.to))
    // A prefix of the name: people look up an account they know the start of; % and _ are taken literally.
    if (q.userName) base = base.where('user_name', 'like', `${q.userName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    if (q.success !== undefined) base = base.where('success', '=', q.success)
    if (q.method) base = base.where('method', '=', q.method)
    const rows = base
      .select([
        'id',
        'user_name as userName',
        'account_id as accountId',
        'method',
        'success',
        'reason',
        'ip',
        'user_agent as userAgent',
        'net_type as netType',
        'created_at as createdAt',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
    const page = await paginate(rows, base.select('id'), q)
    return { ...page, list: page.list.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })) }
  })
}

import { ALUMNI_SESSION_MESSAGE, ErrorCode } from '@zhixiao/shared'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from './context.js'
import { AppError, forbidden, unauthorized } from './errors.js'
import { isTopOrg, topOrgOnly } from './org-scope.js'
import { isSuperAdminGrant, loadGrants } from './permissions.js'
import { resolveSession } from './session.js'

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization
  if (!h) return null
  const m = /^Bearer\s+(.+)$/i.exec(h)
  const t = m?.[1]?.trim()
  return t && t !== 'undefined' && t !== 'null' ? t : null
}

/**
 * Runs before validation and the handler of every API request: resolves the session for non-public routes (401 without one) and checks the
 * route's permission code or super-administrator flag (403), and for a tenant-wide route that the session is in the tenant's
 * top organisation (403), so no handler runs for a caller it must refuse.
 */
export function installAuthHook(api: FastifyInstance, ctx: AppContext): void {
  api.decorateRequest('auth', null)
  // preValidation: a stranger gets 401/403 before learning anything about the payload the route expects.
  api.addHook('preValidation', async (req) => {
    const cfg = req.routeOptions.config
    if (cfg.public) return
    const token = bearerToken(req)
    const resolved = token ? await resolveSession(ctx, token) : null
    if (!resolved) throw unauthorized()
    req.auth = { ...resolved, ip: req.ip }
    // A graduate's alumni session reaches only the routes marked for it (the contract's `alumni`): deny by default,
    // here once, so a route added later is closed to alumni without anyone remembering (docs/school-year.md).
    if (resolved.alumni && !cfg.alumni) throw new AppError(ErrorCode.FORBIDDEN, ALUMNI_SESSION_MESSAGE, 403)
    if (!cfg.permission && !cfg.superAdmin && !cfg.tenantWide) return
    const auth = req.auth
    const verdict = await ctx.db.tenant(auth.tenantId, async (trx) => {
      const grants = await loadGrants(trx, auth.userInfoId)
      if (cfg.superAdmin) {
        const acc = await trx
          .selectFrom('account')
          .select('user_name')
          .where('id', '=', auth.accountId)
          .executeTakeFirst()
        if (!acc || !isSuperAdminGrant(auth.tenantId, auth.orgId, acc.user_name, grants.roles)) return 'forbidden'
      }
      if (cfg.permission && ![cfg.permission].flat().some((c) => grants.permissions.includes(c))) return 'forbidden'
      if (cfg.tenantWide && !(await isTopOrg(trx, auth.orgId))) return 'not-top'
      return 'ok'
    })
    if (verdict === 'forbidden') throw forbidden()
    if (verdict === 'not-top') throw topOrgOnly()
  })
}

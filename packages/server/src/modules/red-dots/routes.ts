import {
  classHomeContracts,
  OuterMsg,
  outerPortalContracts as O,
  redDotConfigContracts as C,
  redDotContracts as R,
} from '@zhixiao/shared'
import { bearerToken } from '../../platform/auth-hook.js'
import type { AppContext, AuthInfo } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { notFound } from '../../platform/errors.js'
import { resolveSession } from '../../platform/session.js'
import { namedConfigHandlers } from '../portal-config/named-config-routes.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { classHomeView } from './class-home.js'
import { classHomeCfg, redotMsgCfg } from './configs.js'
import * as outer from './outer-portal.js'
import { openRedDot, redDotCounts, redDotTargets } from './service.js'

/** RedotMsgConfig and ClassHomeConfig under /base/configMgr (get<Key> for members, set<Key> with the button code). */
export const redDotConfigRoutes = (ctx: AppContext) => [
  ...namedConfigHandlers(ctx, C.redotMsg, redotMsgCfg),
  ...namedConfigHandlers(ctx, C.classHome, classHomeCfg),
]

/** /base/api/redot: the signed-in member's dots, clearing a manual dot on opening, and the targets for the admin page. */
export const redDotRoutes = (ctx: AppContext) => [
  handle(R.counts, async (req) => ok(await redDotCounts(ctx, req.auth!))),
  handle(R.open, async (req) => ok(await openRedDot(ctx, req.auth!, req.body))),
  handle(R.targets, async (req) => ok(await redDotTargets(ctx, req.auth!))),
]

/** /base/api/classHome: what /portal/class shows the signed-in member. */
export const classHomeRoutes = (ctx: AppContext) => [
  handle(classHomeContracts.view, async (req) => ok(await classHomeView(ctx, req.auth!))),
]

async function optionalAuth(ctx: AppContext, token: string | null | undefined, ip: string): Promise<AuthInfo | null> {
  const s = token ? await resolveSession(ctx, token) : null
  return s ? { ...s, ip } : null
}

/** /base/portal/outer (001 §7.5): who may open the open (outer) portal of an org. */
export const outerPortalRoutes = (ctx: AppContext) => [
  handle(O.limitType, async (req) => ok(await outer.getLimitType(ctx, req.auth!, req.query.orgId))),
  handle(O.setLimitType, async (req) => {
    await outer.setLimitType(ctx, req.auth!, req.body.orgId, req.body.limitType)
    return ok(null, OuterMsg.SAVED)
  }),
  handle(O.roles, async (req) => ok(await outer.listRoleObjects(ctx, req.auth!, req.query.orgId))),
  handle(O.addRoles, async (req) =>
    ok(await outer.addRoleObjects(ctx, req.auth!, req.body.orgId, req.body.roleIds), OuterMsg.ADDED),
  ),
  handle(O.delete, async (req) => {
    await outer.deleteObjects(ctx, req.auth!, req.body.orgId, req.body.ids)
    return ok(null, OuterMsg.DELETED)
  }),
  handle(O.roleInfos, async (req) => ok(await outer.roleInfos(ctx, req.auth!, req.query.orgId, req.query.keyword))),
  handle(O.employees, async (req) => ok(await outer.listEmployees(ctx, req.auth!, req.query.orgId))),
  handle(O.candidates, async (req) =>
    ok(await outer.employeeCandidates(ctx, req.auth!, req.query.orgId, req.query.keyword)),
  ),
  handle(O.setEmployees, async (req) =>
    ok(await outer.setEmployees(ctx, req.auth!, req.body.orgId, req.body.userInfoIds), OuterMsg.SAVED),
  ),
  handle(O.mayOpen, async (req) => {
    const auth = await optionalAuth(ctx, bearerToken(req), req.ip)
    const orgId = req.query.orgId ?? auth?.orgId
    if (orgId === undefined) throw notFound('机构不存在')
    const tenantId = await tenantIdOfOrg(ctx, orgId)
    if (tenantId === null) throw notFound('机构不存在')
    // Someone of another tenant is a visitor here.
    const who = auth && auth.tenantId === tenantId ? auth : null
    const got = await outer.mayOpenOuter(ctx, tenantId, who, orgId)
    return ok({ orgId, ...got })
  }),
]

import { tenantContracts as T } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { tenantHeader } from '../../platform/request-meta.js'
import { createTenantWithAdmin, setTenantStatus, updateTenant } from './admin-service.js'
import {
  loginPageInfo,
  passwordRule,
  queryTenants,
  tenantByDomain,
  tenantByUniqueName,
  tenantPublicInfo,
} from './service.js'

/** /base/api/tenant: the login page's public reads, the super administrator's tenant management, the password rule. */
export const tenantRoutes = (ctx: AppContext) => [
  handle(T.loginInfo, async (req) => ok(await loginPageInfo(ctx, tenantHeader(req), req.query.orgId))),
  handle(T.publicInfo, async (req) =>
    ok(
      req.query.tenantId !== undefined
        ? await tenantPublicInfo(ctx, req.query.tenantId)
        : await tenantByUniqueName(ctx, req.query.uniqueName!),
    ),
  ),
  handle(T.byDomain, async (req) => ok(await tenantByDomain(ctx, req.query.domain))),
  handle(T.query, async (req) => ok(await queryTenants(ctx, req.query))),
  handle(T.add, async (req) => ok(await createTenantWithAdmin(ctx, req.body), '新增成功')),
  handle(T.update, async (req) => {
    await updateTenant(ctx, req.body)
    return ok(null, '编辑成功')
  }),
  handle(T.updateStatus, async (req) => {
    await setTenantStatus(ctx, req.body.id, req.body.status)
    return ok(null, req.body.status === 0 ? '启用成功' : '停用成功')
  }),
  handle(T.passwordRule, async (req) => ok(await passwordRule(ctx, req.auth!.tenantId))),
]

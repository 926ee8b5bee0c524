import { ComplaintMsg, complaintConfig, complaintContracts as C } from '@zhixiao/shared'
import { bearerToken } from '../../platform/auth-hook.js'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { badRequest } from '../../platform/errors.js'
import { resolveSession } from '../../platform/session.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { deleteClass, hasComplaints, isHandler, listClasses, saveClass, staffChoices } from './class-service.js'
import { adminList, changeStatus, detail, mine, pendingCount, submit } from './complaint-service.js'
import { getConfig, setConfig } from './config-service.js'

/**
 * /base/complainSuggestion (001 §7.5). Config and classifications are written by base-config holders; any
 * member reads the classes and submits; the lists check list-code or handler scope in the service.
 */
export const complaintRoutes = (ctx: AppContext) => [
  handle(C.getConfig, async (req) => {
    const token = bearerToken(req)
    const s = token ? await resolveSession(ctx, token) : null
    if (s) return ok(await getConfig(ctx, s.tenantId, s.orgId))
    if (!req.query.orgId) throw badRequest(ComplaintMsg.ORG_REQUIRED)
    const tenantId = await tenantIdOfOrg(ctx, req.query.orgId)
    // An unknown org answers like a disabled feature, so visitors cannot probe org ids.
    return ok(tenantId === null ? complaintConfig.parse({}) : await getConfig(ctx, tenantId, req.query.orgId))
  }),
  handle(C.setConfig, async (req) => {
    await setConfig(ctx, req.auth!, req.body)
    return ok(null, '保存成功')
  }),

  handle(C.listClasses, async (req) => ok(await listClasses(ctx, req.auth!))),
  handle(C.addClass, async (req) => ok(await saveClass(ctx, req.auth!, { ...req.body, id: undefined }), '新增成功')),
  handle(C.updateClass, async (req) => {
    await saveClass(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  handle(C.deleteClass, async (req) => {
    await deleteClass(ctx, req.auth!, req.body.id)
    return ok(null, '删除成功')
  }),
  handle(C.hasComplaints, async (req) => ok(await hasComplaints(ctx, req.auth!, req.query.id))),
  handle(C.staff, async (req) => ok(await staffChoices(ctx, req.auth!, req.query.keyword))),
  handle(C.checkUserIsAdmin, async (req) => ok(await isHandler(ctx, req.auth!))),
  handle(C.listByCurrentUser, async (req) => ok(await mine(ctx, req.auth!, req.body))),

  handle(C.add, async (req) => ok(await submit(ctx, req.auth!, req.body), ComplaintMsg.SUBMITTED)),
  handle(C.queryListForAdmin, async (req) => ok(await adminList(ctx, req.auth!, req.body))),
  handle(C.getComplaintSuggestionCount, async (req) => ok(await pendingCount(ctx, req.auth!))),
  handle(C.getDetail, async (req) => ok(await detail(ctx, req.auth!, req.query.id))),
  handle(C.changeStatus, async (req) => {
    await changeStatus(ctx, req.auth!, req.body)
    return ok(null, ComplaintMsg.HANDLED)
  }),
]

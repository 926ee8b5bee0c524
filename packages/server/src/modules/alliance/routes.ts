import { AllianceMsg, allianceOrgContracts as O, AllianceStatus, juxiaoContracts as J } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { badRequest } from '../../platform/errors.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { allianceSchoolTemplate, importAllianceSchools } from './excel-service.js'
import * as svc from './service.js'
import { uploadedBytes } from '../../platform/uploaded-bytes.js'

/**
 * /base/api/juxiao (000 §7.8) and the leave/approve/refuse calls the spec leaves unnamed (docs/alliance.md).
 * Reads need a session and membership (or administration) of the alliance; writes need alliance_manage (the
 * alliance's administrators) or alliance_join (an org's own applications), checked again against the org tree.
 */
export const juxiaoRoutes = (ctx: AppContext) => [
  handle(J.getRootOrg, async (req) => ok(await svc.rootOrg(ctx, req.auth!, req.query.orgId))),
  handle(J.getOrgList, async (req) => ok(await svc.memberOrgs(ctx, req.auth!, req.query.orgId, req.query.keyword))),
  handle(J.getJuxiaoSetting, async (req) => ok(await svc.allianceSetting(ctx, req.auth!, req.query.orgId))),
  handle(J.getImagesByOrgId, async (req) => ok(await svc.allianceImages(ctx, req.auth!, req.query.orgId))),
  handle(J.getJoinedAndAuditingList, async (req) => ok(await svc.joinedAndAuditing(ctx, req.auth!))),
  handle(J.checkIsAdmin, async (req) => ok(await svc.checkIsAdmin(ctx, req.auth!, req.query.orgId))),
  handle(J.getManagedList, async (req) => ok(await svc.managedAlliances(ctx, req.auth!))),
  handle(J.getAllParentOrgList, async (req) => ok(await svc.candidates(ctx, req.auth!, req.query.keyword))),
  handle(J.registerPage, async (req) => ok(await svc.register(ctx, req.auth!, req.body), AllianceMsg.FOUNDED)),
  handle(J.applyJoin, async (req) => {
    const res = await svc.applyJoin(ctx, req.auth!, req.body.allianceOrgId, req.body.reason)
    return ok(res, res.status === AllianceStatus.JOINED ? AllianceMsg.JOINED : AllianceMsg.APPLIED)
  }),
  handle(J.leave, async (req) => {
    await svc.leave(ctx, req.auth!, req.body.allianceOrgId)
    return ok(null, AllianceMsg.LEFT)
  }),
  handle(J.setJuxiaoSetting, async (req) => {
    await svc.saveSetting(ctx, req.auth!, req.body)
    return ok(null, AllianceMsg.SAVED)
  }),
  handle(J.saveOrgBackgroundImage, async (req) =>
    ok(await svc.saveImages(ctx, req.auth!, req.body.orgId, req.body.images), AllianceMsg.SAVED),
  ),
  handle(J.saveHeaderConfig, async (req) => {
    await svc.saveHeader(ctx, req.auth!, req.body.orgId, req.body.value)
    return ok(null, AllianceMsg.SAVED)
  }),
  handle(J.approve, async (req) => {
    await svc.decide(ctx, req.auth!, req.body.id, true)
    return ok(null, AllianceMsg.APPROVED)
  }),
  handle(J.refuse, async (req) => {
    await svc.decide(ctx, req.auth!, req.body.id, false, req.body.reason)
    return ok(null, AllianceMsg.REFUSED)
  }),
  handle(J.removeMember, async (req) => {
    await svc.removeMember(ctx, req.auth!, req.body.id)
    return ok(null, AllianceMsg.REMOVED)
  }),
]

/** The alliance calls under /base/api/organizationUnit (000 §7.7). */
export const allianceOrgRoutes = (ctx: AppContext) => [
  handle(O.memberRows, async (req) => ok(await svc.memberRows(ctx, req.auth!, req.body))),
  handle(O.downloadTemplate, async (_req, reply) =>
    reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', attachmentHeader('联盟学校导入模板.xlsx'))
      .send(allianceSchoolTemplate()),
  ),
  handle(O.importExcel, async (req) => {
    if (!req.isMultipart()) throw badRequest(AllianceMsg.CHOOSE_FILE)
    const file = await req.file()
    if (!file) throw badRequest(AllianceMsg.CHOOSE_FILE)
    const result = await importAllianceSchools(ctx, req.auth!, req.query.orgId, await uploadedBytes(file))
    return ok(result, `导入成功，共${result.imported}条`)
  }),
]

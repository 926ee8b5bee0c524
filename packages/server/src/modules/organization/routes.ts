import { Msg, orgContracts as O, orgExcelContracts as X, orgSetupContracts as S } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { badRequest } from '../../platform/errors.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { listWorkStations } from '../base-data/work-station-service.js'
import {
  addOrg,
  deleteOrg,
  findByName,
  hasMembers,
  listAll,
  listPage,
  listSubOrgAll,
  setOrgStatus,
  updateOrg,
} from './admin-service.js'
import { jdTenantOrg } from './bureau-service.js'
import { exportOrgs, importOrgs, orgTemplate } from './excel-service.js'
import { bindOrgs, changeOrg, orgInfo, orgManagers, orgPublicInfo } from './service.js'
import { unitAttrOfType } from './type-service.js'
import { uploadedBytes } from '../../platform/uploaded-bytes.js'

/** What a member reads about orgs (000 §7.7): the session org, switching, the login page's card, bound orgs, the bureau org, managers, work stations. */
export const orgRoutes = (ctx: AppContext) => [
  handle(O.get, async (req) => ok(await orgInfo(ctx, req.auth!, req.query.orgId))),
  handle(O.changeOrg, async (req) =>
    ok(await changeOrg(ctx, req.auth!, req.query.newOrgId, req.query.accountId), Msg.SWITCH_OK),
  ),
  handle(O.publicInfo, async (req) => ok(await orgPublicInfo(ctx, req.query.orgId))),
  handle(O.bindOrgs, async (req) => ok(await bindOrgs(ctx, req.auth!))),
  handle(O.bureauOrg, async (req) => ok(await jdTenantOrg(ctx, req.auth!, req.query.tenantId))),
  handle(O.managers, async (req) => ok(await orgManagers(ctx, req.auth!, req.query.orgId))),
  handle(O.workStations, async (req) => ok(await listWorkStations(ctx, req.auth!, req.query.orgId))),
]

/** Organisation setup (base-organization/orgSet): reads are scoped to the caller's org and below. */
export const orgSetupRoutes = (ctx: AppContext) => [
  handle(S.all, async (req) => ok(await listAll(ctx, req.auth!))),
  handle(S.listSubOrgAll, async (req) => ok(await listSubOrgAll(ctx, req.auth!, req.query.orgId))),
  handle(S.listPage, async (req) => ok(await listPage(ctx, req.auth!, req.body))),
  handle(S.findOrgByName, async (req) => ok(await findByName(ctx, req.auth!, req.body.name))),
  handle(S.queryOrgByName, async (req) => ok(await findByName(ctx, req.auth!, req.body.name))),
  handle(S.hasMembers, async (req) => ok(await hasMembers(ctx, req.auth!, req.query.orgId))),
  handle(S.add, async (req) => ok(await addOrg(ctx, req.auth!, req.body), '新增成功')),
  handle(S.update, async (req) => {
    await updateOrg(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  handle(S.setStatus, async (req) => {
    await setOrgStatus(ctx, req.auth!, req.query.orgId, req.query.status)
    return ok(null, req.query.status === 0 ? '启用成功' : '停用成功')
  }),
  handle(S.unitAttrOfType, async (req) => ok(await unitAttrOfType(ctx, req.auth!, req.query.typeId))),
  handle(S.delete, async (req) => {
    await deleteOrg(ctx, req.auth!, req.query.orgId)
    return ok(null, '删除成功')
  }),
]

/** Excel: the template, an all-or-nothing import, and an export in the template's columns. */
export const orgExcelRoutes = (ctx: AppContext) => [
  handle(X.template, async (_req, reply) =>
    reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', attachmentHeader('机构导入模板.xlsx'))
      .send(orgTemplate()),
  ),
  handle(X.import, async (req) => {
    const file = await req.file()
    if (!file) throw badRequest('请选择要导入的文件')
    const result = await importOrgs(ctx, req.auth!, await uploadedBytes(file))
    return ok(result, `导入成功，共${result.imported}条`)
  }),
  handle(X.export, async (req, reply) =>
    reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', attachmentHeader('机构.xlsx'))
      .send(await exportOrgs(ctx, req.auth!, req.body)),
  ),
]

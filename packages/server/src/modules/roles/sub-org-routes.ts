import { ImportMsg, SubOrgMsg, roleImportContracts as I, subOrgContracts as S } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { badRequest } from '../../platform/errors.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { importTemplate, startImport } from '../imports/service.js'
import * as svc from './sub-org-service.js'
import { uploadedBytes } from '../../platform/uploaded-bytes.js'

/** sub/org/* (delegating a role to sub-orgs and their people) and the current user's delegated codes. */
export const subOrgRoutes = (ctx: AppContext) => [
  handle(S.orgs, async (req) => ok(await svc.pageSubOrgs(ctx, req.auth!, req.body))),
  handle(S.addOrgs, async (req) => {
    await svc.setSubOrgs(ctx, req.auth!, req.body, true)
    return ok(null, SubOrgMsg.ASSOCIATED)
  }),
  handle(S.removeOrgs, async (req) => {
    await svc.setSubOrgs(ctx, req.auth!, req.body, false)
    return ok(null, SubOrgMsg.DISSOCIATED)
  }),
  handle(S.people, async (req) => ok(await svc.pageSubOrgUsers(ctx, req.auth!, req.body, true))),
  handle(S.nonPeople, async (req) => ok(await svc.pageSubOrgUsers(ctx, req.auth!, req.body, false))),
  handle(S.addPeople, async (req) => {
    await svc.setSubOrgUsers(ctx, req.auth!, req.body, true)
    return ok(null, SubOrgMsg.ASSOCIATED)
  }),
  handle(S.removePeople, async (req) => {
    await svc.setSubOrgUsers(ctx, req.auth!, req.body, false)
    return ok(null, SubOrgMsg.DISSOCIATED)
  }),
  handle(S.mine, async (req) => ok(await svc.currentSubOrgPermissions(ctx, req.auth!))),
]

/** The role user import: its template and the upload that queues a roleUser job. */
export const roleImportRoutes = (ctx: AppContext) => [
  handle(I.template, async (_req, reply) =>
    reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', attachmentHeader('角色人员导入模板.xlsx'))
      .send(importTemplate('roleUser')),
  ),
  handle(I.import, async (req) => {
    const file = await req.file()
    if (!file) throw badRequest('请选择要导入的文件')
    return ok(
      await startImport(ctx, req.auth!, 'roleUser', file.filename || '角色人员.xlsx', await uploadedBytes(file)),
      ImportMsg.STARTED,
    )
  }),
]

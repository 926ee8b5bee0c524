import { privacyAuditContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { auditPack, auditPackName } from './audit-service.js'

/** /base/api/privacyAudit */
export const privacyAuditRoutes = (ctx: AppContext) => [
  handle(C.pack, async (req, reply) =>
    reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', attachmentHeader(auditPackName(req.query.year)))
      .send(await auditPack(ctx, req.auth!, req.query)),
  ),
]

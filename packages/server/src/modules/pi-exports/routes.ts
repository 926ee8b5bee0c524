import { piExportContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { downloadExport } from './download-service.js'
import { pageRequests, pendingCount, requestExport, reviewRequest } from './request-service.js'

/** /base/api/privacy/export */
export const piExportRoutes = (ctx: AppContext) => [
  handle(C.request, async (req) => ok(await requestExport(ctx, req.auth!, req.body), '已提交申请，请等待审批')),
  handle(C.page, async (req) => ok(await pageRequests(ctx, req.auth!, req.body))),
  handle(C.pendingCount, async (req) => ok(await pendingCount(ctx, req.auth!))),
  handle(C.approve, async (req) => {
    await reviewRequest(ctx, req.auth!, req.body, true)
    return ok(null, '已批准，文件生成后申请人可下载')
  }),
  handle(C.refuse, async (req) => {
    await reviewRequest(ctx, req.auth!, req.body, false)
    return ok(null, '已拒绝')
  }),
  handle(C.download, async (req, reply) => {
    const { file, name } = await downloadExport(ctx, req.auth!, req.body)
    return reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(name)).send(file)
  }),
]

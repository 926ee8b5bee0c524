import { schoolStatsContracts as C } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { snapshotForExport, snapshotList, snapshotView, takeSnapshot } from './service.js'
import { snapshotFileName, snapshotWorkbook } from './workbook.js'

/** /base/api/schoolStats */
export const schoolStatsRoutes = (ctx: AppContext) => [
  handle(C.take, async (req) => ok(await takeSnapshot(ctx, req.auth!, req.body), '统计快照已生成')),
  handle(C.list, async (req) => ok(await snapshotList(ctx, req.auth!))),
  handle(C.get, async (req) => ok(await snapshotView(ctx, req.auth!, req.body))),
  handle(C.export, async (req, reply) => {
    const view = await snapshotForExport(ctx, req.auth!, req.query.id)
    const file = await snapshotWorkbook(view)
    return reply
      .header('content-type', XLSX_MIME)
      .header('content-disposition', attachmentHeader(snapshotFileName(view)))
      .send(file)
  }),
]

import { IMPORT_KINDS, ImportMsg, importLogContracts as C, type ImportCalls, type ImportKind } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle, type BoundRoute } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { badRequest } from '../../platform/errors.js'
import * as svc from './service.js'
import { uploadedBytes } from '../../platform/uploaded-bytes.js'

const NAMES: Record<ImportKind, string> = IMPORT_KINDS

/** The handlers of one kind's importCalls (shared contracts/imports.ts): its template and its upload. */
export function importHandlers(ctx: AppContext, c: ImportCalls, kind: ImportKind): BoundRoute[] {
  return [
    handle(c.downloadExcelTemplate, async (_req, reply) =>
      reply
        .header('content-type', XLSX_MIME)
        .header('content-disposition', attachmentHeader(`${NAMES[kind]}导入模板.xlsx`))
        .send(svc.importTemplate(kind)),
    ),
    handle(c.importExcel, async (req) => {
      const file = await req.file()
      if (!file) throw badRequest('请选择要导入的文件')
      const orgField = file.fields.orgId as { value?: unknown } | undefined
      const orgId = orgField?.value !== undefined && orgField.value !== '' ? Number(orgField.value) : undefined
      if (orgId !== undefined && !Number.isSafeInteger(orgId)) throw badRequest('机构有误')
      return ok(
        await svc.startImport(
          ctx,
          req.auth!,
          kind,
          file.filename || `${NAMES[kind]}.xlsx`,
          await uploadedBytes(file),
          orgId,
        ),
        ImportMsg.STARTED,
      )
    }),
  ]
}

/** /base/api/commonImportLog: import logs and the running tasks of the progress panel. */
export const importLogRoutes = (ctx: AppContext) => [
  handle(C.logPage, async (req) => ok(await svc.pageTasks(ctx, req.auth!, req.body))),
  handle(C.logDetail, async (req) => ok(await svc.taskDetail(ctx, req.auth!, req.query.id))),
  handle(C.logErrors, async (req, reply) => {
    const { name, body } = await svc.errorRows(ctx, req.auth!, req.query.id)
    return reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(name)).send(body)
  }),
  handle(C.logReasons, async (req) => ok(await svc.errorReasons(ctx, req.auth!, req.query.id))),
  handle(C.currentTasks, async (req) => ok(await svc.currentTasks(ctx, req.auth!))),
  handle(C.cancelTask, async (req) => {
    await svc.cancelTask(ctx, req.auth!, req.body.id)
    return ok(null, ImportMsg.CANCELLED)
  }),
]

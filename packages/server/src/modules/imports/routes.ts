import { IMPORT_KIND_VIEW_CODE, IMPORT_KINDS, ImportMsg, envelopeSchema, importLogPageBody, importTask, pageOf, type ImportKind, zId } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { badRequest } from '../../platform/errors.js'
import * as svc from './service.js'

const NAMES: Record<ImportKind, string> = IMPORT_KINDS

/** downloadExcelTemplate and importExcel for one kind of person, inside that kind's route group. */
export async function importRoutesFor(ctx: AppContext, app: FastifyInstance, kind: ImportKind, tags: string[], permission: string): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.get('/downloadExcelTemplate', { config: { permission }, schema: { tags, summary: `${NAMES[kind]}导入模板（xlsx）` } },
    async (_req, reply) => reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(`${NAMES[kind]}导入模板.xlsx`)).send(svc.importTemplate(kind)))
  r.post('/importExcel', {
    config: { permission },
    schema: { tags, summary: `导入${NAMES[kind]}（multipart 文件字段 file，可选字段 orgId；创建导入任务，进度见 commonImportLog）`, consumes: ['multipart/form-data'], response: { 200: envelopeSchema(importTask) } },
  }, async (req) => {
    const file = await req.file()
    if (!file) throw badRequest('请选择要导入的文件')
    const orgField = file.fields.orgId as { value?: unknown } | undefined
    const orgId = orgField?.value !== undefined && orgField.value !== '' ? Number(orgField.value) : undefined
    if (orgId !== undefined && !Number.isSafeInteger(orgId)) throw badRequest('机构有误')
    return ok(await svc.startImport(ctx, req.auth!, kind, file.filename || `${NAMES[kind]}.xlsx`, await file.toBuffer(), orgId), ImportMsg.STARTED)
  })
}

/** /base/api/commonImportLog: import logs and the running tasks of the progress panel. */
export function importLogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['导入任务']
    // Any area that imports; the service then shows only the kinds of the caller's codes.
    const config = { permission: [...new Set(Object.values(IMPORT_KIND_VIEW_CODE))] }
    const id = z.object({ id: zId() })
    r.post('/log/page', { config, schema: { tags, summary: '导入记录分页（本机构）', body: importLogPageBody, response: { 200: envelopeSchema(pageOf(importTask)) } } },
      async (req) => ok(await svc.pageTasks(ctx, req.auth!, req.body)))
    r.get('/log/detail', { config, schema: { tags, summary: '导入任务详情与进度', querystring: id, response: { 200: envelopeSchema(importTask) } } },
      async (req) => ok(await svc.taskDetail(ctx, req.auth!, req.query.id)))
    r.get('/log/errors', { config, schema: { tags, summary: '导入失败的行（xlsx，含错误原因）', querystring: id } },
      async (req, reply) => {
        const { name, body } = await svc.errorRows(ctx, req.auth!, req.query.id)
        return reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(name)).send(body)
      })
    r.get('/task/current', { config, schema: { tags, summary: '当前用户进行中（及一分钟内结束）的导入任务', response: { 200: envelopeSchema(z.array(importTask)) } } },
      async (req) => ok(await svc.currentTasks(ctx, req.auth!)))
    r.post('/task/cancel', { config, schema: { tags, summary: '取消导入任务', body: id } },
      async (req) => { await svc.cancelTask(ctx, req.auth!, req.body.id); return ok(null, ImportMsg.CANCELLED) })
  }
}

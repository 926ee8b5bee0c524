import {
  ComplaintMsg, complaintAdminBody, complaintClassBody, complaintClassRow, complaintConfig, complaintHandler, complaintConfigQuery, complaintIdBody,
  complaintIdQuery, complaintMineBody, complaintRow, complaintStatusBody, complaintSubmitBody, envelopeSchema, pageOf,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { bearerToken } from '../../platform/auth-hook.js'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { badRequest } from '../../platform/errors.js'
import { resolveSession } from '../../platform/session.js'
import { tenantIdOfOrg } from '../tenant/service.js'
import { deleteClass, hasComplaints, isHandler, listClasses, saveClass, staffChoices } from './class-service.js'
import { adminList, changeStatus, detail, mine, pendingCount, submit } from './complaint-service.js'
import { getConfig, setConfig } from './config-service.js'

const base = { permission: 'sc_menhu_newFeedback_config_base_config' }

/**
 * /base/complainSuggestion (001 §7.5). Config and classifications are written by base-config holders; any
 * member reads the classes and submits; the lists check list-code or handler scope in the service.
 */
export function complaintRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['投诉建议']
    r.get('/config/get', {
      config: { public: true },
      schema: { tags, summary: '投诉建议配置（登录用户：当前机构；访客：需带 orgId）', querystring: complaintConfigQuery, response: { 200: envelopeSchema(complaintConfig) } },
    }, async (req) => {
      const token = bearerToken(req)
      const s = token ? await resolveSession(ctx, token) : null
      if (s) return ok(await getConfig(ctx, s.tenantId, s.orgId))
      if (!req.query.orgId) throw badRequest(ComplaintMsg.ORG_REQUIRED)
      const tenantId = await tenantIdOfOrg(ctx, req.query.orgId)
      // An unknown org answers like a disabled feature, so visitors cannot probe org ids.
      return ok(tenantId === null ? complaintConfig.parse({}) : await getConfig(ctx, tenantId, req.query.orgId))
    })
    r.post('/config/set', { config: base, schema: { tags, summary: '保存投诉建议配置', body: complaintConfig } },
      async (req) => { await setConfig(ctx, req.auth!, req.body); return ok(null, '保存成功') })

    r.get('/classification/list', { schema: { tags, summary: '本机构的分类（含处理人）', response: { 200: envelopeSchema(z.array(complaintClassRow)) } } },
      async (req) => ok(await listClasses(ctx, req.auth!)))
    r.post('/classification/add', { config: base, schema: { tags, summary: '新增分类', body: complaintClassBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await saveClass(ctx, req.auth!, { ...req.body, id: undefined }), '新增成功'))
    r.post('/classification/update', { config: base, schema: { tags, summary: '编辑分类与处理人', body: complaintClassBody.required({ id: true }) } },
      async (req) => { await saveClass(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.post('/classification/delete', { config: base, schema: { tags, summary: '删除分类（已有投诉建议的不能删）', body: complaintIdBody } },
      async (req) => { await deleteClass(ctx, req.auth!, req.body.id); return ok(null, '删除成功') })
    r.get('/classification/hasComplainSuggestion', { config: base, schema: { tags, summary: '分类下是否已有投诉建议', querystring: complaintIdQuery, response: { 200: envelopeSchema(z.boolean()) } } },
      async (req) => ok(await hasComplaints(ctx, req.auth!, req.query.id)))
    r.get('/classification/staff', { config: base, schema: { tags, summary: '可选处理人（本机构教职工，最多50人）', querystring: z.object({ keyword: z.string().trim().max(30).default('') }), response: { 200: envelopeSchema(z.array(complaintHandler)) } } },
      async (req) => ok(await staffChoices(ctx, req.auth!, req.query.keyword)))
    r.get('/classification/checkUserIsAdmin', { schema: { tags, summary: '当前用户是否为某分类的处理人', response: { 200: envelopeSchema(z.boolean()) } } },
      async (req) => ok(await isHandler(ctx, req.auth!)))
    r.post('/classification/listByCurrentUser', { schema: { tags, summary: '我提交的投诉建议（含回复）', body: complaintMineBody, response: { 200: envelopeSchema(pageOf(complaintRow)) } } },
      async (req) => ok(await mine(ctx, req.auth!, req.body)))

    r.post('/add', { schema: { tags, summary: '提交投诉建议（功能开启且身份允许）', body: complaintSubmitBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await submit(ctx, req.auth!, req.body), ComplaintMsg.SUBMITTED))
    r.post('/queryListForAdmin', { schema: { tags, summary: '投诉建议列表（all：需投诉建议列表权限；mine：自己处理的分类）', body: complaintAdminBody, response: { 200: envelopeSchema(pageOf(complaintRow)) } } },
      async (req) => ok(await adminList(ctx, req.auth!, req.body)))
    r.get('/getComplaintSuggestionCount', { schema: { tags, summary: '待处理数量（红点）', response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await pendingCount(ctx, req.auth!)))
    r.get('/getDetail', { schema: { tags, summary: '投诉建议详情（匿名提交对处理人隐藏姓名）', querystring: complaintIdQuery, response: { 200: envelopeSchema(complaintRow) } } },
      async (req) => ok(await detail(ctx, req.auth!, req.query.id)))
    r.post('/changeStatus', { schema: { tags, summary: '变更状态并回复（分类处理人或投诉建议列表权限）', body: complaintStatusBody } },
      async (req) => { await changeStatus(ctx, req.auth!, req.body); return ok(null, ComplaintMsg.HANDLED) })
  }
}

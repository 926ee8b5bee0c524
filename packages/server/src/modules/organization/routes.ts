import { changeOrgQuery, envelopeSchema, Msg, orgAddBody, orgInfo as orgInfoSchema, orgListPageBody, orgPublicInfo as orgPublicInfoSchema, orgRow, orgUpdateBody, pageOf, zId, zNumber } from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { badRequest } from '../../platform/errors.js'
import { addOrg, deleteOrg, findByName, hasMembers, listAll, listPage, listSubOrgAll, setOrgStatus, updateOrg } from './admin-service.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { exportOrgs, importOrgs, orgTemplate } from './excel-service.js'
import { changeOrg, orgInfo, orgPublicInfo } from './service.js'
import { unitAttrOfType } from './type-service.js'

export function organizationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['organizationUnit']

    r.get('/get', {
      schema: { tags, summary: '机构信息', querystring: z.object({ orgId: zNumber().int().optional() }), response: { 200: envelopeSchema(orgInfoSchema) } },
    }, async (req) => ok(await orgInfo(ctx, req.auth!, req.query.orgId)))

    r.get('/changeOrg', {
      schema: { tags, summary: '切换机构，返回新令牌', querystring: changeOrgQuery, response: { 200: envelopeSchema(z.string()) } },
    }, async (req) => ok(await changeOrg(ctx, req.auth!, req.query.newOrgId, req.query.accountId), Msg.SWITCH_OK))

    r.get('/public/info', {
      config: { public: true },
      schema: { tags, summary: '机构公开信息（登录页）', querystring: z.object({ orgId: zNumber().int() }), response: { 200: envelopeSchema(orgPublicInfoSchema) } },
    }, async (req) => ok(await orgPublicInfo(ctx, req.query.orgId)))

    // Organisation setup (base-organization/orgSet): reads are scoped to the caller's org and below.
    const orgIdQuery = z.object({ orgId: zNumber().int() })
    r.get('/all', { schema: { tags, summary: '本机构及下级机构（树）', response: { 200: envelopeSchema(z.array(orgRow)) } } },
      async (req) => ok(await listAll(ctx, req.auth!)))
    r.get('/listSubOrgAll', { schema: { tags, summary: '全部下级机构', querystring: orgIdQuery, response: { 200: envelopeSchema(z.array(orgRow)) } } },
      async (req) => ok(await listSubOrgAll(ctx, req.auth!, req.query.orgId)))
    r.post('/listPage', {
      config: { permission: 'base_organization' },
      schema: { tags, summary: '机构分页列表', body: orgListPageBody, response: { 200: envelopeSchema(pageOf(orgRow)) } },
    }, async (req) => ok(await listPage(ctx, req.auth!, req.body)))
    for (const path of ['/findOrgByName', '/queryOrgByName']) {
      r.post(path, {
        schema: { tags, summary: '按名称查找机构', body: z.object({ name: z.string().trim().min(1, '请输入机构名称').max(50) }), response: { 200: envelopeSchema(z.array(orgRow)) } },
      }, async (req) => ok(await findByName(ctx, req.auth!, req.body.name)))
    }
    r.get('/checkOrgHasMembers', {
      config: { permission: 'base_organization' },
      schema: { tags, summary: '机构下是否有人员（删除前检查）', querystring: orgIdQuery, response: { 200: envelopeSchema(z.boolean()) } },
    }, async (req) => ok(await hasMembers(ctx, req.auth!, req.query.orgId)))
    r.post('/add', {
      config: { permission: 'base_org_add' },
      schema: { tags, summary: '新增机构或部门', body: orgAddBody, response: { 200: envelopeSchema(z.number()) } },
    }, async (req) => ok(await addOrg(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', {
      config: { permission: 'base_org_edit' },
      schema: { tags, summary: '编辑机构', body: orgUpdateBody },
    }, async (req) => { await updateOrg(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.get('/status/new', {
      config: { permission: 'base_org_enable' },
      schema: { tags, summary: '启用/停用机构', querystring: orgIdQuery.extend({ status: zNumber().int().min(0).max(1) }) },
    }, async (req) => { await setOrgStatus(ctx, req.auth!, req.query.orgId, req.query.status); return ok(null, req.query.status === 0 ? '启用成功' : '停用成功') })
    // Excel: the template, an all-or-nothing import, and an export in the template's columns.
    r.get('/downloadExcelTemplate', { config: { permission: 'base_organization' }, schema: { tags, summary: '机构导入模板（xlsx）' } },
      async (_req, reply) => reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('机构导入模板.xlsx')).send(orgTemplate()))
    r.post('/importExcel', { config: { permission: 'base_org_add' }, schema: { tags, summary: '导入机构（multipart 文件字段 file；有误则全部不导入并列出错误行）', consumes: ['multipart/form-data'] } },
      async (req) => {
        const file = await req.file()
        if (!file) throw badRequest('请选择要导入的文件')
        const result = await importOrgs(ctx, req.auth!, await file.toBuffer())
        return ok(result, `导入成功，共${result.imported}条`)
      })
    r.post('/exportExcel', {
      config: { permission: 'base_organization' },
      schema: { tags, summary: '导出机构（xlsx）', body: z.object({ keyword: z.string().trim().max(50).optional().nullable(), status: zNumber().int().min(0).max(1).optional().nullable() }).default({}) },
    }, async (req, reply) => reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('机构.xlsx')).send(await exportOrgs(ctx, req.auth!, req.body)))

    r.get('/getOrgUnitAttrByType', {
      schema: { tags, summary: '机构类型对应的单位属性', querystring: z.object({ typeId: zId() }), response: { 200: envelopeSchema(z.number().nullable()) } },
    }, async (req) => ok(await unitAttrOfType(ctx, req.auth!, req.query.typeId)))
    r.get('/delete/new', {
      config: { permission: 'base_org_delete' },
      schema: { tags, summary: '删除机构（无下级、无人员时）', querystring: orgIdQuery },
    }, async (req) => { await deleteOrg(ctx, req.auth!, req.query.orgId); return ok(null, '删除成功') })
  }
}

import {
  ImportMsg, SubOrgMsg, envelopeSchema, importTask, pageOf, roleMemberRow, subOrgAssociateBody, subOrgPageBody, subOrgPermission, subOrgRow,
  subOrgUserBody, subOrgUserPageBody,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { badRequest } from '../../platform/errors.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { importTemplate, startImport } from '../imports/service.js'
import * as svc from './sub-org-service.js'

const manage = { permission: 'permission_role' }

/** sub/org/* (delegating a role to sub-orgs and their people), the current user's delegated codes, and the role user import. */
export function subOrgRoutes(ctx: AppContext, app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['角色授权']
  r.post('/sub/org/findAssociatedSubOrg', { config: manage, schema: { tags, summary: '角色关联的下级机构（associated=false 未关联，null 全部）', body: subOrgPageBody, response: { 200: envelopeSchema(pageOf(subOrgRow)) } } },
    async (req) => ok(await svc.pageSubOrgs(ctx, req.auth!, req.body)))
  r.post('/sub/org/associatedAccount', { config: manage, schema: { tags, summary: '把角色下放给下级机构', body: subOrgAssociateBody } },
    async (req) => { await svc.setSubOrgs(ctx, req.auth!, req.body, true); return ok(null, SubOrgMsg.ASSOCIATED) })
  r.post('/sub/org/delAssociatedAccount', { config: manage, schema: { tags, summary: '取消下级机构的关联（同时移除该机构中被授予此角色的人员）', body: subOrgAssociateBody } },
    async (req) => { await svc.setSubOrgs(ctx, req.auth!, req.body, false); return ok(null, SubOrgMsg.DISSOCIATED) })
  r.post('/sub/org/user/findUserAssociated', { config: manage, schema: { tags, summary: '下级机构中被授予该角色的人员', body: subOrgUserPageBody, response: { 200: envelopeSchema(pageOf(roleMemberRow)) } } },
    async (req) => ok(await svc.pageSubOrgUsers(ctx, req.auth!, req.body, true)))
  r.post('/sub/org/user/findUserNotAssociated', { config: manage, schema: { tags, summary: '下级机构中未被授予该角色的人员', body: subOrgUserPageBody, response: { 200: envelopeSchema(pageOf(roleMemberRow)) } } },
    async (req) => ok(await svc.pageSubOrgUsers(ctx, req.auth!, req.body, false)))
  r.post('/sub/org/user/associatedAccount', { config: manage, schema: { tags, summary: '授予下级机构人员该角色', body: subOrgUserBody } },
    async (req) => { await svc.setSubOrgUsers(ctx, req.auth!, req.body, true); return ok(null, SubOrgMsg.ASSOCIATED) })
  r.post('/sub/org/user/delAssociatedAccount', { config: manage, schema: { tags, summary: '收回下级机构人员的该角色', body: subOrgUserBody } },
    async (req) => { await svc.setSubOrgUsers(ctx, req.auth!, req.body, false); return ok(null, SubOrgMsg.DISSOCIATED) })
  // 000 §7.3: any signed-in user, about themselves.
  r.get('/sub/org/permission/current/user', { schema: { tags, summary: '当前用户在各机构由上级下放的角色与权限', response: { 200: envelopeSchema(z.array(subOrgPermission)) } } },
    async (req) => ok(await svc.currentSubOrgPermissions(ctx, req.auth!)))

  r.get('/downloadExcelTemplate', { config: manage, schema: { tags, summary: '角色人员导入模板（xlsx：登录名/手机号、姓名、角色名称）' } },
    async (_req, reply) => reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('角色人员导入模板.xlsx')).send(importTemplate('roleUser')))
  r.post('/import', {
    config: manage,
    schema: { tags, summary: '导入角色人员（multipart 文件字段 file；创建导入任务，进度见 commonImportLog）', consumes: ['multipart/form-data'], response: { 200: envelopeSchema(importTask) } },
  }, async (req) => {
    const file = await req.file()
    if (!file) throw badRequest('请选择要导入的文件')
    return ok(await startImport(ctx, req.auth!, 'roleUser', file.filename || '角色人员.xlsx', await file.toBuffer()), ImportMsg.STARTED)
  })
}

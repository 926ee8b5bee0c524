import {
  allianceCandidate, allianceDecisionBody, allianceImage, allianceImportAnswer, allianceImportQuery, allianceKeywordQuery, allianceLeaveBody,
  allianceMemberListBody, allianceMemberOrg, allianceMemberPage, allianceMembership, AllianceMsg, allianceOptionalOrgQuery, allianceOrgListQuery,
  allianceOrgQuery, allianceRefuseBody, allianceRoot, allianceSetting, applyJoinAnswer, applyJoinBody, AllianceStatus, envelopeSchema,
  registerAllianceBody, saveAllianceHeaderBody, saveAllianceImagesBody, setAllianceSettingBody,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import { badRequest } from '../../platform/errors.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { allianceSchoolTemplate, importAllianceSchools } from './excel-service.js'
import * as svc from './service.js'

const tags = ['学校联盟']
const manage = { permission: svc.ALLIANCE_MANAGE }
const join = { permission: svc.ALLIANCE_JOIN }

/**
 * /base/api/juxiao (000 §7.8) and the leave/approve/refuse calls the spec leaves unnamed (docs/alliances.md).
 * Reads need a session and membership (or administration) of the alliance; writes need alliance_manage (the
 * alliance's administrators) or alliance_join (an org's own applications), checked again against the org tree.
 */
export function juxiaoRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.get('/getRootOrg', { schema: { tags, summary: '联盟根机构（所给机构或当前机构所在的联盟；无则为空）', querystring: allianceOptionalOrgQuery, response: { 200: envelopeSchema(allianceRoot.nullable()) } } },
      async (req) => ok(await svc.rootOrg(ctx, req.auth!, req.query.orgId)))
    r.get('/getOrgList', { schema: { tags, summary: '联盟成员单位（仅名称，不含人员与基础数据）', querystring: allianceOrgListQuery, response: { 200: envelopeSchema(z.array(allianceMemberOrg)) } } },
      async (req) => ok(await svc.memberOrgs(ctx, req.auth!, req.query.orgId, req.query.keyword)))
    r.get('/getJuxiaoSetting', { schema: { tags, summary: '联盟设置（简介、文化、审核、跨平台加入、共享应用）', querystring: allianceOrgQuery, response: { 200: envelopeSchema(allianceSetting) } } },
      async (req) => ok(await svc.allianceSetting(ctx, req.auth!, req.query.orgId)))
    r.get('/getImagesByOrgId', { schema: { tags, summary: '联盟背景图', querystring: allianceOrgQuery, response: { 200: envelopeSchema(z.array(allianceImage)) } } },
      async (req) => ok(await svc.allianceImages(ctx, req.auth!, req.query.orgId)))
    r.get('/getJoinedAndAuditingList', { schema: { tags, summary: '当前机构已加入、审核中（及最近被拒绝）的联盟', response: { 200: envelopeSchema(z.array(allianceMembership)) } } },
      async (req) => ok(await svc.joinedAndAuditing(ctx, req.auth!)))
    r.get('/checkIsAdmin', { schema: { tags, summary: '是否为联盟管理员（所给联盟，或当前机构及以下的任一联盟）', querystring: allianceOptionalOrgQuery, response: { 200: envelopeSchema(z.boolean()) } } },
      async (req) => ok(await svc.checkIsAdmin(ctx, req.auth!, req.query.orgId)))
    r.get('/getManagedList', { schema: { tags, summary: '本人管理的联盟', response: { 200: envelopeSchema(z.array(allianceRoot)) } } },
      async (req) => ok(await svc.managedAlliances(ctx, req.auth!)))
    r.get('/getAllParentOrgList', { schema: { tags, summary: '当前机构可申请加入的联盟（本租户的，及允许其他平台单位加入的）', querystring: allianceKeywordQuery, response: { 200: envelopeSchema(z.array(allianceCandidate)) } } },
      async (req) => ok(await svc.candidates(ctx, req.auth!, req.query.keyword)))
    r.post('/registerPage', { config: manage, schema: { tags, summary: '创建联盟（单位属性8，联盟标记）', body: registerAllianceBody, response: { 200: envelopeSchema(z.object({ orgId: z.number() })) } } },
      async (req) => ok(await svc.register(ctx, req.auth!, req.body), AllianceMsg.FOUNDED))
    r.post('/applyJoin', { config: join, schema: { tags, summary: '当前机构申请加入联盟', body: applyJoinBody, response: { 200: envelopeSchema(applyJoinAnswer) } } },
      async (req) => {
        const res = await svc.applyJoin(ctx, req.auth!, req.body.allianceOrgId, req.body.reason)
        return ok(res, res.status === AllianceStatus.JOINED ? AllianceMsg.JOINED : AllianceMsg.APPLIED)
      })
    r.post('/leave', { config: join, schema: { tags, summary: '离开联盟（或撤回审核中的申请）', body: allianceLeaveBody } },
      async (req) => { await svc.leave(ctx, req.auth!, req.body.allianceOrgId); return ok(null, AllianceMsg.LEFT) })
    r.post('/setJuxiaoSetting', { config: manage, schema: { tags, summary: '保存联盟设置', body: setAllianceSettingBody } },
      async (req) => { await svc.saveSetting(ctx, req.auth!, req.body); return ok(null, AllianceMsg.SAVED) })
    r.post('/saveOrgBackgroundImage', { config: manage, schema: { tags, summary: '保存联盟背景图（整组替换）', body: saveAllianceImagesBody, response: { 200: envelopeSchema(z.array(allianceImage)) } } },
      async (req) => ok(await svc.saveImages(ctx, req.auth!, req.body.orgId, req.body.images), AllianceMsg.SAVED))
    r.post('/saveHeaderConfig', { config: manage, schema: { tags, summary: '保存联盟顶部配置（联盟门户的顶部）', body: saveAllianceHeaderBody } },
      async (req) => { await svc.saveHeader(ctx, req.auth!, req.body.orgId, req.body.value); return ok(null, AllianceMsg.SAVED) })
    r.post('/approve', { config: manage, schema: { tags, summary: '通过加入申请', body: allianceDecisionBody } },
      async (req) => { await svc.decide(ctx, req.auth!, req.body.id, true); return ok(null, AllianceMsg.APPROVED) })
    r.post('/refuse', { config: manage, schema: { tags, summary: '拒绝加入申请', body: allianceRefuseBody } },
      async (req) => { await svc.decide(ctx, req.auth!, req.body.id, false, req.body.reason); return ok(null, AllianceMsg.REFUSED) })
    r.post('/removeMember', { config: manage, schema: { tags, summary: '将成员单位移出联盟', body: allianceDecisionBody } },
      async (req) => { await svc.removeMember(ctx, req.auth!, req.body.id); return ok(null, AllianceMsg.REMOVED) })
  }
}

/** The alliance calls under /base/api/organizationUnit (000 §7.7). */
export function allianceOrgRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    r.post('/getAllianceSchoolMemberOrgList', { config: manage, schema: { tags, summary: '联盟成员与加入申请（联盟管理员）', body: allianceMemberListBody, response: { 200: envelopeSchema(allianceMemberPage) } } },
      async (req) => ok(await svc.memberRows(ctx, req.auth!, req.body)))
    r.get('/downloadAllianceSchoolExcelTemplate', { config: manage, schema: { tags, summary: '联盟学校导入模板（xlsx）' } },
      async (_req, reply) => reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader('联盟学校导入模板.xlsx')).send(allianceSchoolTemplate()))
    r.post('/importAllianceSchoolExcel', { config: manage, schema: { tags, summary: '导入联盟学校（multipart 文件字段 file，查询参数 orgId；有误则全部不导入）', querystring: allianceImportQuery, consumes: ['multipart/form-data'], response: { 200: envelopeSchema(allianceImportAnswer) } } },
      async (req) => {
        if (!req.isMultipart()) throw badRequest(AllianceMsg.CHOOSE_FILE)
        const file = await req.file()
        if (!file) throw badRequest(AllianceMsg.CHOOSE_FILE)
        const result = await importAllianceSchools(ctx, req.auth!, req.query.orgId, await file.toBuffer())
        return ok(result, `导入成功，共${result.imported}条`)
      })
  }
}

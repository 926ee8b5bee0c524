import {
  PeopleMsg, UserType, changeAddBody, changeClassBody, changePageBody, changeRow, joinApplyBody, joinDecideBody, joinPageBody, joinRow, logPageBody, logRow,
  searchPersonBody, searchPersonRow, teacherDetail, studentDetail, childParent, departmentRow, envelopeSchema, idsBody, pageOf, parentAddBody, parentBindBody, parentPageBody, parentRow, parentUnbindBody,
  studentAddBody, studentPageBody, studentRow, studentUpdateBody, teacherAddBody, teacherPageBody, teacherRow, teacherUpdateBody, zId, zNumber,
} from '@zhixiao/shared'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { Readable } from 'node:stream'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../platform/context.js'
import { statusAndDeleteRoutes } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { archiveMembers, deleteMember, resetMemberPassword, setMemberStatus } from './member-actions.js'
import { exportParents, exportStudents, exportTeachers } from './export-service.js'
import * as parents from './parent-service.js'
import * as students from './student-service.js'
import * as teachers from './teacher-service.js'
import { importRoutesFor } from '../imports/routes.js'
import { addChange, pageChanges } from './change-service.js'
import { applyToJoin, decideJoin, pageJoinRequests } from './join-service.js'
import { pageOperationLog, searchPeople } from './search-service.js'

const can = (permission: string) => ({ permission })
const id = z.object({ id: zId() })
const read = can('base_user_account')
/** 学生 → 家长管理 (000 §6): the parents drawer of a student row (web ParentsDrawer). */
const STUDENT_PARENT_CODE = 'base_student_parent'
const sendXlsx = (reply: FastifyReply, name: string, body: Readable) =>
  reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(name)).send(body)

/** The calls every kind shares: archive/restore, reset password, enable/disable and delete, each with its button code. */
function memberActionRoutes(ctx: AppContext, app: FastifyInstance, userType: number, noun: string, codes: { archive: string; reset: string; enable: string; remove: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tags = [noun]
  r.post('/archive', { config: can(codes.archive), schema: { tags, summary: `归档${noun}`, body: idsBody } },
    async (req) => { await archiveMembers(ctx, req.auth!, userType, req.body.ids, true); return ok(null, '归档成功') })
  r.post('/resetArchive', { config: can(codes.archive), schema: { tags, summary: `恢复归档${noun}`, body: idsBody } },
    async (req) => { await archiveMembers(ctx, req.auth!, userType, req.body.ids, false); return ok(null, '恢复成功') })
  r.post('/resetPassword', { config: can(codes.reset), schema: { tags, summary: `重置${noun}密码为初始密码`, body: id } },
    async (req) => { await resetMemberPassword(ctx, req.auth!, userType, req.body.id); return ok(null, PeopleMsg.RESET_DONE) })
  statusAndDeleteRoutes(app, {
    tags, noun, config: can(codes.enable), deleteConfig: can(codes.remove),
    setStatus: (a, i, s) => setMemberStatus(ctx, a, userType, i, s), remove: (a, i) => deleteMember(ctx, a, userType, i),
  })
}

/** /base/api/userInfo/teacherInfo */
export function teacherRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['教师']
    r.post('/page', { config: read, schema: { tags, summary: '教师分页（archived 为归档教师）', body: teacherPageBody, response: { 200: envelopeSchema(pageOf(teacherRow)) } } },
      async (req) => ok(await teachers.pageTeachers(ctx, req.auth!, req.body)))
    r.get('/detail', { config: read, schema: { tags, summary: '教师详情（含所属机构）', querystring: id, response: { 200: envelopeSchema(teacherDetail) } } },
      async (req) => ok(await teachers.teacherDetail(ctx, req.auth!, req.query.id)))
    r.post('/add', { config: can('base_teacher_add'), schema: { tags, summary: '新增教师（手机号已有账号则加入本机构）', body: teacherAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await teachers.addTeacher(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config: can('base_teacher_edit'), schema: { tags, summary: '编辑教师', body: teacherUpdateBody } },
      async (req) => { await teachers.updateTeacher(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    memberActionRoutes(ctx, app, UserType.STAFF, '教师', { archive: 'base_teacher_archive', reset: 'base_teacher_reset_pwd', enable: 'base_teacher_enable', remove: 'base_teacher_delete' })
    r.post('/export', { config: can('base_teacher_export'), schema: { tags, summary: '导出教师（xlsx，流式）', body: teacherPageBody.omit({ pageIndex: true, pageSize: true }) } },
      async (req, reply) => sendXlsx(reply, '教师.xlsx', await exportTeachers(ctx, req.auth!, req.body)))
    await importRoutesFor(ctx, app, 'teacher', tags, 'base_teacher_add')
  }
}

/** /base/api/userInfo/studentInfo (students and students-zz) */
export function studentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['学生']
    r.post('/page', { config: read, schema: { tags, summary: '学生分页（archived 为归档学生）', body: studentPageBody, response: { 200: envelopeSchema(pageOf(studentRow)) } } },
      async (req) => ok(await students.pageStudents(ctx, req.auth!, req.body)))
    r.get('/detail', { config: read, schema: { tags, summary: '学生详情（含家长）', querystring: id, response: { 200: envelopeSchema(studentDetail) } } },
      async (req) => ok(await students.studentDetail(ctx, req.auth!, req.query.id)))
    r.post('/add', { config: can('base_student_add'), schema: { tags, summary: '新增学生（登录名默认为学号）', body: studentAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await students.addStudent(ctx, req.auth!, req.body), '新增成功'))
    r.post('/update', { config: can('base_student_edit'), schema: { tags, summary: '编辑学生', body: studentUpdateBody } },
      async (req) => { await students.updateStudent(ctx, req.auth!, req.body); return ok(null, '编辑成功') })
    r.post('/changeClass', { config: can('base_student_change_class'), schema: { tags, summary: '调班', body: changeClassBody } },
      async (req) => { await students.changeClass(ctx, req.auth!, req.body); return ok(null, '调班成功') })
    memberActionRoutes(ctx, app, UserType.STUDENT, '学生', { archive: 'base_student_archive', reset: 'base_student_reset_pwd', enable: 'base_student_enable', remove: 'base_student_delete' })
    r.post('/export', { config: read, schema: { tags, summary: '导出学生（xlsx，流式）', body: studentPageBody.omit({ pageIndex: true, pageSize: true }) } },
      async (req, reply) => sendXlsx(reply, '学生.xlsx', await exportStudents(ctx, req.auth!, req.body)))
    await importRoutesFor(ctx, app, 'student', tags, 'base_student_add')
  }
}

/** /base/api/userInfo/parentBindChild */
export function parentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['家长']
    r.post('/page', { config: read, schema: { tags, summary: '家长分页（含绑定的学生）', body: parentPageBody, response: { 200: envelopeSchema(pageOf(parentRow)) } } },
      async (req) => ok(await parents.pageParents(ctx, req.auth!, req.body)))
    r.get('/parents', { config: read, schema: { tags, summary: '学生的家长', querystring: z.object({ childId: zId() }), response: { 200: envelopeSchema(z.array(childParent)) } } },
      async (req) => ok(await parents.parentsOfChild(ctx, req.auth!, req.query.childId)))
    // The student page's 家长管理 (base_student_parent) adds and unbinds a student's parents from its drawer too.
    r.post('/add', { config: { permission: ['base_parent_add', STUDENT_PARENT_CODE] }, schema: { tags, summary: '新增家长并绑定学生（手机号已有账号则直接绑定）', body: parentAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await parents.addParent(ctx, req.auth!, req.body), '新增成功'))
    r.post('/bind', { config: can('base_parent_manage'), schema: { tags, summary: '绑定学生', body: parentBindBody } },
      async (req) => { await parents.bindChild(ctx, req.auth!, req.body); return ok(null, '绑定成功') })
    r.post('/unbind', { config: { permission: ['base_parent_manage', STUDENT_PARENT_CODE] }, schema: { tags, summary: '解除绑定', body: parentUnbindBody } },
      async (req) => { await parents.unbindChild(ctx, req.auth!, req.body.parentId, req.body.childId); return ok(null, '解除成功') })
    memberActionRoutes(ctx, app, UserType.PARENT, '家长', { archive: 'base_parent_manage', reset: 'base_parent_manage', enable: 'base_parent_manage', remove: 'base_parent_delete' })
    r.post('/export', { config: can('base_parent_export'), schema: { tags, summary: '导出家长（xlsx，流式）', body: parentPageBody.omit({ pageIndex: true, pageSize: true }) } },
      async (req, reply) => sendXlsx(reply, '家长.xlsx', await exportParents(ctx, req.auth!, req.body)))
    await importRoutesFor(ctx, app, 'parent', tags, 'base_parent_add')
  }
}

/** /base/api/userInfo/department */
export function departmentRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().get('/list', { config: read, schema: { tags: ['教师'], summary: '机构的部门', querystring: z.object({ orgId: zNumber().int().optional() }), response: { 200: envelopeSchema(z.array(departmentRow)) } } },
      async (req) => ok(await teachers.listDepartments(ctx, req.auth!, req.query.orgId)))
  }
}

/** /base/api/userInfo/change: 异动 of teachers (typeChangeTeacher) and students (typeChangeStudent). */
export function changeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['异动']
    r.post('/page', { config: read, schema: { tags, summary: '异动记录（userType 1002 教师 / 1003 学生）', body: changePageBody, response: { 200: envelopeSchema(pageOf(changeRow)) } } },
      async (req) => ok(await pageChanges(ctx, req.auth!, req.body)))
    r.post('/add', { config: read, schema: { tags, summary: '新增异动（move 调动 / leave 归档 / none 仅记录）', body: changeAddBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await addChange(ctx, req.auth!, req.body), '异动成功'))
  }
}

/** /base/api/userInfo/joinAudit */
export function joinAuditRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['加入审核']
    r.post('/apply', { schema: { tags, summary: '申请加入机构（任何已登录用户）', body: joinApplyBody, response: { 200: envelopeSchema(z.number()) } } },
      async (req) => ok(await applyToJoin(ctx, req.auth!, req.body.orgId, req.body.reason), '申请已提交'))
    r.post('/page', { config: can('base_teacher_join_audit'), schema: { tags, summary: '加入申请（status 0 待审核 1 通过 2 拒绝）', body: joinPageBody, response: { 200: envelopeSchema(pageOf(joinRow)) } } },
      async (req) => ok(await pageJoinRequests(ctx, req.auth!, req.body)))
    r.post('/decide', { config: can('base_teacher_join_audit'), schema: { tags, summary: '通过或拒绝', body: joinDecideBody } },
      async (req) => { await decideJoin(ctx, req.auth!, req.body); return ok(null, req.body.approve ? '已通过' : '已拒绝') })
  }
}

/** /base/api/userInfo/searchPerson */
export function searchPersonRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post('/page', {
      config: can('base_search_person'),
      schema: { tags: ['人员查询'], summary: '辖区内人员查询', body: searchPersonBody, response: { 200: envelopeSchema(pageOf(searchPersonRow)) } },
    }, async (req) => ok(await searchPeople(ctx, req.auth!, req.body)))
  }
}

/** /base/api/importantLog */
export function keyLogRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post('/page', {
      config: can('base_log_monitor'),
      schema: { tags: ['关键日志'], summary: '关键操作日志（删除、重置密码、导入导出、归档、异动）', body: logPageBody, response: { 200: envelopeSchema(pageOf(logRow)) } },
    }, async (req) => ok(await pageOperationLog(ctx, req.auth!, req.body, true)))
  }
}

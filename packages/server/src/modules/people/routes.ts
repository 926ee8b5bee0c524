import {
  PeopleMsg,
  UserType,
  changeContracts,
  departmentContracts,
  importantLogContracts,
  joinAuditContracts,
  parentContracts as P,
  searchPersonContracts,
  studentContracts as S,
  teacherContracts as T,
  type MemberActionContracts,
} from '@zhixiao/shared'
import type { FastifyReply } from 'fastify'
import type { Readable } from 'node:stream'
import type { AppContext } from '../../platform/context.js'
import { handle, type BoundRoute } from '../../platform/contract-routes.js'
import { statusAndDeleteHandlers } from '../../platform/crud-routes.js'
import { ok } from '../../platform/envelope.js'
import { attachmentHeader, XLSX_MIME } from '../../platform/excel.js'
import { importHandlers } from '../imports/routes.js'
import { archiveMembers, deleteMember, resetMemberPassword, setMemberStatus } from './member-actions.js'
import { exportParents, exportStudents, exportTeachers } from './export-service.js'
import * as parents from './parent-service.js'
import * as students from './student-service.js'
import * as teachers from './teacher-service.js'
import { addChange, pageChanges } from './change-service.js'
import { applyToJoin, decideJoin, pageJoinRequests } from './join-service.js'
import { pageOperationLog, searchPeople } from './search-service.js'

const sendXlsx = (reply: FastifyReply, name: string, body: Readable) =>
  reply.header('content-type', XLSX_MIME).header('content-disposition', attachmentHeader(name)).send(body)

/** The handlers of a memberActions contract group (shared contracts/people.ts) for one kind of person. */
function memberActionHandlers(ctx: AppContext, c: MemberActionContracts, userType: number): BoundRoute[] {
  return [
    handle(c.archive, async (req) => {
      await archiveMembers(ctx, req.auth!, userType, req.body.ids, true)
      return ok(null, '归档成功')
    }),
    handle(c.resetArchive, async (req) => {
      await archiveMembers(ctx, req.auth!, userType, req.body.ids, false)
      return ok(null, '恢复成功')
    }),
    handle(c.resetPassword, async (req) => {
      await resetMemberPassword(ctx, req.auth!, userType, req.body.id)
      return ok(null, PeopleMsg.RESET_DONE)
    }),
    ...statusAndDeleteHandlers(c, {
      setStatus: (a, i, s) => setMemberStatus(ctx, a, userType, i, s),
      remove: (a, i) => deleteMember(ctx, a, userType, i),
    }),
  ]
}

/** /base/api/userInfo/teacherInfo */
export const teacherRoutes = (ctx: AppContext) => [
  handle(T.page, async (req) => ok(await teachers.pageTeachers(ctx, req.auth!, req.body))),
  handle(T.detail, async (req) => ok(await teachers.teacherDetail(ctx, req.auth!, req.query.id))),
  handle(T.add, async (req) => ok(await teachers.addTeacher(ctx, req.auth!, req.body), '新增成功')),
  handle(T.update, async (req) => {
    await teachers.updateTeacher(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  ...memberActionHandlers(ctx, T, UserType.STAFF),
  handle(T.export, async (req, reply) => sendXlsx(reply, '教师.xlsx', await exportTeachers(ctx, req.auth!, req.body))),
  ...importHandlers(ctx, T, 'teacher'),
]

/** /base/api/userInfo/studentInfo (students and students-zz) */
export const studentRoutes = (ctx: AppContext) => [
  handle(S.page, async (req) => ok(await students.pageStudents(ctx, req.auth!, req.body))),
  handle(S.detail, async (req) => ok(await students.studentDetail(ctx, req.auth!, req.query.id))),
  handle(S.add, async (req) => ok(await students.addStudent(ctx, req.auth!, req.body), '新增成功')),
  handle(S.update, async (req) => {
    await students.updateStudent(ctx, req.auth!, req.body)
    return ok(null, '编辑成功')
  }),
  handle(S.changeClass, async (req) => {
    await students.changeClass(ctx, req.auth!, req.body)
    return ok(null, '调班成功')
  }),
  ...memberActionHandlers(ctx, S, UserType.STUDENT),
  handle(S.export, async (req, reply) => sendXlsx(reply, '学生.xlsx', await exportStudents(ctx, req.auth!, req.body))),
  ...importHandlers(ctx, S, 'student'),
]

/** /base/api/userInfo/parentBindChild */
export const parentRoutes = (ctx: AppContext) => [
  handle(P.page, async (req) => ok(await parents.pageParents(ctx, req.auth!, req.body))),
  handle(P.parents, async (req) => ok(await parents.parentsOfChild(ctx, req.auth!, req.query.childId))),
  handle(P.add, async (req) => ok(await parents.addParent(ctx, req.auth!, req.body), '新增成功')),
  handle(P.bind, async (req) => {
    await parents.bindChild(ctx, req.auth!, req.body)
    return ok(null, '绑定成功')
  }),
  handle(P.unbind, async (req) => {
    await parents.unbindChild(ctx, req.auth!, req.body.parentId, req.body.childId)
    return ok(null, '解除成功')
  }),
  ...memberActionHandlers(ctx, P, UserType.PARENT),
  handle(P.export, async (req, reply) => sendXlsx(reply, '家长.xlsx', await exportParents(ctx, req.auth!, req.body))),
  ...importHandlers(ctx, P, 'parent'),
]

/** /base/api/userInfo/department, change (异动 of teachers and students), joinAudit, searchPerson and /base/api/importantLog */
export const peopleExtraRoutes = (ctx: AppContext) => [
  handle(departmentContracts.list, async (req) => ok(await teachers.listDepartments(ctx, req.auth!, req.query.orgId))),
  handle(changeContracts.page, async (req) => ok(await pageChanges(ctx, req.auth!, req.body))),
  handle(changeContracts.add, async (req) => ok(await addChange(ctx, req.auth!, req.body), '异动成功')),
  handle(joinAuditContracts.apply, async (req) =>
    ok(await applyToJoin(ctx, req.auth!, req.body.orgId, req.body.reason), '申请已提交'),
  ),
  handle(joinAuditContracts.page, async (req) => ok(await pageJoinRequests(ctx, req.auth!, req.body))),
  handle(joinAuditContracts.decide, async (req) => {
    await decideJoin(ctx, req.auth!, req.body)
    return ok(null, req.body.approve ? '已通过' : '已拒绝')
  }),
  handle(searchPersonContracts.page, async (req) => ok(await searchPeople(ctx, req.auth!, req.body))),
  handle(importantLogContracts.page, async (req) => ok(await pageOperationLog(ctx, req.auth!, req.body, true))),
]

/**
 * /base/api/userInfo (teachers, students, parents, departments, 异动, 加入审核, 人员查询, personal details) and
 * /base/api/importantLog: the people area (docs/people.md).
 */
import { get, post } from '../contract.js'
import { personalDetails, personalDetailsUpdateBody } from '../personal-details.js'
import { pageOf } from '../organization.js'
import {
  changeAddBody,
  changeClassBody,
  changePageBody,
  changeRow,
  childParent,
  departmentRow,
  idsBody,
  joinApplyBody,
  joinDecideBody,
  joinPageBody,
  joinRow,
  logPageBody,
  logRow,
  parentAddBody,
  parentBindBody,
  parentPageBody,
  parentRow,
  parentUnbindBody,
  searchPersonBody,
  searchPersonRow,
  studentAddBody,
  studentDetail,
  studentPageBody,
  studentRow,
  studentUpdateBody,
  teacherAddBody,
  teacherDetail,
  teacherPageBody,
  teacherRow,
  teacherUpdateBody,
} from '../people.js'
import * as z from '../z.js'
import { idBody, statusAndDelete } from './common.js'
import { importCalls } from './imports.js'

const U = '/base/api/userInfo'
const read = { permission: 'base_user_account' }
const can = (permission: string) => ({ permission })
/** 学生 → 家长管理 (000 §6): the parents drawer of a student row (web ParentsDrawer). */
const STUDENT_PARENT_CODE = 'base_student_parent'

/** The button codes of the calls every kind of person shares. */
export interface MemberActionCodes {
  archive: string
  reset: string
  enable: string
  remove: string
}

/** The calls every kind shares: archive/restore, reset password, enable/disable and delete, each with its button code. */
export function memberActions<const B extends string>(base: B, noun: string, codes: MemberActionCodes) {
  const tags = [noun]
  return {
    archive: post(`${base}/archive`, { ...can(codes.archive), tags, summary: `归档${noun}`, body: idsBody }),
    resetArchive: post(`${base}/resetArchive`, {
      ...can(codes.archive),
      tags,
      summary: `恢复归档${noun}`,
      body: idsBody,
    }),
    resetPassword: post(`${base}/resetPassword`, {
      ...can(codes.reset),
      tags,
      summary: `重置${noun}密码为初始密码`,
      body: idBody,
    }),
    ...statusAndDelete(base, noun, { tags, access: can(codes.enable), deleteAccess: can(codes.remove) }),
  }
}
export type MemberActionContracts = ReturnType<typeof memberActions<string>>

const T = `${U}/teacherInfo` as const
const teacherTags = ['教师']
export const teacherContracts = {
  page: post(`${T}/page`, {
    ...read,
    tags: teacherTags,
    summary: '教师分页（archived 为归档教师）',
    body: teacherPageBody,
    data: pageOf(teacherRow),
  }),
  detail: get(`${T}/detail`, {
    ...read,
    tags: teacherTags,
    summary: '教师详情（含所属机构）',
    query: idBody,
    data: teacherDetail,
  }),
  add: post(`${T}/add`, {
    ...can('base_teacher_add'),
    tags: teacherTags,
    summary: '新增教师（手机号已有账号则加入本机构）',
    body: teacherAddBody,
    data: z.number(),
  }),
  update: post(`${T}/update`, {
    ...can('base_teacher_edit'),
    tags: teacherTags,
    summary: '编辑教师',
    body: teacherUpdateBody,
  }),
  ...memberActions(T, '教师', {
    archive: 'base_teacher_archive',
    reset: 'base_teacher_reset_pwd',
    enable: 'base_teacher_enable',
    remove: 'base_teacher_delete',
  }),
  export: post(`${T}/export`, {
    ...can('base_teacher_export'),
    tags: teacherTags,
    summary: '导出教师（xlsx，流式）',
    body: teacherPageBody.omit({ pageIndex: true, pageSize: true }),
    file: true,
  }),
  ...importCalls(T, 'teacher', teacherTags, 'base_teacher_add'),
}

const S = `${U}/studentInfo` as const
const studentTags = ['学生']
export const studentContracts = {
  page: post(`${S}/page`, {
    ...read,
    tags: studentTags,
    summary: '学生分页（archived 为归档学生）',
    body: studentPageBody,
    data: pageOf(studentRow),
  }),
  detail: get(`${S}/detail`, {
    ...read,
    tags: studentTags,
    summary: '学生详情（含家长）',
    query: idBody,
    data: studentDetail,
  }),
  add: post(`${S}/add`, {
    ...can('base_student_add'),
    tags: studentTags,
    summary: '新增学生（登录名默认为学号）',
    body: studentAddBody,
    data: z.number(),
  }),
  update: post(`${S}/update`, {
    ...can('base_student_edit'),
    tags: studentTags,
    summary: '编辑学生',
    body: studentUpdateBody,
  }),
  changeClass: post(`${S}/changeClass`, {
    ...can('base_student_change_class'),
    tags: studentTags,
    summary: '调班',
    body: changeClassBody,
  }),
  ...memberActions(S, '学生', {
    archive: 'base_student_archive',
    reset: 'base_student_reset_pwd',
    enable: 'base_student_enable',
    remove: 'base_student_delete',
  }),
  export: post(`${S}/export`, {
    ...read,
    tags: studentTags,
    summary: '导出学生（xlsx，流式）',
    body: studentPageBody.omit({ pageIndex: true, pageSize: true }),
    file: true,
  }),
  ...importCalls(S, 'student', studentTags, 'base_student_add'),
}

const P = `${U}/parentBindChild` as const
const parentTags = ['家长']
export const parentContracts = {
  page: post(`${P}/page`, {
    ...read,
    tags: parentTags,
    summary: '家长分页（含绑定的学生）',
    body: parentPageBody,
    data: pageOf(parentRow),
  }),
  parents: get(`${P}/parents`, {
    ...read,
    tags: parentTags,
    summary: '学生的家长',
    query: z.object({ childId: z.id() }),
    data: z.array(childParent),
  }),
  // The student page's 家长管理 (base_student_parent) adds and unbinds a student's parents from its drawer too.
  add: post(`${P}/add`, {
    permission: ['base_parent_add', STUDENT_PARENT_CODE],
    tags: parentTags,
    summary: '新增家长并绑定学生（手机号已有账号则直接绑定）',
    body: parentAddBody,
    data: z.number(),
  }),
  bind: post(`${P}/bind`, {
    ...can('base_parent_manage'),
    tags: parentTags,
    summary: '绑定学生',
    body: parentBindBody,
  }),
  unbind: post(`${P}/unbind`, {
    permission: ['base_parent_manage', STUDENT_PARENT_CODE],
    tags: parentTags,
    summary: '解除绑定',
    body: parentUnbindBody,
  }),
  ...memberActions(P, '家长', {
    archive: 'base_parent_manage',
    reset: 'base_parent_manage',
    enable: 'base_parent_manage',
    remove: 'base_parent_delete',
  }),
  export: post(`${P}/export`, {
    ...can('base_parent_export'),
    tags: parentTags,
    summary: '导出家长（xlsx，流式）',
    body: parentPageBody.omit({ pageIndex: true, pageSize: true }),
    file: true,
  }),
  ...importCalls(P, 'parent', parentTags, 'base_parent_add'),
}

export const departmentContracts = {
  list: get(`${U}/department/list`, {
    ...read,
    tags: teacherTags,
    summary: '机构的部门',
    query: z.object({ orgId: z.coerce.number().int().optional() }),
    data: z.array(departmentRow),
  }),
}

/** 异动 of teachers (typeChangeTeacher) and students (typeChangeStudent). */
const changeTags = ['异动']
export const changeContracts = {
  page: post(`${U}/change/page`, {
    ...read,
    tags: changeTags,
    summary: '异动记录（userType 1002 教师 / 1003 学生）',
    body: changePageBody,
    data: pageOf(changeRow),
  }),
  add: post(`${U}/change/add`, {
    ...read,
    tags: changeTags,
    summary: '新增异动（move 调动 / leave 归档 / none 仅记录）',
    body: changeAddBody,
    data: z.number(),
  }),
}

const joinTags = ['加入审核']
export const joinAuditContracts = {
  apply: post(`${U}/joinAudit/apply`, {
    tags: joinTags,
    summary: '申请加入机构（任何已登录用户）',
    body: joinApplyBody,
    data: z.number(),
  }),
  page: post(`${U}/joinAudit/page`, {
    ...can('base_teacher_join_audit'),
    tags: joinTags,
    summary: '加入申请（status 0 待审核 1 通过 2 拒绝）',
    body: joinPageBody,
    data: pageOf(joinRow),
  }),
  decide: post(`${U}/joinAudit/decide`, {
    ...can('base_teacher_join_audit'),
    tags: joinTags,
    summary: '通过或拒绝',
    body: joinDecideBody,
  }),
}

export const searchPersonContracts = {
  page: post(`${U}/searchPerson/page`, {
    ...can('base_search_person'),
    tags: ['人员查询'],
    summary: '辖区内人员查询',
    body: searchPersonBody,
    data: pageOf(searchPersonRow),
  }),
}

export const importantLogContracts = {
  page: post('/base/api/importantLog/page', {
    ...can('base_log_monitor'),
    tags: ['关键日志'],
    summary: '关键操作日志（删除、重置密码、导入导出、归档、异动）',
    body: logPageBody,
    data: pageOf(logRow),
  }),
}

/** The signed-in member's own details, and the part they keep themselves (personalData). */
const detailsTags = ['personalDetails']
export const personalDetailsContracts = {
  get: get(`${U}/personalDetails/get`, { tags: detailsTags, summary: '当前用户的个人资料', data: personalDetails }),
  update: post(`${U}/personalDetails/update`, {
    tags: detailsTags,
    summary: '编辑本人资料（姓名、手机号、身份证号由管理员维护）',
    body: personalDetailsUpdateBody,
  }),
}

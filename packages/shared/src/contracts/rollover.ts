/**
 * /base/api/school-year/rollover: the tenant's roll-over plan, each school's preview and report, the bureau's
 * approval, run and undo (issue 27 points 1, 2; docs/school-year.md "Roll-over plan, preview, approval and run").
 */
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'
import {
  ROLLOVER_MANAGE_PERMISSION,
  ROLLOVER_PAGE_PERMISSION,
  rolloverCreateBody,
  rolloverCurrent,
  rolloverIntakeBody,
  rolloverPlan,
  rolloverPlanBody,
  rolloverPreview,
  rolloverRepeatBody,
  rolloverReportBody,
  rolloverReportRow,
  rolloverRunBody,
  rolloverSchoolBody,
  rolloverSchoolRow,
} from '../rollover.js'
import * as z from '../z.js'

const B = '/base/api/school-year/rollover'
const tags = ['学年结转']
// Reading (a school administrator sees their own school) and marking repeaters.
const page = { permission: [ROLLOVER_PAGE_PERMISSION, ROLLOVER_MANAGE_PERMISSION] } as const
// The plan is the whole tenant's: only its top org's administrators with the manage code.
const manage = { permission: ROLLOVER_MANAGE_PERMISSION, tenantWide: true } as const

export const rolloverContracts = {
  current: get(`${B}/plan/current`, {
    ...page,
    tags,
    summary: '当前学年、下一学年与本单位最近的结转计划（学校管理员只看到本校）',
    data: rolloverCurrent,
  }),
  detail: post(`${B}/plan/detail`, {
    ...page,
    tags,
    summary: '结转计划详情与进度',
    body: rolloverPlanBody,
    data: rolloverPlan,
  }),
  create: post(`${B}/plan/create`, {
    ...manage,
    tags,
    summary: '创建从当前学年到下一学年的结转计划（每个目标学年一个）',
    body: rolloverCreateBody,
    data: z.number(),
  }),
  school: post(`${B}/plan/school`, {
    ...page,
    tags,
    summary: '一所学校的结转预览：升级年级、毕业年级、起始年级、例外',
    body: rolloverSchoolBody,
    data: rolloverPreview,
  }),
  markRepeat: post(`${B}/plan/mark-repeat`, {
    ...page,
    tags,
    summary: '标记或取消学生留级（计划审批前）',
    body: rolloverRepeatBody,
  }),
  setIntake: post(`${B}/plan/intake`, {
    ...page,
    tags,
    summary: '设置起始年级的班级数（计划审批前）',
    body: rolloverIntakeBody,
  }),
  approve: post(`${B}/plan/approve`, { ...manage, tags, summary: '审批结转计划（仅一次）', body: rolloverPlanBody }),
  run: post(`${B}/plan/run`, {
    ...manage,
    tags,
    summary: '执行结转：指定学校则立即执行该校（失败可重试），不指定则在后台逐校执行全部待结转学校',
    body: rolloverRunBody,
    data: rolloverPlan,
  }),
  report: post(`${B}/school/report`, {
    ...page,
    tags,
    summary: '一所学校的结转报告（每项变更一行）',
    body: rolloverReportBody,
    data: pageOf(rolloverReportRow),
  }),
  undo: post(`${B}/plan/undo`, {
    ...manage,
    tags,
    summary: '撤销一所学校的结转（其后有依赖的变更时拒绝并说明）',
    body: rolloverSchoolBody,
    data: rolloverSchoolRow,
  }),
}

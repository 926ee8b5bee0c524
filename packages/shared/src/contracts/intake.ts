/**
 * /base/api/intake: feeder schools (the bureau's), and a school's intake grade: import, admission of feeder schools'
 * graduates, 分班 (docs/school-year.md "Intake, feeder schools and class placement").
 */
import { get, post } from '../contract.js'
import {
  admitBody,
  feederBody,
  feederRow,
  FEEDER_PERMISSION,
  graduateRow,
  intakeGrade,
  INTAKE_PERMISSION,
  placementApplyBody,
  placementMoveBody,
  placementPreview,
  unplacedRow,
} from '../intake.js'
import * as z from '../z.js'
import { importCalls } from './imports.js'

const B = '/base/api/intake'
const tags = ['学年：新生入学']
const feeder = { permission: FEEDER_PERMISSION, tags }
const intake = { permission: INTAKE_PERMISSION, tags }
export const intakeContracts = {
  feederList: get(`${B}/feeder/list`, { ...feeder, summary: '对口学校列表（本区）', data: z.array(feederRow) }),
  // A school's own feeders, for its intake page (read with the intake code).
  myFeeders: get(`${B}/feeder/mine`, { ...intake, summary: '本校的对口小学', data: z.array(feederRow) }),
  feederAdd: post(`${B}/feeder/add`, {
    ...feeder,
    tenantWide: true,
    summary: '新增对口关系（小学 → 初中，均为本区学校）',
    body: feederBody,
  }),
  feederRemove: post(`${B}/feeder/remove`, {
    ...feeder,
    tenantWide: true,
    summary: '删除对口关系',
    body: feederBody,
  }),
  grade: get(`${B}/grade`, { ...intake, summary: '本校新生年级：班级与人数、待分班人数', data: intakeGrade }),
  graduates: get(`${B}/graduates`, {
    ...intake,
    summary: '对口小学毕业年级学生（脱敏）',
    data: z.array(graduateRow),
  }),
  admit: post(`${B}/admit`, {
    ...intake,
    summary: '录取对口小学毕业生到新生年级（同一账号，家长随之关联）',
    body: admitBody,
    data: z.number(),
  }),
  unplaced: get(`${B}/placement/students`, {
    ...intake,
    summary: '新生年级学生（含未分班）',
    data: z.array(unplacedRow),
  }),
  preview: post(`${B}/placement/preview`, {
    ...intake,
    summary: '分班预览：按性别与人数均衡分配未分班新生',
    data: placementPreview,
  }),
  apply: post(`${B}/placement/apply`, {
    ...intake,
    summary: '按预览分班（一个事务）',
    body: placementApplyBody,
    data: z.number(),
  }),
  move: post(`${B}/placement/move`, { ...intake, summary: '调整一名新生的班级', body: placementMoveBody }),
  ...importCalls(B, 'intake', tags, INTAKE_PERMISSION),
}

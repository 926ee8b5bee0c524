/**
 * Intake (issue 27 point 4; docs/school-year.md "Intake, feeder schools and class placement"): feeder schools, a
 * school's new first grade filled from an import or from its feeder schools' graduates, and 分班.
 */
import { mobileField, trueNameField } from './people.js'
import * as z from './z.js'

/** The bureau's page: which 小学 feeds which 初中. Tenant-wide, so only the top org's sessions write it. */
export const FEEDER_PERMISSION = 'base_feeder_school'
/** A school's page: import, admit from feeder schools, place into classes. */
export const INTAKE_PERMISSION = 'base_intake'

/** A class above this many students is refused by 分班 (超大班额, eliminated by policy); bands below it warn. */
export const INTAKE_MAX_CLASS_SIZE = 66

export const IntakeMsg = {
  NO_GRADE: '本校尚无新生年级：请先完成学年结转，或在年级管理中新增本学年入学的年级',
  SAME_SCHOOL: '不能把学校设为自己的对口学校',
  NOT_SCHOOL: '请选择本区的学校',
  FEEDER_EXISTS: '该对口关系已存在',
  FEEDER_MISSING: '该对口关系不存在',
  NOT_GRADUATE: '所选学生不是对口小学的毕业年级学生',
  NO_CLASSES: '新生年级还没有班级，请先在班级管理中新增班级',
  NOTHING_TO_PLACE: '没有待分班的新生',
  PLACED_MEANWHILE: '部分学生已被分班，请刷新后重试',
  NOT_INTAKE_STUDENT: '该学生不是本校新生年级的学生',
  NOT_INTAKE_CLASS: '请选择新生年级的班级',
  ID_CARD_BAD: '身份证号校验不通过',
  ID_CARD_DUP_FILE: '文件中身份证号重复',
  SEX_MISMATCH: '性别与身份证号不符',
  PARENT_NAME_NEEDED: '填写家长手机时请填写家长姓名',
  alreadyAt: (school: string) => `该身份证号已是「${school}」的在读学生`,
  alreadyHere: (name: string) => `「${name}」已是本校学生`,
  tooBig: (cls: string, n: number) =>
    `${cls}将有${n}人，超过${INTAKE_MAX_CLASS_SIZE}人（超大班额），请增加班级后再分班`,
} as const

export const feederRow = z.object({
  fromOrgId: z.number(),
  fromOrgName: z.string(),
  toOrgId: z.number(),
  toOrgName: z.string(),
  createdAt: z.string(),
})
export type FeederRow = z.infer<typeof feederRow>
export const feederBody = z.object({
  fromOrgId: z.id({ message: '请选择小学' }),
  toOrgId: z.id({ message: '请选择初中' }),
})
export type FeederBody = z.infer<typeof feederBody>

export const intakeClass = z.object({
  id: z.number(),
  name: z.string(),
  boys: z.number(),
  girls: z.number(),
  total: z.number(),
})
export type IntakeClass = z.infer<typeof intakeClass>
export const intakeGrade = z.object({
  gradeId: z.number(),
  gradeName: z.string(),
  entryYear: z.number(),
  schoolYear: z.string(),
  /** 小学 / 初中 …: the class-size bands depend on it. */
  period: z.string().nullable(),
  classes: z.array(intakeClass),
  unplaced: z.number(),
})
export type IntakeGrade = z.infer<typeof intakeGrade>

/** A student of a feeder school's final cohort, masked (name and 学号 shown, the ID card masked). */
export const graduateRow = z.object({
  userInfoId: z.number(),
  trueName: z.string(),
  jobNo: z.string().nullable(),
  sex: z.number().nullable(),
  idCard: z.string().nullable(),
  schoolName: z.string(),
  className: z.string().nullable(),
  /** Already a student of the receiving school. */
  admitted: z.boolean(),
})
export type GraduateRow = z.infer<typeof graduateRow>
export const admitBody = z.object({
  userInfoIds: z.array(z.id()).min(1, '请选择要录取的学生').max(2000, '一次最多录取2000名学生'),
})
export type AdmitBody = z.infer<typeof admitBody>

export const unplacedRow = z.object({
  userInfoId: z.number(),
  trueName: z.string(),
  jobNo: z.string().nullable(),
  sex: z.number().nullable(),
  classId: z.number().nullable(),
})
export type UnplacedRow = z.infer<typeof unplacedRow>

export const placementClass = intakeClass.extend({
  addBoys: z.number(),
  addGirls: z.number(),
  after: z.number(),
  /** classSizeBand of the size after placement: 'balanced' | 'large' | 'huge' | null. */
  band: z.string().nullable(),
  bandLabel: z.string().nullable(),
})
export type PlacementClass = z.infer<typeof placementClass>
export const placementPreview = z.object({
  classes: z.array(placementClass),
  assignments: z.array(
    z.object({ userInfoId: z.number(), trueName: z.string(), sex: z.number().nullable(), classId: z.number() }),
  ),
  /** Set when a class would exceed INTAKE_MAX_CLASS_SIZE: apply refuses. */
  refusal: z.string().nullable(),
})
export type PlacementPreview = z.infer<typeof placementPreview>
export const placementApplyBody = z.object({
  assignments: z
    .array(z.object({ userInfoId: z.id(), classId: z.id() }))
    .min(1, IntakeMsg.NOTHING_TO_PLACE)
    .max(5000, '一次最多分班5000名学生'),
})
export type PlacementApplyBody = z.infer<typeof placementApplyBody>
export const placementMoveBody = z.object({ userInfoId: z.id(), classId: z.id({ message: '请选择班级' }) })
export type PlacementMoveBody = z.infer<typeof placementMoveBody>

/** One row of the intake sheet, as the import checks it (the sheet's text, before the ID card's checksum). */
export const intakeSheetRow = z.object({
  trueName: trueNameField,
  sex: z.enum(['男', '女'], { message: '性别应为男或女' }).optional(),
  idCard: z.string().trim().min(1, '请填写身份证号').max(18, '身份证号格式不正确'),
  jobNo: z.line().trim().max(30, '学籍号不能超过30个字符').optional(),
  parentName: z.line().trim().max(30, '家长姓名不能超过30个字符').optional(),
  parentPhone: mobileField.optional(),
})

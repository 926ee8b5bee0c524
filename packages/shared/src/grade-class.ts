import * as z from './z.js'

const name = (what: string) =>
  z
    .line({ message: `请输入${what}名称` })
    .trim()
    .min(1, `请输入${what}名称`)
    .max(30, `${what}名称不能超过30个字符`)
const paging = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
}

/** Grades of a school (gradeManage; archived ones on gradeGuidang). */
export const gradeAddBody = z.object({
  orgId: z.coerce.number().int().optional(),
  name: name('年级'),
  code: z.line().trim().max(30).optional().nullable(),
  entryYear: z.coerce.number().int().min(1990, '入学年份有误').max(2100, '入学年份有误'),
  learnPeriodId: z.id().optional().nullable(),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
})
export type GradeAddBody = z.infer<typeof gradeAddBody>
export const gradeUpdateBody = gradeAddBody.omit({ orgId: true }).partial().extend({ id: z.id() })
export type GradeUpdateBody = z.infer<typeof gradeUpdateBody>
export const gradePageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  archived: z.boolean().default(false),
  keyword: z.string().trim().max(30).optional().nullable(),
  ...paging,
})
export type GradePageBody = z.infer<typeof gradePageBody>
export const gradeRow = z.object({
  id: z.number(),
  orgId: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  entryYear: z.number(),
  learnPeriodId: z.number().nullable(),
  sort: z.number(),
  status: z.number(),
  archived: z.boolean(),
  classCount: z.number(),
})
export type GradeRow = z.infer<typeof gradeRow>

/** Classes of a grade (classManage; archived ones on classGuidang). */
export const classAddBody = z.object({
  gradeId: z.id({ message: '请选择年级' }),
  name: name('班级'),
  code: z.line().trim().max(30).optional().nullable(),
  sort: z.coerce.number().int().min(0).max(99999).optional(),
})
export type ClassAddBody = z.infer<typeof classAddBody>
export const classUpdateBody = classAddBody.omit({ gradeId: true }).partial().extend({ id: z.id() })
export type ClassUpdateBody = z.infer<typeof classUpdateBody>
export const classPageBody = z.object({
  orgId: z.coerce.number().int().optional(),
  gradeId: z.id().optional().nullable(),
  archived: z.boolean().default(false),
  keyword: z.string().trim().max(30).optional().nullable(),
  ...paging,
})
export type ClassPageBody = z.infer<typeof classPageBody>
export const classRow = z.object({
  id: z.number(),
  orgId: z.number(),
  gradeId: z.number(),
  gradeName: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  sort: z.number(),
  status: z.number(),
  archived: z.boolean(),
})
export type ClassRow = z.infer<typeof classRow>

export const GradeMsg = {
  NOT_SCHOOL: '只有学校可以设置年级和班级',
  GRADE_NAME_TAKEN: '本校已存在同名年级',
  CLASS_NAME_TAKEN: '该年级下已存在同名班级',
  GRADE_ARCHIVED: '年级已归档，不能在其中新增或恢复班级',
  GRADE_HAS_CLASSES: '该年级下存在班级，无法删除',
  CLASS_HAS_STUDENTS: '该班级下还有学生，无法删除',
  GRADE_NOT_FOUND: '年级不存在',
  CLASS_NOT_FOUND: '班级不存在',
  ALREADY_ARCHIVED: '已归档',
  NOT_ARCHIVED: '未归档，无需恢复',
} as const

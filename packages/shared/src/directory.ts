import * as z from './z.js'

/**
 * The directory API for apps (issue 24 point 4; docs/open-platform.md "Directory API"): read-only lists of a
 * district's schools, grades, classes, teachers, students and guardians for an app holding a client-credentials token
 * with the `directory` scope. Field names are the claim names (snake_case); a person's id is the app's subject id.
 * Fields appear only when the district granted their scope (name: profile; numbers and class links: zx:school;
 * phone_number: phone); absent otherwise.
 */
export const DirectoryMsg = {
  TOKEN_MISSING: '缺少访问令牌（Authorization: Bearer <access_token>）',
  TOKEN_INVALID: '访问令牌无效或已过期，请重新以客户端凭证获取',
  SCOPE_MISSING: '访问令牌未包含 directory 授权范围',
  NOT_GRANTED: '应用未获授权使用通讯录接口',
  SUSPENDED: '应用已停用或已过期',
  GUARDIAN_NOT_GRANTED: '应用未获授权读取亲属关系（zx:guardian）',
  RATE_LIMITED: '请求过于频繁，请稍后再试',
  BAD_CURSOR: '翻页游标无效',
} as const

/** Rows per page: 1–1000, 100 when not given. */
export const DIRECTORY_MAX_LIMIT = 1000

const since = z
  .string()
  .max(40)
  .refine((s) => /^\d{4}-\d{2}-\d{2}T/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'updated_since 须为 ISO 8601 时间（如上次应答的 as_of）',
  })

/** Paging and deltas, common to every list. */
const paging = {
  limit: z.coerce.number().int().min(1, '每页条数为 1–1000').max(DIRECTORY_MAX_LIMIT, '每页条数为 1–1000').default(100),
  cursor: z.string().max(1000).optional(),
  updated_since: since.optional(),
}
const schoolId = z.id({ message: 'school_id 无效' }).optional()

export const directoryPageQuery = z.object(paging)
export const directoryGradesQuery = z.object({ ...paging, school_id: schoolId })
export const directoryClassesQuery = z.object({
  ...paging,
  school_id: schoolId,
  grade_id: z.id({ message: 'grade_id 无效' }).optional(),
})
export const directoryPeopleQuery = z.object({ ...paging, school_id: schoolId })
export const directoryMembersQuery = z.object({
  ...paging,
  school_id: schoolId,
  class_id: z.id({ message: 'class_id 无效' }).optional(),
})

/** A row removed, archived or out of the directory since updated_since (deltas only): its id and deleted: true. */
const deleted = z.literal(true).optional()

export const directorySchool = z.object({
  id: z.number(),
  name: z.string().optional(),
  parent_id: z.number().nullable().optional(),
  unit_attr: z.number().optional(),
  deleted,
})
export const directoryGrade = z.object({
  id: z.number(),
  name: z.string().optional(),
  school_id: z.number().optional(),
  entry_year: z.number().optional(),
  deleted,
})
export const directoryClass = z.object({
  id: z.number(),
  name: z.string().optional(),
  school_id: z.number().optional(),
  grade_id: z.number().optional(),
  /** The head teacher's subject id (班主任), null when the class has none. */
  head_teacher: z.string().nullable().optional(),
  deleted,
})
/** A subject a teacher teaches in a class: the school's subject (学科) with its code (null when it has none). */
export const teacherSubject = z.object({ id: z.number(), name: z.string(), code: z.string().nullable() })
export type TeacherSubject = z.infer<typeof teacherSubject>
/** One class of a teacher, in the directory's `classes` and in the zx:school claim `classes`. */
export const teacherClass = z.object({ id: z.number(), is_head: z.boolean(), subjects: z.array(teacherSubject) })
export type TeacherClass = z.infer<typeof teacherClass>
export const directoryTeacher = z.object({
  sub: z.string(),
  name: z.string().optional(),
  staff_no: z.string().nullable().optional(),
  /** The member's department in Zhixiao (部门), null when none (zx:school). */
  department: z.object({ id: z.number(), name: z.string() }).nullable().optional(),
  school_id: z.number().optional(),
  class_ids: z.array(z.number()).optional(),
  /**
   * The classes the teacher is assigned to: is_head for the head teacher, subjects the school's subjects the teacher
   * teaches in that class (the same as the zx:school claim `classes`).
   */
  classes: z.array(teacherClass).optional(),
  phone_number: z.string().nullable().optional(),
  deleted,
})
export const directoryStudent = z.object({
  sub: z.string(),
  name: z.string().optional(),
  student_no: z.string().nullable().optional(),
  school_id: z.number().optional(),
  grade_id: z.number().nullable().optional(),
  class_id: z.number().nullable().optional(),
  phone_number: z.string().nullable().optional(),
  deleted,
})
export const directoryGuardian = z.object({
  sub: z.string(),
  name: z.string().optional(),
  school_id: z.number().optional(),
  children: z.array(z.object({ sub: z.string(), relation: z.string() })).optional(),
  phone_number: z.string().nullable().optional(),
  deleted,
})

/** One page: the rows, the cursor of the next page (null at the end) and as_of, the updated_since of the next delta. */
export const directoryPage = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable(), as_of: z.string() })

export type DirectorySchool = z.output<typeof directorySchool>
export type DirectoryGrade = z.output<typeof directoryGrade>
export type DirectoryClass = z.output<typeof directoryClass>
export type DirectoryTeacher = z.output<typeof directoryTeacher>
export type DirectoryStudent = z.output<typeof directoryStudent>
export type DirectoryGuardian = z.output<typeof directoryGuardian>
export type DirectoryPageQuery = z.output<typeof directoryPageQuery>
export type DirectoryMembersQuery = z.output<typeof directoryMembersQuery>
export type DirectoryClassesQuery = z.output<typeof directoryClassesQuery>

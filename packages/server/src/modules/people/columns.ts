import type { SheetColumn } from '../../platform/excel.js'

/**
 * The import templates' columns (a trailing * marks a required one); exports use the same columns. `personal` names
 * the field policy key of a column, so an import's error file echoes it masked.
 */
export const TEACHER_COLUMNS: SheetColumn[] = [
  { header: '姓名*', key: 'trueName' },
  { header: '手机号*', key: 'phone', personal: 'phone' },
  { header: '登录名', key: 'userName' },
  { header: '工号', key: 'jobNo' },
  { header: '性别', key: 'sex', width: 8 },
  { header: '身份证号', key: 'idCard', width: 22, personal: 'idCard' },
  { header: '部门', key: 'dept' },
  { header: '职务', key: 'position' },
  { header: '职称', key: 'title' },
  { header: '教师类型', key: 'teacherType' },
  { header: '政治面貌', key: 'political', personal: 'politicalStatus' },
  { header: '学历', key: 'education' },
  { header: '学位', key: 'degree' },
  { header: '入职日期', key: 'enteredOn' },
  { header: '邮箱', key: 'email', personal: 'email' },
  { header: '备注', key: 'remark' },
]
export const STUDENT_COLUMNS: SheetColumn[] = [
  { header: '姓名*', key: 'trueName' },
  { header: '学号*', key: 'jobNo' },
  { header: '年级*', key: 'grade' },
  { header: '班级*', key: 'className' },
  { header: '性别', key: 'sex', width: 8 },
  { header: '身份证号', key: 'idCard', width: 22, personal: 'idCard' },
  { header: '手机号', key: 'phone', personal: 'phone' },
  { header: '入学日期', key: 'enteredOn' },
  { header: '登录名', key: 'userName' },
  { header: '备注', key: 'remark' },
]
export const PARENT_COLUMNS: SheetColumn[] = [
  { header: '家长姓名*', key: 'trueName' },
  { header: '手机号*', key: 'phone', personal: 'phone' },
  { header: '学生学号*', key: 'childNo' },
  { header: '关系*', key: 'relation' },
  { header: '登录名', key: 'userName' },
]

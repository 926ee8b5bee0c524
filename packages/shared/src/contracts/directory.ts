/**
 * The directory API for apps (docs/open-platform.md "Directory API"): GET /open/v1/…, authenticated by the app's own
 * client-credentials access token (`Authorization: Bearer`, scope `directory`), not a portal session, so the
 * contracts are public and the handler checks the token. Answers are the platform's envelope {code, msg, data}; a
 * missing, unknown or expired token is HTTP 401 (code 401), a scope not granted or a suspended app 403 (code 403),
 * too many calls 429 (code 429, Retry-After in seconds).
 */
import { get } from '../contract.js'
import {
  directoryClass,
  directoryClassesQuery,
  directoryGrade,
  directoryGradesQuery,
  directoryGuardian,
  directoryMembersQuery,
  directoryPage,
  directoryPageQuery,
  directoryPeopleQuery,
  directorySchool,
  directoryStudent,
  directoryTeacher,
} from '../directory.js'

const tags = ['通讯录接口（应用）']
const access = { public: true, tags } as const

export const directoryContracts = {
  schools: get('/open/v1/schools', {
    ...access,
    summary: '学校与机构列表（需 directory；updated_since 返回变更与删除）',
    query: directoryPageQuery,
    data: directoryPage(directorySchool),
  }),
  grades: get('/open/v1/grades', {
    ...access,
    summary: '年级列表（可按 school_id 筛选）',
    query: directoryGradesQuery,
    data: directoryPage(directoryGrade),
  }),
  classes: get('/open/v1/classes', {
    ...access,
    summary: '班级列表，含班主任（可按 school_id、grade_id 筛选）',
    query: directoryClassesQuery,
    data: directoryPage(directoryClass),
  }),
  teachers: get('/open/v1/teachers', {
    ...access,
    summary: '教师列表，含任教班级（字段按应用授权范围返回）',
    query: directoryPeopleQuery,
    data: directoryPage(directoryTeacher),
  }),
  students: get('/open/v1/students', {
    ...access,
    summary: '学生列表，含年级、班级（可按 school_id、class_id 筛选）',
    query: directoryMembersQuery,
    data: directoryPage(directoryStudent),
  }),
  guardians: get('/open/v1/guardians', {
    ...access,
    summary: '家长列表，含孩子及关系（需授权 zx:guardian）',
    query: directoryMembersQuery,
    data: directoryPage(directoryGuardian),
  }),
}

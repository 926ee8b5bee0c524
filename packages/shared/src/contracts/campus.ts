/** The campus portal's calls (001 §7.5), the weather provider's settings and a class's teachers (docs/campus.md "Campus portal"). */
import { CAMPUS_API } from '../constants.js'
import {
  backPlan,
  campusNoticePage,
  campusNoticeQuery,
  campusOrgQuery,
  classTeachersAnswer,
  classTeachersBody,
  classTeachersQuery,
  schoolEvents,
  schoolResources,
  schoolStyle,
  teacherClassAnswer,
  teacherNum,
  totalStatistic,
  weatherAnswer,
  weatherConfigSave,
  weatherConfigView,
  weatherNow,
  weatherTestBody,
} from '../campus.js'
import { get, post } from '../contract.js'

const P = CAMPUS_API
const campusTags = ['校园门户']
const q = campusOrgQuery
/**
 * Mounted at CAMPUS_API. All are GETs with an optional orgId (the caller's org when left out); any signed-in member of
 * the org or of an org above it may read.
 */
export const campusContracts = {
  findPortalNoticePub: get(`${P}/findPortalNoticePub`, {
    tags: campusTags,
    summary: '学校已发布的通知公告（含上级教育局），最新在前',
    query: campusNoticeQuery,
    data: campusNoticePage,
  }),
  getWeatherByOrgId: get(`${P}/getWeatherByOrgId`, {
    tags: campusTags,
    summary: '学校所在地实时天气（未配置天气服务时说明原因，不给数值）',
    query: q,
    data: weatherAnswer,
  }),
  getTeacherNumByOrgId: get(`${P}/getTeacherNumByOrgId`, {
    tags: campusTags,
    summary: '教职工人数（按性别、职称、教师类型、职务）',
    query: q,
    data: teacherNum,
  }),
  getSchoolResources: get(`${P}/getSchoolResources`, {
    tags: campusTags,
    summary: '校园资源（楼宇、楼层、教室、座位，按用途）',
    query: q,
    data: schoolResources,
  }),
  getSchoolStyleInfo: get(`${P}/getSchoolStyleInfo`, {
    tags: campusTags,
    summary: '学校风采（门户顶部配置与最新图文）',
    query: q,
    data: schoolStyle,
  }),
  getEventSchoolInfo: get(`${P}/getEventSchoolInfo`, {
    tags: campusTags,
    summary: '校历事件（当前学期、教学周、开学、放假、调休）',
    query: q,
    data: schoolEvents,
  }),
  getBackPlan: get(`${P}/getBackPlan`, {
    tags: campusTags,
    summary: '返校计划（下学期开学日期与应返校年级班级）',
    query: q,
    data: backPlan,
  }),
  /** Always refused (CampusErrorCode.ENTRY_CLOSED): the refusal's data is a BackSignData. */
  getBackSign: get(`${P}/getBackSign`, {
    tags: campusTags,
    summary: '返岗签到入口（已关闭：请到教师考勤模块）',
    query: q,
  }),
  getTotalStatistic: get(`${P}/getTotalStatistic`, {
    tags: campusTags,
    summary: '学校总数（学生、教职工、家长、班级、年级）',
    query: q,
    data: totalStatistic,
  }),
  getTeacherClass: get(`${P}/getTeacherClass`, {
    tags: campusTags,
    summary: '我任教或担任班主任的班级',
    query: q,
    data: teacherClassAnswer,
  }),
}

const W = '/base/api/weather'
const weatherTags = ['天气配置']
const weatherPerm = { permission: 'sc_menhu_pc_weather' }
/** The tenant's weather provider (portal maintenance → 天气配置). The key is never returned. */
export const weatherContracts = {
  get: get(`${W}/config/get`, {
    permission: 'sc_menhu_pc',
    tags: weatherTags,
    summary: '天气服务配置（不返回密钥）',
    data: weatherConfigView,
  }),
  save: post(`${W}/config/save`, {
    ...weatherPerm,
    tenantWide: true,
    tags: weatherTags,
    summary: '保存天气服务配置（顶级机构管理员；密钥加密保存，留空不改）',
    body: weatherConfigSave,
  }),
  test: post(`${W}/config/test`, {
    ...weatherPerm,
    tags: weatherTags,
    summary: '测试天气服务（不经缓存）',
    body: weatherTestBody,
    data: weatherNow,
  }),
}

const C = '/base/api/class'
const classTeacherTags = ['班级教师']
const classAccess = { permission: 'base_school' }
/** Who heads and teaches a class (read by the campus portal's getTeacherClass). */
export const classTeacherContracts = {
  teachers: get(`${C}/teachers`, {
    ...classAccess,
    tags: classTeacherTags,
    summary: '班级的班主任与任课教师',
    query: classTeachersQuery,
    data: classTeachersAnswer,
  }),
  setTeachers: post(`${C}/setTeachers`, {
    ...classAccess,
    tags: classTeacherTags,
    summary: '设置班级的班主任与任课教师（整体替换）',
    body: classTeachersBody,
  }),
}

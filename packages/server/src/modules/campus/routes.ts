import {
  backPlan as backPlanSchema, CampusMsg, campusNoticePage, campusNoticeQuery, campusOrgQuery, classTeachersAnswer, classTeachersBody, classTeachersQuery,
  envelopeSchema, schoolEvents as schoolEventsSchema, schoolResources as schoolResourcesSchema, schoolStyle as schoolStyleSchema,
  teacherClassAnswer, teacherNum as teacherNumSchema, totalStatistic as totalStatisticSchema, weatherAnswer, weatherConfigSave, weatherConfigView,
  weatherNow, weatherTestBody,
} from '@zhixiao/shared'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { AppContext } from '../../platform/context.js'
import { ok } from '../../platform/envelope.js'
import {
  backPlan, backSign, classTeachers, notices, saveClassTeachers, schoolEvents, schoolResources, schoolStyle, teacherClasses, teacherNum, totalStatistic,
} from './service.js'
import { getWeatherConfig, saveWeatherConfig, testWeather, weatherByOrg } from './weather-service.js'

/**
 * The campus portal's calls (001 §7.5), mounted at /sc-mobile-api/api/h5/faculty/campusPro. All are GETs with an
 * optional orgId (the caller's org when left out); any signed-in member of the org or of an org above it may read.
 */
export function campusRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['校园门户']
    const q = campusOrgQuery
    r.get('/findPortalNoticePub', { schema: { tags, summary: '学校已发布的通知公告（含上级教育局），最新在前', querystring: campusNoticeQuery, response: { 200: envelopeSchema(campusNoticePage) } } },
      async (req) => ok(await notices(ctx, req.auth!, { ...req.query, orgId: req.query.orgId ?? req.auth!.orgId })))
    r.get('/getWeatherByOrgId', { schema: { tags, summary: '学校所在地实时天气（未配置天气服务时说明原因，不给数值）', querystring: q, response: { 200: envelopeSchema(weatherAnswer) } } },
      async (req) => ok(await weatherByOrg(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)))
    r.get('/getTeacherNumByOrgId', { schema: { tags, summary: '教职工人数（按性别、职称、教师类型、职务）', querystring: q, response: { 200: envelopeSchema(teacherNumSchema) } } },
      async (req) => ok(await teacherNum(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)))
    r.get('/getSchoolResources', { schema: { tags, summary: '校园资源（楼宇、楼层、教室、座位，按用途）', querystring: q, response: { 200: envelopeSchema(schoolResourcesSchema) } } },
      async (req) => ok(await schoolResources(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)))
    r.get('/getSchoolStyleInfo', { schema: { tags, summary: '学校风采（门户顶部配置与最新图文）', querystring: q, response: { 200: envelopeSchema(schoolStyleSchema) } } },
      async (req) => ok(await schoolStyle(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)))
    r.get('/getEventSchoolInfo', { schema: { tags, summary: '校历事件（当前学期、教学周、开学、放假、调休）', querystring: q, response: { 200: envelopeSchema(schoolEventsSchema) } } },
      async (req) => ok(await schoolEvents(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)))
    r.get('/getBackPlan', { schema: { tags, summary: '返校计划（下学期开学日期与应返校年级班级）', querystring: q, response: { 200: envelopeSchema(backPlanSchema) } } },
      async (req) => ok(await backPlan(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)))
    r.get('/getBackSign', { schema: { tags, summary: '返岗签到入口（已关闭：请到教师考勤模块）', querystring: q } },
      async (req) => backSign(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId))
    r.get('/getTotalStatistic', { schema: { tags, summary: '学校总数（学生、教职工、家长、班级、年级）', querystring: q, response: { 200: envelopeSchema(totalStatisticSchema) } } },
      async (req) => ok(await totalStatistic(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)))
    r.get('/getTeacherClass', { schema: { tags, summary: '我任教或担任班主任的班级', querystring: q, response: { 200: envelopeSchema(teacherClassAnswer) } } },
      async (req) => ok(await teacherClasses(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)))
  }
}

const weatherPerm = { permission: 'sc_menhu_pc_weather' }

/** The tenant's weather provider (portal maintenance → 天气配置), at /base/api/weather. The key is never returned. */
export function weatherRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['天气配置']
    r.get('/config/get', { config: { permission: 'sc_menhu_pc' }, schema: { tags, summary: '天气服务配置（不返回密钥）', response: { 200: envelopeSchema(weatherConfigView) } } },
      async (req) => ok(await getWeatherConfig(ctx, req.auth!)))
    r.post('/config/save', { config: { ...weatherPerm, tenantWide: true }, schema: { tags, summary: '保存天气服务配置（顶级机构管理员；密钥加密保存，留空不改）', body: weatherConfigSave } },
      async (req) => { await saveWeatherConfig(ctx, req.auth!, req.body); return ok(null, CampusMsg.SAVED) })
    r.post('/config/test', { config: weatherPerm, schema: { tags, summary: '测试天气服务（不经缓存）', body: weatherTestBody, response: { 200: envelopeSchema(weatherNow) } } },
      async (req) => ok(await testWeather(ctx, req.auth!, req.body), CampusMsg.WEATHER_TEST_OK))
  }
}

/** Who heads and teaches a class (read by the campus portal's getTeacherClass), at /base/api/class. */
export function classTeacherRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>()
    const tags = ['班级教师']
    const config = { permission: 'base_school' }
    r.get('/teachers', { config, schema: { tags, summary: '班级的班主任与任课教师', querystring: classTeachersQuery, response: { 200: envelopeSchema(classTeachersAnswer) } } },
      async (req) => ok(await classTeachers(ctx, req.auth!, req.query.classId)))
    r.post('/setTeachers', { config, schema: { tags, summary: '设置班级的班主任与任课教师（整体替换）', body: classTeachersBody } },
      async (req) => { await saveClassTeachers(ctx, req.auth!, req.body); return ok(null, CampusMsg.SAVED) })
  }
}

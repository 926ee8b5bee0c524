import { CampusMsg, campusContracts as P, classTeacherContracts as C, weatherContracts as W } from '@zhixiao/shared'
import type { AppContext } from '../../platform/context.js'
import { handle } from '../../platform/contract-routes.js'
import { ok } from '../../platform/envelope.js'
import {
  backPlan,
  backSign,
  classTeachers,
  notices,
  saveClassTeachers,
  schoolEvents,
  schoolResources,
  schoolStyle,
  teacherClasses,
  teacherNum,
  totalStatistic,
} from './service.js'
import { getWeatherConfig, saveWeatherConfig, testWeather, weatherByOrg } from './weather-service.js'

/**
 * The campus portal's calls (001 §7.5) at CAMPUS_API: GETs with an optional orgId (the caller's org when left out);
 * any signed-in member of the org or of an org above it may read.
 */
export const campusRoutes = (ctx: AppContext) => [
  handle(P.findPortalNoticePub, async (req) =>
    ok(await notices(ctx, req.auth!, { ...req.query, orgId: req.query.orgId ?? req.auth!.orgId })),
  ),
  handle(P.getWeatherByOrgId, async (req) =>
    ok(await weatherByOrg(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)),
  ),
  handle(P.getTeacherNumByOrgId, async (req) =>
    ok(await teacherNum(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)),
  ),
  handle(P.getSchoolResources, async (req) =>
    ok(await schoolResources(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)),
  ),
  handle(P.getSchoolStyleInfo, async (req) =>
    ok(await schoolStyle(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)),
  ),
  handle(P.getEventSchoolInfo, async (req) =>
    ok(await schoolEvents(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)),
  ),
  handle(P.getBackPlan, async (req) => ok(await backPlan(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId))),
  handle(P.getBackSign, async (req) => backSign(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)),
  handle(P.getTotalStatistic, async (req) =>
    ok(await totalStatistic(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)),
  ),
  handle(P.getTeacherClass, async (req) =>
    ok(await teacherClasses(ctx, req.auth!, req.query.orgId ?? req.auth!.orgId)),
  ),
]

/** The tenant's weather provider (portal maintenance → 天气配置), at /base/api/weather. The key is never returned. */
export const weatherRoutes = (ctx: AppContext) => [
  handle(W.get, async (req) => ok(await getWeatherConfig(ctx, req.auth!))),
  handle(W.save, async (req) => {
    await saveWeatherConfig(ctx, req.auth!, req.body)
    return ok(null, CampusMsg.SAVED)
  }),
  handle(W.test, async (req) => ok(await testWeather(ctx, req.auth!, req.body), CampusMsg.WEATHER_TEST_OK)),
]

/** Who heads and teaches a class (read by the campus portal's getTeacherClass), at /base/api/class. */
export const classTeacherRoutes = (ctx: AppContext) => [
  handle(C.teachers, async (req) => ok(await classTeachers(ctx, req.auth!, req.query.classId))),
  handle(C.setTeachers, async (req) => {
    await saveClassTeachers(ctx, req.auth!, req.body)
    return ok(null, CampusMsg.SAVED)
  }),
]

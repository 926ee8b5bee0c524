import { newsRow } from './cms-schemas.js'
import { pageOf } from './organization.js'
import * as z from './z.js'
import { isSafeLink } from './input.js'

/**
 * Campus portal (001 §7.5, /sc-mobile-api/api/h5/faculty/campusPro) and the weather provider behind
 * getWeatherByOrgId. The spec names the calls only; every payload name here is ours (docs/campus.md "Campus portal").
 */

export const CampusErrorCode = {
  /** getBackSign: the work sign-in entry is closed (001 §8). */
  ENTRY_CLOSED: 1701,
  /** The weather test call: the provider refused or could not be reached. */
  WEATHER_FAILED: 1702,
} as const

export const CampusMsg = {
  /** 001 §8, verbatim. */
  ENTRY_CLOSED: '此入口已关闭，请到教师考勤模块查看，若无教师考勤模块，请联系管理员授权！',
  WEATHER_OFF: '未开启天气服务，请联系管理员在“门户管理-天气配置”中开启',
  WEATHER_NO_LOCATION: '本校尚未设置天气城市，请联系管理员在“门户管理-天气配置”中设置',
  WEATHER_FAILED: '天气服务暂不可用，请稍后再试',
  WEATHER_TEST_OK: '天气服务连接成功',
  KEY_REQUIRED: '请输入天气服务密钥（API KEY）',
  KEY_BAD: '密钥只能包含字母、数字、下划线和短横线，且不超过100个字符',
  HOST_BAD: '接口地址必须以https://开头，不带路径',
  LOCATION_REQUIRED: '请输入城市编号',
  LOCATION_BAD: '城市编号格式不正确，应为和风天气的城市ID（如101010100）或“经度,纬度”（如116.41,39.92）',
  CITY_LONG: '城市名称不能超过20个字符',
  CLASS_NOT_FOUND: '班级不存在',
  TEACHER_NOT_FOUND: '所选教师不是本校教职工',
  TOO_MANY_TEACHERS: '任课教师不能超过50人',
  SUBJECT_NOT_FOUND: '所选学科不是本校已启用的学科',
  SUBJECT_TEACHER_NOT_IN_CLASS: '只能为本班的班主任和任课教师设置任教学科',
  TOO_MANY_SUBJECTS: '每位教师的任教学科不能超过20门',
  SUBJECT_TEACHER_REPEATED: '同一教师的任教学科只能填写一次',
  SAVED: '保存成功',
} as const

const orgId = z.coerce.number().int().positive().optional()

/** Every campusPro read: the org (a school) asked about, the caller's own org when left out. */
export const campusOrgQuery = z.object({ orgId })
export type CampusOrgQuery = z.infer<typeof campusOrgQuery>

/** findPortalNoticePub: published news of the school (and the bureau above it), newest first. */
export const campusNoticeQuery = z.object({
  orgId,
  pageIndex: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(10),
})
export type CampusNoticeQuery = z.infer<typeof campusNoticeQuery>
export const campusNoticePage = pageOf(newsRow)

/** A name and a number, for the breakdowns. */
export const countItem = z.object({ id: z.number().nullable(), name: z.string(), count: z.number() })
export type CountItem = z.infer<typeof countItem>

/** getTeacherNumByOrgId: the school's teaching staff (current, not archived). */
export const teacherNum = z.object({
  orgId: z.number(),
  total: z.number(),
  male: z.number(),
  female: z.number(),
  /** No sex recorded. */
  unknownSex: z.number(),
  /** By professional title (dictionary); id null: none recorded. */
  byTitle: z.array(countItem),
  /** By teacher type (dictionary). */
  byType: z.array(countItem),
  /** By position (dictionary). */
  byPosition: z.array(countItem),
})
export type TeacherNum = z.infer<typeof teacherNum>

/** getSchoolResources: buildings, floors and rooms of the school. */
export const schoolResources = z.object({
  orgId: z.number(),
  buildings: z.number(),
  floors: z.number(),
  rooms: z.number(),
  /** Rooms in use (status 0, enabled). */
  enabledRooms: z.number(),
  /** Seats: the sum of the rooms' capacity. */
  capacity: z.number(),
  /** Rooms by use (教室用途 dictionary); id null: no use recorded. */
  byUse: z.array(countItem.extend({ capacity: z.number() })),
  /** Buildings by type. */
  byBuildingType: z.array(countItem),
})
export type SchoolResources = z.infer<typeof schoolResources>

/** getSchoolStyleInfo: the school's header style (mh_sys_config) and its latest illustrated news. */
export const schoolStyle = z.object({
  orgId: z.number(),
  orgName: z.string(),
  address: z.string().nullable(),
  sysName: z.string(),
  logoUrl: z.string(),
  showLogo: z.boolean(),
  wideImgUrl: z.string(),
  /** 0 logo plus name, 1 wide image. */
  styleSelect: z.number(),
  /** Covers of the latest published news (the school's photo wall). */
  images: z.array(z.object({ newsId: z.number(), title: z.string(), url: z.string() })),
  news: z.array(z.object({ id: z.number(), title: z.string(), publishTime: z.string().nullable() })),
})
export type SchoolStyle = z.infer<typeof schoolStyle>

export const termInfo = z.object({
  id: z.number(),
  name: z.string(),
  schoolYear: z.string(),
  term: z.number(),
  startDate: z.string(),
  endDate: z.string(),
})
export type TermInfo = z.infer<typeof termInfo>

export const CampusEventKind = {
  TERM_START: 'termStart',
  TERM_END: 'termEnd',
  HOLIDAY: 'holiday',
  WORKDAY: 'workday',
} as const
export const CAMPUS_EVENT_LABEL: Record<string, string> = {
  termStart: '开学',
  termEnd: '学期结束',
  holiday: '放假',
  workday: '调休上班',
}
export const campusEvent = z.object({
  kind: z.enum(['termStart', 'termEnd', 'holiday', 'workday']),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** Whole days from today to the start (0: today or under way). */
  daysUntil: z.number(),
})
export type CampusEvent = z.infer<typeof campusEvent>

/** getEventSchoolInfo: the school calendar around today. */
export const schoolEvents = z.object({
  orgId: z.number(),
  /** China date of the answer (YYYY-MM-DD). */
  today: z.string(),
  currentTerm: termInfo.nullable(),
  /** Teaching week of today within the current term (1-based), null outside a term. */
  weekNo: z.number().nullable(),
  nextTerm: termInfo.nullable(),
  /** Term starts and ends, holidays and make-up work days from today on (at most 90 days ahead, 20 items). */
  events: z.array(campusEvent),
})
export type SchoolEvents = z.infer<typeof schoolEvents>

/** getBackPlan: the return to school — the next term's start and who is due back. */
export const backPlan = z.object({
  orgId: z.number(),
  today: z.string(),
  /** The next term that has not started yet; null when the calendar has none. */
  nextTerm: termInfo.nullable(),
  daysUntil: z.number().nullable(),
  grades: z.array(
    z.object({ gradeId: z.number(), gradeName: z.string(), classCount: z.number(), studentCount: z.number() }),
  ),
  classCount: z.number(),
  studentCount: z.number(),
})
export type BackPlan = z.infer<typeof backPlan>

/** getBackSign's refusal data: where attendance lives when such an app is registered and open for the caller. */
export const backSignData = z.object({ attendance: z.object({ name: z.string(), reqUri: z.string() }).nullable() })
export type BackSignData = z.infer<typeof backSignData>

/** getTotalStatistic: the school's totals from the kept member counts (current, not archived). */
export const totalStatistic = z.object({
  orgId: z.number(),
  students: z.number(),
  teachers: z.number(),
  parents: z.number(),
  classes: z.number(),
  grades: z.number(),
})
export type TotalStatistic = z.infer<typeof totalStatistic>

/** getTeacherClass: the classes the caller heads or teaches in the school. */
export const teacherClassItem = z.object({
  classId: z.number(),
  className: z.string(),
  gradeId: z.number(),
  gradeName: z.string(),
  isHead: z.boolean(),
  studentCount: z.number(),
})
export type TeacherClassItem = z.infer<typeof teacherClassItem>
export const teacherClassAnswer = z.object({ orgId: z.number(), list: z.array(teacherClassItem) })
export type TeacherClassAnswer = z.infer<typeof teacherClassAnswer>

// ---- the teachers of a class (who heads it and who teaches it), which getTeacherClass reads ----

export const classTeachersQuery = z.object({ classId: z.id() })
export const classTeachersBody = z.object({
  classId: z.id(),
  /** The head teacher's member id (user_info of a staff member of the class's school); null: none. */
  headTeacherId: z.id().nullable().default(null),
  /** The subject teachers' member ids. */
  teacherIds: z.array(z.id()).max(50, CampusMsg.TOO_MANY_TEACHERS).default([]),
  /**
   * The subjects each teacher of the class teaches in it (active subjects of the class's school). Given: replaces
   * every teacher's subjects (a teacher left out teaches none); left out: the subjects of the teachers who stay are
   * kept as they are.
   */
  teacherSubjects: z
    .array(
      z.object({
        userInfoId: z.id(),
        subjectIds: z.array(z.id()).max(20, CampusMsg.TOO_MANY_SUBJECTS),
      }),
    )
    .max(51, CampusMsg.TOO_MANY_TEACHERS)
    .optional(),
})
export type ClassTeachersBody = z.infer<typeof classTeachersBody>
/** A subject as the class-teacher screen shows it (status 0: enabled). */
export const classSubjectItem = z.object({
  id: z.number(),
  name: z.string(),
  code: z.string().nullable(),
  status: z.number(),
})
export type ClassSubjectItem = z.infer<typeof classSubjectItem>
export const classTeacherRow = z.object({
  userInfoId: z.number(),
  trueName: z.string(),
  isHead: z.boolean(),
  /** The subjects the teacher teaches in the class, in the school's subject order. */
  subjects: z.array(classSubjectItem),
})
export type ClassTeacherRow = z.infer<typeof classTeacherRow>
/** GET /base/api/class/teachers: the class (with its school, whose staff may be chosen) and its teachers. */
export const classTeachersAnswer = z.object({
  classId: z.number(),
  orgId: z.number(),
  className: z.string(),
  gradeName: z.string(),
  teachers: z.array(classTeacherRow),
  /** The school's enabled subjects, which the screen offers for each teacher. */
  subjectOptions: z.array(classSubjectItem),
})
export type ClassTeachersAnswer = z.infer<typeof classTeachersAnswer>

// ---- weather ----

export const WEATHER_PROVIDERS = ['off', 'qweather'] as const
export type WeatherProviderType = (typeof WEATHER_PROVIDERS)[number]
export const WEATHER_PROVIDER_LABEL: Record<WeatherProviderType, string> = { off: '关闭', qweather: '和风天气' }
/** QWeather's shared host; accounts created since 2024 have their own API host (console → settings). */
export const QWEATHER_DEFAULT_HOST = 'https://devapi.qweather.com'

const LOCATION_RE = /^(\d{5,12}|-?\d{1,3}(\.\d{1,2})?,-?\d{1,2}(\.\d{1,2})?)$/
export const weatherLocation = z
  .line()
  .max(30, CampusMsg.LOCATION_BAD)
  .refine((v) => v === '' || LOCATION_RE.test(v), CampusMsg.LOCATION_BAD)
const apiHost = z
  .line()
  .max(200, CampusMsg.HOST_BAD)
  .refine(
    (v) => v === '' || (/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?\/?$/.test(v) && isSafeLink(v, 'endpoint')),
    CampusMsg.HOST_BAD,
  )
const apiKey = z
  .line()
  .max(100, CampusMsg.KEY_BAD)
  .refine((v) => v === '' || /^[A-Za-z0-9_-]+$/.test(v), CampusMsg.KEY_BAD)

/**
 * CampusWeatherConfig (a named config, /base/configMgr/getCampusWeatherConfig): the weather location of an org,
 * inherited from the bureau until a school sets its own.
 */
export const campusWeatherConfig = z.object({
  /** QWeather LocationID or "lon,lat"; empty: none. */
  location: weatherLocation.default(''),
  /** Shown beside the figures (the provider answers no city name for an id). */
  cityName: z.line().max(20, CampusMsg.CITY_LONG).default(''),
})
export type CampusWeatherConfig = z.infer<typeof campusWeatherConfig>

/** The tenant's weather provider as the admin page reads it: the key is never returned, only whether one is kept. */
export const weatherConfigView = z.object({
  provider: z.enum(WEATHER_PROVIDERS),
  apiHost: z.string(),
  hasKey: z.boolean(),
  updatedAt: z.string().nullable(),
  /** Only the top org's administrators change the tenant's provider. */
  editable: z.boolean(),
})
export type WeatherConfigView = z.infer<typeof weatherConfigView>

/** Saving: an empty apiKey keeps the stored one; provider off deletes it. */
export const weatherConfigSave = z.object({
  provider: z.enum(WEATHER_PROVIDERS),
  apiHost: apiHost.default(''),
  apiKey: apiKey.default(''),
})
export type WeatherConfigSave = z.infer<typeof weatherConfigSave>

/** The 测试 button: the form's values (an empty key: the stored one) against a location, bypassing the cache. */
export const weatherTestBody = weatherConfigSave.extend({
  location: weatherLocation.refine((v) => v !== '', CampusMsg.LOCATION_REQUIRED),
})
export type WeatherTestBody = z.infer<typeof weatherTestBody>

export const weatherNow = z.object({
  /** °C */
  temp: z.number(),
  feelsLike: z.number().nullable(),
  text: z.string(),
  /** The provider's icon code. */
  icon: z.string(),
  windDir: z.string(),
  windScale: z.string(),
  /** % */
  humidity: z.number().nullable(),
  /** When the provider observed it (ISO). */
  obsTime: z.string(),
})
export type WeatherNow = z.infer<typeof weatherNow>

/**
 * getWeatherByOrgId. state: off (no provider configured), noLocation (the school has no location), ok, error (the
 * provider failed). Figures only with ok; they are never made up.
 */
export const weatherAnswer = z.object({
  orgId: z.number(),
  state: z.enum(['off', 'noLocation', 'ok', 'error']),
  message: z.string().nullable(),
  provider: z.enum(WEATHER_PROVIDERS),
  location: z.string(),
  cityName: z.string(),
  now: weatherNow.nullable(),
  /** When this server asked the provider (ISO); answers are kept 10 minutes per location. */
  fetchedAt: z.string().nullable(),
})
export type WeatherAnswer = z.infer<typeof weatherAnswer>

import * as z from './z.js'
import { UserType } from './constants.js'
import { BASE_SET_ENTRY, isPageRoute, subAppHostOf } from './routes.js'

/**
 * The app registry, app groups and favourites (001 §2.6, §3, §7.1, §7.5, §9; 000 §7.6). Built-in apps are
 * defined once here and synced into every tenant; a tenant admin registers further apps. Groups belong to
 * an org and a scope (appType 3 school PC, 10 bureau PC, 7 public portal); favourites to an account in an org.
 * See docs/apps.md.
 */

export const AppMsg = {
  SCRAPPED: '此应用已废弃，请联系管理员',
  EXPIRED: '此应用已过期，请联系管理员',
  NO_PERMISSION: '暂无权限',
  ICON_HTTP: '图标必须是已http开头的网络图片',
  NOT_FOUND: '应用不存在',
  GROUP_NOT_FOUND: '应用分组不存在',
  NOT_REGISTERED: '应用未注册或未开通',
  BUILTIN: '内置应用只能修改显示、废弃和过期设置',
  UNIQUE_TAKEN: '应用标识已存在',
  NAME_REQUIRED: '请输入应用名称',
  GROUP_NAME_REQUIRED: '请输入分组名称',
  TARGET_REQUIRED: '请填写应用路由或入口地址',
  EMPTY_SEARCH: '没有找到结果，请重新输入',
  EMPTY_GROUP: '暂无应用',
  /** The launcher when none of the user's groups has an app to open (docs/apps.md). */
  EMPTY_LAUNCHER: '学校开通应用后，会显示在这里',
  EMPTY_OFTEN: '暂无常用',
  ONCE_TOKEN_INVALID: '令牌无效或已过期',
  /** 应用管理's state of an app that opens nothing yet, and what is missing. */
  NOT_CONFIGURED: '未配置',
  MISSING_ENTRY: '缺少入口地址',
  MISSING_ROUTE: '缺少应用路由',
  UNKNOWN_ROUTE: '应用路由不存在',
  USER_TYPES_REQUIRED: '请选择可使用的身份',
  USER_TYPE_REFUSED: '您的身份不能使用此应用',
} as const

/** appType values of 001 §3. PC scopes used for group loading: 3 school, 10 bureau, 7 public portal. */
export const AppType = { SCHOOL_PC: 3, PUBLIC_PC: 7, BUREAU_PC: 10 } as const
export const APP_TYPE_LABEL: Record<number, string> = {
  0: '教师移动端',
  6: '教师移动端',
  11: '教师移动端',
  1: '家长移动端',
  8: '家长移动端',
  2: '班级',
  3: 'PC',
  7: 'PC',
  10: 'PC',
  5: '学生移动端',
  9: '学生移动端',
  12: '学生PC',
}
/** 3 if the unit attribute is 8 or above (school), else 10 (bureau), as the header sends it (001 §7.1). */
export const groupAppTypeFor = (unitAttr: number): number => (unitAttr >= 8 ? AppType.SCHOOL_PC : AppType.BUREAU_PC)

/** 1 same window, 2 new window (001 §3 menu option openWay). */
export const OpenWay = { SAME: 1, NEW: 2 } as const

/** Who may use an app: staff 1002, students 1003, parents 1004 (the role tree's user scopes, 001 §6). */
export const APP_USER_TYPES: readonly UserType[] = [UserType.STAFF, UserType.STUDENT, UserType.PARENT]
const STAFF_ONLY: readonly UserType[] = [UserType.STAFF]
const appUserType = z.union([z.literal(UserType.STAFF), z.literal(UserType.STUDENT), z.literal(UserType.PARENT)])

/**
 * What an app lacks to open anything (docs/apps.md "Offered to users"), or null when it opens: a portal
 * page opens by its route; a sub-application route needs an entry address for its host frame; without a route,
 * only an http entry (an outside site, opened in a new tab) opens.
 */
export function appTargetMissing(a: { reqUri: string | null; entryUrl: string | null }): string | null {
  if (a.reqUri) {
    if (isPageRoute(a.reqUri)) return null
    if (subAppHostOf(a.reqUri)) return a.entryUrl ? null : AppMsg.MISSING_ENTRY
    return AppMsg.UNKNOWN_ROUTE
  }
  if (!a.entryUrl) return AppMsg.MISSING_ENTRY
  return /^https?:\/\//i.test(a.entryUrl) ? null : AppMsg.MISSING_ROUTE
}

/** Special app ids of 001 §9. */
export const SpecialAppId = {
  TENANT_MANAGEMENT: 'tenant_management',
  DATA_WAREHOUSE: 'data_warehouse',
  CLASS_MANAGEMENT: 'class_management',
  IOT: 'internet_of_things',
} as const

/** Default app groups of 001 §9; groupingType 5 is 校园管理 for a school and 局务工作 for a bureau. */
export const DEFAULT_APP_GROUPS: readonly { groupingType: number; school: string; bureau: string }[] = [
  { groupingType: 1, school: '中台', bureau: '中台' },
  { groupingType: 2, school: '教师服务', bureau: '教师服务' },
  { groupingType: 3, school: '教务教学', bureau: '教务教学' },
  { groupingType: 4, school: '教研', bureau: '教研' },
  { groupingType: 5, school: '校园管理', bureau: '局务工作' },
  { groupingType: 6, school: '学生工作', bureau: '学生工作' },
]
export const defaultGroupName = (groupingType: number, appType: number): string => {
  const g = DEFAULT_APP_GROUPS.find((d) => d.groupingType === groupingType)
  if (!g) return ''
  return appType === AppType.SCHOOL_PC ? g.school : g.bureau
}

/** The permission node registered apps' new codes hang under (so roles can grant them). */
export const TENANT_APP_PERMISSION_ROOT = { code: 'tenant_app', name: '机构应用' } as const

export const SEARCH_HISTORY_MAX = 4
export const OFTEN_USE_SCROLL_AFTER = 9
/** Lifetime of a once-token handed to a hosted sub-application. */
export const ONCE_TOKEN_TTL_MS = 60_000

/** One app as the launcher, favourites and admin lists see it. */
export const appRow = z.object({
  appId: z.number(),
  uniqueId: z.string(),
  name: z.string(),
  iconUri: z.string().nullable(),
  /** In-portal route (an internal page or a SUB_APPS route such as /attendance or /oafn/leave). */
  reqUri: z.string().nullable(),
  /** Address the sub-app host mounts in its frame (same origin path or http URL); null for internal pages. */
  entryUrl: z.string().nullable(),
  permissionName: z.string().nullable(),
  appType: z.number(),
  /** 1 same window, 2 new tab. */
  openWay: z.number(),
  hasCollect: z.boolean(),
  isNewApp: z.boolean(),
  isScrap: z.boolean(),
  /** True when expireDate has passed. */
  hasExpire: z.boolean(),
  expireDate: z.string().nullable(),
  hasShow: z.boolean(),
  groupingType: z.number().nullable(),
  builtin: z.boolean(),
  sort: z.number(),
  /** User types that may use it (1002 staff, 1003 student, 1004 parent). */
  userTypes: z.array(appUserType),
  /** What it lacks to open anything (缺少入口地址 …); null when it opens. Such an app is listed to admins only. */
  missing: z.string().nullable(),
  /** The sign-in protocol of its hub client (app_client), null for none: an OpenID app opens top-level (open-app.ts). */
  protocol: z.string().nullable(),
})
export type AppRow = z.infer<typeof appRow>

export const appGroup = z.object({
  id: z.number(),
  name: z.string(),
  /** Same as name; the spec's groups carry either field. */
  groupName: z.string(),
  appType: z.number(),
  groupingType: z.number().nullable(),
  sort: z.number(),
  appList: z.array(appRow),
})
export type AppGroup = z.infer<typeof appGroup>

export const appGroupListQuery = z.object({
  appType: z.coerce.number().int().default(AppType.SCHOOL_PC),
  /** '1' keeps only apps the user may open and that are shown. */
  filter: z.string().max(10).optional(),
  /** 'true' appends 其他应用: apps in no group of the scope. */
  showDefaultGroup: z.string().max(10).optional(),
})
export type AppGroupListQuery = z.infer<typeof appGroupListQuery>

const optionalHttpIcon = z.link('http', AppMsg.ICON_HTTP).optional().nullable()

export const appSaveBody = z
  .object({
    name: z
      .line({ message: AppMsg.NAME_REQUIRED })
      .trim()
      .min(1, AppMsg.NAME_REQUIRED)
      .max(30, '应用名称不能超过30个字符'),
    /** Generated when empty. */
    uniqueId: z
      .string()
      .trim()
      .max(60)
      .regex(/^[A-Za-z0-9_-]*$/, '应用标识只能包含字母、数字、下划线和横线')
      .optional()
      .nullable(),
    iconUri: optionalHttpIcon,
    reqUri: z.link('path', '应用路由必须以/开头').optional().nullable(),
    entryUrl: z.link('web', '入口地址必须以/或http开头').optional().nullable(),
    permissionName: z
      .string()
      .trim()
      .max(80)
      .regex(/^[A-Za-z0-9_]*$/, '权限编码只能包含字母、数字和下划线')
      .optional()
      .nullable(),
    appType: z.coerce.number().int().min(0).max(12).default(AppType.SCHOOL_PC),
    openWay: z.coerce.number().int().min(1).max(2).default(OpenWay.SAME),
    isScrap: z.boolean().default(false),
    expireDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为YYYY-MM-DD')
      .optional()
      .nullable(),
    hasShow: z.boolean().default(true),
    isNewApp: z.boolean().default(false),
    groupingType: z.coerce.number().int().min(1).max(6).optional().nullable(),
    /** Who may use it; a new app without it is for every user type, an edit without it keeps the app's. */
    userTypes: z
      .array(appUserType, { message: AppMsg.USER_TYPES_REQUIRED })
      .min(1, AppMsg.USER_TYPES_REQUIRED)
      .max(3)
      .optional(),
  })
  .refine((b) => !!(b.reqUri || b.entryUrl), { message: AppMsg.TARGET_REQUIRED, path: ['reqUri'] })
export type AppSaveBody = z.infer<typeof appSaveBody>
export const appUpdateBody = z.object({ appId: z.id() }).and(appSaveBody)
export type AppUpdateBody = z.infer<typeof appUpdateBody>

export const appPageBody = z.object({
  keyword: z.string().trim().max(30).optional().nullable(),
  appType: z.coerce.number().int().optional().nullable(),
  /** 'builtin' | 'registered' */
  source: z.enum(['builtin', 'registered']).optional().nullable(),
  isScrap: z.boolean().optional().nullable(),
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(20),
})
export type AppPageBody = z.infer<typeof appPageBody>

export const appGroupSaveBody = z.object({
  name: z
    .line({ message: AppMsg.GROUP_NAME_REQUIRED })
    .trim()
    .min(1, AppMsg.GROUP_NAME_REQUIRED)
    .max(20, '分组名称不能超过20个字符'),
  appType: z.coerce.number().int().default(AppType.SCHOOL_PC),
  sort: z.coerce.number().int().min(0).max(9999).optional(),
})
export type AppGroupSaveBody = z.infer<typeof appGroupSaveBody>
export const appGroupUpdateBody = appGroupSaveBody.extend({ id: z.id() })
export type AppGroupUpdateBody = z.infer<typeof appGroupUpdateBody>
/** appType left out: the school PC scope for 应用管理, else the mobile scope the caller maintains. */
export const appGroupResetBody = z.object({ appType: z.coerce.number().int().optional() })

export const appLinkBody = z.object({
  groupId: z.id(),
  appIds: z.array(z.id()).min(1, '请选择应用').max(200),
})
export type AppLinkBody = z.infer<typeof appLinkBody>
export const appLinkResetBody = z.object({ groupId: z.id() })

export const appIdQuery = z.object({ appId: z.id() })
export const idQuery = z.object({ id: z.id() })

/** Unified portal check (001 §7.1): which of these the user holds. */
export const dynamicPermissionBody = z
  .array(z.object({ appUniqueId: z.string().max(80), permission: z.string().max(80) }))
  .max(500)
export type DynamicPermissionBody = z.infer<typeof dynamicPermissionBody>

/** Fallback app list (001 §7.1). */
export const fallbackAppRow = z.object({
  appUniqueId: z.string(),
  appName: z.string(),
  iconUri: z.string().nullable(),
  appId: z.number(),
  hasCollect: z.boolean(),
  reqUri: z.string().nullable(),
})
export type FallbackAppRow = z.infer<typeof fallbackAppRow>

/** Session hand-over to a hosted app: a single-use token swapped for a session of the same account and org. */
export const onceTokenResponse = z.object({ onceToken: z.string(), expiresInMs: z.number() })
export type OnceTokenResponse = z.infer<typeof onceTokenResponse>
export const swapOnceTokenBody = z.object({ onceToken: z.string().min(1).max(200) })
export const swapOnceTokenResponse = z.object({ accessToken: z.string() })

/** The registered app governing a SUB_APPS route, as the host page asks for it. */
export const hostedAppQuery = z.object({ route: z.string().max(200) })
export const hostedApp = z.object({ app: appRow, mayOpen: z.boolean() })
export type HostedApp = z.infer<typeof hostedApp>

/** A built-in app as defined once here and synced into each tenant. */
export interface BuiltinApp {
  uniqueId: string
  name: string
  reqUri: string
  permissionName: string | null
  groupingType: number
  /** Scopes whose default groups link it: 's' school (3), 'b' bureau (10). */
  scopes: 's' | 'b' | 'sb'
  openWay?: number
  /** Frame address for sub-app routes; none for internal pages. */
  entryUrl?: string
  /** Shown only to the platform administrator (the routes are adminOnly); tenant_management only in tenant 0. */
  adminOnly?: boolean
  /** Who may use it until an admin changes it in 应用管理: staff, and students or parents where the app serves them. */
  userTypes: readonly UserType[]
}

const a = (
  uniqueId: string,
  name: string,
  reqUri: string,
  permissionName: string | null,
  groupingType: number,
  scopes: BuiltinApp['scopes'] = 'sb',
  extra: Partial<BuiltinApp> = {},
): BuiltinApp => ({ uniqueId, name, reqUri, permissionName, groupingType, scopes, userTypes: STAFF_ONLY, ...extra })
const STAFF_STUDENT: Partial<BuiltinApp> = { userTypes: [UserType.STAFF, UserType.STUDENT] }
const EVERYONE: Partial<BuiltinApp> = { userTypes: APP_USER_TYPES }

/**
 * Built-in apps. Internal pages use the catalogue's page codes; sub-app routes the catalogue has no code for are
 * open to every signed-in member of the tenant (permissionName null) until an admin sets one.
 */
export const BUILTIN_APPS: readonly BuiltinApp[] = [
  // 中台
  a('base_data', '基础数据', BASE_SET_ENTRY, 'base_set', 1),
  a('org_structure', '组织机构', '/base-organization/orgSet', 'base_organization', 1),
  a('people_manage', '人员管理', '/base-userAccount/teachers', 'base_user_account', 1),
  a('role_permission', '角色权限', '/roles-roleManage', 'permission_role', 1),
  // 001 §2.1: portal management is reached through an internal app named 门户管理 (the menhu-port address).
  a('portal_manage', '门户管理', '/menhu-port/maintain/mainPage', 'sc_menhu_pc', 1),
  a('app_manage', '应用管理', '/menhu-appManager/index', 'sc_menhu_app_mgr', 1),
  a(SpecialAppId.TENANT_MANAGEMENT, '租户管理', '/base-set/tenant-manage', null, 1, 'sb', { adminOnly: true }),
  a(SpecialAppId.DATA_WAREHOUSE, '数据仓库', '/dataWare/house/index', null, 1, 'sb', { adminOnly: true }),
  a(SpecialAppId.IOT, '物联网平台', '/iot', 'iot_ysgw_dev', 1),
  // 教师服务
  a('salary', '工资查询', '/salary', null, 2),
  a('worklog', '工作日志', '/oafn/worklog', null, 2),
  a('leave', '请假审批', '/oafn/leave', null, 2),
  a('official_document', '公文流转', '/oafn/officialDocument', null, 2, 'sb', { openWay: 2 }),
  a('archive_teacher', '教师档案', '/archiveTeacher', null, 2, 's'),
  // 教务教学
  a('course_center', '课程中心', '/courseCenter', null, 3, 's', STAFF_STUDENT),
  a('exam_system', '考试系统', '/examSystem', null, 3, 's', STAFF_STUDENT),
  // Students and parents look up scores here.
  a('grade_manage', '成绩管理', '/gradeManage', null, 3, 's', EVERYONE),
  a('textbook', '教材管理', '/textbook', null, 3),
  // 教研
  a('open_class', '公开课', '/openClass', null, 4),
  a('teacher_evaluation', '教师评价', '/teacherEvaluation', null, 4),
  // 校园管理 / 局务工作
  a('attendance', '考勤管理', '/attendance', null, 5, 's'),
  a('property', '资产管理', '/property', null, 5, 's'),
  a('visitor', '访客管理', '/visitor', null, 5, 's'),
  a('inspection', '督导检查', '/inspection', null, 5, 'b'),
  a('jd_property', '局端资产', '/jdProperty', null, 5, 'b'),
  a('supervision_train', '督学培训', '/supervisionTrain', null, 5, 'b'),
  // 学生工作
  a(SpecialAppId.CLASS_MANAGEMENT, '班级管理', '/base-school/classManage', 'base_school', 6, 's'),
  a('student_manage', '学生管理', '/studentManage', null, 6, 's'),
  a('moral_education', '德育管理', '/moralEducation', null, 6, 's'),
  // A student's and a parent's own record.
  a('archive_students', '学生档案', '/archiveStudents', null, 6, 'sb', EVERYONE),
]

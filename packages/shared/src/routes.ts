import { LOGIN_SECURITY_ROUTES } from './login-security-routes.js'
import { SSO_ROUTES } from './sso-routes.js'
import { PC_PORTAL_ROUTES } from './pc-portal-routes.js'
import { RED_DOT_ROUTES } from './red-dots-routes.js'
import { CAMPUS_ROUTES } from './campus-routes.js'
import { MOBILE_PORTAL_ROUTES } from './mobile-portal-routes.js'
import { MESSAGE_ROUTES } from './messages-routes.js'
import { ASSISTANT_ROUTES } from './assistant-routes.js'
import { ALLIANCE_ROUTES } from './alliance-routes.js'
import { BASE_SET_ENTRY, pathOnly, ROUTE_REDIRECTS, type RouteMeta } from './route-basics.js'

export * from './route-basics.js'

export const ROLE_ROUTES: RouteMeta[] = [
  { path: '/roles-roleManage', title: '角色授权', layout: 'default', permission: 'permission_role' },
  {
    path: '/roles-roleManage/edit',
    title: '角色授权编辑',
    layout: 'default',
    permission: 'permission_role',
    hidden: true,
  },
  { path: '/roles-permissionUser', title: '权限用户查询', layout: 'default', permission: 'permission_f_user' },
  { path: '/roles-userPermission', title: '用户权限查询', layout: 'default', permission: 'permission_f_p' },
  {
    path: '/roles-userPermission/detail',
    title: '用户权限详情',
    layout: 'default',
    permission: 'permission_f_p',
    hidden: true,
  },
  { path: '/roles-userOptionlog', title: '操作日志', layout: 'default', permission: 'permission_operation_log' },
  // Beyond the spec: every sign-in of the tenant (docs/auth.md "Login log"), beside the operation log.
  { path: '/roles-loginLog', title: '登录日志', layout: 'default', permission: 'permission_operation_log' },
]

const school = (p: string, title: string, hidden = false): RouteMeta => ({
  path: `/base-school/${p}`,
  title,
  layout: 'default',
  permission: 'base_school',
  hidden,
})
const ua = (p: string, title: string, hidden = false): RouteMeta => ({
  path: `/base-userAccount/${p}`,
  title,
  layout: 'default',
  permission: 'base_user_account',
  hidden,
})

export const BASE_ROUTES: RouteMeta[] = [
  { path: '/base-useRoute/index', title: '使用指南', layout: 'default' },
  { path: '/base-set/system', title: '系统设置', layout: 'default', adminOnly: true },
  { path: '/base-set/area/levelSet', title: '行政级别设置', layout: 'default', adminOnly: true },
  { path: '/base-set/area/areaSet', title: '行政区域设置', layout: 'default', adminOnly: true },
  { path: '/base-set/tenant-manage', title: '租户管理', layout: 'default', adminOnly: true },
  { path: '/base-organization/orgType', title: '机构类型', layout: 'default', permission: 'base_organization' },
  { path: '/base-organization/orgTypeOne', title: '机构类型', layout: 'default', permission: 'base_organization' },
  { path: '/base-organization/departType', title: '部门类型', layout: 'default', permission: 'base_organization' },
  { path: '/base-organization/departTypeOne', title: '部门类型', layout: 'default', permission: 'base_organization' },
  { path: '/base-organization/orgSet', title: '机构设置', layout: 'default', permission: 'base_organization' },
  { path: '/base-buildLot/roomManage', title: '楼宇教室', layout: 'default', permission: 'base_build_lot' },
  {
    path: '/base-buildLot/roomManage/batch',
    title: '批量新增',
    layout: 'default',
    permission: 'base_build_lot',
    hidden: true,
  },
  ...['dictionary', 'dictionaryOne'].flatMap((d) =>
    ['learnPeriod', 'subjectManage', 'admissionSet', 'studentSet', 'studyType'].map((p) =>
      school(`${d}/${p}`, dictTitle(p)),
    ),
  ),
  school('major/schoolManage', '院系管理'),
  school('major/majorManage', '专业管理'),
  school('major/majorDirection', '专业方向'),
  school('calendarSet', '校历设置'),
  school('holidaySet', '节假日设置'),
  school('addHoliday', '新增节假日', true),
  school('studyMonthSet', '学月设置'),
  school('workAndRest', '作息设置'),
  school('workAndRestDetail', '作息详情', true),
  school('workAndRestCheck', '作息查看', true),
  school('gradeManage', '年级管理'),
  school('gradeGuidang', '归档年级'),
  school('classManage', '班级管理'),
  school('classGuidang', '归档班级'),
  school('addClass', '新增班级', true),
  school('classManage-zz', '班级管理'),
  school('classGuidang-zz', '归档班级'),
  school('addClass-zz', '新增班级', true),
  ua('dictionary', '人员字典'),
  ua('dictionaryOne', '人员字典'),
  ua('teachers', '教师管理'),
  ua('teachersGuidang', '归档教师'),
  ua('students', '学生管理'),
  ua('students-zz', '学生管理'),
  ua('studentGuidang', '归档学生'),
  ua('studentGuidang-zz', '归档学生'),
  ua('alumni', '校友（毕业生）'),
  ua('parents', '家长管理'),
  ua('parentsGuidang', '归档家长'),
  ua('typeChangeTeacher', '教师异动'),
  ua('typeChangeTeacherOne', '教师异动'),
  ua('typeChangeStudent', '学生异动'),
  ua('typeChangeStudentOne', '学生异动'),
  ua('typeChangeStudentZz', '学生异动'),
  ua('joinAudit', '加入审核'),
  ua('teacherDetail', '教师详情', true),
  ua('personalData', '个人资料', true),
  ua('studentDetail', '学生详情', true),
  { path: '/base-logMonitor/index', title: '关键日志监控', layout: 'default', permission: 'base_log_monitor' },
  { path: '/base-searchPerson/index', title: '人员查询', layout: 'default', permission: 'base_search_person' },
  // Transfers between the district's schools (docs/school-year.md "Transfers").
  { path: '/base-transfer/index', title: '转学管理', layout: 'default', permission: 'base_transfer' },
  // Who looked at whose personal data (docs/privacy.md "Access log and reveal").
  { path: '/base-privacyLog/index', title: '个人信息访问日志', layout: 'default', permission: 'base_privacy_log' },
  // Export approval (docs/privacy.md "Export approval"): the officer and approvers, and the requests.
  {
    path: '/base-privacyLog/officer',
    title: '个人信息保护负责人',
    layout: 'default',
    permission: 'base_privacy_officer',
  },
  { path: '/base-privacyLog/exports', title: '导出申请', layout: 'default', permission: 'base_privacy_export' },
  // Retention periods, holds and the scrub; guardians' requests (docs/privacy.md "Retention and requests").
  {
    path: '/base-privacyLog/retention',
    title: '个人信息保留期限',
    layout: 'default',
    permission: 'base_privacy_retention',
  },
  { path: '/base-privacyLog/requests', title: '家长信息申请', layout: 'default', permission: 'base_privacy_request' },
  {
    path: '/base-privacyLog/notice',
    title: '隐私政策与服务条款',
    layout: 'default',
    permission: 'base_privacy_notice',
  },
  { path: '/base-privacyLog/audit', title: '年度合规审计', layout: 'default', permission: 'base_privacy_audit' },
  // The autumn statistics (docs/school-year.md "The autumn statistics").
  { path: '/base-statistics/autumn', title: '秋季统计', layout: 'default', permission: 'base_school_stats' },
  // The school year (docs/school-year.md "Intake, feeder schools and class placement").
  { path: '/base-schoolYear/feeders', title: '对口学校', layout: 'default', permission: 'base_feeder_school' },
  { path: '/base-schoolYear/intake', title: '新生入学', layout: 'default', permission: 'base_intake' },
  // The school-year roll-over: the bureau's plan, each school's preview, run and undo (docs/school-year.md
  // "Roll-over screens"); a school's administrator sees their own school.
  { path: '/base-schoolYear/rollover', title: '学年结转', layout: 'default', permission: 'base_rollover' },
  { path: '/base-communalFields', title: '公共字段', layout: 'default', permission: 'base_communal_fields' },
  { path: '/dataWare/house/index', title: '数据仓库', layout: 'default', adminOnly: true },
]

function dictTitle(p: string): string {
  return (
    (
      {
        learnPeriod: '学段设置',
        subjectManage: '学科管理',
        admissionSet: '招生设置',
        studentSet: '学生设置',
        studyType: '就读方式',
      } as Record<string, string>
    )[p] ?? p
  )
}

export const PORTAL_ROUTES: RouteMeta[] = [
  { path: '/portal/home', title: '首页', layout: 'home' },
  { path: '/portal/personal', title: '个人门户', layout: 'home' },
  { path: '/portal/class', title: '班级门户', layout: 'home' },
  { path: '/portal/systemCenter', title: '系统中心', layout: 'home' },
  { path: '/generalPortal/home/index', title: '首页', layout: 'home' },
  { path: '/generalPortal/setup', title: '门户设置', layout: 'home', permission: 'sc_menhu_pc' },
  { path: '/schoolPortal/home/index', title: 'Home', layout: 'out-portal' },
  { path: '/schoolPortal/home/news', title: 'School news', layout: 'out-portal' },
  { path: '/schoolPortal/home/news/details', title: 'Details', layout: 'out-portal' },
  { path: '/localSide/home/index', title: '局端首页', layout: 'jd' },
  { path: '/localSide/navigation', title: '局端后台', layout: 'jd' },
  { path: '/localSide/appCenter/index', title: '应用中心', layout: 'jd' },
  { path: '/alliancePortal/home', title: '联盟门户', layout: 'alliance' },
  { path: '/openPortal', title: '公共门户', layout: 'redirect', public: true },
  { path: '/oneselfCenter', title: '个人中心', layout: 'redirect' },
  { path: '/old/home/:id', title: '门户首页', layout: 'old' },
  { path: '/home/home', title: '首页', layout: 'home' },
  { path: '/lowCodeApplication/index', title: '低代码应用', layout: 'redirect' },
  // The first use of a third-party sign-in binds it here, before any session (docs/auth.md).
  { path: '/bindUser/index', title: '绑定用户', layout: 'redirect', public: true },
  { path: '/jdLogin/jdPlatForm/index', title: '局校一体平台', layout: 'jd' },
  { path: '/jdLogin/jdPlatForm/jdSet', title: '局校一体平台设置', layout: 'jd', permission: 'sc_menhu_pc' },
]

/** App management (001 §2.5 maintenance tree, 应用管理). */
export const APP_MGR_ROUTES: RouteMeta[] = [
  { path: '/menhu-appManager/index', title: '应用管理', layout: 'default', permission: 'sc_menhu_app_mgr' },
  {
    path: '/menhu-appManager/addapp',
    title: '注册应用',
    layout: 'default',
    permission: 'sc_menhu_app_mgr',
    hidden: true,
  },
]

/** News pages and the portal layout editor (docs/cms.md). */
export const CMS_ROUTES: RouteMeta[] = [
  { path: '/cms2-newslist', title: '新闻列表', layout: 'home' },
  { path: '/cms2-newslist/details', title: '新闻详情', layout: 'home', hidden: true },
  { path: '/cms2-newslist/manage', title: '新闻管理', layout: 'default', permission: 'cms_news_mgr' },
  { path: '/menhu-port/menu/campus-menhu', title: '门户模块', layout: 'default', permission: 'sc_menhu_pc' },
]

/** PC portal maintenance (001 §2.5 /menhu-port, sc_menhu_pc): the header, footer and mobile-entry config. */
export const MENHU_PORT_ROUTES: RouteMeta[] = [
  { path: '/menhu-port/maintain/mainPage', title: '门户配置', layout: 'default', permission: 'sc_menhu_pc' },
]

/**
 * Complaints and suggestions (001 §2.5 /menhu-complaintSuggest, docs/complaints.md). The handler's queue needs
 * no page code (the server checks the caller handles the class); the submit page is any signed-in member's.
 */
/** 帮助中心 for members (docs/portal-config.md): help for the user's own type; admins get /base-useRoute/index. */
export const HELP_ROUTES: RouteMeta[] = [{ path: '/helpCenter/index', title: '帮助中心', layout: 'home', hidden: true }]

export const COMPLAINT_ROUTES: RouteMeta[] = [
  {
    path: '/menhu-complaintSuggest/index',
    title: '投诉建议配置',
    layout: 'default',
    permission: 'sc_menhu_newFeedback_config_base_config',
  },
  {
    path: '/menhu-complaintSuggest/list',
    title: '投诉建议列表',
    layout: 'default',
    permission: 'sc_menhu_newFeedback_config_list',
  },
  { path: '/menhu-complaintSuggest/handle', title: '投诉建议处理', layout: 'default', hidden: true },
  { path: '/complaintSuggest/submit', title: '投诉建议', layout: 'home', hidden: true },
]

/** SMS (001 §2.5 /menhu-Duanxin, sc_menhu_sms_config; docs/auth.md): provider and templates, a template's form, the SMS log. */
export const SMS_ROUTES: RouteMeta[] = [
  {
    path: '/menhu-Duanxin/index',
    title: '短信配置',
    layout: 'default',
    permission: 'sc_menhu_sms_config',
    tenantWide: true,
  },
  {
    path: '/menhu-Duanxin/cu',
    title: '短信模板',
    layout: 'default',
    permission: 'sc_menhu_sms_config',
    tenantWide: true,
    hidden: true,
  },
  {
    path: '/menhu-Duanxin/log',
    title: '短信日志',
    layout: 'default',
    permission: 'sc_menhu_sms_config',
    tenantWide: true,
    hidden: true,
  },
]

// Spreads count as possible side effects to the bundler: marked pure, the table stays out of the web app's entry chunk
// (the login route's budget) and loads with the router's page routes (web router/app-routes.tsx).
export const ALL_PAGE_ROUTES: RouteMeta[] = /* @__PURE__ */ (() => [
  ...BASE_ROUTES,
  ...ROLE_ROUTES,
  ...PORTAL_ROUTES,
  ...APP_MGR_ROUTES,
  ...CMS_ROUTES,
  ...MENHU_PORT_ROUTES,
  ...COMPLAINT_ROUTES,
  ...HELP_ROUTES,
  ...LOGIN_SECURITY_ROUTES,
  ...SMS_ROUTES,
  ...SSO_ROUTES,
  ...MOBILE_PORTAL_ROUTES,
  ...CAMPUS_ROUTES,
  ...PC_PORTAL_ROUTES,
  ...RED_DOT_ROUTES,
  ...MESSAGE_ROUTES,
  ...ASSISTANT_ROUTES,
  ...ALLIANCE_ROUTES,
])()

const patternMatches = (pattern: string, path: string): boolean => {
  const a = pattern.split('/')
  const b = path.split('/')
  return a.length === b.length && a.every((seg, i) => (seg.startsWith(':') ? b[i] !== '' : seg === b[i]))
}

/** A page of the portal itself (not a sub-application host): a page route, a fixed redirect or /base-set. */
export function isPageRoute(target: string): boolean {
  const path = pathOnly(target)
  return (
    path === BASE_SET_ENTRY ||
    ROUTE_REDIRECTS.some(([from]) => from === path) ||
    ALL_PAGE_ROUTES.some((r) => patternMatches(r.path, path))
  )
}

/** Finds the route meta governing a path (longest matching prefix). */
export function findRouteMeta(path: string): RouteMeta | undefined {
  let best: RouteMeta | undefined
  for (const r of ALL_PAGE_ROUTES) {
    if (r.path.includes(':')) continue
    if ((path === r.path || path.startsWith(r.path + '/')) && (!best || r.path.length > best.path.length)) best = r
  }
  return best
}

/*
 * The route basics the web app's entry needs (types, sub-application hosts, fixed redirects). They are a module of
 * their own so the page tables of routes.ts stay out of the entry chunk (the login route's budget, issue 12): a bundler
 * places a whole module in the chunk of its first importer.
 */
/**
 * The spec's routes (000 §2, 001 §2), shared so the web router and the server's permission checks read one
 * table. `permission` is the page code checked against the user's permission list; a route without one is
 * open to any signed-in user. `public` routes need no login.
 */
export type LayoutName =
  'default' | 'redirect' | 'home' | 'old' | 'jd' | 'out-portal' | 'alliance' | 'manage-center' | 'mobile' | 'none'

export interface RouteMeta {
  path: string
  title: string
  layout: LayoutName
  permission?: string
  /** Only for the super administrator (routes beginning tenant-, /base-set). */
  adminOnly?: boolean
  public?: boolean
  hidden?: boolean
  /**
   * The page maintains a setting of the whole tenant (its SMS provider, its sign-in providers): offered only in the
   * tenant's top organisation, as the server takes those writes only from there (route config tenantWide).
   */
  tenantWide?: boolean
}

/** Sub-applications of 000 §2.1, each mounted at /<name>/:page*. */
export const SUB_APPS: readonly string[] = [
  'placemeet',
  'dynamic',
  'salary',
  'agilebpm',
  'oafn',
  'courseCenter',
  'property',
  'autocenter',
  'internship',
  'leaveSchool',
  'archiveStudents',
  'archiveTeacher',
  'teacherPersonnel',
  'media',
  'qualityEvaluation',
  'diagnReform',
  'graduationTo',
  'teacherEvaluation',
  'studentManage',
  'gradeManage',
  'inspection',
  'recruitstudent',
  'moralEducation',
  'officialDocument',
  'leave',
  'cms2',
  'cms2JD',
  'baseEducation',
  'outSide',
  'openClass',
  'attendance',
  'databrain',
  'iot',
  'checkTeacher',
  'checkStudent',
  'examSystem',
  'indlibrary',
  'baseYiliao',
  'baseTY',
  'warningCenter',
  'physicalMental',
  'visitor',
  'textbook',
  'enrollment',
  'archiveTeacherJd',
  'archiveStudentsJd',
  'courseCenterJd',
  'divideClassTool',
  'worklog',
  'portal',
  'classmain',
  'classOn',
  'jdProperty',
  'supervisionTrain',
  'pay',
  'canteenManage',
  'studentEvaluation',
  'examSystemJd',
  'modularPartyc',
  'gradeManageJd',
  'enrollmentPlatform',
  'saas',
  'ttm',
  'teacherOnDuty',
  'taskCollaboration',
  'studentGrowth',
  'cwj',
  'sms',
  'eduChainManage',
  'inventorySys',
  'leagueTeacher',
  'activityElegance',
  'medicalManage',
  'YKinternship',
  'registration',
  'allianceManage',
  'Information',
  'afterSchool',
]
/** These sub-applications are served under the /oafn prefix. */
export const OAFN_SUB_APPS: readonly string[] = [
  'agilebpm',
  'checkStudent',
  'checkTeacher',
  'leave',
  'officialDocument',
  'worklog',
]

export function subAppPath(name: string): string {
  return OAFN_SUB_APPS.includes(name) ? `/oafn/${name}` : `/${name}`
}

/** Sub-app routes whose layout is not the home layout (000 §2.1 "Other layouts"). */
export const SUB_APP_LAYOUTS: Record<string, LayoutName> = {
  localSide: 'jd',
  supervisionTrainUser: 'jd',
  eduGridGovUser: 'jd',
  eduChainUser: 'jd',
  dataWareHouse: 'redirect',
  oneselfCenter: 'redirect',
  openPortal: 'redirect',
  dataMap: 'redirect',
  webview: 'redirect',
  studentPrortraitHome: 'redirect',
  managecenter: 'manage-center',
  alliancePortal: 'alliance',
  eduGridGovManage: 'home',
  eduChainManage: 'home',
}

/** Fixed redirects of 000 §2.4 (the router keeps the query string). */
export const ROUTE_REDIRECTS: readonly (readonly [from: string, to: string])[] = [
  ['/signin', '/redirect/login'],
  ['/login', '/redirect/admin'],
  ['/portal-home/home', '/portal/home'],
  ['/portal/home/home', '/portal/home'],
  ['/localSide-home/index', '/localSide/home'],
  ['/localSide/home', '/localSide/home/index'],
  ['/schoolPortal/news', '/schoolPortal/home/news'],
  ['/generalPortal/home', '/generalPortal/home/index'],
  ['/home', '/home/home'],
  // 001 §2.1 names the bureau-school platform entry without /index.
  ['/jdLogin/jdPlatForm', '/jdLogin/jdPlatForm/index'],
]

/**
 * 001 §2.1 /base-set, the basic-data set-up for admins: the router sends the super administrator to /base-set/system
 * and any other admin to the first base-data page they may open (the 基础数据 app opens it).
 */
export const BASE_SET_ENTRY = '/base-set'

/** The host route of every sub-application (000 §2.1): /salary, /oafn/leave, /localSide ... */
export const SUB_APP_HOSTS: readonly string[] = /* @__PURE__ */ (() =>
  [...new Set([...SUB_APPS, ...Object.keys(SUB_APP_LAYOUTS)])].map(subAppPath))()

export const pathOnly = (target: string): string => target.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1')

/** The sub-application host a portal path lies in (/oafn/leave/list → /oafn/leave, the longest like the router), or null. */
export function subAppHostOf(target: string): string | null {
  const path = pathOnly(target)
  let best: string | null = null
  for (const h of SUB_APP_HOSTS)
    if ((path === h || path.startsWith(`${h}/`)) && h.length > (best?.length ?? 0)) best = h
  return best
}

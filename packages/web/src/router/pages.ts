import { createElement, type ComponentType } from 'react'
import type { SchoolNeed } from '../features/organization/SchoolGate'
import type { PageProps } from '../navigation/page-props'
import { SUB_APP_ROUTES } from './sub-apps'

type PageModule = { default: ComponentType<PageProps> }

/** A page only a school has, mounted behind SchoolGate: elsewhere it explains itself instead of calling the server. */
const schoolOnly = (need: SchoolNeed, load: () => Promise<PageModule>) => async (): Promise<PageModule> => {
  const [{ default: Page }, { SchoolGate }] = await Promise.all([load(), import('../features/organization/SchoolGate')])
  return { default: (p: PageProps) => createElement(SchoolGate, { need, ...p, children: createElement(Page, p) }) }
}

/**
 * Pages built so far, each its own chunk (the login page ships no admin code). Every other route of the spec
 * shows the placeholder inside its layout.
 */
const BUILT: Record<string, () => Promise<PageModule>> = {
  // Portal homes, news and the layout editor (docs/cms.md).
  ...Object.fromEntries(
    [
      '/portal/home',
      '/portal/personal',
      '/portal/class',
      '/generalPortal/home/index',
      '/localSide/home/index',
      '/schoolPortal/home/index',
      '/home/home',
      '/old/home/:id',
      '/jdLogin/jdPlatForm/index',
    ].map((p) => [p, () => import('../features/cms/homes/HomePage')]),
  ),
  '/portal/systemCenter': () => import('../features/cms/homes/SystemCenterPage'),
  // The bureau app centre: the same permitted apps by group, laid out by its template (query type mode1/mode2).
  '/localSide/appCenter/index': () => import('../features/cms/homes/SystemCenterPage'),
  '/localSide/navigation': () => import('../features/portal-header/BureauNavigationPage'),
  // Portal management of the universal mode is the home-layout editor; the bureau-school platform's settings are
  // the header configuration (its bureau tab).
  '/generalPortal/setup': () => import('../features/cms/admin/CampusMenhuPage'),
  '/jdLogin/jdPlatForm/jdSet': () => import('../features/portal-config/MainPage'),
  '/openPortal': () => import('../features/cms/homes/OpenPortalPage'),
  '/cms2-newslist': () => import('../features/cms/news/NewsListPage'),
  '/schoolPortal/home/news': () => import('../features/cms/news/NewsListPage'),
  '/cms2-newslist/details': () => import('../features/cms/news/NewsDetailPage'),
  '/schoolPortal/home/news/details': () => import('../features/cms/news/NewsDetailPage'),
  '/cms2-newslist/manage': () => import('../features/cms/admin/NewsManagePage'),
  '/menhu-port/menu/campus-menhu': () => import('../features/cms/admin/CampusMenhuPage'),
  '/base-set/system': () => import('../features/tenant/SystemSetPage'),
  '/base-organization/orgSet': () => import('../features/organization/OrgSetPage'),
  '/base-organization/orgType': () => import('../features/organization/OrgTypePage'),
  '/base-organization/orgTypeOne': () => import('../features/organization/OrgTypePage'),
  '/base-organization/departType': () => import('../features/organization/OrgTypePage'),
  '/base-organization/departTypeOne': () => import('../features/organization/OrgTypePage'),
  '/base-buildLot/roomManage': () => import('../features/base-data/RoomManagePage'),
  '/base-buildLot/roomManage/batch': () => import('../features/base-data/RoomBatchPage'),
  ...Object.fromEntries(
    ['schoolManage', 'majorManage', 'majorDirection'].map((p) => [
      `/base-school/major/${p}`,
      schoolOnly('z3', () => import('../features/base-data/MajorPage')),
    ]),
  ),
  '/base-school/workAndRest': () => import('../features/base-data/WorkRestPage'),
  '/base-set/tenant-manage': () => import('../features/tenant/TenantManagePage'),
  ...Object.fromEntries(
    ['dictionary', 'dictionaryOne'].flatMap((d) =>
      ['learnPeriod', 'subjectManage', 'admissionSet', 'studentSet', 'studyType'].map((t) => [
        `/base-school/${d}/${t}`,
        () => import('../features/base-data/SchoolDictPage'),
      ]),
    ),
  ),
  '/base-userAccount/dictionary': () => import('../features/base-data/UserAccountDictPage'),
  '/base-userAccount/dictionaryOne': () => import('../features/base-data/UserAccountDictPage'),
  // People (docs/people.md): teachers, students, parents, changes, join requests, details, search and key log.
  '/base-userAccount/teachers': () => import('../features/people/TeacherPage'),
  '/base-userAccount/teachersGuidang': () => import('../features/people/TeacherPage'),
  ...Object.fromEntries(
    ['students', 'students-zz', 'studentGuidang', 'studentGuidang-zz'].map((p) => [
      `/base-userAccount/${p}`,
      schoolOnly('school', () => import('../features/people/StudentPage')),
    ]),
  ),
  '/base-userAccount/alumni': schoolOnly('school', () => import('../features/alumni/AlumniPage')),
  '/base-userAccount/parents': schoolOnly('school', () => import('../features/people/ParentPage')),
  '/base-userAccount/parentsGuidang': schoolOnly('school', () => import('../features/people/ParentPage')),
  ...Object.fromEntries(
    [
      'typeChangeTeacher',
      'typeChangeTeacherOne',
      'typeChangeStudent',
      'typeChangeStudentOne',
      'typeChangeStudentZz',
    ].map((p) => [`/base-userAccount/${p}`, () => import('../features/people/ChangePage')]),
  ),
  '/base-userAccount/joinAudit': () => import('../features/people/JoinAuditPage'),
  '/base-userAccount/teacherDetail': () => import('../features/people/TeacherDetailPage'),
  '/base-userAccount/studentDetail': () => import('../features/people/StudentDetailPage'),
  '/base-userAccount/personalData': () => import('../features/people/PersonalDataPage'),
  '/base-searchPerson/index': () => import('../features/people/SearchPersonPage'),
  '/base-logMonitor/index': () => import('../features/people/LogMonitorPage'),
  '/base-privacyLog/index': () => import('../features/privacy/AccessLogPage'),
  '/base-privacyLog/officer': () => import('../features/pi-exports/OfficerPage'),
  '/base-privacyLog/exports': () => import('../features/pi-exports/ExportsPage'),
  '/base-transfer/index': () => import('../features/transfers/TransfersPage'),
  '/base-privacyLog/retention': () => import('../features/privacy/RetentionPage'),
  '/base-privacyLog/requests': () => import('../features/privacy/RequestsPage'),
  '/base-privacyLog/notice': () => import('../features/privacy-notice/NoticeAdminPage'),
  '/base-privacyLog/audit': () => import('../features/privacy-audit/AuditPage'),
  '/base-statistics/autumn': () => import('../features/school-stats/StatsPage'),
  // The school year (docs/school-year.md "Intake, feeder schools and class placement").
  '/base-schoolYear/feeders': () => import('../features/intake/FeedersPage'),
  '/base-schoolYear/intake': () => import('../features/intake/IntakePage'),
  '/base-schoolYear/rollover': () => import('../features/rollover/RolloverPage'),
  // Login log and the phone's QR confirm page (docs/auth.md).
  '/roles-loginLog': () => import('../features/login-security/LoginLogPage'),
  '/mobile/qrLogin': () => import('../features/login-security/QrConfirmPage'),
  '/base-communalFields': () => import('../features/base-data/CommunalFieldsPage'),
  '/base-school/gradeManage': schoolOnly('school', () => import('../features/base-data/GradePage')),
  '/base-school/gradeGuidang': schoolOnly('school', () => import('../features/base-data/GradePage')),
  ...Object.fromEntries(
    ['classManage', 'classGuidang', 'classManage-zz', 'classGuidang-zz'].map((p) => [
      `/base-school/${p}`,
      schoolOnly('school', () => import('../features/base-data/ClassPage')),
    ]),
  ),
  '/base-school/addClass': schoolOnly('school', () => import('../features/base-data/AddClassPage')),
  '/base-school/addClass-zz': schoolOnly('school', () => import('../features/base-data/AddClassPage')),
  '/base-school/calendarSet': () => import('../features/base-data/CalendarPage'),
  '/base-school/holidaySet': () => import('../features/base-data/HolidayPage'),
  '/base-school/addHoliday': () => import('../features/base-data/AddHolidayPage'),
  '/base-school/studyMonthSet': () => import('../features/base-data/StudyMonthPage'),
  '/base-school/workAndRestDetail': () => import('../features/base-data/WorkRestDetailPage'),
  '/base-school/workAndRestCheck': () => import('../features/base-data/WorkRestDetailPage'),
  '/base-set/area/levelSet': () => import('../features/area/LevelSetPage'),
  '/base-set/area/areaSet': () => import('../features/area/AreaSetPage'),
  '/base-useRoute/index': () => import('../features/base-guide/UseRoutePage'),
  // Roles and permissions (docs/roles.md): roles and their grants, who holds a code, a person's codes, the operation log.
  '/roles-roleManage': () => import('../features/roles/RoleManagePage'),
  '/roles-roleManage/edit': () => import('../features/roles/RoleEditPage'),
  '/roles-permissionUser': () => import('../features/roles/PermissionUserPage'),
  '/roles-userPermission': () => import('../features/roles/UserPermissionPage'),
  '/roles-userPermission/detail': () => import('../features/roles/UserPermissionDetailPage'),
  '/roles-userOptionlog': () => import('../features/roles/OperationLogPage'),
  // Portal header config and personal centre (docs/portal-config.md).
  '/menhu-port/maintain/mainPage': () => import('../features/portal-config/MainPage'),
  '/oneselfCenter': () => import('../features/oneself-center/OneselfCenterPage'),
  // Apps (docs/apps.md): app management, and the host page of every sub-application route.
  '/menhu-appManager/index': () => import('../features/apps/AppManagePage'),
  '/menhu-appManager/addapp': () => import('../features/apps/AppEditPage'),
  // Complaints and suggestions (docs/complaints.md).
  '/menhu-complaintSuggest/index': () => import('../features/complaints/ConfigPage'),
  '/menhu-complaintSuggest/list': () => import('../features/complaints/ListPage'),
  '/menhu-complaintSuggest/handle': () => import('../features/complaints/HandlePage'),
  '/complaintSuggest/submit': () => import('../features/complaints/SubmitPage'),
  // SMS (docs/auth.md).
  '/menhu-Duanxin/index': () => import('../features/sms/ConfigPage'),
  '/menhu-Duanxin/cu': () => import('../features/sms/TemplateFormPage'),
  '/menhu-Duanxin/log': () => import('../features/sms/LogPage'),
  // Single sign-on (docs/auth.md): the first-use bind page and the providers' configuration.
  '/bindUser/index': () => import('../features/sso/BindUserPage'),
  // Data centre and low-code lists, the data warehouse switch (docs/apps.md "Data centre, low-code, IoT").
  '/lowCodeApplication/index': () => import('../features/data-centre/DataCentrePage'),
  '/dataWare/house/index': () => import('../features/data-centre/DataWarehousePage'),
  '/menhu-port/thirdConfig': () => import('../features/sso/ThirdConfigPage'),
  // Campus portal and its weather provider (docs/campus.md "Campus portal").
  '/mobile/campus': () => import('../features/campus/CampusPage'),
  '/menhu-port/weather': () => import('../features/campus/WeatherConfigPage'),
  '/menhu-port/assistant': () => import('../features/assistant/AssistantAdminPage'),
  '/base-school/classTeachers': () => import('../features/campus/ClassTeachersPage'),
  // PC portal menu, sidebar, websites, app groups and system info (docs/portal-config.md).
  '/menhu-port/menu': () => import('../features/pc-portal/PortalMenuPage'),
  '/menhu-port/sidebar-manager': () => import('../features/pc-portal/SidebarManagerPage'),
  '/menhu-port/website-link': () => import('../features/pc-portal/WebsiteLinkPage'),
  '/menhu-port/app-manager': () => import('../features/pc-portal/AppManagerPage'),
  '/menhu-systems': () => import('../features/pc-portal/SystemInfoPage'),
  // Red dots, the class home config and the outer-portal limits (docs/red-dots.md "Red dots, class home, outer portal").
  '/menhu-reddot': () => import('../features/red-dots/RedDotManagePage'),
  '/menhu-port/class-home': () => import('../features/red-dots/ClassHomeConfigPage'),
  '/menhu-port/outer-limit': () => import('../features/red-dots/OuterLimitPage'),
  // 帮助中心 of staff, students and parents (docs/portal-config.md).
  '/helpCenter/index': () => import('../features/help/HelpCenterPage'),
  // Mobile portal and its maintenance pages (docs/mobile-portal.md "Mobile portal").
  '/mobile/home': () => import('../features/mobile-portal/MobileHomePage'),
  '/mobile/apps': () => import('../features/mobile-portal/MobileAppsPage'),
  '/mobile/mine': () => import('../features/mobile-portal/MobileMinePage'),
  '/mobile/childAccess': () => import('../features/privacy/MobileChildAccessPage'),
  '/mobile/childRequests': () => import('../features/privacy/MobileChildRequestsPage'),
  '/mobile/childConsent': () => import('../features/privacy/MobileChildConsentPage'),
  '/menhu-teacher/ration': () => import('../features/mobile-portal/admin/BannerListPage'),
  '/menhu-parent/add-carousel': () => import('../features/mobile-portal/admin/BannerListPage'),
  '/menhu-addration': () => import('../features/mobile-portal/admin/BannerEditPage'),
  '/menhu-teacher/moilble-application': () => import('../features/mobile-portal/admin/MobileGroupsPage'),
  '/menhu-parent/application': () => import('../features/mobile-portal/admin/MobileGroupsPage'),
  '/menhu-parent/student': () => import('../features/mobile-portal/admin/MobileGroupsPage'),
  '/menhu-teacher/menu-management': () => import('../features/mobile-portal/admin/MenuConfigPage'),
  '/menhu-parent/menu-management': () => import('../features/mobile-portal/admin/MenuConfigPage'),
  '/menhu-teacher/application-config': () => import('../features/mobile-portal/admin/QuickConfigPage'),
  '/menhu-parent/add-config': () => import('../features/mobile-portal/admin/QuickConfigPage'),
  '/menhu-parent/homeDesign': () => import('../features/mobile-portal/admin/HomeDesignPage'),
  '/menhu-parent/student/home': () => import('../features/mobile-portal/admin/StudentPcPage'),
  '/menhu-Platform/index': () => import('../features/mobile-portal/admin/PlatformPage'),
  // Messages and service accounts (docs/messages.md "Messages and service accounts").
  '/portal/messages': () => import('../features/messages/MessageCentrePage'),
  '/mobile/messages': () => import('../features/messages/MessageCentrePage'),
  '/menhu-accounts/configure': () => import('../features/messages/TemplatePage'),
  ...Object.fromEntries(
    [
      '/menhu-accounts/index',
      '/menhu-waipin/index',
      '/menhu-teacher/wenlist',
      '/menhu-teacher/dingTalk',
      '/menhu-parent/wenlist',
      '/menhu-parent/dingTalk',
    ].map((p) => [p, () => import('../features/messages/MpAppListPage')]),
  ),
  ...Object.fromEntries(
    [
      '/menhu-waipin/addConfigWX',
      '/menhu-waipin/addConfigDD',
      '/menhu-addwenxin',
      '/menhu-teacher/addDingTalk',
      '/menhu-parent/addDingTalk',
    ].map((p) => [p, () => import('../features/messages/MpAppFormPage')]),
  ),
  ...Object.fromEntries(
    ['/menhu-teacher/dingMessageindex', '/menhu-parent/dingMessageindex'].map((p) => [
      p,
      () => import('../features/messages/TemplateMapPage'),
    ]),
  ),
  ...Object.fromEntries(
    ['/menhu-teacher/addModel', '/menhu-parent/addModel'].map((p) => [
      p,
      () => import('../features/messages/TemplateMapFormPage'),
    ]),
  ),
  // School alliances (docs/alliance.md): the alliance portal and its management.
  '/alliancePortal/home': () => import('../features/alliance/AllianceHomePage'),
  '/alliancePortal/systemNav/index': () => import('../features/alliance/SystemNavPage'),
  '/allianceManage/allianceUser': () => import('../features/alliance/MembersPage'),
  '/allianceManage/setting': () => import('../features/alliance/SettingPage'),
  '/allianceManage/join': () => import('../features/alliance/JoinPage'),
  ...Object.fromEntries(SUB_APP_ROUTES.map((r) => [r.path, () => import('../features/apps/SubAppHost')])),
}

const loadPlaceholder = (): Promise<PageModule> => import('../features/placeholder/Placeholder')

export function pageLoader(path: string): () => Promise<PageModule> {
  return BUILT[path] ?? loadPlaceholder
}

import { BLOCK_TYPES } from './cms.js'
import { bannerRow } from './cms-schemas.js'
import { UserType } from './constants.js'
import { appRow } from './apps.js'
import * as z from './z.js'

/**
 * The mobile portal (H5) of teachers, parents and students and the settings that shape it (docs/mobile-portal.md
 * "Mobile portal"): the bottom tabs (MobileMenuConfig), banners per terminal, quick entries (/base/mobileHomeQuick),
 * the parent-student home layout (/base/portal/custom), the home alarm (/base/api/Mobile/*MobileHomeAlarmConfig),
 * the mobile switches of /menhu-Platform (MobilePortalSettings) and the student PC home (MHSysConfigForStudentPC).
 */

export const MobileMsg = {
  TERMINAL_CLOSED: '移动端门户暂未开放，请联系学校管理员',
  NOT_MOBILE_USER: '当前身份没有移动端门户',
  QUICK_GROUP_NOT_FOUND: '快捷入口分组不存在',
  ROLE_KEY_INVALID: '请选择有效的角色',
  TAB_NAME_REQUIRED: '请输入菜单名称',
  TAB_DUPLICATE: '菜单不能重复',
  TAB_NONE_SHOWN: '至少显示一个菜单',
  BLOCK_DUPLICATE: '首页模块不能重复',
  ALARM_TEXT_REQUIRED: '请输入提醒内容',
  ALARM_DATES: '结束日期不能早于开始日期',
  ALARM_TERMINALS: '请选择提醒对象',
  CHILD_NOT_FOUND: '未找到该孩子',
  DATE_FORMAT: '日期格式应为YYYY-MM-DD',
} as const

/** The three mobile terminals; a user's terminal follows their user type. */
export const MOBILE_TERMINALS = ['teacher', 'parent', 'student'] as const
export type MobileTerminal = (typeof MOBILE_TERMINALS)[number]
export const MOBILE_TERMINAL_LABEL: Record<MobileTerminal, string> = {
  teacher: '教师',
  parent: '家长',
  student: '学生',
}
export const terminalOfUserType = (userType: number | null | undefined): MobileTerminal | null =>
  userType === UserType.STAFF
    ? 'teacher'
    : userType === UserType.PARENT
      ? 'parent'
      : userType === UserType.STUDENT
        ? 'student'
        : null

/** App-group scopes of the mobile terminals (APP_TYPE_LABEL): teacher mobile 0, parent mobile 1, student mobile 5. */
export const MobileAppType = { TEACHER: 0, PARENT: 1, STUDENT: 5 } as const
export const MOBILE_APP_TYPE: Record<MobileTerminal, number> = { teacher: 0, parent: 1, student: 5 }
export const isMobileAppType = (appType: number): boolean => appType === 0 || appType === 1 || appType === 5
/** The maintenance page code governing a mobile app-group scope (teacher: sc_menhu_mobile_t, parent and student: _p). */
export const mobilePageCodeOf = (appType: number): string =>
  appType === MobileAppType.TEACHER ? 'sc_menhu_mobile_t' : 'sc_menhu_mobile_p'

/** Button codes of the two mobile maintenance groups (permissions.ts). */
export const MOBILE_BUTTONS = {
  teacher: { add: 'sc_menhu_mobile_t_add', edit: 'sc_menhu_mobile_t_edit', delete: 'sc_menhu_mobile_t_delete' },
  family: { add: 'sc_menhu_mobile_p_add', edit: 'sc_menhu_mobile_p_edit', delete: 'sc_menhu_mobile_p_delete' },
  platform: { edit: 'sc_menhu_mobile_en_edit' },
} as const
export type MobileAction = 'add' | 'edit' | 'delete'
/** The button code a write on a mobile scope needs. */
export const mobileButtonOf = (appType: number, action: MobileAction): string =>
  MOBILE_BUTTONS[appType === MobileAppType.TEACHER ? 'teacher' : 'family'][action]

/** Banner terminals: 0 PC (the PC carousel reads only these), 1 teacher mobile, 2 parent and student mobile. */
export const BannerTerminal = { PC: 0, TEACHER: 1, FAMILY: 2 } as const
export const BANNER_TERMINAL_LABEL: Record<number, string> = { 0: 'PC端', 1: '教师移动端', 2: '家长学生移动端' }
export const bannerTerminalOf = (t: MobileTerminal): number =>
  t === 'teacher' ? BannerTerminal.TEACHER : BannerTerminal.FAMILY
/** The page code a banner terminal is maintained under, and its button codes. */
export const bannerPageCodeOf = (terminal: number): string =>
  terminal === BannerTerminal.TEACHER
    ? 'sc_menhu_mobile_t'
    : terminal === BannerTerminal.FAMILY
      ? 'sc_menhu_mobile_p'
      : 'sc_menhu_pc'
export const bannerButtonOf = (terminal: number, action: MobileAction): string | null =>
  terminal === BannerTerminal.TEACHER
    ? MOBILE_BUTTONS.teacher[action]
    : terminal === BannerTerminal.FAMILY
      ? MOBILE_BUTTONS.family[action]
      : null

// ----- MobileMenuConfig: the bottom tabs per terminal -----

export const MOBILE_TAB_KEYS = ['home', 'apps', 'mine'] as const
export type MobileTabKey = (typeof MOBILE_TAB_KEYS)[number]
export const MOBILE_TAB_ROUTE: Record<MobileTabKey, string> = {
  home: '/mobile/home',
  apps: '/mobile/apps',
  mine: '/mobile/mine',
}
export const mobileTab = z.object({
  key: z.enum(MOBILE_TAB_KEYS),
  name: z
    .line({ message: MobileMsg.TAB_NAME_REQUIRED })
    .min(1, MobileMsg.TAB_NAME_REQUIRED)
    .max(6, '菜单名称不能超过6个字符'),
  show: z.boolean().default(true),
})
export type MobileTab = z.infer<typeof mobileTab>
const DEFAULT_TABS: MobileTab[] = [
  { key: 'home', name: '首页', show: true },
  { key: 'apps', name: '应用', show: true },
  { key: 'mine', name: '我的', show: true },
]
const tabList = z
  .array(mobileTab)
  .min(1)
  .max(MOBILE_TAB_KEYS.length)
  .refine((tabs) => new Set(tabs.map((t) => t.key)).size === tabs.length, MobileMsg.TAB_DUPLICATE)
  .refine((tabs) => tabs.some((t) => t.show), MobileMsg.TAB_NONE_SHOWN)
export const mobileMenuConfig = z.object({
  teacher: tabList.default(DEFAULT_TABS),
  parent: tabList.default(DEFAULT_TABS),
  student: tabList.default(DEFAULT_TABS),
})
export type MobileMenuConfig = z.infer<typeof mobileMenuConfig>

// ----- MobilePortalSettings (/menhu-Platform): which terminals are open, the PC offer -----

export const mobilePortalSettings = z.object({
  teacherEnabled: z.boolean().default(true),
  parentEnabled: z.boolean().default(true),
  studentEnabled: z.boolean().default(true),
  /** What a user of a closed terminal reads instead of the home. */
  closedMessage: z.line().max(100, '提示语不能超过100个字符').default(''),
  /** Offer the mobile portal to a phone user on the PC home. */
  offerOnPc: z.boolean().default(true),
  /** Show the quick entries block and the banner on the mobile home. */
  showQuick: z.boolean().default(true),
  showBanner: z.boolean().default(true),
})
export type MobilePortalSettings = z.infer<typeof mobilePortalSettings>
export const terminalEnabled = (s: MobilePortalSettings, t: MobileTerminal): boolean =>
  t === 'teacher' ? s.teacherEnabled : t === 'parent' ? s.parentEnabled : s.studentEnabled

// ----- Home alarm (/base/api/Mobile/getMobileHomeAlarmConfig) -----

export const ALARM_LEVELS = ['info', 'warning', 'error'] as const
export const ALARM_LEVEL_LABEL: Record<(typeof ALARM_LEVELS)[number], string> = {
  info: '通知',
  warning: '提醒',
  error: '紧急',
}
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, MobileMsg.DATE_FORMAT)
export const mobileHomeAlarm = z
  .object({
    enabled: z.boolean().default(false),
    text: z.line().max(200, '提醒内容不能超过200个字符').default(''),
    level: z.enum(ALARM_LEVELS).default('info'),
    /** Shown from startDate to endDate inclusive (China time); empty means no bound. */
    startDate: day.or(z.literal('')).default(''),
    endDate: day.or(z.literal('')).default(''),
    terminals: z
      .array(z.enum(MOBILE_TERMINALS))
      .max(3)
      .default([...MOBILE_TERMINALS]),
  })
  .refine((a) => !a.enabled || a.text.length > 0, { message: MobileMsg.ALARM_TEXT_REQUIRED, path: ['text'] })
  .refine((a) => !a.startDate || !a.endDate || a.startDate <= a.endDate, {
    message: MobileMsg.ALARM_DATES,
    path: ['endDate'],
  })
  .refine((a) => !a.enabled || a.terminals.length > 0, { message: MobileMsg.ALARM_TERMINALS, path: ['terminals'] })
export type MobileHomeAlarm = z.infer<typeof mobileHomeAlarm>
export const alarmSaveBody = z.object({ orgId: z.coerce.number().int().optional(), value: mobileHomeAlarm })
/** Is the alarm shown to this terminal today (YYYY-MM-DD in China time)? */
export const alarmShown = (a: MobileHomeAlarm, t: MobileTerminal, today: string): boolean =>
  a.enabled &&
  !!a.text &&
  a.terminals.includes(t) &&
  (!a.startDate || a.startDate <= today) &&
  (!a.endDate || today <= a.endDate)

// ----- Parent-student home layout (/base/portal/custom) -----

export const FAMILY_BLOCKS = ['alarm', 'child', 'banner', 'quick', 'apps'] as const
export type FamilyBlock = (typeof FAMILY_BLOCKS)[number]
export const FAMILY_BLOCK_LABEL: Record<FamilyBlock, string> = {
  alarm: '通知提醒',
  child: '孩子信息',
  banner: '轮播图',
  quick: '快捷入口',
  apps: '应用分组',
}
const blockItem = z.object({ key: z.enum(FAMILY_BLOCKS), show: z.boolean().default(true) })
const DEFAULT_BLOCKS = FAMILY_BLOCKS.map((key) => ({ key, show: true }))
const blockList = z
  .array(blockItem)
  .max(FAMILY_BLOCKS.length)
  .refine((b) => new Set(b.map((x) => x.key)).size === b.length, MobileMsg.BLOCK_DUPLICATE)
export const familyLayout = z.object({
  parent: blockList.default(DEFAULT_BLOCKS),
  student: blockList.default(DEFAULT_BLOCKS.filter((b) => b.key !== 'child')),
})
export type FamilyLayout = z.infer<typeof familyLayout>
export const customLayoutQuery = z.object({ orgId: z.coerce.number().int().optional() })
export const customLayoutSaveBody = z.object({ orgId: z.coerce.number().int().optional(), value: familyLayout })

// ----- MHSysConfigForStudentPC: the student's PC home (/portal/personal) -----

export const studentPcConfig = z.object({
  /** Block types of the personal home a student does not see. */
  hiddenBlockTypes: z.array(z.enum(BLOCK_TYPES)).max(BLOCK_TYPES.length).default([]),
  /** A line under the greeting of the student's PC home. */
  notice: z.line().max(100, '提示语不能超过100个字符').default(''),
  /** Show the student a link to the mobile portal. */
  showMobileLink: z.boolean().default(true),
})
export type StudentPcConfig = z.infer<typeof studentPcConfig>

// ----- Quick entries (/base/mobileHomeQuick) -----

/** A quick-entry target: a user type (`ut:1002`) or one of the tenant's roles (`role:12`). */
export const roleKey = z
  .string()
  .max(40)
  .regex(/^(ut:(1002|1003|1004)|role:\d{1,12})$/, MobileMsg.ROLE_KEY_INVALID)
/** side: the maintenance group that keeps the key (teacher: /menhu-teacher; family: /menhu-parent). */
export const quickRoleRow = z.object({
  roleKey: z.string(),
  roleName: z.string(),
  kind: z.enum(['userType', 'role']),
  side: z.enum(['teacher', 'family']),
})
export type QuickRoleRow = z.infer<typeof quickRoleRow>
export const quickGroup = z.object({
  id: z.number(),
  roleKey: z.string(),
  name: z.string(),
  sort: z.number(),
  orgId: z.number(),
  appList: z.array(appRow),
})
export type QuickGroup = z.infer<typeof quickGroup>
export const quickListQuery = z.object({ roleKey })
export const quickGroupSaveBody = z.object({
  roleKey,
  name: z.line({ message: '请输入分组名称' }).min(1, '请输入分组名称').max(20, '分组名称不能超过20个字符'),
})
export const quickAppBody = z.object({ groupId: z.id(), appIds: z.array(z.id()).min(1, '请选择应用').max(50) })
export const quickDeleteAppBody = z.object({ groupId: z.id(), appId: z.id() })
export const quickIdQuery = z.object({ id: z.id() })

// ----- The mobile home as its user gets it -----

export const mobileChild = z.object({
  id: z.number(),
  trueName: z.string(),
  className: z.string().nullable(),
  relation: z.string().nullable(),
})
export type MobileChild = z.infer<typeof mobileChild>
export const mobileHomeQuery = z.object({ childId: z.id().optional() })
export const mobileHome = z.object({
  terminal: z.enum(MOBILE_TERMINALS),
  /** False: the terminal is switched off in /menhu-Platform; only closedMessage is filled. */
  enabled: z.boolean(),
  closedMessage: z.string(),
  appType: z.number(),
  orgName: z.string(),
  trueName: z.string(),
  tabs: z.array(mobileTab),
  blocks: z.array(z.enum(FAMILY_BLOCKS)),
  banners: z.array(bannerRow),
  alarm: z.object({ text: z.string(), level: z.enum(ALARM_LEVELS) }).nullable(),
  quick: z.array(quickGroup),
  children: z.array(mobileChild),
  currentChild: mobileChild.nullable(),
})
export type MobileHome = z.infer<typeof mobileHome>

import { configSource } from './portal-config.js'
import * as z from './z.js'

/**
 * Red dots, the class home and the outer-portal limits (issue 14, docs/red-dots.md "Red dots, class home, outer
 * portal"). RedotMsgConfig and ClassHomeConfig are named configs (configMgr); the outer-portal limits have their own
 * tables and calls under /base/portal/outer.
 */

export const RedDotMsg = {
  SAVED: '保存成功',
  RULE_ID_BAD: '规则标识无效',
  RULE_DUPLICATE: '规则标识重复',
  TARGET_KEY_BAD: '应用标识只能包含字母、数字、下划线和横线',
  MENU_UNKNOWN: '菜单入口不存在',
  MANUAL_STYLE: '手动标记只能是红点或“新”',
  COUNT_STYLE: '数量来源只能显示数字或红点',
  END_DATE_BAD: '结束日期格式应为YYYY-MM-DD',
  NAME_LONG: '规则名称不能超过30个字符',
  TOO_MANY: '规则不能超过100条',
  BLOCK_DUPLICATE: '模块不能重复',
  TOO_MANY_APPS: '班级应用不能超过20个',
} as const

export const OuterMsg = {
  SAVED: '保存成功',
  ADDED: '添加成功',
  DELETED: '删除成功',
  LIMIT_TYPE_BAD: '限制类型无效',
  IDS_REQUIRED: '请至少选择一项',
  TOO_MANY: '一次最多选择200项',
  ROLE_NOT_FOUND: '角色不存在',
  STAFF_NOT_FOUND: '人员不存在',
  OBJECT_NOT_FOUND: '限制对象不存在',
  DENIED: '您无权访问该公共门户',
  KEYWORD_LONG: '关键字不能超过30个字符',
} as const

/** Button codes (permissions.ts): the server refuses the write without them (403) and the page dims the button. */
export const RedDotPerm = {
  PAGE: 'sc_menhu_redot_mgr',
  SAVE: 'sc_menhu_redot_mgr_save',
  CLASS_HOME_SAVE: 'sc_menhu_pc_class_home_save',
  OUTER_SAVE: 'sc_menhu_pc_outer_limit_save',
} as const

// ---------------------------------------------------------------- red dots

/** Where a dot counts from: the admin's mark, or this project's own data for the signed-in member. */
export const RED_DOT_SOURCES = ['manual', 'joinAudit', 'complaints', 'messages'] as const
export type RedDotSource = (typeof RED_DOT_SOURCES)[number]
export const RED_DOT_SOURCE_LABEL: Record<RedDotSource, string> = {
  manual: '手动标记（打开一次后消失）',
  joinAudit: '待审核的加入申请',
  complaints: '待处理的投诉建议',
  messages: '未读消息',
}
/** dot: a plain dot; new: the label 新; count: the number (sources other than manual). */
export const RED_DOT_STYLES = ['dot', 'new', 'count'] as const
export type RedDotStyle = (typeof RED_DOT_STYLES)[number]
export const RED_DOT_STYLE_LABEL: Record<RedDotStyle, string> = { dot: '红点', new: '“新”', count: '数字' }

/** Header entries a rule may mark besides apps (apps cover the header's tabs, group menus, launcher and 常用). */
export const RED_DOT_MENUS = { feedback: '投诉建议', portalAdmin: '门户管理' } as const
export type RedDotMenu = keyof typeof RED_DOT_MENUS
export const RED_DOT_MENU_KEYS = Object.keys(RED_DOT_MENUS) as RedDotMenu[]

export const redDotTarget = z
  .object({
    kind: z.enum(['app', 'menu']),
    key: z
      .line()
      .min(1, RedDotMsg.TARGET_KEY_BAD)
      .max(60, RedDotMsg.TARGET_KEY_BAD)
      .regex(/^[A-Za-z0-9_-]+$/, RedDotMsg.TARGET_KEY_BAD),
  })
  .refine((t) => t.kind === 'app' || (RED_DOT_MENU_KEYS as string[]).includes(t.key), {
    message: RedDotMsg.MENU_UNKNOWN,
    path: ['key'],
  })
export type RedDotTarget = z.infer<typeof redDotTarget>

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, RedDotMsg.END_DATE_BAD)

export const redDotRule = z
  .object({
    /** Stable id: the per-member "seen" rows point at it; marking again means a new id. */
    id: z.line().regex(/^[A-Za-z0-9_-]{4,40}$/, RedDotMsg.RULE_ID_BAD),
    name: z.line().max(30, RedDotMsg.NAME_LONG).default(''),
    target: redDotTarget,
    source: z.enum(RED_DOT_SOURCES),
    style: z.enum(RED_DOT_STYLES).default('dot'),
    /** Manual marks show until the end of this day (China time); null: until opened. */
    endDate: day.nullable().default(null),
    enabled: z.boolean().default(true),
  })
  .superRefine((r, c) => {
    if (r.source === 'manual' && r.style === 'count')
      c.addIssue({ code: 'custom', message: RedDotMsg.MANUAL_STYLE, path: ['style'] })
    if (r.source !== 'manual' && r.style === 'new')
      c.addIssue({ code: 'custom', message: RedDotMsg.COUNT_STYLE, path: ['style'] })
  })
export type RedDotRule = z.infer<typeof redDotRule>

/** What a new tenant gets: complaints to handle on 投诉建议, join requests on 人员管理. */
export const DEFAULT_RED_DOT_RULES: RedDotRule[] = [
  {
    id: 'default-complaints',
    name: '待处理投诉建议',
    target: { kind: 'menu', key: 'feedback' },
    source: 'complaints',
    style: 'count',
    endDate: null,
    enabled: true,
  },
  {
    id: 'default-join-audit',
    name: '待审核加入申请',
    target: { kind: 'app', key: 'people_manage' },
    source: 'joinAudit',
    style: 'count',
    endDate: null,
    enabled: true,
  },
]

/** RedotMsgConfig (configMgr getRedotMsgConfig / setRedotMsgConfig). */
export const redotMsgConfig = z
  .object({
    /** Off: nobody sees any dot. */
    enabled: z.boolean().default(true),
    /** Counts above it show as maxCount+. */
    maxCount: z.coerce.number().int().min(1, '最大显示数应为1-999').max(999, '最大显示数应为1-999').default(99),
    rules: z.array(redDotRule).max(100, RedDotMsg.TOO_MANY).default(DEFAULT_RED_DOT_RULES),
  })
  .superRefine((v, c) => {
    const ids = new Set<string>()
    v.rules.forEach((r, i) => {
      if (ids.has(r.id)) c.addIssue({ code: 'custom', message: RedDotMsg.RULE_DUPLICATE, path: ['rules', i, 'id'] })
      ids.add(r.id)
    })
  })
export type RedotMsgConfig = z.infer<typeof redotMsgConfig>

/** One target's dot for the signed-in member: the sum of its count rules, a plain dot, or the label 新. */
export const redDot = z.object({
  kind: z.enum(['app', 'menu']),
  key: z.string(),
  count: z.number().int(),
  dot: z.boolean(),
  label: z.string().nullable(),
})
export type RedDot = z.infer<typeof redDot>
export const redDotAnswer = z.object({ enabled: z.boolean(), maxCount: z.number().int(), dots: z.array(redDot) })
export type RedDotAnswer = z.infer<typeof redDotAnswer>

/** What /menhu-reddot offers as targets: the apps of the admin's org and the header entries. */
export const redDotTargets = z.object({
  apps: z.array(z.object({ uniqueId: z.string(), name: z.string() })),
  menus: z.array(z.object({ key: z.string(), name: z.string() })),
})
export type RedDotTargets = z.infer<typeof redDotTargets>

// ---------------------------------------------------------------- class home

export const CLASS_HOME_BLOCKS = ['classInfo', 'headTeacher', 'timetable', 'notices', 'classApps'] as const
export type ClassHomeBlock = (typeof CLASS_HOME_BLOCKS)[number]
export const CLASS_HOME_BLOCK_LABEL: Record<ClassHomeBlock, string> = {
  classInfo: '班级信息',
  headTeacher: '班主任',
  timetable: '班级课表',
  notices: '班级通知与新闻',
  classApps: '班级应用',
}

const appKey = z
  .line()
  .min(1, RedDotMsg.TARGET_KEY_BAD)
  .max(60, RedDotMsg.TARGET_KEY_BAD)
  .regex(/^[A-Za-z0-9_-]+$/, RedDotMsg.TARGET_KEY_BAD)

/** ClassHomeConfig (configMgr getClassHomeConfig / setClassHomeConfig): what /portal/class shows, in this order. */
export const classHomeConfig = z.object({
  blocks: z
    .array(z.object({ key: z.enum(CLASS_HOME_BLOCKS), enabled: z.boolean().default(true) }))
    .max(CLASS_HOME_BLOCKS.length)
    .default(CLASS_HOME_BLOCKS.map((key) => ({ key, enabled: true })))
    .refine((b) => new Set(b.map((x) => x.key)).size === b.length, RedDotMsg.BLOCK_DUPLICATE),
  /** The app the 班级课表 block opens (a registry uniqueId). */
  timetableApp: appKey.default('course_center'),
  /** 班级应用: registry uniqueIds, shown when the member may open them. */
  classApps: z
    .array(appKey)
    .max(20, RedDotMsg.TOO_MANY_APPS)
    .default(['grade_manage', 'archive_students', 'exam_system', 'student_manage']),
  /** The head teacher's phone for the class's members (off: only the name). */
  showHeadTeacherPhone: z.boolean().default(false),
  showStudentCount: z.boolean().default(true),
})
export type ClassHomeConfig = z.infer<typeof classHomeConfig>

/** The configured order with any block the list lacks appended, switched off (a block added in a later version). */
export function orderedClassBlocks(cfg: Pick<ClassHomeConfig, 'blocks'>): { key: ClassHomeBlock; enabled: boolean }[] {
  const have = new Set(cfg.blocks.map((b) => b.key))
  return [...cfg.blocks, ...CLASS_HOME_BLOCKS.filter((k) => !have.has(k)).map((key) => ({ key, enabled: false }))]
}

export const classHomeApp = z.object({ uniqueId: z.string(), name: z.string(), appId: z.number().int() })
export const classHomeClass = z.object({
  classId: z.number().int(),
  className: z.string(),
  gradeName: z.string().nullable(),
  orgName: z.string(),
  /** Why the member sees it: 'student' own class, 'child' a child's class, 'head' / 'teacher' teaches it. */
  relation: z.enum(['student', 'child', 'head', 'teacher']),
  studentCount: z.number().int().nullable(),
  headTeacher: z.object({ name: z.string(), phone: z.string().nullable() }).nullable(),
})
export type ClassHomeClass = z.infer<typeof classHomeClass>
/** GET /base/api/classHome/view: the resolved config and the member's classes. */
export const classHomeView = z.object({
  config: classHomeConfig.extend({ orgId: z.number().int(), source: configSource }),
  classes: z.array(classHomeClass),
  timetable: classHomeApp.nullable(),
  apps: z.array(classHomeApp),
})
export type ClassHomeView = z.infer<typeof classHomeView>

// ---------------------------------------------------------------- outer portal limits

/** 0 everyone (visitors too), 1 only members holding a listed role, 2 only listed staff. */
export const OuterLimitType = { ALL: 0, ROLES: 1, STAFF: 2 } as const
export const OUTER_LIMIT_LABEL: Record<number, string> = {
  0: '所有人（含未登录访客）',
  1: '仅指定角色',
  2: '仅指定人员',
}
export const OuterObjectType = { ROLE: 1, STAFF: 2 } as const

const id = z.id()
const ids = z.array(id).min(1, OuterMsg.IDS_REQUIRED).max(200, OuterMsg.TOO_MANY)
export const outerOrgQuery = z.object({ orgId: z.coerce.number().int().positive().optional() })
export const outerLimitTypeBody = z.object({
  orgId: z.coerce.number().int().positive().optional(),
  limitType: z
    .number({ message: OuterMsg.LIMIT_TYPE_BAD })
    .int(OuterMsg.LIMIT_TYPE_BAD)
    .min(0, OuterMsg.LIMIT_TYPE_BAD)
    .max(2, OuterMsg.LIMIT_TYPE_BAD),
})
export const outerLimitTypeAnswer = z.object({
  orgId: z.number().int(),
  limitType: z.number().int(),
  /** The org whose setting applies (the nearest one up the tree that has one), null for the built-in 0. */
  fromOrgId: z.number().int().nullable(),
  source: z.enum(['org', 'inherited', 'default']),
})
export type OuterLimitTypeAnswer = z.infer<typeof outerLimitTypeAnswer>
export const outerAddBody = z.object({ orgId: z.coerce.number().int().positive().optional(), roleIds: ids })
export const outerDeleteBody = z.object({ orgId: z.coerce.number().int().positive().optional(), ids })
export const outerEmployeeSetBody = z.object({
  orgId: z.coerce.number().int().positive().optional(),
  /** The whole list; empty clears it. */
  userInfoIds: z.array(id).max(200, OuterMsg.TOO_MANY),
})
export const outerKeywordQuery = outerOrgQuery.extend({ keyword: z.line().max(30, OuterMsg.KEYWORD_LONG).optional() })
export const outerRoleObject = z.object({
  id: z.number().int(),
  roleId: z.number().int(),
  roleName: z.string(),
  roleCode: z.string(),
})
export type OuterRoleObject = z.infer<typeof outerRoleObject>
export const outerRoleInfo = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  roleCode: z.string(),
  selected: z.boolean(),
})
export type OuterRoleInfo = z.infer<typeof outerRoleInfo>
export const outerEmployee = z.object({
  userInfoId: z.number().int(),
  trueName: z.string(),
  orgName: z.string(),
  jobNo: z.string().nullable(),
})
export type OuterEmployee = z.infer<typeof outerEmployee>
/** GET /base/portal/outer/mayOpen (public): may the caller (or a visitor) open the org's open portal. */
export const outerMayOpen = z.object({ orgId: z.number().int(), allowed: z.boolean(), limitType: z.number().int() })
export type OuterMayOpen = z.infer<typeof outerMayOpen>

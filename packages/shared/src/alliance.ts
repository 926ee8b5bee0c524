import * as z from './z.js'
import { pageOf } from './organization.js'
import { jdMhSysConfig } from './portal-config.js'

/**
 * School alliances (联盟, the spec's "juxiao" calls; 000 §1, §6, §7.7, §7.8; 001 §1, §2.1, §4 step 6, §9).
 * An alliance is an organisation of its founding tenant marked allianceSchool with unit attribute 8 (001 §9: unit
 * attribute 8 also marks an alliance in the header). Orgs of the same tenant, or of another tenant of the platform
 * when the alliance allows it, apply to join; the alliance's administrators approve or refuse; members leave.
 * Members see the alliance's shared content (name, introduction, culture text, background images, shared apps and
 * the names of the member schools), never a member school's people or base data (docs/alliance.md).
 */

export const AllianceMsg = {
  NOT_FOUND: '联盟不存在',
  NOT_ADMIN: '您不是该联盟的管理员',
  ALREADY: '已加入该联盟或申请正在审核中',
  OWN: '联盟自身及其下属学校无需申请加入',
  APPLIED: '申请已提交，请等待联盟管理员审核',
  JOINED: '已加入联盟',
  APPROVED: '已通过',
  REFUSED: '已拒绝',
  LEFT: '已离开联盟',
  REMOVED: '已移出联盟',
  APPLICATION_GONE: '申请不存在或已处理',
  MEMBERSHIP_GONE: '成员不存在或已离开',
  FOUNDED: '联盟创建成功',
  SAVED: '保存成功',
  NAME_TAKEN: '同一上级下已存在同名机构',
  NAME_REQUIRED: '请输入联盟名称',
  REFUSE_REASON: '请填写拒绝原因',
  IMAGE_HTTP: '背景图必须是http开头的网络图片',
  APP_HTTP: '应用地址必须以 http:// 或 https:// 开头',
  TOO_MANY_IMAGES: '背景图最多10张',
  TOO_MANY_APPS: '共享应用最多30个',
  LEAVE_CONFIRM: '离开联盟后，本机构将不再看到联盟的共享内容，确定离开吗？',
  CHOOSE_FILE: '请选择要导入的文件',
} as const

/** Membership states: 0 auditing, 1 joined, 2 refused, 3 left (or withdrawn), 4 removed by the alliance. */
export const AllianceStatus = { AUDITING: 0, JOINED: 1, REFUSED: 2, LEFT: 3, REMOVED: 4 } as const
export const ALLIANCE_STATUS_LABEL: Record<number, string> = {
  0: '待审核',
  1: '已加入',
  2: '已拒绝',
  3: '已离开',
  4: '已移出',
}
/** The unit attribute an alliance and its imported schools carry (001 §9). */
export const ALLIANCE_UNIT_ATTR = 8
export const ALLIANCE_MAX_IMAGES = 10
export const ALLIANCE_MAX_APPS = 30
export const ALLIANCE_IMPORT_MAX_ROWS = 2000
/** The permission codes of the alliance area (permissions.ts): the alliance's administrators, and an org's own applications and leaving. */
export const ALLIANCE_MANAGE = 'alliance_manage'
export const ALLIANCE_JOIN = 'alliance_join'

const id = z.coerce.number().int().min(1, '参数有误').max(Number.MAX_SAFE_INTEGER, '参数有误')
const name = z.line().min(1, AllianceMsg.NAME_REQUIRED).max(50, '联盟名称不能超过50个字符')
const text = (max: number, label: string) => z.string().trim().max(max, `${label}不能超过${max}个字符`)

export const allianceOrgQuery = z.object({ orgId: id })
export const allianceOptionalOrgQuery = z.object({ orgId: id.optional() })
export const allianceKeywordQuery = z.object({ keyword: z.line().max(50, '关键字不能超过50个字符').optional() })
export const allianceOrgListQuery = allianceOrgQuery.extend({
  keyword: z.line().max(50, '关键字不能超过50个字符').optional(),
})

/** A shared app of the alliance (001 §2.1 /alliancePortal/systemNav/index): a name and an http(s) address. */
const allianceApp = z.object({
  name: z.line().min(1, '请输入应用名称').max(20, '应用名称不能超过20个字符'),
  url: z.link('http', AllianceMsg.APP_HTTP).min(1, AllianceMsg.APP_HTTP),
})
export type AllianceApp = z.infer<typeof allianceApp>

/** The alliance setting (getJuxiaoSetting / setJuxiaoSetting). */
export const allianceSetting = z.object({
  orgId: z.number(),
  name: z.string(),
  intro: z.string(),
  culture: z.string(),
  /** Applications wait for an administrator (true) or join at once (false). */
  needAudit: z.boolean(),
  /** Orgs of other tenants of the platform may find and apply to the alliance. */
  openToTenants: z.boolean(),
  apps: z.array(allianceApp),
  tenantName: z.string(),
  updatedAt: z.string(),
})
export type AllianceSetting = z.infer<typeof allianceSetting>

export const setAllianceSettingBody = z.object({
  orgId: id,
  name: name.optional(),
  intro: text(2000, '联盟简介').default(''),
  culture: text(500, '联盟文化').default(''),
  needAudit: z.boolean().default(true),
  openToTenants: z.boolean().default(false),
  apps: z.array(allianceApp).max(ALLIANCE_MAX_APPS, AllianceMsg.TOO_MANY_APPS).default([]),
})
export type SetAllianceSettingBody = z.input<typeof setAllianceSettingBody>

/** registerPage: found an alliance (an org marked allianceSchool, unit attribute 8) under an org of the caller's scope. */
export const registerAllianceBody = z.object({
  name,
  /** The org the alliance sits under; the caller's current org when absent. */
  parentId: id.optional(),
  intro: text(2000, '联盟简介').default(''),
  needAudit: z.boolean().default(true),
  openToTenants: z.boolean().default(false),
})
export type RegisterAllianceBody = z.input<typeof registerAllianceBody>

/** The alliance root (getRootOrg). */
export const allianceRoot = z.object({
  orgId: z.number(),
  name: z.string(),
  unitAttr: z.number(),
  allianceSchool: z.boolean(),
  tenantId: z.number(),
  tenantName: z.string(),
  memberCount: z.number(),
  /** The caller administers it (checkIsAdmin). */
  isAdmin: z.boolean(),
})
export type AllianceRoot = z.infer<typeof allianceRoot>

/** A member org as members and the portal see it: names only, never its people or base data. */
export const allianceMemberOrg = z.object({
  orgId: z.number(),
  name: z.string(),
  unitAttr: z.number().nullable(),
  tenantName: z.string(),
  joinedAt: z.string().nullable(),
  /** 'apply' (joined through an application) or 'import' (an alliance school imported from Excel). */
  source: z.string(),
})
export type AllianceMemberOrg = z.infer<typeof allianceMemberOrg>

export const allianceImage = z.object({ id: z.number(), url: z.string(), sort: z.number() })
export type AllianceImage = z.infer<typeof allianceImage>

export const saveAllianceImagesBody = z.object({
  orgId: id,
  /** The whole set, in display order; an empty list removes every image. */
  images: z
    .array(z.link('http', AllianceMsg.IMAGE_HTTP).min(1, AllianceMsg.IMAGE_HTTP))
    .max(ALLIANCE_MAX_IMAGES, AllianceMsg.TOO_MANY_IMAGES),
})

/**
 * The alliance's own header (alliance_mh_sys_config of the alliance org, which getAllianceSchoolMHSysConfig answers),
 * kept by its administrators on 联盟设置 (docs/alliance.md "Header").
 */
export const saveAllianceHeaderBody = z.object({ orgId: id, value: jdMhSysConfig })
export type SaveAllianceHeaderBody = z.infer<typeof saveAllianceHeaderBody>

/** One of the caller's org's alliances (getJoinedAndAuditingList), the last refusal included so it can reapply. */
export const allianceMembership = z.object({
  id: z.number(),
  allianceOrgId: z.number(),
  allianceName: z.string(),
  tenantName: z.string(),
  status: z.number(),
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
  refuseReason: z.string().nullable(),
})
export type AllianceMembership = z.infer<typeof allianceMembership>

/** An alliance the caller's org may apply to (getAllParentOrgList). */
export const allianceCandidate = z.object({
  orgId: z.number(),
  name: z.string(),
  intro: z.string(),
  tenantName: z.string(),
  sameTenant: z.boolean(),
  needAudit: z.boolean(),
})
export type AllianceCandidate = z.infer<typeof allianceCandidate>

export const applyJoinBody = z.object({
  allianceOrgId: id,
  reason: text(200, '申请说明').default(''),
})
export const applyJoinAnswer = z.object({ id: z.number(), status: z.number() })

/** An application or membership row as the alliance administrator sees it (getAllianceSchoolMemberOrgList). */
const allianceMemberRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  tenantName: z.string(),
  sameTenant: z.boolean(),
  status: z.number(),
  source: z.string(),
  reason: z.string(),
  applicantName: z.string().nullable(),
  appliedAt: z.string(),
  decidedAt: z.string().nullable(),
  refuseReason: z.string().nullable(),
})
export type AllianceMemberRow = z.infer<typeof allianceMemberRow>
export const allianceMemberPage = pageOf(allianceMemberRow)

export const allianceMemberListBody = z.object({
  orgId: id,
  /** 0 applications waiting, 1 members, 2 refused; all live rows (0 and 1) when absent. */
  status: z.coerce.number().int().min(0, '状态有误').max(4, '状态有误').optional(),
  keyword: z.line().max(50, '关键字不能超过50个字符').optional(),
  pageIndex: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
})
export type AllianceMemberListBody = z.input<typeof allianceMemberListBody>

export const allianceDecisionBody = z.object({ id })
export const allianceRefuseBody = z.object({
  id,
  reason: z.string().trim().min(1, AllianceMsg.REFUSE_REASON).max(200, '拒绝原因不能超过200个字符'),
})
export const allianceLeaveBody = z.object({ allianceOrgId: id })
export const allianceImportAnswer = z.object({ imported: z.number() })

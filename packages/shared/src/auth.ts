import * as z from './z.js'
import { alumniStanding } from './alumni.js'

/** Password login payload (000 §7.2). loginType 1 is the user login, 0 the super-administrator login. */
export const loginByUserPwdBody = z.object({
  userName: z.string().trim().min(1, '请输入用户名').max(64),
  password: z.string().min(1, '请输入密码').max(128),
  checkCode: z.string().max(16).optional().nullable(),
  checkCodeSessionId: z.string().max(64).optional().nullable(),
  loginType: z.coerce.number().int().min(0).max(1).default(1),
  orgId: z.coerce.number().int().optional().nullable(),
  version: z.coerce.number().int().optional(),
  needRandomOrg: z.boolean().optional(),
})
export type LoginByUserPwdBody = z.infer<typeof loginByUserPwdBody>

export const loginOrg = z.object({
  orgId: z.number(),
  displayName: z.string(),
  unitAttr: z.number(),
  coreAccountId: z.number(),
  tenantId: z.number(),
})
export type LoginOrg = z.infer<typeof loginOrg>

/**
 * GET /base/api/account/user/orgs (001 §7.1 "List the user's orgs", payload openAccountId): optional, and when given
 * it must be the caller's own account (the openAccountId of user/current/detail); any other is refused.
 */
export const userOrgsQuery = z.object({ openAccountId: z.id({ message: '账号有误' }).optional() })
export const AccountMsg = { NOT_OWN_ACCOUNT: '只能查看本人账号的机构' } as const

/** Login answer: operationType drives the client (0 failed, 1 captcha, 2 reset, 3 choose org, 5 token). */
export const loginResult = z.object({
  operationType: z.number().int(),
  userToken: z.string().optional(),
  mustRstPwdId: z.string().optional(),
  /** Why a reset is forced: 'default' password or 'expired'. */
  resetReason: z.enum(['default', 'expired']).optional(),
  orgList: z.array(loginOrg).optional(),
  tenantId: z.number().optional(),
  /** operationType 7: the single-use ticket loginByTotp takes with the code (login-security.ts). */
  totpTicket: z.string().optional(),
  /** operationType 7 for an administrator the tenant requires it of who has none yet: enrol first. */
  totpEnrol: z.boolean().optional(),
  /** operationType 6: the SMS step's single-use ticket (sms.ts loginByPhoneSmsBody) and the phone it goes to, masked. */
  mustSmsId: z.string().optional(),
  smsPhone: z.string().optional(),
})
export type LoginResult = z.infer<typeof loginResult>

export const checkCodeImage = z.object({ checkCodeSessionId: z.string(), image: z.string() })
export type CheckCodeImage = z.infer<typeof checkCodeImage>

export const mustChangeDefaultPasswordBody = z.object({
  mustRstPwdId: z.string().min(1).max(128),
  newPassword: z.string().min(1, '请输入新密码').max(128),
})
export type MustChangeDefaultPasswordBody = z.infer<typeof mustChangeDefaultPasswordBody>

export const changePasswordBody = z.object({
  oldPwd: z.string().min(1, '请输入当前密码').max(128),
  newPwd: z.string().min(1, '请输入新密码').max(128),
})
export type ChangePasswordBody = z.infer<typeof changePasswordBody>

/** Password rule hint (tenant config): text shown under the new-password box. */
export const passwordRule = z.object({
  type: z.number().int(),
  text: z.string(),
  minLength: z.number().int(),
  maxLength: z.number().int(),
  /** Days after which a password must be changed; 0 means never. */
  maxAgeDays: z.number().int(),
})
export type PasswordRule = z.infer<typeof passwordRule>

/** Organisation info kept in the client's login state (000 §3). */
export const orgInfo = z.object({
  orgId: z.number(),
  orgCode: z.string().nullable(),
  displayName: z.string(),
  unitAttr: z.number(),
  trade: z.number(),
  appType: z.number().nullable(),
  justOneOrgTenant: z.boolean(),
  xdPage: z.string().nullable(),
  jdPage: z.string().nullable(),
  iconUrl: z.string().nullable(),
  tenantModuleType: z.number(),
  allianceSchool: z.boolean(),
  sportSchool: z.boolean(),
  parentId: z.number().nullable(),
  tenantId: z.number(),
})
export type OrgInfo = z.infer<typeof orgInfo>

/** Public (signed-out) organisation info for a login page opened with ?orgId=. */
export const orgPublicInfo = z.object({
  orgId: z.number(),
  displayName: z.string(),
  unitAttr: z.number(),
  iconUrl: z.string().nullable(),
  tenantId: z.number(),
  tenantName: z.string(),
})
export type OrgPublicInfo = z.infer<typeof orgPublicInfo>

/** user/current/detail (000 §3, 001 §3). */
export const currentUserDetail = z.object({
  id: z.number(),
  userInfoId: z.number(),
  openAccountId: z.number(),
  userName: z.string(),
  trueName: z.string(),
  avatarUrl: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  orgId: z.number(),
  orgName: z.string(),
  tenantId: z.number(),
  userType: z.number(),
  /** Role codes (the spec's user info), for checks such as the admin role. */
  roles: z.array(z.string()),
  /** The same roles by their names, for people to read (a code such as admin is never shown). */
  roleNames: z.array(z.string()),
  permissions: z.array(z.string()),
  currentOrgData: orgInfo.nullable(),
  orgCount: z.number(),
  /** Set for an alumni session (a graduate during the alumni period, read-only; docs/school-year.md). */
  alumni: alumniStanding.optional(),
})
export type CurrentUserDetail = z.infer<typeof currentUserDetail>

export const tenantPublicInfo = z.object({
  id: z.number(),
  name: z.string(),
  uniqueName: z.string(),
  trade: z.number(),
  pubInfo: z.object({ tenantModuleType: z.number() }),
})
export type TenantPublicInfo = z.infer<typeof tenantPublicInfo>
/**
 * GET tenant/public/info: by id, or by the tenant's unique name (租户标识) — the ?tn= startup parameter and the
 * login page's 切换租户 name a tenant that way (docs/auth.md "Temporary tenant").
 */
export const tenantPublicInfoQuery = z
  .object({
    tenantId: z.coerce.number().int().min(0).optional(),
    uniqueName: z.line().trim().toLowerCase().max(40, '租户不存在').optional(),
  })
  .refine((q) => q.tenantId !== undefined || !!q.uniqueName, { message: '请输入租户标识' })

/** Login-page config (000 §3 loginPageInfo). */
export const loginPageInfo = z.object({
  tenantId: z.number(),
  tenantName: z.string(),
  sysName: z.string(),
  logoUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  externalLoginUrl: z.string().nullable(),
  requiredInfoAfterLogin: z.boolean(),
  smartChinaLogin: z.boolean(),
  jumpAfterLogin: z.string().nullable(),
  /** Students (userType 1003) are sent here after login (000 §6); null keeps them in this portal. */
  studentSiteUrl: z.string().nullable(),
  tenantModuleType: z.number(),
  passwordRule: passwordRule,
})
export type LoginPageInfo = z.infer<typeof loginPageInfo>

export const changeOrgQuery = z.object({
  newOrgId: z.coerce.number().int(),
  accountId: z.id().optional(),
})

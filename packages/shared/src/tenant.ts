import * as z from './z.js'
import { UNIT_ATTR_MAX } from './labels.js'
import { VERIFY_FIELDS } from './people.js'

const TENANT_DOMAIN_MSG = '域名格式有误，请输入主机名，如 portal.example.edu.cn'

/** A DNS host name (letters, digits and -, dot-separated labels of at most 63, 253 in all): portal.example.cn, localhost. */
export function isHostName(v: string): boolean {
  return v.length <= 253 && /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/.test(v)
}

/** Login settings kept in the tenant's config: the verify form after login (001 §3) and the student site (000 §6). */
export const tenantLoginSettings = {
  requiredInfoAfterLogin: z.boolean().optional(),
  requiredInfoFields: z
    .array(z.enum(VERIFY_FIELDS, { message: '核验字段有误' }))
    .max(VERIFY_FIELDS.length)
    .optional(),
  studentSiteUrl: z.link('http', '学生站点地址须以 http:// 或 https:// 开头', 200).optional().nullable(),
  /** The login page's background image (001 §9); empty: the default background. */
  backgroundUrl: z.link('web', '登录背景图片须以 http:// 、https:// 或 / 开头', 500).optional().nullable(),
  /** 智慧教育平台登录 (000 §3 loginPageInfo.smartChinaLogin): the login page leads with the tenant's smartEdu sign-in. */
  smartChinaLogin: z.boolean().optional(),
  /** Where a sign-in lands (000 §3 loginPageInfo.jumpAfterLogin): a path of this app or an http(s) address; empty: the home by user type. */
  jumpAfterLogin: z.link('web', '登录后跳转地址须以 http:// 、https:// 或 / 开头', 500).optional().nullable(),
  /** The host name the tenant's portal answers on (000 §7.5 "tenant by domain"); empty: none. Unique among tenants. */
  domain: z
    .string()
    .trim()
    .max(253, TENANT_DOMAIN_MSG)
    .toLowerCase()
    .refine((v) => v === '' || isHostName(v), TENANT_DOMAIN_MSG)
    .optional()
    .nullable(),
}

/** GET tenant/public/domain: the enabled tenant a host name belongs to (null when none). */
export const tenantDomainQuery = z.object({
  domain: z
    .string({ message: TENANT_DOMAIN_MSG })
    .trim()
    .max(253, TENANT_DOMAIN_MSG)
    .toLowerCase()
    .refine(isHostName, TENANT_DOMAIN_MSG),
})

/** Super administrator's tenant creation: the tenant, its top organisation and its first admin account. */
export const tenantAddBody = z.object({
  name: z.line({ message: '请输入租户名称' }).trim().min(1, '请输入租户名称').max(50, '租户名称不能超过50个字符'),
  uniqueName: z
    .string({ message: '请输入租户标识' })
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, '租户标识为2-40位小写字母、数字或-'),
  trade: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: '请选择行业类型' }),
  tenantModuleType: z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)], { message: '请选择租户模式' }),
  appType: z
    .union([z.literal(1), z.literal(2)])
    .optional()
    .nullable(),
  topOrgName: z
    .line({ message: '请输入顶级机构名称' })
    .trim()
    .min(1, '请输入顶级机构名称')
    .max(50, '机构名称不能超过50个字符'),
  topOrgUnitAttr: z.coerce.number().int().min(0, '单位属性有误').max(UNIT_ATTR_MAX, '单位属性有误'),
  adminUserName: z
    .string({ message: '请输入管理员账号' })
    .trim()
    .regex(/^[A-Za-z0-9_.@-]{3,32}$/, '管理员账号为3-32位字母、数字或_.@-'),
  adminTrueName: z.line().trim().min(1, '请输入管理员姓名').max(30).default('管理员'),
  defaultPassword: z
    .string()
    .min(8, '初始密码至少8位')
    .max(20, '初始密码不能超过20位')
    .regex(/^(?=.*[A-Za-z])(?=.*\d)\S+$/, '初始密码须同时包含字母和数字')
    .default('Zx123456'),
  passwordMaxAgeDays: z.coerce.number().int().min(0).max(3650).default(0),
  sysName: z.line().trim().max(30).optional().nullable(),
  ...tenantLoginSettings,
})
export type TenantAddBody = z.infer<typeof tenantAddBody>

export const tenantUpdateBody = z.object({
  // Tenant ids start at 0, the platform's own tenant.
  id: z.coerce.number().int().min(0),
  name: z.line().trim().min(1, '请输入租户名称').max(50, '租户名称不能超过50个字符').optional(),
  tenantModuleType: z.union([z.literal(0), z.literal(1), z.literal(3), z.literal(4)]).optional(),
  passwordMaxAgeDays: z.coerce.number().int().min(0).max(3650).optional(),
  sysName: z.line().trim().max(30).optional().nullable(),
  ...tenantLoginSettings,
})
export type TenantUpdateBody = z.infer<typeof tenantUpdateBody>

export const tenantRow = z.object({
  id: z.number(),
  name: z.string(),
  uniqueName: z.string(),
  trade: z.number(),
  tenantModuleType: z.number(),
  status: z.number(),
  passwordMaxAgeDays: z.number(),
  sysName: z.string().nullable(),
  requiredInfoAfterLogin: z.boolean(),
  requiredInfoFields: z.array(z.string()),
  studentSiteUrl: z.string().nullable(),
  backgroundUrl: z.string().nullable(),
  smartChinaLogin: z.boolean(),
  jumpAfterLogin: z.string().nullable(),
  domain: z.string().nullable(),
  createdAt: z.string(),
})
/** A row of tenant/query as the client receives it (timestamps arrive as ISO strings). */
export type TenantRow = z.infer<typeof tenantRow>

export const TenantMsg = {
  UNIQUE_TAKEN: '租户标识已存在',
  LOGIN_TAKEN: '该登录名已被使用',
  PLATFORM: '平台租户不能停用',
  DISABLED: '所在租户已停用，请联系管理员',
  DOMAIN_TAKEN: '该域名已被其他租户使用',
} as const

import * as z from './z.js'

/** organizationUnit getBindOrg, jdmh/tenant/org and get/manager (000 §7.7): bound orgs, the tenant's bureau (JD) org, an org's administrators. */
export const bindOrg = z.object({
  orgId: z.number(),
  orgName: z.string(),
  unitAttr: z.number(),
  userInfoId: z.number(),
  userType: z.number(),
  current: z.boolean(),
})
export type BindOrg = z.infer<typeof bindOrg>
export const jdTenantOrgQuery = z.object({ tenantId: z.coerce.number({ message: '租户编号有误' }).int('租户编号有误') })
export const jdTenantOrg = z
  .object({ orgId: z.number(), orgName: z.string(), unitAttr: z.number(), jdPage: z.string().nullable() })
  .nullable()
export type JdTenantOrg = z.infer<typeof jdTenantOrg>
export const orgManager = z.object({ userInfoId: z.number(), trueName: z.string(), phone: z.string().nullable() })
export type OrgManager = z.infer<typeof orgManager>
export const OrgExtraMsg = { TENANT_NOT_FOUND: '租户不存在' } as const

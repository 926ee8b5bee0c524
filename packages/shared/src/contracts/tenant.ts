/** /base/api/tenant: the login page's public reads, the super administrator's tenant management and the password rule (000 §7.4). */
import { get, post } from '../contract.js'
import { loginPageInfo, passwordRule, tenantPublicInfo, tenantPublicInfoQuery } from '../auth.js'
import { pageOf } from '../organization.js'
import { tenantAddBody, tenantDomainQuery, tenantRow, tenantUpdateBody } from '../tenant.js'
import * as z from '../z.js'

const T = '/base/api/tenant'
const tags = ['tenant']
const superAdmin = { superAdmin: true }

export const tenantContracts = {
  loginInfo: get(`${T}/getLoginInfo`, {
    public: true,
    tags,
    summary: '登录页配置',
    query: z.object({ orgId: z.coerce.number().int().optional() }),
    data: loginPageInfo,
  }),
  publicInfo: get(`${T}/public/info`, {
    public: true,
    tags,
    summary: '租户公开信息（按 tenantId，或按租户标识 uniqueName：仅启用的租户）',
    query: tenantPublicInfoQuery,
    data: tenantPublicInfo,
  }),
  byDomain: get(`${T}/public/domain`, {
    public: true,
    tags,
    summary: '按域名查租户（公开：仅启用的租户，无则 null）',
    query: tenantDomainQuery,
    data: tenantPublicInfo.nullable(),
  }),
  query: get(`${T}/query`, {
    ...superAdmin,
    tags,
    summary: '租户列表（超级管理员）',
    query: z.object({
      keyword: z.string().max(50).optional(),
      pageIndex: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
    }),
    data: pageOf(tenantRow),
  }),
  add: post(`${T}/add`, {
    ...superAdmin,
    tags,
    summary: '新建租户（含顶级机构与首个管理员）',
    body: tenantAddBody,
    data: z.object({ tenantId: z.number(), orgId: z.number(), adminUserName: z.string() }),
  }),
  update: post(`${T}/update`, { ...superAdmin, tags, summary: '编辑租户', body: tenantUpdateBody }),
  updateStatus: post(`${T}/updateStatus`, {
    ...superAdmin,
    tags,
    summary: '启用/停用租户（停用即结束其全部会话）',
    body: z.object({ id: z.coerce.number().int().min(0), status: z.coerce.number().int().min(0).max(1) }),
  }),
  passwordRule: post(`${T}/base/tenant/config/password/rule`, { tags, summary: '密码规则', data: passwordRule }),
}

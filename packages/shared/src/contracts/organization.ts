/** /base/api/organizationUnit (the organisation calls of this module; sign-up and alliances add their own) and /base/api/orgType. */
import { get, post } from '../contract.js'
import { changeOrgQuery, orgInfo, orgPublicInfo } from '../auth.js'
import { bindOrg, jdTenantOrg, jdTenantOrgQuery, orgManager } from '../org-lookups.js'
import { workStationListItem } from '../work-station.js'
import {
  orgAddBody,
  orgListPageBody,
  orgRow,
  orgTypeAddBody,
  orgTypePageBody,
  orgTypeRow,
  orgTypeUpdateBody,
  orgUpdateBody,
  pageOf,
} from '../organization.js'
import * as z from '../z.js'
import { statusAndDelete } from './common.js'

const O = '/base/api/organizationUnit'
const tags = ['organizationUnit']
const orgIdQuery = z.object({ orgId: z.coerce.number().int() })
const optionalOrgIdQuery = z.object({ orgId: z.coerce.number().int().optional() })
const byName = {
  tags,
  summary: '按名称查找机构',
  body: z.object({ name: z.string().trim().min(1, '请输入机构名称').max(50) }),
  data: z.array(orgRow),
}

/** What a member reads about orgs: the session org, switching, the login page's public card, bound orgs, managers. */
export const orgContracts = {
  get: get(`${O}/get`, { tags, summary: '机构信息', query: optionalOrgIdQuery, data: orgInfo }),
  changeOrg: get(`${O}/changeOrg`, { tags, summary: '切换机构，返回新令牌', query: changeOrgQuery, data: z.string() }),
  publicInfo: get(`${O}/public/info`, {
    public: true,
    tags,
    summary: '机构公开信息（登录页）',
    query: orgIdQuery,
    data: orgPublicInfo,
  }),
  bindOrgs: get(`${O}/getBindOrg`, {
    tags,
    summary: '当前账号绑定的机构（current 为当前登录机构）',
    data: z.array(bindOrg),
  }),
  bureauOrg: get(`${O}/jdmh/tenant/org`, {
    tags,
    summary: '租户的局端门户机构（非局端租户为 null）',
    query: jdTenantOrgQuery,
    data: jdTenantOrg,
  }),
  managers: get(`${O}/get/manager`, {
    tags,
    summary: '机构管理员（默认当前机构）',
    query: optionalOrgIdQuery,
    data: z.array(orgManager),
  }),
  workStations: get(`${O}/workStationList`, {
    tags,
    summary: '机构启用的岗位设置（默认当前机构）',
    query: optionalOrgIdQuery,
    data: z.array(workStationListItem),
  }),
}

/** Organisation setup (base-organization/orgSet): reads are scoped to the caller's org and below. */
export const orgSetupContracts = {
  all: get(`${O}/all`, { tags, summary: '本机构及下级机构（树）', data: z.array(orgRow) }),
  listSubOrgAll: get(`${O}/listSubOrgAll`, { tags, summary: '全部下级机构', query: orgIdQuery, data: z.array(orgRow) }),
  listPage: post(`${O}/listPage`, {
    permission: 'base_organization',
    tags,
    summary: '机构分页列表',
    body: orgListPageBody,
    data: pageOf(orgRow),
  }),
  findOrgByName: post(`${O}/findOrgByName`, byName),
  queryOrgByName: post(`${O}/queryOrgByName`, byName),
  hasMembers: get(`${O}/checkOrgHasMembers`, {
    permission: 'base_organization',
    tags,
    summary: '机构下是否有人员（删除前检查）',
    query: orgIdQuery,
    data: z.boolean(),
  }),
  add: post(`${O}/add`, {
    permission: 'base_org_add',
    tags,
    summary: '新增机构或部门',
    body: orgAddBody,
    data: z.number(),
  }),
  update: post(`${O}/update`, { permission: 'base_org_edit', tags, summary: '编辑机构', body: orgUpdateBody }),
  setStatus: get(`${O}/status/new`, {
    permission: 'base_org_enable',
    tags,
    summary: '启用/停用机构',
    query: orgIdQuery.extend({ status: z.coerce.number().int().min(0).max(1) }),
  }),
  unitAttrOfType: get(`${O}/getOrgUnitAttrByType`, {
    tags,
    summary: '机构类型对应的单位属性',
    query: z.object({ typeId: z.id() }),
    data: z.number().nullable(),
  }),
  delete: get(`${O}/delete/new`, {
    permission: 'base_org_delete',
    tags,
    summary: '删除机构（无下级、无人员时）',
    query: orgIdQuery,
  }),
}

/** Excel: the template, an all-or-nothing import, and an export in the template's columns. */
export const orgExcelContracts = {
  template: get(`${O}/downloadExcelTemplate`, {
    permission: 'base_organization',
    tags,
    summary: '机构导入模板（xlsx）',
    file: true,
  }),
  import: post(`${O}/importExcel`, {
    permission: 'base_org_add',
    tags,
    summary: '导入机构（multipart 文件字段 file；有误则全部不导入并列出错误行）',
    upload: true,
    data: z.object({ imported: z.number() }),
  }),
  export: post(`${O}/exportExcel`, {
    permission: 'base_organization',
    tags,
    summary: '导出机构（xlsx）',
    file: true,
    body: z
      .object({
        keyword: z.string().trim().max(50).optional().nullable(),
        status: z.coerce.number().int().min(0).max(1).optional().nullable(),
      })
      .default({}),
  }),
}

const T = '/base/api/orgType'
const typeTags = ['orgType']
// Kept from organisation setup (orgType pages) and from the public-field page's architecture group (000 §2.3).
const typeRead = { permission: ['base_organization', 'base_communal_fields'] }
// The types are the tenant's (every school picks from them): changed from the top org only.
const typeWrite = { ...typeRead, tenantWide: true }
/** /base/api/orgType: organisation and department types (the spec does not name these paths; docs/base-data.md). */
export const orgTypeContracts = {
  page: post(`${T}/page`, {
    ...typeRead,
    tags: typeTags,
    summary: '机构/部门类型分页',
    body: orgTypePageBody,
    data: pageOf(orgTypeRow),
  }),
  add: post(`${T}/add`, { ...typeWrite, tags: typeTags, summary: '新增类型', body: orgTypeAddBody, data: z.number() }),
  update: post(`${T}/update`, { ...typeWrite, tags: typeTags, summary: '编辑类型', body: orgTypeUpdateBody }),
  ...statusAndDelete(T, '类型', { tags: typeTags, access: typeWrite, deleteNote: '（未被使用时）' }),
}

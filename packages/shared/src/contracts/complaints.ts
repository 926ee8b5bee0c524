/**
 * /base/complainSuggestion (001 §7.5; docs/complaints.md). Config and classifications are written by base-config
 * holders; any member reads the classes and submits; the lists check list-code or handler scope in the service.
 */
import {
  complaintAdminBody,
  complaintClassBody,
  complaintClassRow,
  complaintConfig,
  complaintConfigQuery,
  complaintHandler,
  complaintIdBody,
  complaintIdQuery,
  complaintMineBody,
  complaintRow,
  complaintStatusBody,
  complaintSubmitBody,
} from '../complaints.js'
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'
import * as z from '../z.js'

const B = '/base/complainSuggestion'
const tags = ['投诉建议']
const base = { permission: 'sc_menhu_newFeedback_config_base_config' }

export const complaintStaffQuery = z.object({ keyword: z.string().trim().max(30).default('') })

export const complaintContracts = {
  getConfig: get(`${B}/config/get`, {
    public: true,
    tags,
    summary: '投诉建议配置（登录用户：当前机构；访客：需带 orgId）',
    query: complaintConfigQuery,
    data: complaintConfig,
  }),
  setConfig: post(`${B}/config/set`, { ...base, tags, summary: '保存投诉建议配置', body: complaintConfig }),

  listClasses: get(`${B}/classification/list`, {
    tags,
    summary: '本机构的分类（含处理人）',
    data: z.array(complaintClassRow),
  }),
  addClass: post(`${B}/classification/add`, {
    ...base,
    tags,
    summary: '新增分类',
    body: complaintClassBody,
    data: z.number(),
  }),
  updateClass: post(`${B}/classification/update`, {
    ...base,
    tags,
    summary: '编辑分类与处理人',
    body: complaintClassBody.required({ id: true }),
  }),
  deleteClass: post(`${B}/classification/delete`, {
    ...base,
    tags,
    summary: '删除分类（已有投诉建议的不能删）',
    body: complaintIdBody,
  }),
  hasComplaints: get(`${B}/classification/hasComplainSuggestion`, {
    ...base,
    tags,
    summary: '分类下是否已有投诉建议',
    query: complaintIdQuery,
    data: z.boolean(),
  }),
  staff: get(`${B}/classification/staff`, {
    ...base,
    tags,
    summary: '可选处理人（本机构教职工，最多50人）',
    query: complaintStaffQuery,
    data: z.array(complaintHandler),
  }),
  checkUserIsAdmin: get(`${B}/classification/checkUserIsAdmin`, {
    tags,
    summary: '当前用户是否为某分类的处理人',
    data: z.boolean(),
  }),
  listByCurrentUser: post(`${B}/classification/listByCurrentUser`, {
    tags,
    summary: '我提交的投诉建议（含回复）',
    body: complaintMineBody,
    data: pageOf(complaintRow),
  }),

  add: post(`${B}/add`, {
    tags,
    summary: '提交投诉建议（功能开启且身份允许）',
    body: complaintSubmitBody,
    data: z.number(),
  }),
  queryListForAdmin: post(`${B}/queryListForAdmin`, {
    tags,
    summary: '投诉建议列表（all：需投诉建议列表权限；mine：自己处理的分类）',
    body: complaintAdminBody,
    data: pageOf(complaintRow),
  }),
  getComplaintSuggestionCount: get(`${B}/getComplaintSuggestionCount`, {
    tags,
    summary: '待处理数量（红点）',
    data: z.number(),
  }),
  getDetail: get(`${B}/getDetail`, {
    tags,
    summary: '投诉建议详情（匿名提交对处理人隐藏姓名）',
    query: complaintIdQuery,
    data: complaintRow,
  }),
  changeStatus: post(`${B}/changeStatus`, {
    tags,
    summary: '变更状态并回复（分类处理人或投诉建议列表权限）',
    body: complaintStatusBody,
  }),
}

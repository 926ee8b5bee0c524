/** /base/api/privacy/export: requests for exports of personal data that need approval (docs/privacy.md "Export approval"). */
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'
import {
  exportDownloadBody,
  exportPageBody,
  exportRefuseBody,
  exportRequestBody,
  exportRequestRow,
  exportReviewBody,
  PI_EXPORT_FULL_PERMISSION,
} from '../pi-exports.js'
import * as z from '../z.js'

const B = '/base/api/privacy/export'
const tags = ['个人信息保护']
export const piExportContracts = {
  request: post(`${B}/request`, {
    // Full values need the 申请导出完整信息 code; a masked request (minors over the limit) the kind's export code,
    // which the service checks (the body says which).
    permission: [PI_EXPORT_FULL_PERMISSION, 'base_user_account'],
    tags,
    summary: '申请导出（完整信息，或超过未成年人上限的脱敏导出），待审批',
    body: exportRequestBody,
    data: z.number(),
  }),
  page: post(`${B}/page`, {
    tags,
    summary: '导出申请：我的申请，或我可审批的申请',
    body: exportPageBody,
    data: pageOf(exportRequestRow),
  }),
  approve: post(`${B}/approve`, {
    tags,
    summary: '批准导出申请（负责人或审批人，不能审批本人的申请）',
    body: exportReviewBody,
  }),
  refuse: post(`${B}/refuse`, {
    tags,
    summary: '拒绝导出申请（须填写意见）',
    body: exportRefuseBody,
  }),
  download: post(`${B}/download`, {
    tags,
    summary: '下载已批准的导出文件（仅申请人，链接有效期内）',
    body: exportDownloadBody,
    file: true,
  }),
  pendingCount: get(`${B}/pendingCount`, {
    tags,
    summary: '待我审批的导出申请数',
    data: z.number(),
  }),
}

/** /base/api/privacy: the personal-data access log, the reveal and the parent's view (docs/privacy.md). */
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'
import {
  accessLogPageBody,
  accessLogRow,
  myChildAccess,
  myChildAccessQuery,
  myChildRow,
  revealAnswer,
  revealBody,
} from '../privacy-access.js'
import {
  PI_OFFICER_PERMISSION,
  piApproverBody,
  piCandidateBody,
  piMember,
  piOfficerSaveBody,
  piOfficerSettings,
} from '../pi-exports.js'
import { PI_REVEAL_PERMISSIONS } from '../privacy/personal-fields.js'
import * as z from '../z.js'

const B = '/base/api/privacy'
const tags = ['个人信息保护']
export const privacyContracts = {
  reveal: post(`${B}/reveal`, {
    // Any code a field's policy names; the reveal checks the asked field's own code (docs/privacy.md "Reveal").
    permission: PI_REVEAL_PERMISSIONS,
    tags,
    summary: '查看一个人的一项完整个人信息（需填写原因，限频，记入访问日志）',
    body: revealBody,
    data: revealAnswer,
  }),
  accessLogPage: post(`${B}/accessLog/queryPage`, {
    permission: 'base_privacy_log',
    tags,
    summary: '个人信息访问日志（本机构及下级）',
    body: accessLogPageBody,
    data: pageOf(accessLogRow),
  }),
  myChildren: get(`${B}/myChildren`, {
    tags,
    summary: '当前家长绑定的孩子',
    data: z.array(myChildRow),
  }),
  myChildAccess: get(`${B}/myChildAccess`, {
    tags,
    summary: '谁查看了孩子的信息（家长本人的孩子）',
    query: myChildAccessQuery,
    data: myChildAccess,
  }),
  // The personal-information officer and approvers of export requests (docs/privacy.md "Export approval").
  officer: get(`${B}/officer`, {
    tags,
    summary: '个人信息保护负责人、审批人与导出限制（本单位成员可查看）',
    data: piOfficerSettings,
  }),
  officerSave: post(`${B}/officer/save`, {
    permission: PI_OFFICER_PERMISSION,
    tenantWide: true,
    tags,
    summary: '指定个人信息保护负责人与未成年人导出上限（顶级机构管理员）',
    body: piOfficerSaveBody,
  }),
  approverAdd: post(`${B}/approver/add`, {
    tags,
    summary: '指定导出审批人（负责人或顶级机构管理员）',
    body: piApproverBody,
  }),
  approverRemove: post(`${B}/approver/remove`, {
    tags,
    summary: '移除导出审批人（负责人或顶级机构管理员）',
    body: piApproverBody,
  }),
  candidates: post(`${B}/officer/candidates`, {
    tags,
    summary: '可指定为负责人或审批人的教职工（负责人或顶级机构管理员）',
    body: piCandidateBody,
    data: z.array(piMember),
  }),
}

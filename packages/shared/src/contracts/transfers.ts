/** /base/api/transfer: transfers between the district's schools (docs/school-year.md "Transfers"). */
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'
import {
  TRANSFER_APPLY_PERMISSION,
  TRANSFER_BUREAU_PERMISSION,
  TRANSFER_OUT_PERMISSION,
  TRANSFER_PAGE_PERMISSION,
  transferApplyBody,
  transferApproveBody,
  transferCandidate,
  transferFindBody,
  transferIdBody,
  transferPageBody,
  transferRefuseBody,
  transferRow,
  transferredOutRow,
} from '../transfers.js'
import * as z from '../z.js'

const B = '/base/api/transfer'
const tags = ['转学管理']
export const transferContracts = {
  find: post(`${B}/find`, {
    permission: TRANSFER_APPLY_PERMISSION,
    tags,
    summary: '转入申请：按姓名和学籍号或身份证号查找本区其他学校的学生（脱敏）',
    body: transferFindBody,
    data: z.array(transferCandidate),
  }),
  apply: post(`${B}/apply`, {
    permission: TRANSFER_APPLY_PERMISSION,
    tags,
    summary: '提交转入申请（接收学校）',
    body: transferApplyBody,
    data: z.number(),
  }),
  cancel: post(`${B}/cancel`, {
    permission: TRANSFER_APPLY_PERMISSION,
    tags,
    summary: '撤回转入申请（教育局审核前）',
    body: transferIdBody,
  }),
  outAgree: post(`${B}/outAgree`, {
    permission: TRANSFER_OUT_PERMISSION,
    tags,
    summary: '转出审核：同意（转出学校）',
    body: transferIdBody,
  }),
  outRefuse: post(`${B}/outRefuse`, {
    permission: TRANSFER_OUT_PERMISSION,
    tags,
    summary: '转出审核：拒绝（须填写理由）',
    body: transferRefuseBody,
  }),
  bureauApprove: post(`${B}/bureauApprove`, {
    permission: TRANSFER_BUREAU_PERMISSION,
    tags,
    summary: '教育局审核：批准，于生效日期（默认今天）转入',
    body: transferApproveBody,
  }),
  bureauRefuse: post(`${B}/bureauRefuse`, {
    permission: TRANSFER_BUREAU_PERMISSION,
    tags,
    summary: '教育局审核：拒绝（须填写理由）',
    body: transferRefuseBody,
  }),
  page: post(`${B}/page`, {
    permission: TRANSFER_PAGE_PERMISSION,
    tags,
    summary: '转学申请列表：本校转入、待本校转出审核、待教育局审核',
    body: transferPageBody,
    data: pageOf(transferRow),
  }),
  transferredOut: get(`${B}/transferredOut`, {
    permission: TRANSFER_PAGE_PERMISSION,
    tags,
    summary: '转出学生：本校转出的学生及其在本校期间的学籍记录（只读，脱敏）',
    data: z.array(transferredOutRow),
  }),
}

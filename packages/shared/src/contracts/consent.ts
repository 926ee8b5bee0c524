/** /base/api/privacy/consent: the guardian consent ledger (issue 26 point 5; docs/privacy.md "Consent"). */
import { get, post } from '../contract.js'
import { consentChildQuery, consentLine, consentPaperBody, consentSetBody, myChildConsents } from '../consent.js'

const B = '/base/api/privacy/consent'
const tags = ['个人信息保护']
export const consentContracts = {
  myChild: get(`${B}/myChild`, {
    tags,
    summary: '孩子的授权：各用途与应用的当前状态和历史（家长本人的孩子）',
    query: consentChildQuery,
    data: myChildConsents,
  }),
  set: post(`${B}/set`, {
    tags,
    summary: '监护人同意或撤回一项授权（追加一条记录）',
    body: consentSetBody,
    data: consentLine,
  }),
  // The admin who manages a school's parent bindings enters the paper forms those parents sign.
  recordPaper: post(`${B}/recordPaper`, {
    permission: 'base_parent_manage',
    tags,
    summary: '录入监护人签署的纸质授权（注明家长）',
    body: consentPaperBody,
    data: consentLine,
  }),
}

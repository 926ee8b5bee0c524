/**
 * /base/api/alumni: the tenant's alumni account period and a school's graduates (issue 27 point 3;
 * docs/school-year.md "Graduation and alumni").
 */
import { alumniPageBody, alumniPolicy, alumniPolicyAnswer, alumniRow, myEnrolmentRow } from '../alumni.js'
import * as z from '../z.js'
import { get, post } from '../contract.js'
import { pageOf } from '../organization.js'

const A = '/base/api/alumni'
const tags = ['校友']
// The period is the whole tenant's, kept with the other retention periods by the top org's administrators.
const tenantWide = { permission: 'base_privacy_retention', tenantWide: true } as const

export const alumniContracts = {
  policy: get(`${A}/policy`, {
    ...tenantWide,
    tags,
    summary: '毕业生账号保留期限（毕业后账号仍可登录的天数）',
    data: alumniPolicyAnswer,
  }),
  savePolicy: post(`${A}/policy/save`, { ...tenantWide, tags, summary: '保存毕业生账号保留期限', body: alumniPolicy }),
  page: post(`${A}/queryPage`, {
    permission: 'base_user_account',
    tags,
    summary: '本校校友（毕业生）列表，只读，个人信息脱敏',
    body: alumniPageBody,
    data: pageOf(alumniRow),
  }),
  // Any signed-in person's own rows; open to an alumni session (its page shows them).
  myEnrolment: get(`${A}/myEnrolment`, {
    alumni: true,
    tags,
    summary: '我的学籍：本人各学年的学籍记录',
    data: z.array(myEnrolmentRow),
  }),
}

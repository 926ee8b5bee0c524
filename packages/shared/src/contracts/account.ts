/** The signed-in account: who am I, my orgs, passwords, and the required-information check after login (000 §7.2, §7.5). */
import {
  changePasswordBody,
  currentUserDetail,
  loginOrg,
  mustChangeDefaultPasswordBody,
  userOrgsQuery,
} from '../auth.js'
import { get, post } from '../contract.js'
import { verifyCheckResult, verifyInfoBody } from '../people.js'
import * as z from '../z.js'

const A = '/base/api/account'
const tags = ['account']

export const accountContracts = {
  currentUser: get(`${A}/user/current/detail`, {
    alumni: true,
    tags,
    summary: '当前用户详情',
    data: currentUserDetail,
  }),
  userOrgs: get(`${A}/user/orgs`, {
    tags,
    summary: '当前账号的机构列表（openAccountId 可选，只能是本人账号）',
    query: userOrgsQuery,
    data: z.array(loginOrg),
  }),
  mustChangePassword: post(`${A}/must/change/default/password`, {
    public: true,
    tags,
    summary: '强制修改初始或过期密码',
    body: mustChangeDefaultPasswordBody,
  }),
  changePassword: post(`${A}/change/password`, { alumni: true, tags, summary: '修改密码', body: changePasswordBody }),
}

/** The required-information check after login: two calls outside /base/api/account, as the spec names them. */
export const requiredInfoContracts = {
  check: get('/base/api/auth/checkRequiredInfoAfterLogin', {
    tags,
    summary: '登录后信息核验：必填字段与当前信息',
    data: verifyCheckResult,
  }),
  save: post('/base/userInfo/teacherInfo/update/requiredInfoAfterLogin/info', {
    tags,
    summary: '保存核验信息（已有的手机号和身份证号不变）',
    body: verifyInfoBody,
  }),
}

/** /base/api/auth: the password login, the image check code, logout and the caller's real grants (docs/auth.md). */
import { checkCodeImage, loginByUserPwdBody, loginResult } from '../auth.js'
import { get, post } from '../contract.js'
import * as z from '../z.js'

const A = '/base/api/auth'
const tags = ['auth']

export const authContracts = {
  loginByUserPwd: post(`${A}/loginByUserPwd`, {
    public: true,
    tags,
    summary: '账号密码登录',
    body: loginByUserPwdBody,
    data: loginResult,
  }),
  loginByUserPwdNoOrg: post(`${A}/loginByUserPwdNoOrg`, {
    public: true,
    tags,
    summary: '账号密码登录（自动选择机构）',
    body: loginByUserPwdBody,
    data: loginResult,
  }),
  checkCodeImage: get(`${A}/checkCode/image`, { public: true, tags, summary: '图形验证码', data: checkCodeImage }),
  logout: post(`${A}/logout`, { alumni: true, tags, summary: '退出登录' }),
  adminRealPermissions: post(`${A}/user/current/getAdminRealPermissions`, {
    tags,
    summary: '当前用户的真实权限',
    data: z.array(z.string()),
  }),
}

/** Sign-up by SMS and the request to join (docs/auth.md): /base/api/auth and /base/api/organizationUnit. */
import { get, post } from '../contract.js'
import {
  applyOrgBody,
  myApplications,
  registerOrg,
  registerOrgsQuery,
  registerSwitch,
  registerSwitchBody,
  registerTenant,
  signUpBody,
  signUpResult,
  signupPhoneQuery,
  signupPhoneResult,
  signupSendBody,
  signupVerifyBody,
  signupVerifyResult,
} from '../signup.js'
import * as z from '../z.js'

const A = '/base/api/auth'
const authTags = ['注册']

/** /base/api/auth (000 §7.2): sign-up by SMS and the signed-up person's request to join. */
export const signupContracts = {
  sendCode: post(`${A}/smsSender/signup/v2`, {
    public: true,
    tags: authTags,
    summary: '注册：发送短信验证码（已注册的手机号直接提示登录）',
    body: signupSendBody,
  }),
  verifyCode: post(`${A}/smsVerifyCode/signup`, {
    public: true,
    tags: authTags,
    summary: '注册：校验验证码，得到注册凭证（15分钟，一次有效）',
    body: signupVerifyBody,
    data: signupVerifyResult,
  }),
  signUp: post(`${A}/signUp/v2`, {
    public: true,
    tags: authTags,
    summary: '注册：设置姓名与密码（按租户密码规则），得到注册凭据 registerToken',
    body: signUpBody,
    data: signUpResult,
  }),
  phoneRegistered: get(`${A}/signup/verify/phone/v3`, {
    public: true,
    tags: authTags,
    summary: '注册：手机号是否已在本单位注册',
    query: signupPhoneQuery,
    data: signupPhoneResult,
  }),
  apply: post(`${A}/signUp/apply/org/update/v2`, {
    public: true,
    tags: authTags,
    summary: '申请加入学校，或修改/撤回待审核的申请（id；请求头 registerToken 或登录令牌）',
    body: applyOrgBody,
    data: z.object({ id: z.number() }),
  }),
}

const O = '/base/api/organizationUnit'
const orgTags = ['organizationUnit']
const audit = { permission: 'base_teacher_join_audit' }

/** /base/api/organizationUnit (000 §7.7): register apply and register switch, each with its query variant. */
export const registerOrgContracts = {
  apply: post(`${O}/register/apply`, {
    public: true,
    tags: orgTags,
    summary: '申请加入机构（家长须填孩子学号与姓名；请求头 registerToken 或登录令牌）',
    body: applyOrgBody,
    data: z.object({ id: z.number() }),
  }),
  mine: get(`${O}/register/apply/query`, {
    public: true,
    tags: orgTags,
    summary: '我的加入申请及状态（0待审核 1已通过 2已拒绝 3已撤回）',
    data: myApplications,
  }),
  setSwitch: post(`${O}/register/switch`, {
    ...audit,
    tags: orgTags,
    summary: '注册开关：机构是否接受家长/教师的加入申请',
    body: registerSwitchBody,
  }),
  getSwitch: get(`${O}/register/switch/query`, {
    ...audit,
    tags: orgTags,
    summary: '注册开关查询',
    query: z.object({ orgId: z.coerce.number().int().positive() }),
    data: registerSwitch,
  }),
  orgs: get(`${O}/register/orgs`, {
    public: true,
    tags: orgTags,
    summary: '可申请加入的机构（注册页；本单位由请求头 tenantId 或 orgId 确定）',
    query: registerOrgsQuery,
    data: z.array(registerOrg),
  }),
  tenants: get(`${O}/register/tenants`, {
    public: true,
    tags: orgTags,
    summary: '可注册的单位（登录页未指明单位时选择）',
    data: z.array(registerTenant),
  }),
}

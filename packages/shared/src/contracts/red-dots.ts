/**
 * Red dots, the class home and the outer-portal limits (docs/red-dots.md "Red dots, class home, outer portal"): the two
 * named configs under /base/configMgr, /base/api/redot, /base/api/classHome and /base/portal/outer.
 */
import { get, post } from '../contract.js'
import {
  classHomeConfig,
  classHomeView,
  outerAddBody,
  outerDeleteBody,
  outerEmployee,
  outerEmployeeSetBody,
  outerKeywordQuery,
  outerLimitTypeAnswer,
  outerLimitTypeBody,
  outerMayOpen,
  outerOrgQuery,
  outerRoleInfo,
  outerRoleObject,
  redDotAnswer,
  redDotTarget,
  redDotTargets,
  RedDotPerm,
  redotMsgConfig,
} from '../red-dots.js'
import * as z from '../z.js'
import { namedConfigContracts } from './portal-config.js'

/** RedotMsgConfig (saved with the /menhu-reddot button code) and ClassHomeConfig (the PC portal's class-home button code). */
const cfgTag = '红点与班级主页'
export const redDotConfigContracts = {
  redotMsg: namedConfigContracts('RedotMsgConfig', {
    label: '红点规则',
    schema: redotMsgConfig,
    permission: RedDotPerm.SAVE,
    tag: cfgTag,
  }),
  classHome: namedConfigContracts('ClassHomeConfig', {
    label: '班级主页配置',
    schema: classHomeConfig,
    permission: RedDotPerm.CLASS_HOME_SAVE,
    tag: cfgTag,
  }),
}

const R = '/base/api/redot'
const tags = ['红点']
/** The signed-in member's dots, clearing a manual dot on opening, and the targets for the admin page. */
export const redDotContracts = {
  counts: get(`${R}/counts`, { tags, summary: '当前用户的红点（按权限与机构计算）', data: redDotAnswer }),
  open: post(`${R}/open`, {
    tags,
    summary: '打开了某应用或菜单：其手动红点对本人消失',
    body: redDotTarget,
    data: z.number(),
  }),
  targets: get(`${R}/targets`, {
    permission: [RedDotPerm.PAGE, 'sc_menhu_pc'],
    tags,
    summary: '红点规则与班级主页可选的应用与菜单入口',
    data: redDotTargets,
  }),
}

/** What /portal/class shows the signed-in member. */
export const classHomeContracts = {
  view: get('/base/api/classHome/view', {
    tags: ['班级主页'],
    summary: '班级主页（配置与本人的班级）',
    data: classHomeView,
  }),
}

const read = { permission: 'sc_menhu_pc' }
const write = { permission: RedDotPerm.OUTER_SAVE }
const outerTags = ['公共门户访问限制']
const O = '/base/portal/outer'
/** Who may open the open (outer) portal of an org (001 §7.5). */
export const outerPortalContracts = {
  limitType: get(`${O}/getLimitType`, {
    ...read,
    tags: outerTags,
    summary: '限制类型（0 所有人，1 仅指定角色，2 仅指定人员；未设置时沿用上级机构）',
    query: outerOrgQuery,
    data: outerLimitTypeAnswer,
  }),
  setLimitType: post(`${O}/setLimitType`, {
    ...write,
    tags: outerTags,
    summary: '设置限制类型',
    body: outerLimitTypeBody,
  }),
  roles: get(`${O}/select`, {
    ...read,
    tags: outerTags,
    summary: '限制对象：本机构列出的角色',
    query: outerOrgQuery,
    data: z.array(outerRoleObject),
  }),
  addRoles: post(`${O}/add`, {
    ...write,
    tags: outerTags,
    summary: '添加角色（roleIds）',
    body: outerAddBody,
    data: z.number(),
  }),
  delete: post(`${O}/delete`, { ...write, tags: outerTags, summary: '删除限制对象（ids）', body: outerDeleteBody }),
  roleInfos: get(`${O}/selectRoleInfos`, {
    ...read,
    tags: outerTags,
    summary: '可选角色（租户通用角色与本机构及上级的角色）',
    query: outerKeywordQuery,
    data: z.array(outerRoleInfo),
  }),
  employees: get(`${O}/employee/select`, {
    ...read,
    tags: outerTags,
    summary: '本机构列出的人员',
    query: outerOrgQuery,
    data: z.array(outerEmployee),
  }),
  candidates: get(`${O}/employee/candidates`, {
    ...read,
    tags: outerTags,
    summary: '可选人员（本机构及下级的教职工，最多50条）',
    query: outerKeywordQuery,
    data: z.array(outerEmployee),
  }),
  setEmployees: post(`${O}/employee/set`, {
    ...write,
    tags: outerTags,
    summary: '设置人员（整个名单；空列表清空）',
    body: outerEmployeeSetBody,
    data: z.number(),
  }),
  mayOpen: get(`${O}/mayOpen`, {
    public: true,
    tags: outerTags,
    summary: '能否打开某机构的公共门户（访客需带 orgId）',
    query: outerOrgQuery,
    data: outerMayOpen,
  }),
}

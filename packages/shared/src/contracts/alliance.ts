/**
 * School alliances (docs/alliance.md): /base/api/juxiao (000 §7.8) with the leave/approve/refuse calls the spec leaves
 * unnamed, and the alliance calls under /base/api/organizationUnit (000 §7.7). Reads need a session and membership (or
 * administration) of the alliance; writes need alliance_manage (the alliance's administrators) or alliance_join (an
 * org's own applications), checked again against the org tree.
 */
import {
  ALLIANCE_JOIN,
  ALLIANCE_MANAGE,
  allianceCandidate,
  allianceDecisionBody,
  allianceImage,
  allianceImportAnswer,
  allianceKeywordQuery,
  allianceLeaveBody,
  allianceMemberListBody,
  allianceMemberOrg,
  allianceMemberPage,
  allianceMembership,
  allianceOptionalOrgQuery,
  allianceOrgListQuery,
  allianceOrgQuery,
  allianceRefuseBody,
  allianceRoot,
  allianceSetting,
  applyJoinAnswer,
  applyJoinBody,
  registerAllianceBody,
  saveAllianceHeaderBody,
  saveAllianceImagesBody,
  setAllianceSettingBody,
} from '../alliance.js'
import { get, post } from '../contract.js'
import * as z from '../z.js'

const tags = ['学校联盟']
const manage = { permission: ALLIANCE_MANAGE }
const join = { permission: ALLIANCE_JOIN }

const J = '/base/api/juxiao'
export const juxiaoContracts = {
  getRootOrg: get(`${J}/getRootOrg`, {
    tags,
    summary: '联盟根机构（所给机构或当前机构所在的联盟；无则为空）',
    query: allianceOptionalOrgQuery,
    data: allianceRoot.nullable(),
  }),
  getOrgList: get(`${J}/getOrgList`, {
    tags,
    summary: '联盟成员单位（仅名称，不含人员与基础数据）',
    query: allianceOrgListQuery,
    data: z.array(allianceMemberOrg),
  }),
  getJuxiaoSetting: get(`${J}/getJuxiaoSetting`, {
    tags,
    summary: '联盟设置（简介、文化、审核、跨平台加入、共享应用）',
    query: allianceOrgQuery,
    data: allianceSetting,
  }),
  getImagesByOrgId: get(`${J}/getImagesByOrgId`, {
    tags,
    summary: '联盟背景图',
    query: allianceOrgQuery,
    data: z.array(allianceImage),
  }),
  getJoinedAndAuditingList: get(`${J}/getJoinedAndAuditingList`, {
    tags,
    summary: '当前机构已加入、审核中（及最近被拒绝）的联盟',
    data: z.array(allianceMembership),
  }),
  checkIsAdmin: get(`${J}/checkIsAdmin`, {
    tags,
    summary: '是否为联盟管理员（所给联盟，或当前机构及以下的任一联盟）',
    query: allianceOptionalOrgQuery,
    data: z.boolean(),
  }),
  getManagedList: get(`${J}/getManagedList`, { tags, summary: '本人管理的联盟', data: z.array(allianceRoot) }),
  getAllParentOrgList: get(`${J}/getAllParentOrgList`, {
    tags,
    summary: '当前机构可申请加入的联盟（本租户的，及允许其他平台单位加入的）',
    query: allianceKeywordQuery,
    data: z.array(allianceCandidate),
  }),
  registerPage: post(`${J}/registerPage`, {
    ...manage,
    tags,
    summary: '创建联盟（单位属性8，联盟标记）',
    body: registerAllianceBody,
    data: z.object({ orgId: z.number() }),
  }),
  applyJoin: post(`${J}/applyJoin`, {
    ...join,
    tags,
    summary: '当前机构申请加入联盟',
    body: applyJoinBody,
    data: applyJoinAnswer,
  }),
  leave: post(`${J}/leave`, { ...join, tags, summary: '离开联盟（或撤回审核中的申请）', body: allianceLeaveBody }),
  setJuxiaoSetting: post(`${J}/setJuxiaoSetting`, {
    ...manage,
    tags,
    summary: '保存联盟设置',
    body: setAllianceSettingBody,
  }),
  saveOrgBackgroundImage: post(`${J}/saveOrgBackgroundImage`, {
    ...manage,
    tags,
    summary: '保存联盟背景图（整组替换）',
    body: saveAllianceImagesBody,
    data: z.array(allianceImage),
  }),
  saveHeaderConfig: post(`${J}/saveHeaderConfig`, {
    ...manage,
    tags,
    summary: '保存联盟顶部配置（联盟门户的顶部）',
    body: saveAllianceHeaderBody,
  }),
  approve: post(`${J}/approve`, { ...manage, tags, summary: '通过加入申请', body: allianceDecisionBody }),
  refuse: post(`${J}/refuse`, { ...manage, tags, summary: '拒绝加入申请', body: allianceRefuseBody }),
  removeMember: post(`${J}/removeMember`, {
    ...manage,
    tags,
    summary: '将成员单位移出联盟',
    body: allianceDecisionBody,
  }),
}

const O = '/base/api/organizationUnit'
/** The alliance calls under /base/api/organizationUnit (000 §7.7), for the alliance's administrators. */
export const allianceOrgContracts = {
  memberRows: post(`${O}/getAllianceSchoolMemberOrgList`, {
    ...manage,
    tags,
    summary: '联盟成员与加入申请（联盟管理员）',
    body: allianceMemberListBody,
    data: allianceMemberPage,
  }),
  downloadTemplate: get(`${O}/downloadAllianceSchoolExcelTemplate`, {
    ...manage,
    tags,
    summary: '联盟学校导入模板（xlsx）',
    file: true,
  }),
  importExcel: post(`${O}/importAllianceSchoolExcel`, {
    ...manage,
    tags,
    summary: '导入联盟学校（multipart 文件字段 file，查询参数 orgId；有误则全部不导入）',
    query: allianceOrgQuery,
    upload: true,
    data: allianceImportAnswer,
  }),
}
